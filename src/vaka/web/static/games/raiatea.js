// Raiatea's table drawn from the seat's view, as panels of one picture: the island (round
// track, locations), the temple (tattoo and priest tracks, ceremonial site, sealed choices,
// the Sacrifice Bag), the markets, the To'o statues and the players' screens. Whatever can
// be played is pointable where it lies; legality is the server's (`legal`).
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { api } from "../net.js";
import { namer, wrap } from "./raiatea-logic.js";
import { Hit, Lines, Panel, seatName, Spot } from "./raiatea-draw.js";
import { Island, Temple } from "./raiatea-table.js";
import { Markets, Statues } from "./raiatea-markets.js";
import { Screen } from "./raiatea-screens.js";
import { theirs } from "../words.js";

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

const WIDE = 1048; // two 520-wide panels and the gap between them

export function Board({ view, seat, legal, act, table }) {
  const comps = useComponents();
  const narrow = useNarrow();
  if (!comps) return html`<p class="loading">Setting out the table…</p>`;
  const ctx = { view, comps, seat, legal, act, table, narrow,
    acts: new Set(legal.map((c) => c.action)), name: namer(comps) };
  const me = view.seats.find((s) => s.seat === seat);
  const others = view.seats.filter((s) => s.seat !== seat);
  const wide = narrow ? 520 : WIDE;
  return html`<div class="rt-board">
    <${Banner} ctx=${ctx} width=${wide} />
    <${Island} ctx=${ctx} />
    <${Temple} ctx=${ctx} />
    ${me && html`<${Screen} ctx=${ctx} s=${me} width=${wide} />`}
    <${Markets} ctx=${ctx} />
    <${Statues} ctx=${ctx} />
    ${others.map((s) => html`<${Screen} ctx=${ctx} s=${s} width="520" />`)}
  </div>`;
}

// Whose move it is and what they decide; "pass" and "done" lie here as markers to point at.
function Banner({ ctx, width }) {
  const { view } = ctx;
  const d = view.decision;
  const markers = ["pass", "done"].filter((a) => ctx.acts.has(a));
  let text;
  if (view.is_over) {
    const w = (view.winners || []).map((s) => seatName(ctx, s)).join(" and ");
    text = `Game over${w ? `: won by ${w}` : ""}`;
  } else if (!d) text = "";
  else if (Array.isArray(d.seats)) text = `Everyone at once: ${d.prompt}`;
  else if (d.seat === ctx.seat) text = `Your move: ${d.prompt}`;
  else text = `${seatName(ctx, d.seat)}: ${theirs(d.prompt)}`;
  const room = Math.floor((width - 24 - markers.length * 96) / 7.6);
  const lines = wrap(text, room, 3).length;
  const h = 22 + lines * 16;
  return html`<${Panel} w=${width} h=${h} label="whose move" wide=${width > 600}>
    <${Lines} x="12" y="24" text=${text} width=${room} size="14" lines="3" weight="600" />
    ${markers.map((a, i) => html`<${Spot} ctx=${ctx} offers=${[a]}
        x=${width - 100 - i * 96} y="6">
      <${Hit} w="88" h="28" rx="14" fill="#1d5c73" />
      <text x="44" y="19" font-size="13" text-anchor="middle" class="rt-light"
        font-weight="700">${a === "pass" ? "Pass" : "Done"}</text></${Spot}>`)}
  </${Panel}>`;
}

