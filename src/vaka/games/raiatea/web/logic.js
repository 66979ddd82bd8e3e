// Raiatea's board logic that draws nothing: which legal action a thing on the table offers,
// what a sealed step is waiting for, and what the last reveal showed. Legality is never
// decided here: an element is pointable only when one of its actions is in `legal`.
import { t, tn } from "/static/i18n.js";
import { seatName } from "/static/words.js";

// The first of `candidates` that is a legal action now, or null.
export function firstLegal(acts, candidates) {
  for (const c of candidates) if (acts.has(c)) return c;
  return null;
}

// What each kind of thing on the table may be pointed at for, in order of preference.
export const OFFERS = {
  location: (id) => [`claim ${id}`],
  forest: (id) => [`pick ${id}`],
  goods: (c) => [`sell ${c}`, `sacrifice ${c}`, `pay ${c}`],
  commodityMarket: (c) => [`take ${c}`],
  chartTop: (c) => [`top ${c}`],
  assistantMarket: (t) => [`hire ${t}`, `take ${t}`],
  myAssistant: (t) => [`use ${t}`, `turn ${t}`, `reactivate ${t}`, `type ${t}`],
  myMask: (m) => [`give ${m}`],
  maskMarket: (m) => [`get ${m}`],
  theirMask: (m) => [`steal ${m}`],
  hand: (r) => [`prepare ${r}`, `perform ${r}`, `discard ${r}`],
  drawn: (r) => [`keep ${r}`],
  bag: (r) => [`perform ${r}`],
  deck: (d) => [`draw ${d}`],
  mission: (slot) => [`mission ${slot}`],
  gift: (g) => [`gift ${g}`],
  screen: (s) => [`target seat${s}`],
};

// The seats a sealed step waits for and those that have chosen (not what they chose).
export function sealedStatus(view) {
  const d = view.decision;
  if (!d || !Array.isArray(d.seats)) return null;
  const waiting = new Set(d.seats);
  const seats = view.seats.map((s) => s.seat);
  return {
    phase: d.phase,
    waiting: seats.filter((s) => waiting.has(s)),
    chosen: seats.filter((s) => !waiting.has(s)),
    mission: d.mission || null,
  };
}

// A mission's words with commodity ids turned into their printed names.
export function missionWords(text, commodities) {
  let out = text;
  for (const c of commodities) out = out.replaceAll(c.id, t(c.name));
  return out;
}

// Bids pointable on the board: the legal "bid N" actions as numbers, in order.
export function bidAmounts(legal) {
  return legal.map((c) => /^bid (\d+)$/.exec(c.action)).filter(Boolean).map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

// Words wrapped into lines of at most `width` characters (SVG text does not wrap).
export function wrap(text, width, maxLines = 3) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? line + " " + word : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = lines[maxLines - 1].replace(/.{0,1}$/, "…");
  }
  return lines;
}

// A printed name for any id a view or an action uses.
export function namer(comps, table = null) {
  const comm = Object.fromEntries(comps.commodities.map((c) => [c.id, c.name]));
  const asst = Object.fromEntries(comps.assistants.map((a) => [a.id, a.name]));
  const loc = Object.fromEntries(comps.locations.map((l) => [l.id, l.name]));
  return (id) => {
    const r = comps.rituals[id];
    if (r) return `${t(r.name)} (${tn("{n} mana", "{n} mana", r.mana)})`;
    if (comps.masks[id]) return t(comps.masks[id].name);
    if (comm[id]) return t(comm[id]);
    if (asst[id]) return t(asst[id]);
    if (loc[id]) return t(loc[id]);
    const seat = /^seat(\d)$/.exec(id);
    if (seat) {
      const n = seatName(table, Number(seat[1]));
      return n[0].toUpperCase() + n.slice(1);
    }
    if (/^\d\.\d\.\d$/.test(id)) return t("mission {id}", { id });
    return id;
  };
}

// An action in words, with names for its ids ("sell Mahi-mahi", "keep Chant of …").
export function sayAction(action, name) {
  const [verb, arg] = action.split(" ");
  if (arg === undefined) return ALONE[verb] ? ALONE[verb]() : verb;
  if (verb === "bid") return t("bid {n} mana", { n: Number(arg) });
  if (verb === "recruit") return arg === "1" ? t("recruit 1 priest") : t("recruit {n} priests", { n: Number(arg) });
  if (verb === "bonus") return t("take the bonus on space {n}", { n: Number(arg) + 1 });
  if (verb === "draw") return arg === "forbidden" ? t("draw forbidden rituals") : t("draw normal rituals");
  if (verb === "top") return t("move the {thing} price marker to the top", { thing: name(arg) });
  const said = VERBS[verb];
  return said ? said(name(arg)) : `${verb} ${name(arg)}`;
}

// The actions' verbs in words, each with the thing it acts on (as the action text says
// them in English: the verb as typed, then the thing's name).
const VERBS = {
  claim: (x) => t("claim {thing}", { thing: x }),
  pick: (x) => t("pick {thing}", { thing: x }),
  sell: (x) => t("sell {thing}", { thing: x }),
  sacrifice: (x) => t("sacrifice {thing}", { thing: x }),
  pay: (x) => t("pay {thing}", { thing: x }),
  take: (x) => t("take {thing}", { thing: x }),
  hire: (x) => t("hire {thing}", { thing: x }),
  use: (x) => t("use {thing}", { thing: x }),
  turn: (x) => t("turn {thing}", { thing: x }),
  reactivate: (x) => t("reactivate {thing}", { thing: x }),
  type: (x) => t("type {thing}", { thing: x }),
  give: (x) => t("give {thing}", { thing: x }),
  get: (x) => t("get {thing}", { thing: x }),
  steal: (x) => t("steal {thing}", { thing: x }),
  prepare: (x) => t("prepare {thing}", { thing: x }),
  perform: (x) => t("perform {thing}", { thing: x }),
  discard: (x) => t("discard {thing}", { thing: x }),
  keep: (x) => t("keep {thing}", { thing: x }),
  mission: (x) => t("mission {thing}", { thing: x }),
  gift: (x) => t("gift {thing}", { thing: x }),
  target: (x) => t("target {thing}", { thing: x }),
};
const ALONE = { pass: () => t("pass"), done: () => t("done") };

// The tab of the board that offers an action (null: the banner or your own screen, which
// are always in sight).
const TAB_OF_VERB = { claim: "island", gift: "island", recruit: "island", bid: "island",
  pick: "markets", take: "markets", hire: "markets", get: "markets", top: "markets",
  bonus: "markets", draw: "markets", mission: "statues", steal: "others", target: "others" };

export function tabOf(action, view) {
  const [verb, arg] = action.split(" ");
  if (verb === "perform" && (view.blessing || []).some(([r]) => r === arg)) return "island";
  if (verb === "target" && arg === `seat${view.seat}`) return null;
  return TAB_OF_VERB[verb] || null;
}

const added = (before, after) => {
  const left = [...(before || [])];
  const out = new Set();
  for (const x of after || []) {
    const i = left.indexOf(x);
    if (i >= 0) left.splice(i, 1);
    else out.add(x);
  }
  return out;
};

// What changed between `since` (this seat's view right after its own last move) and
// `view`, so that the board can mark it until this seat moves again: locations claimed,
// discs moved on the tracks, the ceremonial order, cards new in the markets, missions
// fulfilled or turned up, and per seat the masks, assistants and rituals new to it.
export function marksOf(since, view, viewer) {
  const none = { viewer, locations: new Set(), tattoo: new Set(), priests: new Set(), order: false,
    forest: new Set(), masks: new Set(), prices: new Set(), assistants: new Set(),
    missions: new Set(), seats: {} };
  if (!since || !view || since === view) return none;
  const m = none;
  m.locations = added(since.tiles, view.tiles);
  m.order = (since.order || []).join() !== (view.order || []).join();
  m.forest = added([...since.display || [], ...since.revealed || []],
    [...view.display || [], ...view.revealed || []]);
  m.masks = added(since.mask_market, view.mask_market);
  for (const [k, v] of Object.entries(view.prices || {})) if (since.prices?.[k] !== v) m.prices.add(k);
  for (const [k, v] of Object.entries(view.assistant_market || {})) {
    if (since.assistant_market?.[k] !== v) m.assistants.add(k);
  }
  (view.statues || []).forEach((st, si) => st.rows.forEach((row, r) => row.forEach((t, k) => {
    if (since.statues?.[si]?.rows?.[r]?.[k] !== t) m.missions.add(`${si + 1}.${r + 1}.${k + 1}`);
  })));
  for (const s of view.seats || []) {
    const b = (since.seats || []).find((x) => x.seat === s.seat);
    if (!b) continue;
    if (b.tattoo !== s.tattoo) m.tattoo.add(s.seat);
    if (b.priests !== s.priests) m.priests.add(s.seat);
    const cards = (x) => [...x.hand || [], ...x.drawn_cards || [], ...x.prepared_cards || []];
    const asst = new Set();
    for (const [k, v] of Object.entries(s.assistants || {})) {
      if ((b.assistants?.[k] || 0) !== v || (b.turned?.[k] || 0) !== (s.turned?.[k] || 0)) asst.add(k);
    }
    m.seats[s.seat] = { masks: added(b.masks, s.masks), blue: added(b.blue, s.blue),
      cards: added(cards(b), cards(s)), assistants: asst,
      goods: new Set(Object.keys(s.goods || {}).filter((k) => (b.goods?.[k] || 0) !== s.goods[k])) };
  }
  return m;
}

// Which tabs hold a mark (their tab is marked too, so a change out of sight is seen).
export function tabMarks(m) {
  const any = (...sets) => sets.some((x) => (x instanceof Set ? x.size > 0 : !!x));
  const others = Object.entries(m.seats).some(([s, x]) => Number(s) !== m.viewer &&
    any(x.masks, x.blue, x.assistants));
  return { island: any(m.locations, m.tattoo, m.priests, m.order),
    markets: any(m.forest, m.masks, m.prices, m.assistants), statues: any(m.missions), others };
}
