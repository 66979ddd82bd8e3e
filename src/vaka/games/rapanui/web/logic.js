// Rapa Nui's board, the parts that are plain data: which legal action a drawn thing stands
// for, how the hand groups, where the panels go. No drawing and no rules here: legality is
// always the server's `legal` list; these functions only look actions up in it.
import { tc, t } from "/static/i18n.js";
import { theirs } from "/static/words.js";

export const RESOURCES = ["fish", "grain", "mulberry", "potato"];
export const KINDS = [...RESOURCES, "woodcutter", "priest", "moai"];
export const PANEL_W = 400; // every panel is drawn this wide; the layout puts them in columns
export const GAP = 12;

// {action text: note} of the legal actions, so a drawn thing asks "is my action legal?".
export function legalMap(legal) {
  const m = new Map();
  for (const c of legal || []) m.set(c.action, c.note || "");
  return m;
}

// The hand as groups of identical cards, in the view's (sorted) order. Each group says which
// of "lay kind", "lay 2 kind", "lay 3 kind" are legal now.
export function handGroups(hand, legal) {
  const groups = [];
  for (const kind of hand || []) {
    const last = groups.at(-1);
    if (last && last.kind === kind) last.count += 1;
    else groups.push({ kind, count: 1 });
  }
  for (const g of groups) {
    g.lay = legal.has(`lay ${g.kind}`) ? `lay ${g.kind}` : null;
    g.more = [];
    for (let n = 2; n <= g.count; n++) {
      const a = `lay ${n} ${g.kind}`;
      if (legal.has(a)) g.more.push({ n, action: a });
    }
  }
  return groups;
}

// The cards of one display row, drawn from the bottom of the stack to its top card (which is
// drawn last, fully visible). With the top-only option the cards under the top are backs.
export function rowStack(row) {
  if (!row || !row.top) return [];
  if (row.kinds) return [...row.kinds].reverse().map((kind) => ({ kind }));
  const backs = Array.from({ length: row.cards - 1 }, () => ({ kind: null }));
  return [...backs, { kind: row.top }];
}

// The seats in the order they are drawn: yours first, then the others clockwise from you.
export function seatOrder(players, me) {
  const start = me === null || me === undefined ? 0 : me;
  return Array.from({ length: players }, (_, i) => (start + i) % players);
}

// Masonry: each panel ({key, h}) goes under the column that is shortest so far.
// Returns {places: {key: {x, y}}, width, height}.
export function layout(panels, columns) {
  const heights = Array(columns).fill(0);
  const places = {};
  for (const p of panels) {
    let c = 0;
    for (let i = 1; i < columns; i++) if (heights[i] < heights[c]) c = i;
    places[p.key] = { x: GAP + c * (PANEL_W + GAP), y: heights[c] + GAP };
    heights[c] += p.h + GAP;
  }
  return {
    places,
    width: columns * PANEL_W + (columns + 1) * GAP,
    height: Math.max(...heights) + GAP,
  };
}

// How many panel columns fit a board this many pixels wide.
export const columnsFor = (px) => (px >= 700 ? 2 : 1);

export function seatName(table, seat) {
  const name = table?.names?.[seat] || table?.seats?.[seat]?.name;
  return name ? name[0].toUpperCase() + name.slice(1) : t("Seat {n}", { n: seat });
}

// The line over the table: whose turn it is and what they are choosing.
export function banner(view, table) {
  if (view.is_over) {
    const w = (view.winners || []).map((s) => seatName(table, s));
    return w.length
      ? t("Game over after {n} turns — won by {winners}", { n: view.turn, winners: w.join(t(" and ")) })
      : t("Game over after {n} turns", { n: view.turn });
  }
  const d = view.decision;
  if (!d) return t("Turn {n}", { n: view.turn });
  const doing = d.seat === view.seat ? t("your move: {prompt}", { prompt: t(d.prompt) })
    : t("{name} is to {what}", { name: seatName(table, d.seat), what: theirs(t(d.prompt)) });
  const round = d.seat === view.active ? "" : view.active === view.seat
    ? t(" (sacrifice round after your Moai)")
    : t(" (sacrifice round after {name}'s Moai)", { name: seatName(table, view.active) });
  return t("Turn {n} — {doing}", { n: view.turn, doing }) + round;
}

// What pointing at a sacrifice card of a resource does in this phase, if it is legal.
export function sacrificeLabel(phase, kind) {
  const k = tc("rapanui", kind);
  if (phase === "hide") return t("put a {kind} sacrifice card face down on the stone", { kind: k });
  return t("put a {kind} sacrifice card face up on the stone", { kind: k });
}

// The supply's action for a resource now: buy, offer or gain, whichever is legal.
export function supplyAction(legal, kind) {
  for (const verb of ["buy", "offer", "gain"]) {
    const a = `${verb} ${kind}`;
    if (legal.has(a)) return { action: a, verb };
  }
  return null;
}

export const SUPPLY_WORDS = {
  buy: (k) => t("buy a {kind} sacrifice card", { kind: tc("rapanui", k) }),
  offer: (k) => t("put a {kind} card from the supply face up on the stone", { kind: tc("rapanui", k) }),
  gain: (k) => t("take a {kind} sacrifice card", { kind: tc("rapanui", k) }),
};

// What "pass" means in this phase, for the chip that offers it on the board.
export function passLabel(phase) {
  if (phase === "buy") return { short: t("buy none"), long: t("buy no sacrifice card this turn") };
  if (phase === "gain") return { short: t("take none"), long: t("take no sacrifice card") };
  return { short: t("pass"), long: t("pass") };
}

// The places that changed between `since` (the view after the seat's own last move) and
// `view`, as keys the board marks: "row0".."row3", "pile", "stone:fish", "stone:down",
// "supply:fish", "seat1:wood", "seat1:fame", "seat1:moai", "seat1:laid:priest",
// "seat1:sacrifice", "seat1:hand". Empty without a `since`.
export function changes(since, view) {
  const out = new Set();
  if (!since || since === view || since.seats?.length !== view.seats.length) return out;
  view.rows.forEach((r, i) => {
    const o = since.rows[i];
    if (!o || o.cards !== r.cards || o.top !== r.top) out.add(`row${i}`);
  });
  if (since.pile !== view.pile) out.add("pile");
  for (const k of RESOURCES) {
    if (since.stone.face_up[k] !== view.stone.face_up[k]) out.add(`stone:${k}`);
    if (since.supply[k] !== view.supply[k]) out.add(`supply:${k}`);
  }
  const down = (v) => v.stone.face_down.reduce((a, b) => a + b, 0);
  if (down(since) !== down(view)) out.add("stone:down");
  view.seats.forEach((e, s) => {
    const o = since.seats[s];
    if (o.wood !== e.wood) out.add(`seat${s}:wood`);
    if (o.fame !== e.fame) out.add(`seat${s}:fame`);
    if (o.laid.moai !== e.laid.moai) out.add(`seat${s}:moai`);
    for (const k of KINDS) if (o.laid[k] !== e.laid[k]) out.add(`seat${s}:laid:${k}`);
    if (o.sacrifice_cards !== e.sacrifice_cards) out.add(`seat${s}:sacrifice`);
    if (o.hand_size !== e.hand_size) out.add(`seat${s}:hand`);
  });
  return out;
}
