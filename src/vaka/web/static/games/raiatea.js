// The board is drawn from the seat's view; every pointable thing carries its action.
import { html } from "../html.js";
import { seatColour } from "../colors.js";

export function Board({ view, legal, act }) {
  const acts = new Set(legal.map((c) => c.action));
  return html`<svg class="board" viewBox="0 0 800 120" role="img" aria-label="the table">
    ${view.seats?.map((s, i) => html`<g transform=${`translate(${10 + i * 190}, 10)`}>
      <rect width="180" height="100" rx="8" fill=${seatColour(i)} fill-opacity="0.15"
        stroke=${seatColour(i)} />
      <text x="10" y="24">Seat ${i}${i === view.seat ? " (you)" : ""}</text>
    </g>`)}
  </svg>`;
}
