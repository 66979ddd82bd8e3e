// A table: the board drawn from the seat's view, the legal choices with their notes, the
// log, chat, clocks, undo, hint and resign. Everything shown comes from the server's
// pushed state; every legality question goes to the server.
import { useEffect, useRef, useState } from "preact/hooks";
import { seatColour } from "./colors.js";
import { boardFor } from "./games/index.js";
import { html } from "./html.js";
import { api, TableSocket, tokenFor } from "./net.js";

export function Table({ id }) {
  const mine = tokenFor(id);
  const token = mine ? mine.token : null;
  const [msg, setMsg] = useState(null);
  const [link, setLink] = useState("connecting");
  const [error, setError] = useState(null);
  const [hints, setHints] = useState(null);
  const [checked, setChecked] = useState(null);
  const socket = useRef(null);
  const listeners = useRef(new Set());
  // The view right after this page's own last move (or the first one it saw): boards mark
  // what changed since (docs: `since` in the Board interface).
  const since = useRef({ view: null, after: null });

  useEffect(() => {
    const onMessage = (m) => {
      if (m.type === "state") {
        const mark = since.current;
        if (!mark.view || (mark.after !== null && m.version > mark.after)) {
          since.current = { view: m.view, after: null };
        }
        setMsg(m);
        setError(null);
        setHints(null);
      } else if (m.type === "error") {
        setError(m.error === "stale" ? "The table moved on: here it is now." : m.reason);
      } else if (m.type === "checked") {
        setChecked(m);
        for (const f of listeners.current) f(m);
      }
    };
    socket.current = new TableSocket(id, token, onMessage, setLink);
    return () => socket.current.close();
  }, [id, token]);

  if (!msg) {
    return html`<main class="table"><p class="loading">${
      link === "closed" ? "There is no such table, or this link is not for it." : "Connecting…"
    }</p><a href="#/">Back to the lobby</a></main>`;
  }
  const send = (m) => {
    if (!socket.current.send(m)) setError("Not connected: trying again…");
  };
  const act = (action) => {
    since.current = { ...since.current, after: msg.version };
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
  const Board = boardFor(msg.table.game);
  const over = msg.table.status === "over";
  const yours = msg.legal.length > 0;
  return html`<main class=${`table game-${msg.table.game}`}>
    <${Header} msg=${msg} link=${link} />
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <div class="play">
      <section class="board-area" aria-label="the table">
        <${Board} view=${msg.view} seat=${msg.seat} legal=${msg.legal} act=${act}
          check=${check} checked=${checked} onChecked=${onChecked} table=${msg.table}
          since=${since.current.view} />
      </section>
      <aside class="side">
        ${over && html`<${FinalSheet} msg=${msg} id=${id} />`}
        ${yours && html`<${Choices} legal=${msg.legal} act=${act} />`}
        ${!over && !yours && html`<p class="waiting" aria-live="polite">${waitingFor(msg)}</p>`}
        <div class="buttons">
          ${msg.can_undo && html`<button onClick=${() => send({ type: "undo",
            version: msg.version })}>Undo</button>`}
          ${yours && html`<button onClick=${askHint} disabled=${hints === "thinking"}>
            ${hints === "thinking" ? "Thinking…" : "Hint"}</button>`}
          ${msg.seat !== null && !over && !msg.table.seats[msg.seat].left &&
            html`<button class="quiet" onClick=${() =>
            confirm("Resign? A bot will play your seat to the end.") &&
            send({ type: "resign" })}>Resign</button>`}
        </div>
        ${Array.isArray(hints) && html`<${Hints} hints=${hints} act=${act} />`}
        <${Log} log=${msg.view.log} />
        <${Chat} chat=${msg.chat} canSay=${msg.seat !== null}
          say=${(text) => send({ type: "chat", text })} />
        ${msg.seat === null && !over && html`<p class="note">You are watching.</p>`}
      </aside>
    </div>
  </main>`;
}

function waitingFor(msg) {
  const names = msg.table.to_move.map((s) => seatName(msg.table, s));
  if (msg.table.status === "open") return "Waiting for players to join.";
  return names.length ? `Waiting for ${names.join(" and ")}…` : "";
}

function Header({ msg, link }) {
  const t = msg.table;
  const clocks = msg.clocks;
  return html`<header class="table-head">
    <a href="#/" class="home" aria-label="back to the lobby">vaka</a>
    <h1>${t.game_name}</h1>
    <ol class="seats" aria-label="players">${t.seats.map((s) => html`<li
        class=${`seat ${t.to_move.includes(s.seat) ? "to-move" : ""}`}
        style=${`--seat: ${seatColour(s.seat)}`}>
      <span class="dot" aria-hidden="true"></span>
      <span>${seatName(t, s.seat)}${
        s.seat === msg.seat ? " (you)" : ""}${s.left ? ` (${s.left}, bot plays)` : ""}</span>
      ${clocks.kind !== "none" && clocks.left[s.seat] !== undefined &&
        html`<span class="clock">${clockText(clocks, s.seat)}</span>`}
      ${t.to_move.includes(s.seat) && html`<span class="sr-only">to move</span>`}
    </li>`)}</ol>
    ${link !== "open" && html`<span class="link-status" role="status">${
      link === "reconnecting" ? "Reconnecting…" : link}</span>`}
    ${t.status === "open" && msg.seat !== null && html`<${OpenSeats} table=${t} />`}
  </header>`;
}

function clockText(clocks, seat) {
  const left = Math.max(0, clocks.left[seat]);
  if (clocks.kind === "turn") return `${(left / 3600).toFixed(1)} h to move`;
  const m = Math.floor(left / 60);
  const s = Math.floor(left % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

function OpenSeats({ table }) {
  const open = table.seats.filter((s) => s.kind === "open");
  return html`<p class="note">Waiting for ${open.length} more: anyone can join from the
    lobby's open tables.</p>`;
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
  return html`<section class="choices" aria-label="your choices">
    <h2>Your move</h2>
    <ol>${legal.map((c, i) => html`<li><button class=${`choice${c.label ? " labelled" : ""}`}
        onClick=${() => act(c.action)} aria-keyshortcuts=${i < 9 ? String(i + 1) : undefined}>
      <span class="key">${i < 9 ? i + 1 : ""}</span>
      ${c.label && html`<span class="label">${c.label}</span>`}
      <span class="action">${c.action}</span>
      ${c.note && html`<span class="note">${c.note}</span>`}
    </button></li>`)}</ol>
    <form onSubmit=${(e) => { e.preventDefault(); if (text.trim()) act(text.trim()); setText(""); }}>
      <label>Or type an action <input value=${text} onInput=${(e) => setText(e.target.value)}
        placeholder=${legal[0]?.action || ""} /></label>
    </form>
  </section>`;
}

function Hints({ hints, act }) {
  return html`<section class="hints" aria-label="hint"><h2>The hard bot would…</h2>
    <ol>${hints.map((h) => html`<li>
      <button onClick=${() => act(h.action)}>${h.action}</button>
      ${h.note && html` <span class="note">${h.note}</span>`}
      <span class="why"> — tried ${Math.round(h.share * 100)}% of the time; ${
        h.lead === null ? `won ${Math.round(h.value * 100)}% of its futures`
          : `expected final lead ${h.lead.toFixed(1)} points`}</span>
    </li>`)}</ol></section>`;
}

function Log({ log }) {
  // Keep the newest line in sight by scrolling the list itself, never the page: a page
  // that jumps to its log on every move loses its reader (on a phone most of all).
  const list = useRef(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [log.length]);
  return html`<section class="log" aria-label="what happened" aria-live="polite">
    <h2>Log</h2>
    <ol ref=${list}>${log.slice(-200).map((e) => html`<li style=${
      e.seat !== null ? `--seat: ${seatColour(e.seat)}` : ""}>${e.text}</li>`)}</ol>
  </section>`;
}

function Chat({ chat, canSay, say }) {
  const [text, setText] = useState("");
  return html`<section class="chat" aria-label="chat"><h2>Chat</h2>
    <ol>${chat.map((c) => html`<li><strong>${c.name}:</strong> ${c.text}</li>`)}</ol>
    ${canSay && html`<form onSubmit=${(e) => { e.preventDefault(); if (text.trim()) say(text);
        setText(""); }}>
      <input value=${text} maxlength="500" aria-label="say something"
        onInput=${(e) => setText(e.target.value)} placeholder="Say something" />
    </form>`}
  </section>`;
}

function FinalSheet({ msg, id }) {
  const t = msg.table;
  const sheet = t.breakdown || [];
  const cats = sheet.length ? Object.keys(sheet[0]).filter((k) => k !== "total") : [];
  return html`<section class="final" aria-label="final scores">
    <h2>Game over</h2>
    <p>${t.winners.length ? `Won by ${t.winners.map((w) => seatName(t, w)).join(" and ")}`
      : "Nobody won"}.</p>
    <table class="sheet"><thead><tr><th scope="col">Score</th>${t.seats.map((s) =>
      html`<th scope="col">${seatName(t, s.seat)}</th>`)}</tr></thead>
      <tbody>${cats.map((c) => html`<tr><th scope="row">${c.replace(/_/g, " ")}</th>
        ${sheet.map((b) => html`<td>${fmt(b[c])}</td>`)}</tr>`)}
        <tr class="total"><th scope="row">total</th>${t.scores.map((s) =>
          html`<td>${fmt(s)}</td>`)}</tr></tbody></table>
    <p class="final-links"><a class="button" href=${`#/replay/${id}`}>Replay this game</a>
      <a class="button" href=${`#/replay/${id}/review${msg.seat === null ? "" : `/${msg.seat}`}`}
        >Review this game</a></p>
  </section>`;
}

const seatName = (t, seat) => `Seat ${seat} · ${t.seats[seat].name || "open"}`;
const fmt = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
