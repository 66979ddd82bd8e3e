// Atua's printed faces, drawn from the server's component data (GET
// /api/games/atua/components): any card at any pose, the way svg.py draws them.
import { useEffect, useState } from "preact/hooks";
import { html } from "/static/html.js";
import { t, tc, tn } from "/static/i18n.js";
import { api } from "/static/net.js";
import { parsePlacement, poseTransform } from "./geom.js";

export const TERRAIN = { mainland: "#8cc265", beach: "#f1dc9a", sea: "#5aa9dd" };
// The two letters on a symbol's badge, in the reader's language (as the key below says).
const SYMBOLS = {
  fisherman: [() => tc("badge of the fisherman", "Fm"), "#1d4f91"],
  fish: [() => tc("badge of the fish", "Fi"), "#1d4f91"],
  huntress: [() => tc("badge of the huntress", "Hu"), "#8a3b12"],
  bird: [() => tc("badge of the bird", "Bi"), "#8a3b12"],
  canoe: [() => tc("badge of the canoe", "Ca"), "#6b4f1d"],
  palm: [() => tc("badge of the palm", "Pa"), "#2f6b1f"],
  coconut: [() => tc("badge of the coconut", "Co"), "#5a3a1a"],
  volcano: [() => "", "#b3261e"],
};
const TOTEMS = {
  salamander: () => tc("badge of the salamander totem", "Sa"),
  tribal_mask: () => tc("badge of the tribal mask totem", "Ma"),
  moon: () => tc("badge of the moon totem", "Mo"),
  turtle: () => tc("badge of the turtle totem", "Tu"),
  shark: () => tc("badge of the shark totem", "Sh"),
  tiki: () => tc("badge of the tiki totem", "Ti"),
  manta: () => tc("badge of the manta totem", "Mr"),
};

// The symbols, totems and counted things by their names in the reader's language.
const WORDS = {
  fisherman: () => tc("atua symbol", "fisherman"), fish: () => tc("atua symbol", "fish"),
  huntress: () => tc("atua symbol", "huntress"), bird: () => tc("atua symbol", "bird"),
  canoe: () => tc("atua symbol", "canoe"), palm: () => tc("atua symbol", "palm"),
  coconut: () => tc("atua symbol", "coconut"), volcano: () => tc("atua symbol", "volcano"),
  totem: () => tc("atua symbol", "totem"), beach_cards: () => tc("atua symbol", "beach cards"),
  salamander: () => tc("atua symbol", "salamander"),
  tribal_mask: () => tc("atua symbol", "tribal mask"), moon: () => tc("atua symbol", "moon"),
  turtle: () => tc("atua symbol", "turtle"), shark: () => tc("atua symbol", "shark"),
  tiki: () => tc("atua symbol", "tiki"), manta: () => tc("atua symbol", "manta"),
};

/** A symbol or totem by its name ("tribal mask"), in the reader's language. */
export const symbolWord = (k) => (WORDS[k] ? WORDS[k]() : k.replace(/_/g, " "));

/** A totem by its name and the word totem ("moon totem"). */
export const totemWord = (k) => t("{totem} totem", { totem: symbolWord(k) });

let loading = null;

/** The component data, fetched once per page. */
export function useFaces() {
  const [faces, setFaces] = useState(loading && loading.done ? loading.done : null);
  useEffect(() => {
    if (!loading) {
      loading = api("/api/games/atua/components").then((c) => (loading.done = c));
    }
    let live = true;
    loading.then((c) => live && setFaces(c)).catch(() => { loading = null; });
    return () => { live = false; };
  }, []);
  return faces;
}

const pts = (poly) => poly.map(([u, v]) => `${u},${-v}`).join(" ");

/** One card face in card coordinates (centre at the origin, drawn y down). */
export function Face({ face, outline = "#3b3b3b", angle = 0 }) {
  if (!face) return null;
  return html`<g class="face">
    ${face.regions.map((r) => html`<polygon points=${pts(r.polygon)} fill=${TERRAIN[r.terrain]} />`)}
    <rect x="-315" y="-440" width="630" height="880" rx="12" fill="none" stroke=${outline}
      stroke-width="6" />
    ${face.symbols.map((s) => html`<${Sym} s=${s} card=${face.id} angle=${angle} />`)}
    ${face.star && html`<${Star} x=${face.star.at[0]} y=${face.star.at[1]} r=${face.star.r} />`}
  </g>`;
}

/** What the two letters on the badges mean, drawn as the badges are (a key for newcomers). */
export function SymbolKey() {
  const badge = (label, colour, name) => html`<li><svg viewBox="-12 -12 24 24" width="20"
      height="20" aria-hidden="true"><circle r="10" fill="white" stroke=${colour}
      stroke-width="2" /><text y="3.5" font-size="9.5" text-anchor="middle" fill=${colour}
      font-weight="bold">${label()}</text></svg>${name}</li>`;
  return html`<details class="atua-key"><summary>${t("Key to the symbols")}</summary><ul>
    ${Object.entries(SYMBOLS).filter(([k]) => k !== "volcano")
      .map(([k, [label, colour]]) => badge(label, colour, symbolWord(k)))}
    <li><svg viewBox="-12 -12 24 24" width="20" height="20" aria-hidden="true"><circle r="10"
      fill="#f3b8a8" stroke="#b3261e" stroke-width="2" /></svg>${symbolWord("volcano")}</li>
    <li><svg viewBox="-12 -12 24 24" width="20" height="20" aria-hidden="true"><${Star} x=${0}
      y=${0} r=${10} /></svg>${t("village star")}</li>
    ${Object.entries(TOTEMS).map(([k, label]) => badge(label, "#6a1b9a", totemWord(k)))}
  </ul><p>${t("Fisherman pairs with fish, huntress with bird, canoe with palm; totems score by how many different kinds lie on your island (two alike count for neither). Cards (c12) and fate tiles (f3) go by their printed numbers.")}</p>
  </details>`;
}

export function symbolName(s) {
  return s.totem ? totemWord(s.totem) : symbolWord(s.kind);
}

// `angle`: the card's turn (tenths of a degree), undone on the letters so they stand upright.
function Sym({ s, card, angle = 0 }) {
  let [label, colour] = SYMBOLS[s.kind] || [() => "?", "#000"];
  if (s.totem) [label, colour] = [TOTEMS[s.totem] || (() => "To"), "#6a1b9a"];
  const [x, y] = [s.at[0], -s.at[1]];
  const volcano = s.kind === "volcano"; // its star sits in the middle: no letters
  return html`<g class="symbol">
    <circle cx=${x} cy=${y} r=${s.r} fill=${volcano ? "#f3b8a8" : "white"} stroke=${colour}
      stroke-width="7"><title>${t("{symbol} on {card}", { symbol: symbolName(s), card })}</title></circle>
    ${!volcano && html`<text x=${x} y=${y + s.r * 0.32} font-size=${s.r * 0.9} text-anchor="middle"
      fill=${colour} font-weight="bold" transform=${angle ? `rotate(${angle / 10} ${x} ${y})` : undefined}
      >${label()}</text>`}
  </g>`;
}

export function Star({ x, y, r }) {
  const p = [];
  for (let k = 0; k < 10; k++) {
    const a = Math.PI / 2 + (k * Math.PI) / 5;
    const rr = k % 2 === 0 ? r : r * 0.45;
    p.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(-(y + rr * Math.sin(a))).toFixed(1)}`);
  }
  return html`<polygon class="star" points=${p.join(" ")} fill="#ffd23f" stroke="#7a5c00"
    stroke-width="5"><title>${t("a star: never to be covered")}</title></polygon>`;
}

/** A card laid at a pose {x, y, angle} in table coordinates. */
export function Laid({ faces, pose, cls = "laid", moved = false }) {
  return html`<g class=${`${cls}${moved ? " moved" : ""}`} transform=${poseTransform(pose)}
      data-card=${pose.card} data-moved=${moved ? "1" : undefined}>
    <${Face} face=${faces.cards[pose.card]} angle=${pose.angle} />
    ${moved && html`<rect class="moved-edge" x="-315" y="-440" width="630" height="880" rx="12" />`}
  </g>`;
}

/** An island's cards in the order laid (the village first at the origin). */
export function islandPoses(seat) {
  return [
    { card: seat.village, x: 0, y: 0, angle: 0 },
    ...seat.placements.map(parsePlacement).filter(Boolean),
  ];
}

/** Every card of an island; later cards lie over earlier ones, as on the table. `fresh`:
 * the cards laid since the viewer's last move (marked). */
export function IslandCards({ faces, poses, fresh = null }) {
  return html`<g class="island-cards">${poses.map((p) => html`<${Laid} faces=${faces} pose=${p}
    moved=${!!fresh && fresh.has(p.card)} />`)}</g>`;
}

/** The cards of a seat laid since `since` (that seat's entry in the earlier view). */
export function laidSince(seat, before) {
  if (!before) return new Set();
  const had = new Set(before.placements);
  return new Set(seat.placements.filter((t) => !had.has(t)).map((t) => parsePlacement(t)?.card)
    .filter(Boolean));
}

/** Coconuts on a card of the row: brown nuts with their count. */
export function Coconuts({ n, x, y }) {
  if (!n) return null;
  return html`<g class="coconuts" aria-label=${tn("{n} coconut", "{n} coconuts", n)}>
    <circle cx=${x} cy=${y} r="95" fill="#6b4423" stroke="#3a240f" stroke-width="8" />
    <text x=${x} y=${y + 38} font-size="110" text-anchor="middle" fill="white"
      font-weight="bold">${n}</text>
  </g>`;
}
