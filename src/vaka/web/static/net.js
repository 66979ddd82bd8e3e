// Talking to the service: REST calls, the seat tokens kept in this browser, and a
// WebSocket that reconnects by itself and always resumes at the latest version.
// A signed-in browser's session rides in an HttpOnly cookie; every change it asks must
// carry the session's CSRF token in a header (docs/PROTOCOL.md, "Accounts"). Every call
// and socket says the page's language, so that the server's words (refusals, a table's
// log and notes) come in it.
import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(body, status) {
    super(body.reason || `HTTP ${status}`);
    this.code = body.error || "error";
    this.status = status;
    this.body = body;
  }
}

export const CSRF_HEADER = "X-CSRF-Token";
let csrf = null; // the signed-in session's CSRF token (null: a guest)
let asking = Promise.resolve(); // the question "who am I" under way, if any
let askAgain = null; // asks it anew (account.js): another tab may have signed in since

export function setCsrf(token) {
  csrf = token || null;
}

// Changes wait for `question` (who is signed in here) before they are sent, so that a
// change made as the page opens carries the CSRF token; `again` asks anew after a
// change was refused for want of it.
export function awaitSession(question, again) {
  asking = question.catch(() => null);
  askAgain = again;
}

const SAFE = ["GET", "HEAD", "OPTIONS"];

// The headers of a request: the page's language, JSON, a seat's token, and the CSRF header on every change
// while signed in (a seat's token needs none, but it does no harm).
export function headersFor(method, body, token) {
  const headers = languageHeader();
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  if (csrf && !SAFE.includes(method.toUpperCase())) {
    headers[CSRF_HEADER] = csrf;
  }
  return headers;
}

// A table's calls carry this browser's token for one of its seats when it holds one: a
// private table answers nobody else (not its summary, replay, record or review).
export async function api(path, { method = "GET", body, token } = {}, retry = true) {
  const changes = !SAFE.includes(method.toUpperCase());
  if (changes) await asking;
  const table = path.match(/^\/api\/tables\/([^/?]+)/);
  if (token === undefined && table) token = tokenFor(table[1])?.token;
  const res = await fetch(path, {
    method,
    headers: headersFor(method, body, token),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (changes && retry && res.status === 403 && askAgain && (data.reason || "").includes(CSRF_HEADER)) {
    await askAgain(); // the session changed in another tab: its token, then once more
    return api(path, { method, body, token }, false);
  }
  if (!res.ok) throw new ApiError(data, res.status);
  return data;
}

// Seat tokens this browser holds: {tableId: {game, seats: {seat: token}, name}}.
const KEY = "vaka.tables";

export function myTables() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

// The name this browser plays under: asked once, remembered for next time.
export const NAME_KEY = "vaka.name";
export const savedName = () => localStorage.getItem(NAME_KEY) || "";
export const saveName = (name) => localStorage.setItem(NAME_KEY, name);

export function keepToken(table, seat, token, game) {
  const all = myTables();
  const entry = all[table] || { game, seats: {}, at: Date.now() };
  entry.seats[seat] = token;
  if (game) entry.game = game;
  all[table] = entry;
  localStorage.setItem(KEY, JSON.stringify(all));
}

// Every seat token this browser holds, as the server takes them to give a signed-in
// person those seats: [{table, token}].
export function seatClaims() {
  return Object.entries(myTables()).flatMap(([table, entry]) =>
    Object.values(entry.seats || {}).map((token) => ({ table, token })),
  );
}

export function tokenFor(table) {
  const entry = myTables()[table];
  if (!entry) return null;
  const seats = Object.keys(entry.seats);
  return seats.length ? { seat: Number(seats[0]), token: entry.seats[seats[0]] } : null;
}

export function inviteLink(table, seat, token) {
  return `${location.origin}/#/join/${table}/${seat}/${token}`;
}

// A WebSocket's address on this server, with the page's language (the server's words in it).
export function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}?lang=${encodeURIComponent(lang())}`;
}

// The header that says the page's language ("de", "en-XA").
export function languageHeader() {
  return { "Accept-Language": lang().replace("_", "-") };
}

// Backoff for reconnecting: quick at first, then every few seconds.
export function backoff(attempt) {
  return Math.min(5000, 250 * 2 ** Math.min(attempt, 5));
}

// The whole log of a pushed state: a push carries only the entries from `log_from` on,
// the ones before are those this connection's earlier pushes held (`kept`, whole).
// Returns a new array (kept is left as it was), or null when entries are missing.
export function wholeLog(kept, msg) {
  const from = msg.log_from || 0;
  if (from === 0) return msg.view.log;
  if (!kept || kept.length < from) return null;
  return kept.slice(0, from).concat(msg.view.log);
}

export class TableSocket {
  // onMessage(msg) gets every message, each state with its log whole;
  // onStatus("open" | "reconnecting" | "closed").
  constructor(table, token, onMessage, onStatus) {
    Object.assign(this, { table, token, onMessage, onStatus });
    this.attempt = 0;
    this.closed = false;
    this.connect();
  }

  connect() {
    const ws = new WebSocket(socketUrl(`/ws/tables/${this.table}`));
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      ws.send(JSON.stringify({ type: "hello", token: this.token }));
      this.onStatus("open");
    };
    let log = null; // this connection's log so far
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        const whole = wholeLog(log, msg);
        if (whole === null) {
          ws.close(); // a gap: connect again, and the first push brings the whole log
          return;
        }
        log = msg.view.log = whole;
        msg.log_from = 0;
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.closed) return;
      if (ev.code === 4403 || ev.code === 4404) {
        this.onStatus("closed");
        return;
      }
      this.onStatus("reconnecting");
      setTimeout(() => this.connect(), backoff(this.attempt++));
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
