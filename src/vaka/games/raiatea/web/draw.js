// Raiatea's drawing pieces: cards, tokens and the pointing wrapper shared by the panels.
import { html } from "/static/html.js";
import { number, t, tc, tn } from "/static/i18n.js";
import { seatColour } from "/static/colors.js";
import { seatName as nameOf } from "/static/words.js";
import { firstLegal, sayAction, wrap } from "./logic.js";

export const TYPE_FILL = { personal: "#3a3a3a", permanent: "#2a64a8", interactive: "#8c1c3a",
  general: "#8a5a2b" };

// A seat by the name the table shows ("Medium bot 1"), able to open a sentence; seatName
// adds "(you)" for the page's own seat.
export const named = (ctx, s) => {
  const n = nameOf(ctx.table, s);
  return n[0].toUpperCase() + n.slice(1);
};
export const seatName = (ctx, s) => `${named(ctx, s)}${s === ctx.seat ? t(" (you)") : ""}`;

// A <g> that offers the first legal action of `candidates` (pointing convention of the
// client: data-action, role, tabindex, aria-label, click and Enter/Space); otherwise a
// plain <g>. `what` names the thing for the label when the action is not enough. The label
// is the <title> (an SVG element's name), not an aria-label: the drawing's words, clipped
// to fit, would not be part of an aria-label, which people who speak to their computer
// must say to point at it (WCAG's label in name).
export function Spot({ ctx, offers, x = 0, y = 0, children, title, moved, card }) {
  const action = offers ? firstLegal(ctx.acts, offers) : null;
  const at = x || y ? `translate(${x},${y})` : undefined;
  const mark = moved ? { class: "moved", "data-moved": "1" } : {};
  if (!action) {
    return html`<g transform=${at} data-card=${card} ...${mark}>${title &&
      html`<title>${title}</title>`}${children}</g>`;
  }
  const fire = () => ctx.act(action);
  const label = sayAction(action, ctx.name) + (title ? ` — ${title}` : "");
  return html`<g transform=${at} class=${`rt-offer${moved ? " moved" : ""}`} data-action=${action}
    data-moved=${moved ? "1" : undefined} data-card=${card} role="button"
    tabindex="0" onClick=${fire}
    onKeyDown=${(e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); fire(); } }}>
    <title>${label}</title>${children}</g>`;
}

// Multi-line text (SVG does not wrap).
export function Lines({ x, y, text, width, size = 11, lines = 3, anchor = "start", cls = "",
  weight }) {
  const rows = wrap(text, width, lines);
  return html`<text x=${x} y=${y} font-size=${size} text-anchor=${anchor} class=${cls}
    font-weight=${weight}>${rows.map((r, i) => html`<tspan x=${x} dy=${i ? size * 1.15 : 0}>${r}</tspan>`)}</text>`;
}

// The rectangle a pointable thing outlines when hovered or focused (class "hit").
export const Hit = ({ w, h, rx = 6, fill = "none", stroke = "none", sw = 1 }) =>
  html`<rect class="hit" width=${w} height=${h} rx=${rx} fill=${fill} stroke=${stroke}
    stroke-width=${sw} />`;

export const RITUAL_W = 120;
export const RITUAL_H = 92;

// A ritual card face: type colour, name, mana cost, deck, text.
export function RitualCard({ ctx, id, offers, x, y, note, moved }) {
  const r = ctx.comps.rituals[id];
  if (!r) return null;
  const fill = TYPE_FILL[r.type] || "#555";
  const type = t(ctx.comps.ritual_types[r.type] || r.type);
  const said = { name: t(r.name), type, mana: r.mana };
  const title = (r.deck === "forbidden" ? t("{name}: {type} forbidden ritual, {mana} mana", said)
    : t("{name}: {type} normal ritual, {mana} mana", said)) + (Object.keys(r.price).length ? t(", price {price}", { price: Object.entries(
    r.price).map(([k, v]) => priced(k, v)).join(", ") }) : "") + `. ${t(r.text)}`;
  return html`<${Spot} ctx=${ctx} offers=${offers} x=${x} y=${y} title=${title} moved=${moved}
      card=${id}>
    <${Hit} w=${RITUAL_W} h=${RITUAL_H} fill="#fffaf0" stroke=${fill} sw="2" />
    <rect width=${RITUAL_W} height="32" rx="6" fill=${fill} />
    ${r.deck === "forbidden" && html`<rect x="2" y="2" width=${RITUAL_W - 4}
      height=${RITUAL_H - 4} rx="5" fill="none" stroke="#5b2a86" stroke-dasharray="4 2" />`}
    <${Lines} x="5" y="13" text=${t(r.name)} width="13" size=${nameSize(t(r.name))} lines="2"
      cls="rt-light" weight="600" />
    <circle cx=${RITUAL_W - 12} cy="12" r="10" fill="#d9ecff" stroke="#1d5c73" />
    <text x=${RITUAL_W - 12} y="16" font-size="12" text-anchor="middle" font-weight="700">${number(r.mana)}</text>
    <${Lines} x="5" y="45" text=${t(r.text)} width="21" size="9.6" lines="3" />
    <text x="5" y=${RITUAL_H - 4} font-size="8.5" class="rt-dim">${
      r.deck === "forbidden" ? t("Forb. · ") : ""}${type}${
      note ? ` · ${note}` : ""}</text>
  </${Spot}>`;
}

// A ritual's name a size smaller where a line of it would run under the mana badge.
const nameSize = (name) => (Math.max(...wrap(name, 13, 2).map((l) => l.length)) > 11 ? 10 : 11);

// A ritual's price of one kind in words ("2 pearls").
function priced(kind, n) {
  if (typeof n === "object") return `${JSON.stringify(n)} ${kind}`;
  const forms = {
    pearls: () => tn("{n} pearl", "{n} pearls", n),
    mana: () => tn("{n} mana", "{n} mana", n),
    priests: () => tn("{n} priest", "{n} priests", n),
    tattoo: () => tn("{n} tattoo", "{n} tattoos", n),
    masks: () => tn("{n} mask", "{n} masks", n),
    commodities: () => tn("{n} commodity", "{n} commodities", n),
    assistants: () => tn("{n} assistant", "{n} assistants", n),
    turn_assistants: () => tn("{n} assistant to turn", "{n} assistants to turn", n),
  };
  return forms[kind] ? forms[kind]() : `${number(n)} ${kind}`;
}

// The back of a ritual card (hidden from this seat): its deck only.
export const CardBack = ({ x, y, deck, w = 24, h = 34 }) => html`<g transform=${`translate(${x},${y})`}>
  <rect width=${w} height=${h} rx="3" fill=${deck === "forbidden" ? "#5b2a86" : "#7a4b1e"}
    stroke="#fff" /><text x=${w / 2} y=${h / 2 + 4} font-size="10" text-anchor="middle"
    class="rt-light">${deck === "forbidden" ? tc("initial of the forbidden deck", "F")
      : tc("initial of the normal deck", "N")}</text></g>`;

// A mask card.
export function MaskCard({ ctx, id, offers, x, y, paired, w = 96, moved }) {
  const m = ctx.comps.masks[id] || { name: id, text: "" };
  const name = t(m.name);
  return html`<${Spot} ctx=${ctx} offers=${offers} x=${x} y=${y} moved=${moved}
      title=${`${name}${paired ? t(" (paired)") : ""}: ${m.text && t(m.text)}`}>
    <${Hit} w=${w} h="44" fill=${paired ? "#fbe7b5" : "#f3e6cf"} stroke="#8a5a2b" />
    <path d=${`M${w / 2 - 14} 9 q14 -6 28 0 q2 14 -14 19 q-16 -5 -14 -19z`} fill="#8a5a2b" />
    <circle cx=${w / 2 - 6} cy="15" r="2.4" fill="#f3e6cf" />
    <circle cx=${w / 2 + 6} cy="15" r="2.4" fill="#f3e6cf" />
    <text x=${w / 2} y="39" font-size=${w < 90 ? 8.6 : 9.5} text-anchor="middle">${
      name.startsWith(t("Mask of ")) ? name.slice(t("Mask of ").length) : name}${
      paired ? " ✦" : ""}</text>
  </${Spot}>`;
}

// Pearls and mana: a counter token.
export const Counter = ({ x, y, n, kind, r = 13 }) => html`<g transform=${`translate(${x},${y})`}>
  <circle r=${r} fill=${kind === "mana" ? "#cfe3ff" : "#f7f3ea"} stroke=${
    kind === "mana" ? "#2a64a8" : "#9a8f7a"} stroke-width="2" />
  <text y="4.5" font-size="13" text-anchor="middle" font-weight="700">${number(n)}</text>
  <text y=${r + 11} font-size="9.5" text-anchor="middle" class="rt-dim">${
    kind === "mana" ? t("mana") : t("pearls")}</text></g>`;

// A player's disc on a track, with the seat number (colour is never the only sign).
export const Disc = ({ x, y, seat, r = 9, moved }) => html`<g transform=${`translate(${x},${y})`}
    class=${moved ? "moved" : undefined} data-moved=${moved ? "1" : undefined}>
  <circle r=${r} fill=${seatColour(seat)} stroke="#1f2a30" />
  <text y="3.5" font-size="10" text-anchor="middle" font-weight="700">${seat}</text></g>`;

// Panel frame: an <svg> of its own so that panels reflow on narrow screens.
export const Panel = ({ w, h, label, children, wide }) => html`<svg
    class=${`board rt-panel${wide ? " rt-wide" : ""}`} viewBox=${`0 0 ${w} ${h}`}
    role="group" aria-label=${label} style=${`aspect-ratio: ${w} / ${h}`}>
  <rect width=${w} height=${h} rx="10" class="rt-cloth" />${children}</svg>`;

export const Heading = ({ x, y, text }) =>
  html`<text x=${x} y=${y} class="rt-head" font-size="14" font-weight="700">${text}</text>`;
