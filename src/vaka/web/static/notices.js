// Notices in every open page: whether it is your turn at one of your tables, a game of
// yours ended, or someone wrote at one. One WebSocket (/ws/notices) per page follows the
// seats this browser holds (and a signed-in person's, which the server adds); what was
// seen is kept in this browser, so every tab clears together. The tab's title counts the
// tables with something new; a browser notification tells of it while the page is hidden,
// where the person allowed them.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { backoff, myTables, socketUrl } from "./net.js";

const SEEN = "vaka.seen";
const MAX_SEATS = 100; // the server follows at most so many seats a page

let current = { tables: [] };
let base = "vaka"; // the page's own title, before the count
let told = null; // what was already there or told of (null: nothing came yet)
const subscribers = new Set();

function readSeen() {
  try {
    return JSON.parse(localStorage.getItem(SEEN) || "null");
  } catch {
    return null;
  }
}

export function seenOf(table) {
  const all = readSeen() || {};
  return all[table] || { version: -1, chat_at: 0, over: false };
}

// Note what a page showed of a table: its version, the last line of chat by others that
// was in view, and whether it had ended. Only ever moves forward.
export function markSeen(table, { version = -1, chatAt = 0, over = false }) {
  const all = readSeen() || {};
  const was = all[table] || { version: -1, chat_at: 0, over: false };
  const now = {
    version: Math.max(was.version, version),
    chat_at: Math.max(was.chat_at || 0, chatAt || 0),
    over: was.over || over,
  };
  if (now.version === was.version && now.chat_at === was.chat_at && now.over === was.over) return;
  all[table] = now;
  localStorage.setItem(SEEN, JSON.stringify(all));
  changed();
}

// What is new at one table for its seat: {turn, over, chat}, each true when not yet seen.
export function fresh(n) {
  const s = seenOf(n.table);
  return {
    turn: n.your_turn && n.version > s.version,
    over: n.status === "over" && !s.over,
    chat: n.chat_at !== null && n.chat_at > (s.chat_at || 0),
  };
}

const anything = (f) => f.turn || f.over || f.chat;

export function noticeCount() {
  return current.tables.filter((n) => anything(fresh(n))).length;
}

export function noticeFor(table) {
  return current.tables.find((n) => n.table === table) || null;
}

// The page's own title; the count of tables with something new goes before it.
export function setTitle(title) {
  base = title;
  showTitle();
}

function showTitle() {
  const count = noticeCount();
  const turn = current.tables.some((n) => fresh(n).turn);
  const title = turn && base === "vaka" ? t("Your turn — vaka") : base;
  document.title = count ? `(${count}) ${title}` : title;
}

function changed() {
  showTitle();
  for (const f of subscribers) f(current);
}

// The words of a browser notification for one table's news.
function words(n, f) {
  if (f.over) {
    return n.won ? t("{game}: you won", { game: n.game_name }) : t("{game}: the game is over", { game: n.game_name });
  }
  if (f.turn) return t("Your turn at {game}", { game: n.game_name });
  return t("{who} wrote at {game}", { who: n.chat_from || t("Someone"), game: n.game_name });
}

function tell(msg) {
  // The first notices a page gets were there before it: a notification is for news.
  const first = told === null;
  if (first) told = new Set();
  for (const n of msg.tables) {
    const f = fresh(n);
    const keys = [
      f.turn && `${n.table}:turn:${n.version}`,
      f.over && `${n.table}:over`,
      f.chat && `${n.table}:chat:${n.chat_at}`,
    ].filter(Boolean);
    const news = keys.filter((k) => !told.has(k));
    for (const k of news) told.add(k);
    if (first || !news.length || document.visibilityState !== "hidden") continue;
    if (!("Notification" in window) || Notification.permission !== "granted") continue;
    const note = new Notification(words(n, f), { tag: `vaka-${n.table}`, body: "vaka" });
    note.onclick = () => {
      window.focus();
      location.hash = `#/t/${n.table}`;
    };
  }
}

// The seats this browser holds, most recently made first: {table, token} each.
function heldSeats() {
  const all = myTables();
  return Object.entries(all)
    .sort((a, b) => (b[1].at || 0) - (a[1].at || 0))
    .flatMap(([table, entry]) => {
      const seats = Object.values(entry.seats || {});
      return seats.length ? [{ table, token: seats[0] }] : [];
    })
    .slice(0, MAX_SEATS);
}

class NoticeSocket {
  constructor() {
    this.attempt = 0;
    this.sent = "";
    this.connect();
  }

  connect() {
    const ws = new WebSocket(socketUrl("/ws/notices"));
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.sent = "";
      this.watch();
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type !== "notices") return;
      if (readSeen() === null) {
        // The first time this browser hears of notices: what was there before is old.
        for (const n of msg.tables) {
          markSeen(n.table, { version: n.version, chatAt: n.chat_at, over: n.status === "over" });
        }
      }
      current = msg;
      tell(msg);
      changed();
    };
    ws.onclose = () => setTimeout(() => this.connect(), backoff(this.attempt++));
  }

  // Follow the seats held now (again, if they changed since last said).
  watch() {
    const body = JSON.stringify({ type: "watch", seats: heldSeats() });
    if (body === this.sent || this.ws.readyState !== WebSocket.OPEN) return;
    this.sent = body;
    this.ws.send(body);
  }
}

let socket = null;

// Start following (once a page).
export function startNotices() {
  if (socket) return;
  socket = new NoticeSocket();
  // A seat taken here (the page moves to its table) or in another tab.
  addEventListener("hashchange", () => socket.watch());
  addEventListener("storage", (ev) => {
    if (ev.key === SEEN) changed();
    else if (ev.key === "vaka.tables") socket.watch();
  });
}

// The notices, again after every change: {tables, count}.
export function useNotices() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const f = () => setTick((t) => t + 1);
    subscribers.add(f);
    return () => subscribers.delete(f);
  }, []);
  return { tables: current.tables, count: noticeCount() };
}

// How many tables have something new, as a badge (nothing when there is nothing).
export function NoticeBadge({ label = t("new at your tables") }) {
  const { count } = useNotices();
  if (!count) return null;
  return html`<span class="notice-badge" role="status" aria-label=${`${count} ${label}`}
    >${count}</span>`;
}

// What is new at one table, in a word or three (for its line in "Your games").
export function NoticeMark({ table }) {
  useNotices();
  const n = noticeFor(table);
  if (!n) return null;
  const f = fresh(n);
  const marks = [f.turn && "your turn", f.over && "game over", f.chat && "new message"];
  const said = marks.filter(Boolean);
  if (!said.length) return null;
  const words = { "your turn": t("your turn"), "game over": t("game over"), "new message": t("new message") };
  return html`<span class="notice-mark" data-notice=${said.join(",")}>${said.map((m) => words[m]).join(", ")}</span>`;
}

// "Tell me when it is my turn": asks the browser's permission for notifications.
export function AskToNotify() {
  const able = "Notification" in window;
  const [allowed, setAllowed] = useState(able ? Notification.permission : "denied");
  if (!able || allowed === "denied") return null;
  if (allowed === "granted") {
    return html`<span class="notify-on">${t("Notifications on: you hear of your turn while away.")}</span>`;
  }
  const ask = async () => setAllowed(await Notification.requestPermission());
  return html`<button type="button" class="quiet ask-notify" onClick=${ask}>
    ${t("Tell me when it is my turn")}</button>`;
}

// A table's page notes what it shows as seen (while the page is in sight): the version
// and the end. The chat counts as seen only once it is in view (chat.js says so).
export function useSeenAt(table, latest) {
  useEffect(() => {
    if (!latest || latest.seat === null) return undefined;
    const look = () => {
      if (document.visibilityState !== "visible") return;
      markSeen(table, { version: latest.version, over: latest.table.status === "over" });
    };
    look();
    document.addEventListener("visibilitychange", look);
    return () => document.removeEventListener("visibilitychange", look);
  }, [table, latest && latest.version, latest && latest.table.status]);
}
