// Rapa Nui's table, drawn in SVG from the seat's view as the real table looks: the display's
// four rows of overlapped cards and the draw pile, the sacrifice stone and the supply, and
// each player's place (wood, fame, laid-out cards, sacrifice cards, hand). Whatever stands
// for a legal action can be pointed at (data-action, keyboard, aria-label); what is legal
// is only ever the server's `legal` list.
import { useEffect, useRef, useState } from "preact/hooks";
import { seatColour } from "/static/colors.js";
import { html } from "/static/html.js";
import { lang, loadLanguage, number, t, tc, tn, wanted } from "/static/i18n.js";
import { Back, Card, Fame, Glyph, Sacrifice, shortName, squeeze, Wood } from "./art.js";
import {
  KINDS, PANEL_W, RESOURCES, SUPPLY_WORDS, banner, changes, columnsFor, handGroups, layout,
  legalMap, passLabel, rowStack, sacrificeLabel, seatName, seatOrder, supplyAction,
} from "./logic.js";

// The stylesheets beside this module, linked when a table of the game opens.
export const styles = ["board.css"];

// The reader's catalog, if the page around the board has not loaded one yet.
if (lang() === "en" && wanted() !== "en") await loadLanguage();

const DISPLAY_H = 244;
const STONE_H = 236;

// Something on the board that stands for a legal action: click, Enter or Space plays it.
// `box` is the outline drawn when it is hovered or focused (and, dashed, while it is legal).
// Its name is its <title> (an SVG element's name), not an aria-label, which would have to
// hold every word drawn inside it (WCAG's label in name: people who point by voice say it).
function Point({ action, label, note, act, box, children }) {
  if (!action) return html`<g>${children}</g>`;
  const go = (ev) => {
    ev.preventDefault();
    act(action);
  };
  const said = note ? `${label} (${note})` : label;
  return html`<g data-action=${action} role="button" tabindex="0"
      onClick=${go} onKeyDown=${(ev) => (ev.key === "Enter" || ev.key === " ") && go(ev)}>
    <title>${said}</title>
    ${children}
    <rect class="hit" x=${box[0]} y=${box[1]} width=${box[2]} height=${box[3]} rx="7" />
  </g>`;
}

function useColumns() {
  const ref = useRef(null);
  const [cols, setCols] = useState(() => columnsFor(window.innerWidth > 800
    ? window.innerWidth - 400 : window.innerWidth));
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return undefined;
    const ro = new ResizeObserver(([e]) => setCols(columnsFor(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, cols];
}

// A changed place since the seat's last move: an outline the board keeps until then.
function Mark({ on, box }) {
  if (!on) return null;
  return html`<rect class="moved" data-moved="1" x=${box[0]} y=${box[1]} width=${box[2]}
    height=${box[3]} rx="8" />`;
}

export function Board({ view, legal, act, table, since }) {
  const [ref, cols] = useColumns();
  const L = legalMap(legal);
  const me = view.seat;
  const seats = seatOrder(view.seats.length, me);
  const panels = [
    { key: "display", h: DISPLAY_H },
    { key: "stone", h: STONE_H },
    ...seats.map((s) => ({ key: `seat${s}`, h: seatHeight(view, s) })),
  ];
  const at = layout(panels, cols);
  const put = (key) => `translate(${at.places[key].x} ${at.places[key].y})`;
  const line = banner(view, table);
  const moved = changes(since, view);
  const ctx = { view, L, act, table, moved };
  return html`<div class="rn" ref=${ref} data-version=${table?.version}>
    <p class=${`rn-banner${view.decision?.seat === me ? " rn-yours" : ""}`}
      aria-live="polite">${line}</p>
    <svg class="board rn-board" viewBox=${`0 0 ${at.width} ${at.height}`} role="group"
        aria-label=${t("Rapa Nui table")} style=${`aspect-ratio: ${at.width} / ${at.height}`}>
      <g transform=${put("display")}><${Display} ...${ctx} /></g>
      <g transform=${put("stone")}><${Stone} ...${ctx} /></g>
      ${seats.map((s) => html`<g transform=${put(`seat${s}`)}>
        <${SeatPanel} ...${ctx} s=${s} /></g>`)}
    </svg>
  </div>`;
}

function Panel({ title, h, children, colour, strong }) {
  return html`<g>
    <rect width=${PANEL_W} height=${h} rx="10" class="rn-panel"
      stroke=${colour || "#d8cdb5"} stroke-width=${strong ? 4 : colour ? 2 : 1} />
    ${title && html`<text x="10" y="18" class="rn-title">${title}</text>`}
    ${children}
  </g>`;
}

// The display: four rows of overlapped cards (drawn as columns, top card at the bottom,
// fully visible; the cards under it show their names) and the draw pile.
function Display({ view, L, act, moved }) {
  const W = 70;
  const H = 98;
  const PEEK = 24;
  return html`<${Panel} title=${t("Display")} h=${DISPLAY_H}>
    ${view.rows.map((row, i) => {
      const x = 8 + i * 77;
      const stack = rowStack(row);
      const action = `draw ${i + 1}`;
      const hgt = H + Math.max(0, stack.length - 1) * PEEK;
      const label = t("draw from row {n}: take its top card, the {card}",
        { n: i + 1, card: tc("rapanui", row.top || "") });
      return html`<g transform=${`translate(${x} 0)`}>
        <${Mark} on=${moved.has(`row${i}`)} box=${[-4, 30, W + 8, hgt + 38]} />
        <text x=${W / 2} y="40" text-anchor="middle" class="rn-small">${t("Row {n}", { n: i + 1 })}</text>
        ${stack.length === 0 ? html`<rect x="0" y="48" width=${W} height=${H} rx="6"
            class="rn-empty" /><text x=${W / 2} y=${48 + H / 2} text-anchor="middle"
            class="rn-small">${t("empty")}</text>`
          : html`<${Point} action=${L.has(action) ? action : null} label=${label}
              note=${L.get(action)} act=${act} box=${[-3, 45, W + 6, hgt + 6]}>
            ${stack.map((c, j) => (c.kind
              ? html`<${Card} kind=${c.kind} x="0" y=${48 + j * PEEK} w=${W} h=${H}
                  dim=${j < stack.length - 1} />`
              : html`<${Back} x="0" y=${48 + j * PEEK} w=${W} h=${H} />`))}
            <text x=${W / 2} y=${48 + hgt + 13} text-anchor="middle" class="rn-small">
              ${tn("{n} card", "{n} cards", row.cards)}</text>
          </${Point}>`}
      </g>`;
    })}
    <g transform="translate(318 0)" aria-label=${t("draw pile: {n} cards", { n: view.pile })} role="img">
      <${Mark} on=${moved.has("pile")} box=${[-2, 28, 76, 158]} />
      <text x="36" y="40" text-anchor="middle" class="rn-small"
        ...${squeeze(t("Draw pile"), 78, 12)}>${t("Draw pile")}</text>
      ${view.pile > 0 ? html`${[0, 1, 2].filter((k) => k < Math.min(3, view.pile)).map((k) =>
          html`<${Back} x=${8 - k * 3} y=${48 + k * 3} w="64" h="90" />`)}
          <text x="36" y="162" text-anchor="middle" class="rn-big">${number(view.pile)}</text>
          <text x="36" y="178" text-anchor="middle" class="rn-small">${t("cards left")}</text>`
        : html`<rect x="4" y="48" width="64" height="90" rx="6" class="rn-empty" />
          <text x="36" y="98" text-anchor="middle" class="rn-small">${t("used up")}</text>`}
    </g>
  </${Panel}>`;
}

// The sacrifice stone (what lies on it face up, the face-down pile, what a held card is
// worth) and the supply of sacrifice cards (to buy, offer or gain).
function Stone({ view, L, act, moved, table }) {
  const over = view.is_over;
  const up = over ? view.stone.all : view.stone.face_up;
  const down = view.stone.face_down.reduce((a, b) => a + b, 0);
  const phase = view.decision?.phase;
  const pass = L.has("pass") ? passLabel(phase) : null;
  const verb = RESOURCES.map((k) => supplyAction(L, k)?.verb).find(Boolean);
  return html`<${Panel} title=${t("Sacrifice stone")} h=${STONE_H}>
    <path class="rn-stone" d="M14 30 C60 22 200 20 300 26 C360 28 392 40 390 70
      C392 104 380 128 330 132 C230 138 90 140 36 132 C10 126 4 100 6 70 C6 46 8 34 14 30 Z" />
    ${RESOURCES.map((k, i) => {
      const x = 24 + i * 66;
      return html`<g transform=${`translate(${x} 36)`}>
        <${Mark} on=${moved.has(`stone:${k}`)} box=${[-5, -5, 64, 90]} />
        <${Sacrifice} kind=${k} x="0" y="0" w="34" h="44" />
        <text x="40" y="18" class="rn-count">×${number(up[k])}</text>
        <text x="0" y="60" class="rn-small" ...${squeeze(shortName(k), 60, 12)}>${shortName(k)}</text>
        <text x="0" y="78" class="rn-worth">${t("worth {n}", { n: view.sacrifice_values[k] })}</text>
      </g>`;
    })}
    ${over ? html`<text x="290" y="56" class="rn-small">${t("face down:")}</text>
        <text x="290" y="72" class="rn-small">${t("{n} turned", { n: down })}</text>
        <text x="290" y="88" class="rn-small">${t("up, counted")}</text>`
      : html`<g transform="translate(292 36)">
        <${Mark} on=${moved.has("stone:down")} box=${[-5, -5, 96, 70]} />
        <${Sacrifice} down x="0" y="0" w="34" h="44" />
        <text x="40" y="18" class="rn-count">×${number(down)}</text>
        <text x="0" y="60" class="rn-small">${t("face down")}</text>
        ${view.stone.face_down.map((n, s) => [s, n]).filter(([, n]) => n).map(([s, n], i) =>
          html`<text x="0" y=${76 + i * 14} class="rn-tiny">${seatName(table, s)}: ${number(n)}</text>`)}
      </g>`}
    <text x="10" y="158" class="rn-title">${t("Supply")}</text>
    ${verb && html`<text x="74" y="158" class="rn-small">${{
      buy: () => t("point at a kind to buy it"),
      offer: () => t("point at a kind to offer it on the stone"),
      gain: () => t("point at a kind to gain it") }[verb]()}</text>`}
    ${RESOURCES.map((k, i) => {
      const x = 24 + i * 66;
      const a = supplyAction(L, k);
      const label = a ? SUPPLY_WORDS[a.verb](k) : "";
      return html`<g transform=${`translate(${x} 168)`}>
        <${Mark} on=${moved.has(`supply:${k}`)} box=${[-6, -6, 66, 66]} />
        <${Point} action=${a?.action} label=${label} note=${a && L.get(a.action)} act=${act}
            box=${[-5, -4, 64, 62]}>
          ${view.supply[k] > 1 && html`<${Sacrifice} kind=${k} x="3" y="-2" w="34" h="44" />`}
          ${view.supply[k] > 0 ? html`<${Sacrifice} kind=${k} x="0" y="1" w="34" h="44" />`
            : html`<rect x="0" y="1" width="34" height="44" rx="5" class="rn-empty" />`}
          <text x="40" y="20" class="rn-count">${number(view.supply[k])}</text>
          <text x="0" y="56" class="rn-small" ...${squeeze(shortName(k), 60, 12)}>${
            shortName(k)}</text>
        </${Point}>
      </g>`;
    })}
    ${pass && html`<g transform="translate(292 178)">
      <${Point} action="pass" label=${pass.long} note=${L.get("pass")} act=${act}
          box=${[0, 0, 96, 34]}>
        <rect width="96" height="34" rx="8" class="rn-chip" />
        <text x="48" y="22" text-anchor="middle" class="rn-chip-text">${pass.short}</text>
      </${Point}></g>`}
  </${Panel}>`;
}

const TOKENS_Y = 44;
const LAID_Y = 62;
const SAC_Y = 164;
const HAND_Y = 244;

function seatHeight(view, s) {
  const e = view.seats[s];
  if (!("hand" in e)) return HAND_Y - 6;
  if (s === view.seat && !view.is_over) return HAND_Y + 24 + 100 + 36;
  return HAND_Y + 24 + 60 + 14 + (view.is_over ? 20 : 0);
}

// One player's place at the table.
function SeatPanel({ view, L, act, table, s, moved }) {
  const e = view.seats[s];
  const mine = s === view.seat;
  const known = "hand" in e;
  const d = view.decision;
  const moving = d && d.seat === s;
  const colour = seatColour(s);
  const h = seatHeight(view, s);
  const name = `${seatName(table, s)}${mine ? t(" (you)") : ""}`;
  const status = view.is_over ? (view.winners.includes(s) ? t("winner") : "")
    : moving ? (mine ? t("your move") : t("to move")) : view.active === s ? t("turn (Moai built)") : "";
  const take = (k) => (mine && L.has(`take ${k}`) ? `take ${k}` : null);
  const amount = d?.amount ?? "";
  return html`<g class="rn-seat" data-seat=${s} role="group" aria-label=${t("{name}: {wood} wood, {fame} fame, {moai} Moai",
        { name, wood: e.wood, fame: e.fame, moai: e.laid.moai }) + (status ? `, ${status}` : "")}>
    <${Panel} h=${h} colour=${colour} strong=${moving}>
      <rect x="2" y="2" width=${PANEL_W - 4} height="24" rx="8" fill=${colour}
        fill-opacity="0.28" />
      <circle cx="16" cy="14" r="6" fill=${colour} stroke="#1f2a30" />
      <text x="28" y="19" class="rn-title">${name}</text>
      ${(status || e.score) && html`<text x=${PANEL_W - 10} y="19" text-anchor="end"
        class="rn-status">${moving ? "▶ " : ""}${status}${status && e.score ? " · " : ""}${
        e.score && html`<tspan class="rn-score">${tn("{n} point", "{n} points", e.score.total)
        }</tspan>`}</text>`}
      <${Mark} on=${moved.has(`seat${s}:wood`)} box=${[4, TOKENS_Y - 16, 110, 32]} />
      <${Mark} on=${moved.has(`seat${s}:fame`)} box=${[120, TOKENS_Y - 16, 110, 32]} />
      <${Mark} on=${moved.has(`seat${s}:moai`)} box=${[236, TOKENS_Y - 16, 80, 32]} />
      <${Point} action=${take("wood")} label=${t("take the Moai scoring as {n} wood", { n: amount })}
          note=${L.get("take wood")} act=${act} box=${[4, TOKENS_Y - 14, 110, 28]}>
        <${Wood} x="20" y=${TOKENS_Y} />
        <${Amount} x="36" n=${e.wood} what=${t("wood")} plus=${take("wood") && amount} />
      </${Point}>
      <${Point} action=${take("fame")} label=${t("take the Moai scoring as {n} fame", { n: amount })}
          note=${L.get("take fame")} act=${act} box=${[120, TOKENS_Y - 14, 110, 28]}>
        <${Fame} x="136" y=${TOKENS_Y} />
        <${Amount} x="152" n=${e.fame} what=${t("fame")} plus=${take("fame") && amount} />
      </${Point}>
      <${Glyph} kind="moai" x="250" y=${TOKENS_Y} s="0.6" />
      <${Amount} x="262" n=${e.laid.moai} what=${t("Moai")} />
      <${Laid} e=${e} marked=${(k) => moved.has(`seat${s}:laid:${k}`)} />
      <${Mark} on=${moved.has(`seat${s}:sacrifice`)} box=${[6, SAC_Y - 18, 212, 66]} />
      <${Mark} on=${moved.has(`seat${s}:hand`)} box=${[known ? 6 : 218, known ? HAND_Y - 14
        : SAC_Y - 6, known ? PANEL_W - 12 : PANEL_W - 224, known ? h - HAND_Y + 8 : 54]} />
      <${Held} e=${e} known=${known} mine=${mine} ...${{ L, act, phase: d?.phase }} />
      ${known ? html`<${Hand} e=${e} big=${mine && !view.is_over} L=${L} act=${act} />`
        : html`<g class="rn-backs" transform=${`translate(222 ${SAC_Y})`} role="img"
            aria-label=${t("{n} cards in hand", { n: e.hand_size })}>
          ${Array.from({ length: e.hand_size }, (_, j) => html`<${Back} x=${j * 16} y="0"
            w="30" h="42" />`)}
          <text x=${e.hand_size * 16 + 22} y="18" class="rn-count">${number(e.hand_size)}</text>
          <text x=${e.hand_size * 16 + 22} y="34" class="rn-small">${t("in hand")}</text></g>`}
      ${e.score && html`<text x="10" y=${h - 10} class="rn-small">${t("= {fame} fame + {moai} Moai + {wood} wood + {sacrifice} sacrifice",
        e.score)}</text>`}
    </${Panel}></g>`;
}

// "7 wood", and "+2" where taking it is the choice.
function Amount({ x, n, what, plus }) {
  return html`<text x=${x} y=${TOKENS_Y + 5}><tspan class="rn-count">${number(n)}</tspan>
    <tspan class="rn-small"> ${what}</tspan>${plus
      ? html`<tspan class="rn-plus"> +${number(plus)}</tspan>` : null}</text>`;
}

// The cards a player has laid out, by kind, overlapped as they lie on the table.
function Laid({ e, marked }) {
  const kinds = KINDS.filter((k) => e.laid[k] > 0);
  return html`<g transform=${`translate(8 ${LAID_Y})`}>
    <text x="2" y="10" class="rn-small">${t("laid out")}</text>
    ${kinds.length === 0 && html`<text x="2" y="44" class="rn-small">${t("nothing yet")}</text>`}
    ${kinds.map((k, i) => {
      const n = e.laid[k];
      const x = i * 55;
      return html`<g role="img" aria-label=${t("{n} {kind} laid out", { n, kind: tc("rapanui", k) }) + (marked(k) ? t(", new") : "")}>
        <${Mark} on=${marked(k)} box=${[x - 4, 12, 58, 74]} />
        ${n > 1 && html`<${Card} kind=${k} x=${x + 4} y="14" w="44" h="62" band="15" />`}
        <${Card} kind=${k} x=${x} y="18" w="44" h="62" band="15" />
        <circle cx=${x + 40} cy="70" r="10" class="rn-badge" />
        <text x=${x + 40} y="74" text-anchor="middle" class="rn-badge-text">${number(n)}</text>
      </g>`;
    })}
  </g>`;
}

// The sacrifice cards a player holds: by kind for yourself (and for all at the end), else
// only how many; and how many they laid face down on the stone.
function Held({ e, known, mine, L, act, phase }) {
  const downText = e.face_down
    ? t("{n} face down on the stone", { n: e.face_down }) + (known ? ` (${RESOURCES.filter((k) =>
      e.face_down_cards[k]).map((k) => `${number(e.face_down_cards[k])} ${tc("rapanui", k)}`)
      .join(", ")})` : "")
    : "";
  if (!known) {
    return html`<g transform=${`translate(8 ${SAC_Y})`} role="img"
        aria-label=${t("{n} sacrifice cards, kinds hidden", { n: e.sacrifice_cards })}>
      <text x="2" y="-4" class="rn-small">${t("sacrifice cards")}</text>
      <${Sacrifice} down x="2" y="2" w="30" h="40" />
      <text x="38" y="20" class="rn-count">${number(e.sacrifice_cards)}</text>
      <text x="38" y="36" class="rn-small">${t("kinds hidden")}</text>
      ${downText && html`<text x="2" y="56" class="rn-small">${downText}</text>`}
    </g>`;
  }
  return html`<g transform=${`translate(8 ${SAC_Y})`}>
    <text x="2" y="-4" class="rn-small">${mine ? t("sacrifice cards you hold") : t("sacrifice cards")}</text>
    ${RESOURCES.map((k, i) => {
      const a = `sacrifice ${k}`;
      const ok = mine && L.has(a);
      return html`<${Point} action=${ok ? a : null} label=${sacrificeLabel(phase, k)}
          note=${L.get(a)} act=${act} box=${[i * 92 - 2, -2, 88, 46]}>
        <g role=${ok ? null : "img"} aria-label=${ok ? null
          : `${number(e.sacrifice[k])} ${tc("rapanui", k)}`}>
          <${Sacrifice} kind=${k} x=${i * 92 + 2} y="2" w="30" h="40"
            down=${false} />
          <text x=${i * 92 + 36} y="22" class="rn-count">${number(e.sacrifice[k])}</text>
          <text x=${i * 92 + 36} y="36" class="rn-tiny" ...${squeeze(shortName(k), 52, 10)}>${
            shortName(k)}</text></g>
      </${Point}>`;
    })}
    ${downText && html`<text x="2" y="58" class="rn-small">${downText}</text>`}
  </g>`;
}

// A hand, face up: yours big, with the cards you may lay pointable (and, under a pair or
// three of a hunter-gatherer, chips to lay two or three at once); others' small, at the end.
function Hand({ e, big, L, act }) {
  const W = big ? 72 : 44;
  const H = big ? 100 : 60;
  const groups = handGroups(e.hand, L);
  let x = 0;
  return html`<g class="rn-hand" transform=${`translate(8 ${HAND_Y})`}>
    <text x="2" y="0" class="rn-small">${big ? t("your hand ({n})", { n: e.hand.length })
      : t("hand ({n})", { n: e.hand.length })}</text>
    ${e.hand.length === 0 && html`<text x="2" y="30" class="rn-small">${t("no cards")}</text>`}
    ${groups.map((g) => {
      const x0 = x;
      x += g.count * (W + 8) + 6;
      const label = t("lay out a {kind}", { kind: tc("rapanui", g.kind) });
      return html`<g>
        ${Array.from({ length: g.count }, (_, j) => html`<${Point} action=${g.lay}
            label=${label} note=${L.get(g.lay)} act=${act}
            box=${[x0 + j * (W + 8) - 3, 6, W + 6, H + 6]}>
          <${Card} kind=${g.kind} x=${x0 + j * (W + 8)} y="9" w=${W} h=${H}
            band=${big ? 22 : 15} /></${Point}>`)}
        ${g.more.map((m, j) => html`<${Point} action=${m.action}
            label=${t("lay out {n} {kind} at once", { n: m.n, kind: tc("rapanui", g.kind) })} note=${L.get(m.action)} act=${act}
            box=${[x0 + j * 76, H + 14, 70, 26]}>
          <rect x=${x0 + j * 76} y=${H + 14} width="70" height="26" rx="7" class="rn-chip" />
          <text x=${x0 + j * 76 + 35} y=${H + 32} text-anchor="middle"
            class="rn-chip-text">${t("lay {n}", { n: m.n })}</text></${Point}>`)}
      </g>`;
    })}
  </g>`;
}
