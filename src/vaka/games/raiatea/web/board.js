// Raiatea's table drawn from the seat's view, as panels of one picture: the island (round
// track, locations), the temple (tattoo and priest tracks, ceremonial site, sealed choices,
// the Sacrifice Bag), the markets, the To'o statues and the players' screens. Whatever can
// be played is pointable where it lies; legality is the server's (`legal`).
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "/static/html.js";
import { lang, loadLanguage, t, wanted } from "/static/i18n.js";
import { api } from "/static/net.js";
import { marksOf, namer, tabMarks, tabOf, wrap } from "./logic.js";
import { Hit, Lines, Panel, seatName, Spot } from "./draw.js";
import { Island, Temple } from "./table.js";
import { Markets, Statues } from "./markets.js";
import { Screen } from "./screens.js";
import { theirs } from "/static/words.js";

// The stylesheets beside this module, linked when a table of the game opens.
export const styles = ["board.css"];

// The reader's catalog, if the page around the board has not loaded one yet.
if (lang() === "en" && wanted() !== "en") await loadLanguage();

let components = null; // the printed components, fetched once per page

function useComponents() {
  const [comps, setComps] = useState(components && !(components instanceof Promise) ? components : null);
  useEffect(() => {
    if (comps) return;
    if (!components) components = api("/api/games/raiatea/components");
    Promise.resolve(components).then((c) => { components = c; setComps(c); });
  }, []);
  return comps;
}

const NARROW = "(max-width: 1639px)"; // one column of panels (raiatea.css)

function useNarrow() {
  const [narrow, setNarrow] = useState(() => matchMedia(NARROW).matches);
  useEffect(() => {
    const q = matchMedia(NARROW);
    const on = () => setNarrow(q.matches);
    q.addEventListener("change", on);
    return () => q.removeEventListener("change", on);
  }, []);
  return narrow;
}

// The board's width in pixels, followed as the window changes.
function useWidth(ref) {
  const [px, setPx] = useState(0);
  useEffect(() => {
    const ro = new ResizeObserver(([e]) => setPx(Math.round(e.contentRect.width)));
    ro.observe(ref.current);
    return () => ro.disconnect();
  }, []);
  return px;
}

// The whose-move line and your own screen span the board at about 1.2 pixels a unit, so
// that your cards stand in as few rows as the width allows (and beside the choices).
const TOP_SCALE = 1.2;

// The rest of the table folds into tabs; the tab holding what you may point at opens by
// itself when your choices move there (never while they stay where you look).
const TABS = [["island", () => t("Island and temple")], ["markets", () => t("Markets")],
  ["statues", () => t("To'o statues")], ["others", () => t("Other screens")]];

export function Board({ view, seat, legal, act, table, since }) {
  const comps = useComponents();
  const narrow = useNarrow();
  const box = useRef(null);
  const px = useWidth(box);
  const wants = [...new Set(legal.map((c) => tabOf(c.action, view)).filter(Boolean))];
  const wantKey = wants.join();
  const [sel, setSel] = useState({ tab: wants[0] || "island", key: wantKey });
  let tab = sel.tab;
  if (sel.key !== wantKey) {
    if (wants.length && !wants.includes(tab)) tab = wants[0];
    setSel({ tab, key: wantKey });
  }
  const ctx = comps && { view, comps, seat, legal, act, table, narrow,
    acts: new Set(legal.map((c) => c.action)), name: namer(comps, table),
    marks: marksOf(since, view, seat) };
  const me = view.seats.find((s) => s.seat === seat);
  const others = view.seats.filter((s) => s.seat !== seat);
  const top = Math.max(520, Math.min(1600, Math.floor((px || 624) / TOP_SCALE)));
  const tabs = TABS.filter(([id]) => id !== "others" || others.length);
  const moved = ctx ? tabMarks(ctx.marks) : {};
  return html`<div class="rt-board" ref=${box}>
    ${!comps ? html`<p class="loading">${t("Setting out the table…")}</p>` : html`
    <${Banner} ctx=${ctx} width=${top} />
    ${me && html`<${Screen} ctx=${ctx} s=${me} width=${top} />`}
    <div class="rt-tabs" role="tablist" aria-label=${t("the rest of the table")}>${tabs.map(([id, words]) =>
      html`<button role="tab" id=${`rt-tab-${id}`} aria-selected=${id === tab ? "true" : "false"}
          aria-controls="rt-tabpanel" class=${`rt-tab${wants.includes(id) ? " rt-wants" : ""}${
          moved[id] ? " moved" : ""}`} data-moved=${moved[id] ? "1" : undefined}
          onClick=${() => setSel({ tab: id, key: wantKey })}>${words()}${
          wants.includes(id) ? html`<span class="rt-dot" aria-hidden="true"> ●</span><span
            class="sr-only">${t(" (your choices are here)")}</span>` : ""}</button>`)}</div>
    <div class="rt-panels" role="tabpanel" id="rt-tabpanel" aria-labelledby=${`rt-tab-${tab}`}>
      ${tab === "island" && html`<${Island} ctx=${ctx} /><${Temple} ctx=${ctx} />`}
      ${tab === "markets" && html`<${Markets} ctx=${ctx} />`}
      ${tab === "statues" && html`<${Statues} ctx=${ctx} />`}
      ${tab === "others" && others.map((s) => html`<${Screen} ctx=${ctx} s=${s} width="520" />`)}
    </div>`}
  </div>`;
}

// Whose move it is and what they decide; "pass" and "done" lie here as markers to point at.
function Banner({ ctx, width }) {
  const { view } = ctx;
  const d = view.decision;
  const markers = ["pass", "done"].filter((a) => ctx.acts.has(a));
  let text;
  if (view.is_over) {
    const w = (view.winners || []).map((s) => seatName(ctx, s)).join(t(" and "));
    text = w ? t("Game over: won by {winners}", { winners: w }) : t("Game over");
  } else if (!d) text = "";
  else if (Array.isArray(d.seats)) text = t("Everyone at once: {prompt}", { prompt: t(d.prompt) });
  else if (d.seat === ctx.seat) text = t("Your move: {prompt}", { prompt: t(d.prompt) });
  else text = `${seatName(ctx, d.seat)}: ${theirs(t(d.prompt))}`;
  const room = Math.floor((width - 24 - markers.length * 96) / 7.6);
  // two lines at least, so that a shorter prompt moves nothing below it
  const lines = Math.max(2, wrap(text, room, 3).length);
  const h = 22 + lines * 16;
  return html`<${Panel} w=${width} h=${h} label=${t("whose move")} wide=${width > 600}>
    <${Lines} x="12" y="24" text=${text} width=${room} size="14" lines="3" weight="600" />
    ${markers.map((a, i) => html`<${Spot} ctx=${ctx} offers=${[a]}
        x=${width - 100 - i * 96} y="6">
      <${Hit} w="88" h="28" rx="14" fill="#1d5c73" />
      <text x="44" y="19" font-size="13" text-anchor="middle" class="rt-light"
        font-weight="700">${a === "pass" ? t("Pass") : t("Done")}</text></${Spot}>`)}
  </${Panel}>`;
}

