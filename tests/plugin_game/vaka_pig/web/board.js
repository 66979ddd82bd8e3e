// Pig's board: each seat's bank against the goal, the turn's total and the die's two
// moves. It shows that a game's package brings its own board (Game.board); the client's
// shared helpers come from the server's /static/.
import { html } from "/static/html.js";
import { seatName } from "/static/words.js";

export const styles = ["board.css"];

export function Board({ view, legal, act, table }) {
  const can = new Set(legal.map((c) => c.action));
  return html`<div class="pig-board">
    <ol class="pig-banks">${view.banked.map((points, seat) => html`<li>
      ${seatName(table, seat)}: <strong>${points}</strong> of ${view.goal}</li>`)}</ol>
    <p class="pig-turn">This turn: <strong>${view.turn_total}</strong></p>
    <p>${["roll", "hold"].map((move) => html`<button class="pig-move" data-action=${move}
      disabled=${!can.has(move)} onClick=${() => act(move)}>${move}</button> `)}</p>
  </div>`;
}
