// One drawing module per game. A module exports `Board({view, seat, legal, act, busy})`:
// it draws the table from the seat's view and calls act(actionText) when a legal action
// is pointed at. It never decides legality: `legal` comes from the server.
import { html } from "../html.js";
import * as atua from "./atua.js";
import * as raiatea from "./raiatea.js";
import * as rapanui from "./rapanui.js";

const BOARDS = { "rapa-nui": rapanui, raiatea, atua };

export function boardFor(game) {
  return (BOARDS[game] || { Board: Plain }).Board;
}

function Plain({ view }) {
  return html`<pre class="plain-view">${JSON.stringify(view, null, 1)}</pre>`;
}
