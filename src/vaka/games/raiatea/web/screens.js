// Raiatea's player screens: what lies in front of each screen (masks, assistants, blue
// rituals) for all to see, and behind it what the view shows this seat: everything behind
// its own screen, only counts and card backs behind the others' (all of it once the game is
// over).
import { useRef } from "preact/hooks";
import { html } from "/static/html.js";
import { number, t, tn } from "/static/i18n.js";
import { seatColour } from "/static/colors.js";
import { OFFERS } from "./logic.js";
import {
  CardBack, Counter, Hit, MaskCard, Panel, RITUAL_H, RITUAL_W, RitualCard, seatName, Spot,
} from "./draw.js";

// Items of given sizes laid out left to right, wrapping at `width`.
function flow(items, width, x0, y0, gap = 6) {
  let x = x0;
  let y = y0;
  let rowH = 0;
  const out = [];
  for (const it of items) {
    if (x > x0 && x + it.w > x0 + width) {
      x = x0;
      y += rowH + gap;
      rowH = 0;
    }
    out.push(it.draw(x, y));
    x += it.w + gap;
    rowH = Math.max(rowH, it.h);
  }
  return [out, items.length ? y + rowH - y0 : 0];
}

function assistantItems(ctx, s, mine, mark) {
  const items = [];
  for (const a of ctx.comps.assistants) {
    const ready = s.assistants[a.id] || 0;
    const turned = s.turned[a.id] || 0;
    if (!ready && !turned) continue;
    const w = Math.max(90, 10 + ready * 16 + turned * 26);
    items.push({ w, h: 52, draw: (x, y) => html`<${Spot} ctx=${ctx}
        offers=${mine ? OFFERS.myAssistant(a.id) : null} x=${x} y=${y} moved=${mark.assistants.has(a.id)}
        title=${`${t("{name}: {ready} ready, {turned} turned.", { name: t(a.name), ready, turned })
          } A: ${t(a.a)} B: ${t(a.b)}`}>
      <${Hit} w=${w} h="52" fill="#dcebf5" stroke="#2a64a8" />
      ${Array.from({ length: ready }, (_, i) => html`<rect x=${6 + i * 16} y="6" width="14"
        height="22" rx="2" fill="#fff" stroke="#2a64a8" />`)}
      ${Array.from({ length: turned }, (_, i) => html`<rect x=${6 + ready * 16 + i * 26} y="12"
        width="22" height="14" rx="2" fill="#b9c8d6" stroke="#2a64a8" />`)}
      <text x="6" y="39" font-size="10.5" font-weight="600">${t(a.name)}</text>
      <text x="6" y="49" font-size="9" class="rt-dim">${t("{n} ready", { n: ready })}${
        turned ? t(", {n} turned", { n: turned }) : ""}</text>
    </${Spot}>` });
  }
  return items;
}

const NO_MARKS = { masks: new Set(), blue: new Set(), cards: new Set(), assistants: new Set(),
  goods: new Set() };

function frontItems(ctx, s, mine, mark) {
  const paired = new Set(s.mask_pairs || []);
  const masks = s.masks.map((m) => ({ w: 96, h: 44, draw: (x, y) => html`<${MaskCard} ctx=${ctx}
    id=${m} offers=${mine ? OFFERS.myMask(m) : OFFERS.theirMask(m)} x=${x} y=${y}
    paired=${paired.has(m)} moved=${mark.masks.has(m)} />` }));
  const blue = s.blue.map((r) => ({ w: RITUAL_W, h: RITUAL_H, draw: (x, y) => html`<${RitualCard}
    ctx=${ctx} id=${r} x=${x} y=${y} note=${t("in play")} moved=${mark.blue.has(r)} />` }));
  return [...masks, ...assistantItems(ctx, s, mine, mark), ...blue];
}

// The cards behind a screen in the order this page first saw each (a kept, prepared or
// drawn card keeps its place: nothing moves under the pointer after a click); new cards
// go to the end, and cards gone are forgotten.
function steady(cards, order) {
  const count = {};
  const keyed = cards.map((c) => {
    count[c[0]] = (count[c[0]] || 0) + 1;
    return [`${c[0]}#${count[c[0]]}`, c];
  });
  const live = new Set(keyed.map(([k]) => k));
  for (const k of [...order.keys()]) if (!live.has(k)) order.delete(k);
  let next = Math.max(0, ...order.values()) + 1;
  for (const [k] of keyed) if (!order.has(k)) order.set(k, next++);
  return keyed.sort((a, b) => order.get(a[0]) - order.get(b[0])).map(([, c]) => c);
}

function behindOpen(ctx, s, mine, mark, order) {
  const { comps } = ctx;
  const items = [
    { w: 34, h: 44, draw: (x, y) => html`<${Counter} x=${x + 16} y=${y + 15} n=${s.pearls} kind="pearls" />` },
    { w: 34, h: 44, draw: (x, y) => html`<${Counter} x=${x + 16} y=${y + 15} n=${s.mana} kind="mana" />` },
  ];
  for (const c of comps.commodities) {
    const n = s.goods[c.id];
    if (!n) continue;
    items.push({ w: 84, h: 44, draw: (x, y) => html`<${Spot} ctx=${ctx}
        offers=${mine ? OFFERS.goods(c.id) : null} x=${x} y=${y} title=${`${number(n)} ${t(c.name)}`}
        moved=${mark.goods.has(c.id)}>
      <${Hit} w="84" h="44" fill="#e8f3d6" stroke="#6f8f72" />
      <text x="42" y="19" font-size="10.5" text-anchor="middle" font-weight="600">${
        t(c.name).replace(/ \(.*\)$/, "")}</text>
      <text x="42" y="36" font-size="12" text-anchor="middle">× ${number(n)}</text></${Spot}>` });
  }
  const vp = s.too_tokens.reduce((sum, id) => sum + (comps.toos[id]?.vp || 0), 0);
  items.push({ w: 96, h: 44, draw: (x, y) => html`<g transform=${`translate(${x},${y})`}>
    <title>${s.too_tokens.map((id) => comps.toos[id]?.text).join("; ")}</title>
    <rect width="96" height="44" rx="6" fill="#efe4cf" stroke="#8a7a60" />
    <text x="48" y="19" font-size="10.5" text-anchor="middle">${
      t("To'o tokens: {n}", { n: s.too_tokens.length })}</text>
    <text x="48" y="35" font-size="10.5" text-anchor="middle">${t("{n} VP", { n: vp })}</text></g>` });
  const cards = steady([
    ...s.hand.map((r) => [r, OFFERS.hand(r), t("in hand")]),
    ...s.drawn_cards.map((r) => [r, OFFERS.drawn(r), t("drawn")]),
    ...s.prepared_cards.map((r) => [r, null, t("in the bag")]),
  ], order);
  for (const [r, offers, note] of cards) {
    items.push({ w: RITUAL_W, h: RITUAL_H, draw: (x, y) => html`<${RitualCard} ctx=${ctx} id=${r}
      offers=${mine ? offers : null} x=${x} y=${y} note=${note} moved=${mark.cards.has(r)} />` });
  }
  return items;
}

// Where a hidden card lies, under its back.
const WHERE = { hand: () => t("hand"), drawn: () => t("drawn"), bag: () => t("bag") };

function behindClosed(s) {
  const items = [];
  const hand = s.rituals;
  const backs = [];
  if (hand) for (const d of ["normal", "forbidden"]) for (let i = 0; i < hand[d]; i++) backs.push([d, "hand"]);
  for (const d of ["normal", "forbidden"]) for (let i = 0; i < (s.drawn?.[d] || 0); i++) backs.push([d, "drawn"]);
  for (const d of ["normal", "forbidden"]) {
    for (let i = 0; i < (s.prepared?.clipped?.[d] || 0); i++) backs.push([d, "bag"]);
  }
  items.push({ w: 120, h: 40, draw: (x, y) => html`<g transform=${`translate(${x},${y})`}>
    <title>${t("pearls and mana are hidden; every gain and payment is in the log")}</title>
    <rect width="120" height="40" rx="6" fill="#6b5a45" /><text x="60" y="17" font-size="10.5"
      text-anchor="middle" class="rt-light">${tn("{n} commodity", "{n} commodities", s.commodities)}</text>
    <text x="60" y="32" font-size="10.5" text-anchor="middle" class="rt-light">${
      tn("{n} To'o token", "{n} To'o tokens", s.toos)}</text></g>` });
  backs.forEach(([d, where]) => items.push({ w: 24, h: 40, draw: (x, y) => html`<g>
    <${CardBack} x=${x} y=${y} deck=${d} /><text x=${x + 12} y=${y + 44} font-size="7.5"
      text-anchor="middle" class="rt-dim">${WHERE[where]()}</text></g>` }));
  return items;
}

// One seat's screen: the front for all, the back as this view shows it.
export function Screen({ ctx, s, width }) {
  const order = useRef(new Map());
  const mine = s.seat === ctx.seat;
  const open = Array.isArray(s.hand);
  const rank = ctx.comps.ranks.find((r) => r.id === s.rank);
  const mark = ctx.marks.seats[s.seat] || NO_MARKS;
  const [front, frontH] = flow(frontItems(ctx, s, mine, mark), width - 24, 12, 64);
  const behind = open ? behindOpen(ctx, s, mine, mark, order.current) : behindClosed(s);
  const by = 64 + (frontH ? frontH + 8 : 0) + 18;
  const [back, backH] = flow(behind, width - 24, 12, by);
  const h = by + backH + 18;
  const title = mine ? t("Your screen · {name}", { name: seatName(ctx, s.seat) })
    : t("Screen of · {name}", { name: seatName(ctx, s.seat) });
  const facts = `${rank ? t(rank.name) : s.rank} ${t("(tattoo {n})", { n: s.tattoo })} · ${
    tn("{n} priest", "{n} priests", s.priests)}${s.score ? ` · ${t("{n} VP", { n: s.score.total })}` : ""}`;
  return html`<${Panel} w=${width} h=${h} label=${title} wide=${width > 600}>
    <${Spot} ctx=${ctx} offers=${OFFERS.screen(s.seat)}>
      <${Hit} w=${width} h="30" rx="10" fill=${seatColour(s.seat)} />
      <text x="14" y="20" font-size="13" font-weight="700">${title}</text>
      <text x=${width - 14} y="20" font-size="11" text-anchor="end">${facts}</text>
    </${Spot}>
    <text x="12" y="52" font-size="11" font-weight="700" class="rt-section">${front.length
      ? t("In front of the screen") : t("In front of the screen: nothing yet")}</text>
    ${front}
    <text x="12" y=${by - 6} font-size="11" font-weight="700" class="rt-section">${
      open ? (mine ? t("Behind your screen (only you see this)") : t("Behind the screen (revealed)"))
        : t("Behind the screen (hidden: counts and card backs only)")}</text>
    ${back}
  </${Panel}>`;
}
