// Rapa Nui's printed things drawn small in SVG: the Rapa Nui cards (by kind), sacrifice
// cards, card backs, wood and fame. Every kind has its own picture and its name written on
// it, so no kind is told by colour alone.
import { html } from "/static/html.js";
import { tc } from "/static/i18n.js";

// Light tints, so dark writing on them reads well; the picture and the name tell kinds apart.
export const KIND_FILL = {
  fish: "#a9d8f2",
  grain: "#f2e38a",
  mulberry: "#e6b0d4",
  potato: "#dcbc94",
  woodcutter: "#9fd6bd",
  priest: "#c4bdea",
  moai: "#c9c4ba",
};
const INK = "#1f2a30";

// A kind's picture, centred on (0, 0), about 40 units across at scale 1.
export function Glyph({ kind, x = 0, y = 0, s = 1 }) {
  const t = `translate(${x} ${y}) scale(${s})`;
  const p = { fill: "none", stroke: INK, "stroke-width": 2, "stroke-linejoin": "round",
    "stroke-linecap": "round" };
  switch (kind) {
    case "fish":
      return html`<g transform=${t}>
        <path d="M-16 0 C-8 -11 8 -11 12 0 C8 11 -8 11 -16 0 Z" fill="#4f9fd0" ...${p} />
        <path d="M12 0 L20 -8 L20 8 Z" fill="#4f9fd0" ...${p} />
        <circle cx="-8" cy="-2" r="1.8" fill=${INK} /></g>`;
    case "grain":
      return html`<g transform=${t}>
        <path d="M0 18 L0 -16" ...${p} />
        ${[-12, -4, 4].map((y) => html`
          <ellipse cx="-5" cy=${y} rx="5" ry="3" transform=${`rotate(-35 -5 ${y})`}
            fill="#d8b43a" stroke=${INK} stroke-width="1.5" />
          <ellipse cx="5" cy=${y} rx="5" ry="3" transform=${`rotate(35 5 ${y})`}
            fill="#d8b43a" stroke=${INK} stroke-width="1.5" />`)}
        <ellipse cx="0" cy="-18" rx="3" ry="5" fill="#d8b43a" stroke=${INK}
          stroke-width="1.5" /></g>`;
    case "mulberry":
      return html`<g transform=${t}>
        <path d="M0 -12 L0 -18 M0 -16 C6 -22 12 -18 12 -18" ...${p} />
        ${[[-6, -6], [6, -6], [0, -6], [-8, 2], [8, 2], [0, 2], [-4, 10], [4, 10], [0, 16]]
          .map(([cx, cy]) => html`<circle cx=${cx} cy=${cy} r="5" fill="#9b3f7c"
            stroke=${INK} stroke-width="1.2" />`)}</g>`;
    case "potato":
      return html`<g transform=${t}>
        <path d="M-17 2 C-18 -9 -6 -13 3 -11 C14 -10 19 -3 16 6 C13 14 0 14 -8 12
          C-14 10 -16 7 -17 2 Z" fill="#b98a55" ...${p} />
        ${[[-8, -3], [4, -5], [8, 5], [-2, 6]].map(([cx, cy]) => html`<circle cx=${cx}
          cy=${cy} r="1.6" fill=${INK} />`)}</g>`;
    case "woodcutter":
      return html`<g transform=${t}>
        <path d="M-12 16 L8 -12" ...${p} stroke-width="4" stroke="#7a4b22" />
        <path d="M2 -18 C10 -20 18 -12 16 -4 L10 -8 L4 -12 Z" fill="#8a9aa3" ...${p} />
        </g>`;
    case "priest":
      return html`<g transform=${t}>
        <path d="M-6 -10 L0 -22 L6 -10 Z" fill="#f1f1f1" ...${p} />
        <circle cx="0" cy="-6" r="5" fill="#e8c9a0" ...${p} />
        <path d="M-12 18 L-6 0 L6 0 L12 18 Z" fill="#6a5acd" ...${p} /></g>`;
    case "moai":
      return html`<g transform=${t}>
        <path d="M-9 -20 L9 -20 L11 -4 L8 -2 L10 18 L-10 18 L-8 -2 L-11 -4 Z"
          fill="#8d8579" ...${p} />
        <path d="M-7 -10 L-2 -10 M2 -10 L7 -10 M0 -8 L2 2 L-1 2 M-5 8 L5 8" ...${p} /></g>`;
    default:
      return null;
  }
}

// A Rapa Nui card, face up: a band with its name at the top (what shows when it is
// overlapped), its picture below.
export function Card({ kind, x, y, w = 72, h = 100, band = 22, dim = false }) {
  [w, h, band] = [Number(w), Number(h), Number(band)]; // htm hands literal attributes as text
  const s = Math.min(w / 72, h / 100);
  return html`<g transform=${`translate(${x} ${y})`} class="rn-card"
      data-kind=${kind} opacity=${dim ? 0.92 : 1}>
    <rect width=${w} height=${h} rx="6" fill="#fffdf8" stroke="#6b5f4b" stroke-width="1.2" />
    <rect x="1.5" y="1.5" width=${w - 3} height=${band} rx="5" fill=${KIND_FILL[kind]} />
    <${Name} kind=${kind} x=${w / 2} y=${band * 0.72} w=${w - 6}
      size=${Math.min(12, band * 0.62)} />
    ${h > band + 20 && html`<rect x="4" y=${band + 4} width=${w - 8} height=${h - band - 8}
      rx="4" fill=${KIND_FILL[kind]} fill-opacity="0.45" />
    <${Glyph} kind=${kind} x=${w / 2} y=${band + (h - band) / 2} s=${s * 1.05} />`}
  </g>`;
}

// A kind's name, squeezed to fit the card's width when it would not.
function Name({ kind, x, y, w, size }) {
  const name = tc("rapanui", kind);
  const wide = name.length * size * 0.6 > w; // about 0.6 em a letter
  return html`<text x=${x} y=${y} text-anchor="middle" class="rn-kind" font-size=${size}
    textLength=${wide ? w : null} lengthAdjust=${wide ? "spacingAndGlyphs" : null}>${name}</text>`;
}

// A text's attributes that squeeze it into `room` units where it would be wider (about
// 0.58 em a letter): the German names are longer than the room the English ones needed.
export function squeeze(text, room, size) {
  return String(text).length * size * 0.58 > room
    ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
}

// A resource by its short name, for the labels under the small pictures.
const SHORT = {
  fish: () => tc("rapanui short name", "fish"),
  grain: () => tc("rapanui short name", "grain"),
  mulberry: () => tc("rapanui short name", "mulberry"),
  potato: () => tc("rapanui short name", "potato"),
};
export const shortName = (kind) => (SHORT[kind] ? SHORT[kind]() : tc("rapanui", kind));

// A Rapa Nui card from behind (the draw pile; the cards under a top-only row; others' hands).
export function Back({ x, y, w = 72, h = 100 }) {
  return html`<g transform=${`translate(${x} ${y})`}>
    <rect width=${w} height=${h} rx="6" fill="#1d5c73" stroke="#0f3545" stroke-width="1.2" />
    <rect x="5" y="5" width=${w - 10} height=${h - 10} rx="4" fill="none" stroke="#8fc3d3"
      stroke-dasharray="3 3" />
    ${w >= 50 && html`<text x=${w / 2} y=${h / 2 + 4} text-anchor="middle" fill="#cfe6ee"
      font-size=${w / 6} font-weight="700">RN</text>`}</g>`;
}

// A sacrifice card of a resource (round corners, the resource's picture, dark frame).
export function Sacrifice({ kind, x, y, w = 34, h = 46, down = false }) {
  if (down) {
    return html`<g transform=${`translate(${x} ${y})`}>
      <rect width=${w} height=${h} rx="5" fill="#5b4a3a" stroke="#2c2118" stroke-width="1.2" />
      <text x=${w / 2} y=${h / 2 + 5} text-anchor="middle" fill="#e7d9c4" font-size="14"
        font-weight="700">?</text></g>`;
  }
  return html`<g transform=${`translate(${x} ${y})`}>
    <rect width=${w} height=${h} rx="5" fill=${KIND_FILL[kind]} stroke="#3b3024"
      stroke-width="2" />
    <${Glyph} kind=${kind} x=${w / 2} y=${h / 2} s=${Math.min(w, h) / 44} /></g>`;
}

export function Wood({ x, y, s = 1 }) {
  return html`<g transform=${`translate(${x} ${y}) scale(${s})`}>
    <rect x="-12" y="-7" width="24" height="14" rx="7" fill="#a0622d" stroke="#4a2c12" />
    <ellipse cx="9" cy="0" rx="4" ry="6" fill="#e0b07a" stroke="#4a2c12" /></g>`;
}

export function Fame({ x, y, s = 1 }) {
  return html`<g transform=${`translate(${x} ${y}) scale(${s})`}>
    <circle r="10" fill="#f2c744" stroke="#7a5a00" />
    <path d="M0 -6 L1.8 -1.8 L6 -1.8 L2.6 1 L3.8 5.4 L0 2.8 L-3.8 5.4 L-2.6 1 L-6 -1.8
      L-1.8 -1.8 Z" fill="#7a5a00" /></g>`;
}
