// Finding a game: the open tables waiting for people, narrowed by game, player count,
// clock and rated, fullest first; "Play now" takes a seat at the first that fits, or has a
// table made with the rest of its seats open.
import { useEffect, useState } from "preact/hooks";
import { getMe, useMe } from "./account.js";
import { html } from "./html.js";
import { t, tc } from "./i18n.js";
import { api, keepToken, savedName, saveName } from "./net.js";
import { PersonName, RatingBadge, useRatings } from "./people.js";
import { tableDetails } from "./words.js";

// The filters' choices, in the page's language (made when shown: the catalog loads first).
const clocks = () => [
  ["", t("any clock")],
  ["live", t("live")],
  ["turn", t("turn-based")],
  ["none", t("no clock")],
];
const rateds = () => [
  ["", t("rated or not")],
  ["true", t("rated")],
  ["false", t("unrated")],
];

// The filters as the listing's query and play now's body take them (unset ones left out).
export function chosen(filters) {
  const out = {};
  if (filters.game) out.game = filters.game;
  if (filters.players) out.players = Number(filters.players);
  if (filters.clock) out.clock = filters.clock;
  if (filters.rated) out.rated = filters.rated === "true";
  return out;
}

export function FindGame({ games }) {
  const [filters, setFilters] = useState({ game: "", players: "", clock: "", rated: "" });
  const [tables, setTables] = useState([]);
  const [name, setName] = useState(savedName());
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const who = useMe(); // signed in: plays under the account's name
  const game = games.find((g) => g.id === filters.game);
  const counts = [];
  const low = game ? game.min_players : Math.min(...games.map((g) => g.min_players));
  const high = game ? game.max_players : Math.max(...games.map((g) => g.max_players));
  for (let n = low; n <= high; n++) counts.push(n);
  useEffect(() => {
    const query = new URLSearchParams({ status: "open", ...chosen(filters) });
    let current = true; // an answer to filters since changed is dropped, whenever it comes
    api(`/api/tables?${query}`).then(
      (found) => {
        if (!current) return;
        setTables(found);
        setError(null);
      },
      (e) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [filters.game, filters.players, filters.clock, filters.rated]);
  const pick = (key) => (e) => {
    const next = { ...filters, [key]: e.target.value };
    // a player count the newly chosen game lacks is dropped
    const g = games.find((x) => x.id === next.game);
    if (key === "game" && g && next.players) {
      const n = Number(next.players);
      if (n < g.min_players || n > g.max_players) next.players = "";
    }
    setFilters(next);
  };
  const playNow = async () => {
    setBusy(true);
    setError(null);
    const mine = who ? who.name : name.trim() || t("Player");
    if (!who) saveName(mine);
    try {
      const got = await api("/api/tables/play-now", {
        method: "POST",
        body: { ...chosen(filters), name: mine },
      });
      keepToken(got.table.id, got.seat, got.token, got.table.game);
      location.hash = `#/t/${got.table.id}`;
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  return html`<section class="card find" aria-label=${t("Find a game")}>
    <h2>${t("Find a game")}</h2>
    <div class="filters">
      <label>${t("Game")} <select aria-label=${t("Find: game")} value=${filters.game} onChange=${pick("game")}>
        <option value="">${t("any game")}</option>
        ${games.map((g) => html`<option value=${g.id}>${g.name}</option>`)}
      </select></label>
      <label>${t("Players")} <select aria-label=${t("Find: players")} value=${filters.players}
          onChange=${pick("players")}>
        <option value="">${t("any number")}</option>
        ${counts.map((n) => html`<option value=${n}>${n}</option>`)}
      </select></label>
      <label>${t("Clock")} <select aria-label=${t("Find: clock")} value=${filters.clock}
          onChange=${pick("clock")}>
        ${clocks().map(([v, text]) => html`<option value=${v}>${text}</option>`)}
      </select></label>
      <label>${t("Rated")} <select aria-label=${t("Find: rated")} value=${filters.rated}
          onChange=${pick("rated")}>
        ${rateds().map(([v, text]) => html`<option value=${v}>${text}</option>`)}
      </select></label>
    </div>
    <div class="play-now">
      <label>${t("Play as")} <input aria-label=${t("Play as")} value=${who ? who.name : name} maxlength="40"
        placeholder=${t("Player")} disabled=${!!who} onInput=${(e) => setName(e.target.value)} /></label>
      <button type="button" onClick=${playNow} disabled=${busy}>${t("Play now")}</button>
      <small>${tables.length
        ? t("joins the fullest table below")
        : filters.game
          ? t("no table waits: one is made for you, its other seats open")
          : t("no table waits: choose a game to start one")}</small>
    </div>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${tables.length > 0
      ? html`<ul class="tables" aria-label=${t("Open tables")}>${tables.map((tb) => html`<li
          data-table=${tb.id}><${TableLine} table=${tb}
          game=${games.find((g) => g.id === tb.game)} /></li>`)}</ul>`
      : html`<p class="none">${t("No open table fits.")}</p>`}
  </section>`;
}

// A table's status in words.
export const statusName = (status) =>
  ({ open: tc("table status", "open"), playing: tc("table status", "playing"), over: tc("table status", "over") })[
    status
  ] || status;

// One table in a list: its game, who sits, how it is set up, and what one may do there.
export function TableLine({ table, game }) {
  // each seat's name (a person's links to their profile, with their rating in this game)
  const person = useRatings(table.seats.map((s) => s.user));
  const who = table.seats.map((s, i) => html`${i ? ", " : ""}${s.kind === "open" ? t("open seat")
    : html`<${PersonName} id=${s.user} name=${s.name} person=${person(s.user)} /><${RatingBadge}
      person=${person(s.user)} game=${table.game} />`}`);
  const open = table.seats.filter((s) => s.kind === "open");
  const join = async (seat) => {
    const me = getMe(); // signed in: the seat is the account's, under its name
    const name = me ? me.name : savedName() || prompt(t("Your name?")) || t("Player");
    if (!me) saveName(name);
    const done = await api(`/api/tables/${table.id}/seats/${seat}`, {
      method: "POST",
      body: { name },
    });
    keepToken(table.id, seat, done.token, table.game);
    location.hash = `#/t/${table.id}`;
  };
  const target = table.status === "over" ? `#/replay/${table.id}` : `#/t/${table.id}`;
  return html`<span class="game-name">${table.game_name}</span>
    <span class="who">${who}<small class="details">${tableDetails(table, game?.options)}</small></span>
    <span class="status">${statusName(table.status)}</span>
    ${open.map((s) => html`<button onClick=${() => join(s.seat)}>
      ${t("Join as seat {n}", { n: s.seat })}</button>`)}
    <a href=${target}>${table.status === "over" ? t("Replay") : t("Open")}</a>`;
}
