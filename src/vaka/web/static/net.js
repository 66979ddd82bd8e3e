// Talking to the service: REST calls, the seat tokens kept in this browser, and a
// WebSocket that reconnects by itself and always resumes at the latest version.

export class ApiError extends Error {
  constructor(body, status) {
    super(body.reason || `HTTP ${status}`);
    this.code = body.error || "error";
    this.status = status;
    this.body = body;
  }
}

// A table's calls carry this browser's token for one of its seats when it holds one: a
// private table answers nobody else (not its summary, replay, record or review).
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const table = path.match(/^\/api\/tables\/([^/?]+)/);
  if (token === undefined && table) token = tokenFor(table[1])?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
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

export function tokenFor(table) {
  const entry = myTables()[table];
  if (!entry) return null;
  const seats = Object.keys(entry.seats);
  return seats.length ? { seat: Number(seats[0]), token: entry.seats[seats[0]] } : null;
}

export function inviteLink(table, seat, token) {
  return `${location.origin}/#/join/${table}/${seat}/${token}`;
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
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.table}`);
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
