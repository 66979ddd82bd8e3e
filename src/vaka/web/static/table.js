// A table: the board drawn from the seat's view, the legal choices with their notes, the
// log, chat, clocks, undo, hint and resign. Everything shown comes from the server's
// pushed state; every legality question goes to the server.
import { useEffect, useRef, useState } from "preact/hooks";
import { Chat } from "./chat.js";
import { seatColour } from "./colors.js";
import { useBoard } from "./boards.js";
import { html } from "./html.js";
import { number, t, tn } from "./i18n.js";
import { api, TableSocket, tokenFor } from "./net.js";
import { AskToNotify, setTitle, useSeenAt } from "./notices.js";
import { PACES, paceMs, paceName, setPace, sinceEntries, step } from "./pace.js";
import { changeText } from "./people.js";
import { fmt, Header } from "./table-head.js";
import { nameSeats, seatName as nameOf } from "./words.js";

export function Table({ id }) {
  const mine = tokenFor(id);
  const token = mine ? mine.token : null;
  const [shown, setShown] = useState(null); // the state the board shows now
  const [latest, setLatest] = useState(null); // the newest state pushed (clocks, presence)
  const [since, setSince] = useState(null); // {view, at}: where the board's marks start
  const [queued, setQueued] = useState(0);
  const [link, setLink] = useState("connecting");
  const [error, setError] = useState(null);
  const [hints, setHints] = useState(null);
  const [checked, setChecked] = useState(null);
  const socket = useRef(null);
  const listeners = useRef(new Set());
  const pacing = useRef({ queue: [], timer: null, shown: null, at: 0, acted: null });
  const board = useBoard(shown && shown.table.game);
  // The pause before another seat's move counts from when the board showed the last one,
  // not from when it was asked to: a slow render must not shorten the next pause.
  useEffect(() => {
    if (shown) pacing.current.at = Date.now();
  }, [shown]);

  useEffect(() => {
    const P = pacing.current;
    const show = (m, how) => {
      const before = P.shown;
      P.shown = m;
      P.at = Date.now();
      if (how.since === "next") setSince({ view: m.view, at: m.view.log.length });
      else if (how.since === "shown") setSince({ view: before.view, at: before.view.log.length });
      if (how.since !== null && P.acted !== null && m.version > P.acted) P.acted = null;
      setShown(m);
      setHints(null);
    };
    const pump = () => {
      if (P.timer) return;
      while (P.queue.length) {
        const next = P.queue[0];
        const how = step(P.shown, next, P.acted);
        const due = how.wait ? P.at + paceMs() - Date.now() : 0;
        if (due > 0) {
          P.timer = setTimeout(() => {
            P.timer = null;
            pump();
          }, due);
          setQueued(P.queue.length);
          return;
        }
        P.queue.shift();
        show(next, how);
      }
      setQueued(0);
    };
    P.skip = () => {
      clearTimeout(P.timer);
      P.timer = null;
      while (P.queue.length) {
        const next = P.queue.shift();
        show(next, step(P.shown, next, P.acted));
      }
      setQueued(0);
    };
    P.pump = pump;
    const onMessage = (m) => {
      if (m.type === "state") {
        m.receivedAt = Date.now();
        setLatest(m);
        setError(null);
        P.queue.push(m);
        pump();
      } else if (m.type === "error") {
        setError(m.error === "stale" ? t("The table moved on: here it is now.") : m.reason);
      } else if (m.type === "checked") {
        setChecked(m);
        for (const f of listeners.current) f(m);
      }
    };
    socket.current = new TableSocket(id, token, onMessage, setLink);
    return () => {
      clearTimeout(P.timer);
      socket.current.close();
    };
  }, [id, token]);

  const yours = !!latest && latest.legal.length > 0 && queued === 0;
  useEffect(() => {
    const game = latest ? latest.table.game_name : "";
    setTitle(yours ? t("Your move · {game} · vaka", { game }) : game ? `${game} · vaka` : "vaka");
    return () => setTitle("vaka");
  }, [yours, latest && latest.table.game_name]);
  useSeenAt(id, latest);

  if (!shown || !board) {
    return html`<main class="table"><p class="loading">${
      link === "closed" ? t("There is no such table, or this link is not for it.") : t("Connecting…")
    }</p><a href="#/">${t("Back to the lobby")}</a></main>`;
  }
  const msg = shown;
  const send = (m) => {
    if (!socket.current.send(m)) setError(t("Not connected: trying again…"));
  };
  const act = (action) => {
    pacing.current.acted = msg.version;
    send({ type: "act", action, version: msg.version });
  };
  const check = (action) => send({ type: "check", action });
  const onChecked = (f) => {
    listeners.current.add(f);
    return () => listeners.current.delete(f);
  };
  const askHint = async () => {
    setHints("thinking");
    try {
      setHints(await api(`/api/tables/${id}/hint`, { method: "POST", token }));
    } catch (e) {
      setHints(null);
      setError(e.message);
    }
  };
  const over = msg.table.status === "over";
  const choosing = msg.legal.length > 0 && queued === 0;
  const names = msg.table.names;
  return html`<main class=${`table game-${msg.table.game}${choosing ? " choosing" : ""}`}>
    <${Header} shown=${msg} latest=${latest} link=${link}>
      ${msg.table.status === "open" && msg.seat !== null && html`<${OpenSeats} table=${msg.table} />`}
      ${msg.table.clock.kind === "turn" && msg.seat !== null && msg.table.status !== "over" &&
        html`<${AskToNotify} />`}
    </${Header}>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <div class="play">
      <section class="board-area" aria-label=${t("the table")}>
        <${board.Board} view=${msg.view} seat=${msg.seat}
          legal=${queued ? [] : msg.legal} act=${act}
          check=${check} checked=${checked} onChecked=${onChecked} table=${msg.table}
          since=${since && since.view} />
      </section>
      <aside class="side">
        ${over && html`<${FinalSheet} msg=${msg} id=${id} />`}
        ${queued > 0 && html`<p class="pacing" role="status">${tn(
          "Showing the moves one at a time ({n} more)", "Showing the moves one at a time ({n} more)", queued)}
          <button onClick=${() => pacing.current.skip()}>${t("Show all now")}</button></p>`}
        ${choosing && html`<${Choices} legal=${msg.legal} act=${act} />`}
        ${!over && !choosing && queued === 0 && html`<p class="waiting" aria-live="polite">${
          waitingFor(msg)}</p>`}
        <${Since} log=${msg.view.log} from=${since ? since.at : msg.view.log.length}
          names=${names} spectator=${msg.seat === null} />
        <div class="buttons">
          ${msg.can_undo && queued === 0 && html`<button onClick=${() => send({ type: "undo",
            version: msg.version })}>${t("Undo")}</button>`}
          ${choosing && html`<button onClick=${askHint} disabled=${hints === "thinking"}>
            ${hints === "thinking" ? t("Thinking…") : t("Hint")}</button>`}
          ${msg.seat !== null && !over && !msg.table.seats[msg.seat].left &&
            html`<button class="quiet" onClick=${() =>
            confirm(t("Resign? A bot will play your seat to the end.")) &&
            send({ type: "resign" })}>${t("Resign")}</button>`}
          <${PacePicker} onChange=${() => pacing.current.pump()} />
        </div>
        ${Array.isArray(hints) && html`<${Hints} hints=${hints} act=${act} />`}
        <${Log} log=${msg.view.log} names=${names} />
        <${Chat} id=${id} seat=${msg.seat} chat=${latest.chat} canSay=${msg.seat !== null}
          say=${(text) => send({ type: "chat", text })} />
        ${msg.seat === null && !over && html`<p class="note">${t("You are watching.")}</p>`}
      </aside>
    </div>
  </main>`;
}

// How fast other seats' moves are shown, kept in this browser.
function PacePicker({ onChange }) {
  // the nearest of the paces offered (a pace kept from elsewhere may lie between them)
  const near = (v) => PACES.reduce((a, b) => (Math.abs(b[1] - v) < Math.abs(a[1] - v) ? b : a))[1];
  const [ms, setMs] = useState(near(paceMs()));
  return html`<label class="pace">${t("Moves shown")} <select value=${ms} onChange=${(e) => {
      setPace(Number(e.target.value));
      setMs(Number(e.target.value));
      onChange();
    }}>${PACES.map(([name, v]) => html`<option value=${v}>${paceName(name)}</option>`)}</select></label>`;
}

// What happened since the seat's own last move, in words (a spectator: the last move).
function Since({ log, from, names, spectator }) {
  const fresh = sinceEntries(log, from);
  if (!fresh.length) return null;
  const shownLines = fresh.slice(-8);
  return html`<section class="since" aria-label=${spectator ? t("the last move") : t("since your last move")}>
    <h2>${spectator ? t("The last move") : t("Since your last move")}</h2>
    ${fresh.length > shownLines.length && html`<p class="note">${tn(
      "…{n} earlier line in the log", "…{n} earlier lines in the log", fresh.length - shownLines.length)}</p>`}
    <ol>${shownLines.map((e) => html`<li style=${
      e.seat !== null ? `--seat: ${seatColour(e.seat)}` : ""}>${nameSeats(e.text, names)}</li>`)}</ol>
  </section>`;
}

function waitingFor(msg) {
  const names = msg.table.to_move.map((s) => seatName(msg.table, s));
  if (msg.table.status === "open") return t("Waiting for players to join.");
  return names.length ? t("Waiting for {who}…", { who: names.join(t(" and ")) }) : "";
}

function OpenSeats({ table }) {
  const open = table.seats.filter((s) => s.kind === "open");
  return html`<p class="note">${tn(
    "Waiting for {n} more: anyone can join from the lobby's open tables.",
    "Waiting for {n} more: anyone can join from the lobby's open tables.", open.length)}</p>`;
}

function Choices({ legal, act }) {
  const [text, setText] = useState("");
  useEffect(() => {
    const onKey = (ev) => {
      if (ev.target.closest("input, textarea, select")) return;
      const n = Number(ev.key);
      if (n >= 1 && n <= Math.min(9, legal.length)) act(legal[n - 1].action);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [legal]);
  return html`<section class="choices" aria-label=${t("your choices")}>
    <h2>${t("Your move")}</h2>
    <ol>${legal.map((c, i) => html`<li><button class=${`choice${c.label ? " labelled" : ""}`}
        onClick=${() => act(c.action)} aria-keyshortcuts=${i < 9 ? String(i + 1) : undefined}>
      <span class="key">${i < 9 ? i + 1 : ""}</span>
      ${c.label && html`<span class="label">${c.label}</span>`}
      <span class="action">${c.action}</span>
      ${c.note && html`<span class="note">${c.note}</span>`}
    </button></li>`)}</ol>
    <form onSubmit=${(e) => { e.preventDefault(); if (text.trim()) act(text.trim()); setText(""); }}>
      <label>${t("Or type an action")} <input value=${text} onInput=${(e) => setText(e.target.value)}
        placeholder=${legal[0]?.action || ""} /></label>
    </form>
  </section>`;
}

function Hints({ hints, act }) {
  return html`<section class="hints" aria-label=${t("hint")}><h2>${t("The hard bot would…")}</h2>
    <ol>${hints.map((h) => html`<li>
      <button onClick=${() => act(h.action)}>${h.action}</button>
      ${h.note && html` <span class="note">${h.note}</span>`}
      <span class="why"> — ${t("tried {share} of the time; {outcome}", {
        share: number(h.share, { style: "percent" }),
        outcome: h.lead === null
          ? t("won {share} of its futures", { share: number(h.value, { style: "percent" }) })
          : t("expected final lead {lead} points", {
            lead: number(h.lead, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }),
      })}</span>
    </li>`)}</ol></section>`;
}

function Log({ log, names }) {
  // Keep the newest line in sight by scrolling the list itself, never the page: a page
  // that jumps to its log on every move loses its reader (on a phone most of all).
  const list = useRef(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [log.length]);
  return html`<section class="log" aria-label=${t("what happened")} aria-live="polite">
    <h2>${t("Log")}</h2>
    <ol ref=${list} tabindex="0" aria-label=${t("the log, newest last")}>${log.slice(-200).map((e) => html`<li style=${
      e.seat !== null ? `--seat: ${seatColour(e.seat)}` : ""}>${nameSeats(e.text, names)}</li>`)}</ol>
  </section>`;
}

function FinalSheet({ msg, id }) {
  const tb = msg.table;
  const sheet = tb.breakdown || [];
  const cats = sheet.length ? Object.keys(sheet[0]).filter((k) => k !== "total") : [];
  return html`<section class="final" aria-label=${t("final scores")}>
    <h2>${t("Game over")}</h2>
    ${msg.seat !== null && html`<p class="verdict"><strong>${verdict(msg)}</strong></p>`}
    <p class="result">${tb.result ? `${tb.result}.`
      : tb.winners.length ? t("Won by {who}.", { who: tb.winners.map((w) => seatName(tb, w)).join(t(" and ")) })
      : t("Nobody won.")}</p>
    ${tb.ratings && tb.ratings.length > 0 && html`<ul class="rating-changes"
      aria-label=${t("rating changes")}>${tb.ratings.map((r) => html`<li data-seat=${r.seat}>${
        seatName(tb, r.seat)} ${changeText(r.before, r.after)}</li>`)}</ul>`}
    <div class="sheet-box" tabindex="0" role="group" aria-label=${t("the score sheet")}>
    <table class="sheet"><thead><tr><th scope="col">${t("Score")}</th>${tb.seats.map((s) =>
      html`<th scope="col" style=${`--seat: ${seatColour(s.seat)}`}><span class="dot"></span>
        ${seatName(tb, s.seat)}</th>`)}</tr></thead>
      <tbody>${cats.map((c) => html`<tr><th scope="row">${category(c, tb.categories)}</th>
        ${sheet.map((b) => html`<td>${fmt(b[c])}</td>`)}</tr>`)}
        <tr class="total"><th scope="row">${t("total")}</th>${tb.scores.map((s) =>
          html`<td>${fmt(s)}</td>`)}</tr></tbody></table></div>
    <p class="final-links"><a class="button" href=${`#/replay/${id}`}>${t("Replay this game")}</a>
      <a class="button" href=${`#/replay/${id}/review${msg.seat === null ? "" : `/${msg.seat}`}`}
        >${t("Review this game")}</a></p>
  </section>`;
}

const seatName = nameOf;

// A score sheet's row ("fame", "moai", "fishing"): as the game names it in the reader's
// language (the summary's `categories`), else the key spaced.
function category(c, names) {
  return names?.[c] || c.replace(/_/g, " ");
}

// The end for the seat reading it, plainly: won or lost (against Tahuma when alone).
function verdict(msg) {
  const won = msg.table.winners.includes(msg.seat);
  const rival = msg.table.players === 1 && msg.scoreboard?.rivals?.[0];
  if (rival) return won ? t("You beat {rival}!", { rival: rival.name }) : t("{rival} beat you.", { rival: rival.name });
  return won ? t("You won!") : t("You lost.");
}
