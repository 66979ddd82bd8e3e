// People: a person's profile (#/people/ID), a game's leaderboard (#/leaderboard/GAME),
// your friends (#/friends), the ratings shown beside names, and this page's presence.
// Ratings are the conservative numbers of docs/RATINGS.md.
import { useEffect, useState } from "preact/hooks";
import { getMe, loadMe } from "./account.js";
import { html } from "./html.js";
import { date, lang, number, t, tn } from "./i18n.js";
import { api, ApiError, languageHeader } from "./net.js";

// Who this browser is signed in as ({id, name, csrf}, or null): account.js keeps it, and
// follows signing in and out.
export async function whoami() {
  await loadMe();
  return getMe();
}

// A change signed in by the session's cookie: it carries the session's CSRF token.
export async function change(path, method, { keepalive = false } = {}) {
  const me = await whoami();
  const res = await fetch(path, {
    method,
    keepalive,
    headers: me ? { ...languageHeader(), "X-CSRF-Token": me.csrf } : languageHeader(),
  });
  const data = res.status === 204 ? null : await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(data || {}, res.status);
  return data;
}

export const num = (n) => number(Math.round(n));

// "1,000 → 1,131 (+131)"
export function changeText(before, after) {
  const d = after - before;
  return `${num(before)} → ${num(after)} (${d >= 0 ? "+" : "−"}${num(Math.abs(d))})`;
}

const ORD = ["th", "st", "nd", "rd"];
// "2nd of 3" ("2. von 3"): an ordinal as the page's language writes it.
export function placeText(place, players) {
  const v = place % 100;
  const suffix = ORD[(v - 20) % 10] || ORD[v] || ORD[0];
  const nth = lang() === "de" ? `${place}.` : `${place}${suffix}`;
  return t("{place} of {players}", { place: nth, players });
}

// The shown ratings of people by id, {id: {name, ratings: {game: n}}}, asked once per id.
const known = new Map();
export function useRatings(ids) {
  const key = [...new Set(ids.filter(Boolean))].sort().join(",");
  const [, redraw] = useState(0);
  useEffect(() => {
    const missing = key.split(",").filter((i) => i && !known.has(i));
    if (!missing.length) return;
    for (const i of missing) known.set(i, null);
    api(`/api/ratings?ids=${missing.slice(0, 64).join(",")}`).then((found) => {
      for (const p of found) known.set(p.id, p);
      redraw((n) => n + 1);
    }, () => {});
  }, [key]);
  return (id) => (id ? known.get(id) || null : null);
}

// A person's rating in a game, as a small label beside their name.
export function RatingBadge({ person, game }) {
  const n = person && person.ratings[game];
  if (n === undefined || n === null) return null;
  return html`<span class="rating" title=${t("rating (conservative: see a profile)")}>${num(n)}</span>`;
}

// A name that links to its person's profile, where the seat is a live account's.
export function PersonName({ id, name, person }) {
  if (!id || !person) return html`<span>${name}</span>`;
  return html`<a class="person" href=${`#/people/${id}`}>${name}</a>`;
}

function Page({ title, children }) {
  useEffect(() => {
    document.title = `${title} · vaka`;
    return () => { document.title = "vaka"; };
  }, [title]);
  return html`<main class="people">
    <header class="top"><a href="#/" class="home" aria-label=${t("vaka: back to the lobby")}>vaka</a>
      <h1>${title}</h1></header>
    ${children}
  </main>`;
}

export function Profile({ id, me }) {
  const [p, setP] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api(`/api/people/${id}`).then(setP, (e) => setError(e.message));
  }, [id]);
  if (error) return html`<${Page} title=${t("Nobody here")}><p class="error" role="alert">${error}</p></${Page}>`;
  if (!p) return html`<${Page} title="…"><p class="loading">${t("Loading…")}</p></${Page}>`;
  return html`<${Page} title=${p.name}>
    <p class="note">${t("Playing since {date}.", { date: date(new Date(p.since * 1000)) })}</p>
    ${me && me.id !== p.id && html`<${FriendButton} id=${p.id} name=${p.name} />`}
    <section class="card" aria-label=${t("games")}><h2>${t("Games")}</h2>
      ${p.games.length === 0 ? html`<p>${t("No finished games yet.")}</p>` : html`<table class="sheet">
        <thead><tr><th scope="col">${t("Game")}</th><th scope="col">${t("Played")}</th><th scope="col">${t("Won")}</th>
          <th scope="col">${t("Rating")}</th><th scope="col">${t("Rated games")}</th></tr></thead>
        <tbody>${p.games.map((g) => html`<tr data-game=${g.game}><th scope="row">
          <a href=${`#/leaderboard/${g.game}`}>${g.game_name}</a></th>
          <td>${num(g.played)}</td><td>${num(g.wins)}</td>
          <td class="rating-cell">${g.rating === null ? "—" : num(g.rating)}</td>
          <td>${num(g.rated_games)}</td></tr>`)}</tbody></table>`}
    </section>
    ${p.current.length > 0 && html`<section class="card" aria-label=${t("playing now")}><h2>${t("Playing now")}</h2>
      <ul>${p.current.map((c) => html`<li><a href=${`#/t/${c.table}`}>${c.game_name}</a>
        ${" "}${c.names.join(", ")} — ${c.status === "open" ? t("waiting for players")
          : c.their_turn ? t("{who} to move", { who: p.name })
            : t("waiting for {who}", { who: c.to_move.join(t(" and ")) })}</li>`)}</ul>
    </section>`}
    <section class="card" aria-label=${t("recent games")}><h2>${t("Recent games")}</h2>
      ${p.recent.length === 0 ? html`<p>${t("None yet.")}</p>` : html`<ul class="recent">${p.recent.map((r) =>
        html`<li data-table=${r.table}><span class="game-name">${r.game_name}</span>
          <span class="who">${r.seats.map((s, i) => html`${i ? ", " : ""}<${PersonName}
            id=${s.id} name=${s.name || t("open seat")} person=${s.id} />`)}</span>
          <span class="place">${r.won ? t("won, ") : ""}${placeText(r.place, r.players)}${
            r.left ? ` ${t("(left early)")}` : ""}, ${tn("{n} point", "{n} points", r.score, { n: num(r.score) })}</span>
          ${r.rated && r.before !== null && html`<span class="change">${t("rating {change}", {
            change: changeText(r.before, r.after) })}</span>`}
          <a href=${`#/replay/${r.table}`}>${t("Replay")}</a>
          <a href=${`#/replay/${r.table}/review/${r.seat}`}>${t("Review")}</a></li>`)}</ul>`}
    </section>
  </${Page}>`;
}

function FriendButton({ id, name }) {
  const [friends, setFriends] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api("/api/friends").then(setFriends, (e) => setError(e.message));
  }, [id]);
  if (friends === null) return error && html`<p class="error">${error}</p>`;
  const is = friends.some((f) => f.id === id);
  const flip = () => change(`/api/friends/${id}`, is ? "DELETE" : "PUT")
    .then(setFriends, (e) => setError(e.message));
  return html`<p><button onClick=${flip}>${is ? t("Remove {name} from your friends", { name })
    : t("Add {name} to your friends", { name })}</button>${error && html` <span class="error">${error}</span>`}</p>`;
}

// A game's leaderboard; with no game named, the first game the server offers.
export function Leaderboard({ game: named }) {
  const [games, setGames] = useState([]);
  const [rows, setRows] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => { api("/api/games").then(setGames, () => {}); }, []);
  const game = named || games[0]?.id;
  useEffect(() => {
    setRows(null);
    if (!game) return;
    api(`/api/leaderboards/${game}`).then(setRows, (e) => setError(e.message));
  }, [game]);
  const name = games.find((g) => g.id === game)?.name || game;
  return html`<${Page} title=${t("{game}: leaderboard", { game: name })}>
    <nav class="games-nav">${games.map((g) => html`<a href=${`#/leaderboard/${g.id}`}
      aria-current=${g.id === game ? "page" : null}>${g.name}</a> `)}</nav>
    <p class="note">${t("People with at least {n} rated games, by rating: a conservative number, {formula}, that rises as the server grows sure of a player's strength.", { n: 5, formula: `${number(1000)} + 50 × (μ − 3σ)` })}</p>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${rows && (rows.length === 0 ? html`<p>${t("Nobody yet.")}</p>` : html`<table class="sheet leaderboard">
      <thead><tr><th scope="col">#</th><th scope="col">${t("Name")}</th><th scope="col">${t("Rating")}</th>
        <th scope="col">${t("Rated games")}</th><th scope="col">${t("Won")}</th></tr></thead>
      <tbody>${rows.map((r) => html`<tr><td>${num(r.place)}</td>
        <td><a href=${`#/people/${r.id}`}>${r.name}</a></td><td>${num(r.rating)}</td>
        <td>${num(r.games)}</td><td>${num(r.wins)}</td></tr>`)}</tbody></table>`)}
  </${Page}>`;
}

export function Friends({ me }) {
  const [friends, setFriends] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    if (!me) return undefined;
    const load = () => api("/api/friends").then(setFriends, (e) => setError(e.message));
    load();
    const timer = setInterval(load, 30_000);
    return () => clearInterval(timer);
  }, [me && me.id]);
  if (!me) return html`<${Page} title=${t("Friends")}><p>${t("Sign in to keep friends.")}</p></${Page}>`;
  const remove = (id) => change(`/api/friends/${id}`, "DELETE")
    .then(setFriends, (e) => setError(e.message));
  return html`<${Page} title=${t("Friends")}>
    <p class="note">${t("Add people from their profiles. When you have added each other, you see whether they are online (a vaka page of theirs is open).")}</p>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${friends && (friends.length === 0 ? html`<p>${t("No friends yet.")}</p>` : html`<ul class="friends">
      ${friends.map((f) => html`<li data-friend=${f.id}><a href=${`#/people/${f.id}`}>${f.name}</a>
        ${" "}<span class=${`presence ${f.online ? "online" : "away"}`}>${
          f.online === null ? t("has not added you") : f.online ? t("online") : t("offline")}</span>
        <button class="quiet" onClick=${() => remove(f.id)}>${t("Remove")}</button></li>`)}</ul>`)}
  </${Page}>`;
}

// This page says it is open while someone is signed in (docs/RATINGS.md, "presence").
let presence = null;
export function keepPresence(me) {
  if (presence && presence.who === (me && me.id)) return;
  if (presence) presence.stop();
  presence = null;
  if (!me) return;
  const page = Array.from(crypto.getRandomValues(new Uint8Array(12)),
    (b) => b.toString(16).padStart(2, "0")).join("");
  const here = () => change(`/api/presence/${page}`, "PUT").catch(() => {});
  const gone = () => change(`/api/presence/${page}`, "DELETE", { keepalive: true })
    .catch(() => {});
  here();
  const timer = setInterval(here, 30_000);
  addEventListener("pagehide", gone);
  // Stopped because the person signed out (or another signed in): that session is gone,
  // so nothing is sent for it; the server forgets the page within 75 s.
  presence = { who: me.id, stop: () => { clearInterval(timer); removeEventListener("pagehide", gone); } };
}
