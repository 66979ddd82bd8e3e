// The lobby: find a game (find.js), make a table (game, players, each seat, options,
// clock, rated, private), copy invitation links, watch a table, find your own games again
// (signed in: from the server, in any browser), and the account area in the header.
import { useEffect, useState } from "preact/hooks";
import { AccountArea, useMe } from "./account.js";
import { FindGame, TableLine } from "./find.js";
import { html } from "./html.js";
import { number, t } from "./i18n.js";
import { MailSettings } from "./mail.js";
import { api, inviteLink, keepToken, myTables, savedName, saveName } from "./net.js";
import { AskToNotify, NoticeBadge, NoticeMark, setTitle } from "./notices.js";
import { levelName, optionName, optionValue, perMove } from "./words.js";

// The times a turn-based table may give each move, in days.
export const TURNS = [1 / 24, 4 / 24, 12 / 24, 1, 2, 3, 7, 14];

export function Lobby() {
  const [games, setGames] = useState([]);
  const [made, setMade] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api("/api/games").then(setGames, (e) => setError(e.message));
    setTitle("vaka");
  }, []);
  return html`<main class="lobby">
    <header class="top"><h1>vaka <${NoticeBadge} /></h1>
      <p>${t("Rapa Nui, Raiatea and Atua — with friends and bots.")}</p>
      <nav class="people-nav"><a href="#/leaderboard">${t("Leaderboards")}</a>
        ${" "}<a href="#/friends">${t("Friends")}</a></nav>
      <${AccountArea} /></header>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${!made && games.length > 0 && html`<${FindGame} games=${games} />`}
    ${made
      ? html`<${Invitations} made=${made} />`
      : games.length > 0 && html`<${NewTable} games=${games} onMade=${setMade} />`}
    <${TableList} title=${t("Your games")} mine=${true} games=${games} />
    <${TableList} title=${t("Being played: watch")} status="playing" games=${games} />
    <${TableList} title=${t("Finished: replay")} status="over" games=${games} />
    <${MailSettings} />
  </main>`;
}

// The name an invited seat has until its friend gives theirs.
const friend = (i) => t("Friend {n}", { n: i });

function defaultSeats(players) {
  return Array.from({ length: players }, (_, i) => (i === 0 ? "me" : "bot:medium"));
}

function NewTable({ games, onMade }) {
  const [gameId, setGameId] = useState(games[0].id);
  const game = games.find((g) => g.id === gameId);
  const [players, setPlayers] = useState(3);
  const [seats, setSeats] = useState(defaultSeats(3));
  const [options, setOptions] = useState({});
  const [clock, setClock] = useState({ kind: "none", minutes: 20, increment: 10, days: 2 });
  const [policy, setPolicy] = useState("bot");
  const [rated, setRated] = useState(false);
  const [secret, setSecret] = useState(false); // private: by invitation only
  const [name, setName] = useState(savedName());
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const me = useMe(); // signed in: the account's name is used

  const pickGame = (id) => {
    const g = games.find((x) => x.id === id);
    const n = Math.min(Math.max(players, g.min_players), g.max_players);
    setGameId(id);
    setPlayers(n);
    setSeats(defaultSeats(n));
    setOptions({});
  };
  // Only the options that matter at this player count are shown and sent.
  const shown = Object.entries(game.options).filter(([, opt]) => opt.players.includes(players));
  const pickPlayers = (n) => {
    setPlayers(n);
    setSeats(Array.from({ length: n }, (_, i) => seats[i] || "bot:medium"));
  };
  // A private table is found by nobody: its open seats become invitations.
  const pickSecret = (on) => {
    setSecret(on);
    if (on) setSeats(seats.map((s, i) => (s === "open" ? `invite:${friend(i)}` : s)));
  };
  const submit = async (ev) => {
    ev.preventDefault();
    setBusy(true);
    setError(null);
    const mine = me ? me.name : name.trim() || t("Player");
    if (!me) saveName(mine);
    try {
      const chosen = Object.fromEntries(shown.filter(([k]) => k in options).map(([k]) => [k, options[k]]));
      const body = {
        game: gameId, players, seats, name: mine, options: chosen, clock, policy, rated,
        private: secret,
      };
      const done = await api("/api/tables", { method: "POST", body });
      for (const [seat, token] of Object.entries(done.tokens)) {
        keepToken(done.table.id, Number(seat), token, gameId);
      }
      // Nobody to invite: straight to the table. Otherwise show the links to send first.
      if (Object.keys(done.invitations).length === 0) location.hash = `#/t/${done.table.id}`;
      else onMade(done);
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  return html`<form class="card new-table" onSubmit=${submit} aria-label=${t("Make a table")}>
    <h2>${t("Make a table")}</h2>
    <label>${t("Game")} <select aria-label=${t("Game")} value=${gameId} onChange=${(e) => pickGame(e.target.value)}>
      ${games.map((g) => html`<option value=${g.id}>${g.name}</option>`)}
    </select></label>
    <label>${t("Players")} <select aria-label=${t("Players")} value=${players}
        onChange=${(e) => pickPlayers(Number(e.target.value))}>
      ${counts.map((n) => html`<option value=${n}>${n === 1 ? t("1 (solo)") : number(n)}</option>`)}
    </select></label>
    <label>${t("Your name")} <input aria-label=${t("Your name")} value=${me ? me.name : name} maxlength="40"
      placeholder=${t("Player")} disabled=${!!me} title=${me ? t("your account's name") : ""}
      onInput=${(e) => setName(e.target.value)} /></label>
    <fieldset><legend>${t("Seats")}</legend>
      ${seats.map((spec, i) => html`<label class="seat-pick">${t("Seat {n}", { n: i })}
        <select value=${spec} aria-label=${t("who plays seat {n}", { n: i })}
            onChange=${(e) => setSeats(seats.map((s, j) => (j === i ? e.target.value : s)))}>
          <option value="me">${t("me")}</option>
          <option value=${`invite:${friend(i)}`}>${t("a friend (invitation link)")}</option>
          <option value="open" disabled=${secret}>${t("open: anyone may join")}</option>
          ${game.levels.map((l) => html`<option value=${`bot:${l}`}>${t("bot, {level}", { level: levelName(l) })}</option>`)}
        </select></label>`)}
    </fieldset>
    ${shown.length > 0 && html`<fieldset><legend>${t("Options")}</legend>
      ${shown.map(([key, opt]) => html`<${OptionField} name=${key}
        opt=${opt} value=${options[key] ?? opt.default}
        onChange=${(v) => setOptions({ ...options, [key]: v })} />`)}
    </fieldset>`}
    <fieldset><legend>${t("Clock")}</legend>
      <label>${t("Speed")} <select value=${clock.kind}
          onChange=${(e) => setClock({ ...clock, kind: e.target.value })}>
        <option value="none">${t("no clock")}</option>
        <option value="live">${t("live")}</option>
        <option value="turn">${t("turn-based")}</option>
      </select></label>
      ${clock.kind === "live" && html`
        <label>${t("Minutes each")} <input type="number" min="1" max="600" value=${clock.minutes}
          onInput=${(e) => setClock({ ...clock, minutes: Number(e.target.value) })} /></label>
        <label>${t("Seconds added per move")} <input type="number" min="0" max="600"
          value=${clock.increment}
          onInput=${(e) => setClock({ ...clock, increment: Number(e.target.value) })} />
        </label>`}
      ${clock.kind === "turn" && html`
        <label>${t("Time per move")} <select aria-label=${t("Time per move")} value=${clock.days}
            onChange=${(e) => setClock({ ...clock, days: Number(e.target.value) })}>
          ${TURNS.map((d) => html`<option value=${d}>${perMove(d)}</option>`)}
        </select></label>`}
      ${clock.kind !== "none" && html`<label>${t("When time runs out")}
        <select value=${policy} onChange=${(e) => setPolicy(e.target.value)}>
          <option value="bot">${t("a bot plays on")}</option>
          <option value="lose">${t("a bot plays on, and the seat loses")}</option>
        </select></label>`}
    </fieldset>
    <fieldset><legend>${t("Who may come")}</legend>
      <label class="option"><input type="checkbox" checked=${rated} aria-label=${t("Rated table")}
        onChange=${(e) => setRated(e.target.checked)} /> ${t("Rated")}
        <small>${t("counts in the players' ratings; needs two seats for people")}</small></label>
      <label class="option"><input type="checkbox" checked=${secret} aria-label=${t("Private table")}
        onChange=${(e) => pickSecret(e.target.checked)} /> ${t("Private")}
        <small>${t("by invitation only: listed nowhere, watched by nobody else")}</small></label>
    </fieldset>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <button type="submit" disabled=${busy}>${t("Make the table")}</button>
  </form>`;
}

function OptionField({ name, opt, value, onChange }) {
  const help = opt.help && t(opt.help);
  const label = html`<span title=${help}>${optionName(name, opt)}</span>`;
  if (typeof opt.default === "boolean") {
    return html`<label class="option">${label}
      <input type="checkbox" checked=${value} onChange=${(e) => onChange(e.target.checked)} />
      <small>${help}</small></label>`;
  }
  if (opt.choices.length > 0) {
    return html`<label class="option">${label}
      <select value=${value} onChange=${(e) => onChange(e.target.value)}>
        ${opt.choices.map((c) => html`<option value=${c}>${optionValue(c, opt)}</option>`)}
      </select><small>${help}</small></label>`;
  }
  return html`<label class="option">${label}
    <input value=${value} onInput=${(e) => onChange(e.target.value)} />
    <small>${help}</small></label>`;
}

function Invitations({ made }) {
  const id = made.table.id;
  const links = Object.entries(made.invitations).map(([seat, token]) => ({
    seat: Number(seat),
    name: made.table.seats[seat].name,
    link: inviteLink(id, seat, token),
  }));
  return html`<section class="card invitations" aria-label=${t("Your new table")}>
    <h2>${t("Your table is ready")}</h2>
    ${made.table.private && html`<p>${t("It is private: only those holding a link see it.")}</p>`}
    ${links.length > 0 && html`<p>${t("Send each friend their link: it is their seat.")}</p>
      <ul>${links.map((l) => html`<li><strong>${l.name}</strong>
        <input readonly value=${l.link} aria-label=${t("invitation link for {name}", { name: l.name })}
          onFocus=${(e) => e.target.select()} />
        <button type="button" onClick=${() => navigator.clipboard?.writeText(l.link)}>
          ${t("Copy")}</button></li>`)}</ul>`}
    <a class="button" href=${`#/t/${id}`}>${t("Go to the table")}</a>
  </section>`;
}

function TableList({ title, status, mine, games }) {
  const [tables, setTables] = useState([]);
  const me = useMe();
  useEffect(() => {
    if (mine) {
      // Signed in: the account's tables, from the server; and those of this browser's tokens.
      const theirs = me ? api("/api/account/tables").catch(() => []) : Promise.resolve([]);
      theirs.then((own) => {
        const known = new Set(own.map((t) => t.table.id));
        const ids = Object.keys(myTables()).filter((id) => !known.has(id));
        return Promise.all(ids.map((id) => api(`/api/tables/${id}`).catch(() => null))).then((all) =>
          setTables(
            own.map((t) => t.table).concat(all.filter(Boolean)).sort((a, b) => b.created_at - a.created_at),
          ),
        );
      });
    } else {
      api(`/api/tables?status=${status}`).then(setTables, () => setTables([]));
    }
  }, [status, mine, me && me.id]);
  if (tables.length === 0) return null;
  return html`<section class="card tables" aria-label=${title}><h2>${title}${
      mine && html` <${NoticeBadge} label=${t("of your games with something new")} />`}</h2>
    ${mine && html`<${AskToNotify} />`}
    <ul>${tables.map((tb) => html`<li><${TableLine} table=${tb}
      game=${games.find((g) => g.id === tb.game)} />${
      mine && html`<${NoticeMark} table=${tb.id} />`}</li>`)}</ul></section>`;
}
