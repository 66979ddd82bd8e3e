// A finished game, step by step: the board after any number of actions, as any seat or
// as a spectator saw it (the server replays the record; the client only draws). Beside
// it, the game's review once asked for: each reviewed move's label shows beside it.
import { useEffect, useState } from "preact/hooks";
import { useBoard } from "./boards.js";
import { html } from "./html.js";
import { number, t } from "./i18n.js";
import { api } from "./net.js";
import { byStep } from "./review-logic.js";
import { MoveVerdict, ReviewPanel } from "./review.js";

// review: null, or the seat to review at once ("" for every seat), from #/replay/ID/review.
export function Replay({ id, review: start = null }) {
  const [table, setTable] = useState(null);
  const [step, setStep] = useState(0);
  const [seat, setSeat] = useState("");
  const [view, setView] = useState(null);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState(null);
  const [review, setReview] = useState(null);
  const board = useBoard(table && table.game);
  useEffect(() => {
    api(`/api/tables/${id}`).then(setTable, (e) => setError(e.message));
  }, [id]);
  useEffect(() => {
    const q = seat === "" ? "" : `?seat=${seat}`;
    api(`/api/tables/${id}/replay/${step}${q}`).then(setView, (e) => setError(e.message));
  }, [id, step, seat]);
  useEffect(() => {
    if (!playing || !view) return undefined;
    if (step >= view.steps) {
      setPlaying(false);
      return undefined;
    }
    const timer = setTimeout(() => setStep(step + 1), 600);
    return () => clearTimeout(timer);
  }, [playing, step, view]);
  if (error) return html`<main class="table"><p class="error">${error}</p>
    <a href="#/">${t("Back to the lobby")}</a></main>`;
  if (!table || !view || !board) return html`<main class="table"><p class="loading">${t("Loading…")}</p></main>`;
  const last = view.log.at(-1);
  const judged = byStep(review).get(step);
  const goTo = (to, who) => {
    setPlaying(false);
    setStep(to);
    setSeat(String(who)); // as the seat that decided saw it
  };
  return html`<main class=${`table replay game-${table.game}`}>
    <header class="table-head"><a href="#/" class="home">vaka</a>
      <h1>${t("{game}: replay", { game: table.game_name })}</h1></header>
    <div class="replay-controls" role="group" aria-label=${t("replay controls")}>
      <button onClick=${() => setStep(0)} aria-label=${t("first")}>|◀</button>
      <button onClick=${() => setStep(Math.max(0, step - 1))} aria-label=${t("back")}>◀</button>
      <button onClick=${() => setPlaying(!playing)}>${playing ? t("Pause") : t("Play")}</button>
      <button onClick=${() => setStep(Math.min(view.steps, step + 1))}
        aria-label=${t("forward")}>▶</button>
      <button onClick=${() => setStep(view.steps)} aria-label=${t("last")}>▶|</button>
      <input type="range" min="0" max=${view.steps} value=${step} aria-label=${t("step")}
        onInput=${(e) => setStep(Number(e.target.value))} />
      <span>${number(step)} / ${number(view.steps)}</span>
      <label>${t("Seen by")} <select value=${seat} onChange=${(e) => setSeat(e.target.value)}>
        <option value="">${t("everyone")}</option>
        ${table.seats.map((s) => html`<option value=${s.seat}>${table.names?.[s.seat] || s.name}</option>`)}
      </select></label>
    </div>
    <p class="last-event" aria-live="polite">${last ? last.text : t("The game begins.")}
      ${judged && html` <${MoveVerdict} decision=${judged} solo=${review.players === 1} />`}</p>
    <div class="replay-body">
      <section class="board-area"><${board.Board} view=${view} seat=${view.seat} legal=${[]}
        act=${() => {}} check=${() => {}} table=${table} /></section>
      <aside class="side"><${ReviewPanel} id=${id} table=${table} step=${step} goTo=${goTo}
        start=${start} onReview=${setReview} /></aside>
    </div>
  </main>`;
}
