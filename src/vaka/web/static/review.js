// "Review this game": the server's review of a finished game (docs/REVIEW.md), asked for,
// waited on with its progress, then shown: accuracy per seat, a win-chance graph per seat
// drawn here in SVG from the numbers, the turning points and the labelled decisions, each
// of which jumps the replay to its move.
import { useEffect, useState } from "preact/hooks";
import { seatColour } from "./colors.js";
import { html } from "./html.js";
import { number, t } from "./i18n.js";
import { api } from "./net.js";
import { givenUp, graph, labelName, MARKED, progressText, said, verdict } from "./review-logic.js";

const POLL_MS = 1000;

// start: null (wait for the button), "" (every seat) or a seat number as text.
export function ReviewPanel({ id, table, step, goTo, start, onReview }) {
  const [seat, setSeat] = useState(start ?? "");
  const [status, setStatus] = useState(null);
  const [error, setError] = useState(null);
  const query = (which) => (which === "" ? "" : `?seat=${which}`);
  const ask = async (which) => {
    setError(null);
    try {
      const body = which === "" ? { seat: null } : { seat: Number(which) };
      setStatus(await api(`/api/tables/${id}/review`, { method: "POST", body }));
    } catch (e) {
      setError(e.message);
    }
  };
  useEffect(() => {
    if (start !== null && start !== undefined) ask(start);
  }, []);
  useEffect(() => {
    if (!status) return undefined;
    if (status.status === "done") {
      onReview(status.review);
      return undefined;
    }
    if (status.status === "failed") return undefined;
    const timer = setTimeout(async () => {
      try {
        setStatus(await api(`/api/tables/${id}/review${query(seat)}`));
      } catch (e) {
        setError(e.message);
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const busy = status && (status.status === "queued" || status.status === "running");
  const review = status && status.status === "done" ? status.review : null;
  return html`<section class="review" aria-label=${t("review")}>
    <h2>${t("Review")}</h2>
    ${!review && html`<form class="review-ask" onSubmit=${(e) => { e.preventDefault(); ask(seat); }}>
      <label>${t("Decisions of")} <select value=${seat} disabled=${busy}
          onChange=${(e) => setSeat(e.target.value)}>
        <option value="">${t("every seat")}</option>
        ${table.seats.map((s) => html`<option value=${s.seat}>${seatName(table, s.seat)}</option>`)}
      </select></label>
      <button type="submit" disabled=${busy}>${t("Review this game")}</button>
      <p class="note">${t("The search replays each decision from what its seat could know then and plays every choice out: about a minute of the server's time.")}</p>
    </form>`}
    ${status && !review && html`<p class="review-progress" role="status">
      ${progressText(status)}
      ${status.status === "running" && html`<progress max=${status.total}
        value=${status.done}></progress>`}</p>`}
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${review && html`<${Shown} review=${review} table=${table} step=${step} goTo=${goTo} />`}
  </section>`;
}

function Shown({ review, table, step, goTo }) {
  const marked = review.decisions.filter((d) => MARKED.includes(d.label) && d.label !== "only move");
  return html`<p class="note">${t("Each decision judged from what its seat could know at the time (its own view, over deals of the cards it could not see), {n} playouts per choice.", { n: review.playouts })}</p>
    <table class="sheet review-seats"><thead><tr><th scope="col">${t("seat")}</th>
      <th scope="col">${t("accuracy")}</th>${MARKED.map((m) => html`<th scope="col">${labelName(m)}</th>`)}
    </tr></thead><tbody>${review.seat_reports.map((r) => html`<tr>
      <th scope="row" title=${seatName(table, r.seat)}>${r.seat}</th>
      <td>${r.accuracy === null ? "–" : number(Math.round(r.accuracy))}</td>
      ${MARKED.map((m) => html`<td>${r.labels[m]}</td>`)}</tr>`)}</tbody></table>
    ${review.seats.map((s) => html`<${Graph} review=${review} seat=${s} table=${table}
      step=${step} goTo=${goTo} />`)}
    ${review.turning_points.length > 0 && html`<h3>${t("Turning points")}</h3>
      <ul class="turning">${review.turning_points.map((point) => html`<li>${point}</li>`)}</ul>`}
    <h3>${t("Labelled decisions")}</h3>
    ${marked.length === 0 ? html`<p>${t("No inaccuracies, mistakes or blunders found.")}</p>`
      : html`<ol class="review-moves">${marked.map((d) => html`<li>
        <button class=${`review-move ${d.index + 1 === step ? "here" : ""}`} title=${d.taken}
          onClick=${() => goTo(d.index + 1, d.seat)}>
          <span class="move-no">#${d.index + 1}</span>
          ${` ${t("Seat {n}: {action}", { n: d.seat, action: said(d, d.taken) })} `}
          <${Label} label=${d.label} />${` −${givenUp(d)}`}</button></li>`)}</ol>`}`;
}

function Graph({ review, seat, table, step, goTo }) {
  const g = graph(review, seat);
  const name = seatName(table, seat);
  return html`<figure class="review-graph">
    <svg viewBox=${`0 0 ${g.width} ${g.height}`} role="img"
      aria-label=${t("{name}: {what} after each of its decisions", { name, what: what(g) })}>
      ${g.ticks.map((tick) => html`<line class="grid" x1=${g.x(0)} x2=${g.x(review.steps)}
        y1=${g.y(tick.v)} y2=${g.y(tick.v)} /><text class="axis" x="2" y=${g.y(tick.v) + 4}>${tick.text}</text>`)}
      <line class="now" x1=${g.x(step)} x2=${g.x(step)} y1=${g.y(0)} y2=${g.y(1)} />
      <polyline class="best" points=${g.best} />
      <polyline class="taken" points=${g.taken} />
      ${g.marks.map((m) => html`<g class=${`mark ${cls(m.label)}`} role="button" tabindex="0"
          aria-label=${t("action {n}: {action}, {label}; show it", { n: m.step, action: taken(m), label: labelName(m.label) })}
          onClick=${() => goTo(m.step, seat)}
          onKeyDown=${(e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault();
            goTo(m.step, seat); } }}>
        <title>${`#${m.step} ${taken(m)}: ${verdict(m.decision, g.solo)}`}</title>
        <circle cx=${m.cx} cy=${m.cy} r="5" /></g>`)}
    </svg>
    <figcaption><span class="dot" style=${`--seat: ${seatColour(seat)}`}
      aria-hidden="true"></span> ${t("{name}: {what} of the action taken (solid) and of the best choice found (dashed); marks are labelled decisions, the line is this step.", { name, what: what(g) })}</figcaption>
  </figure>`;
}

export function Label({ label }) {
  return html`<span class=${`review-label ${cls(label)}`}>${labelName(label)}</span>`;
}

// What the review said of the move a replay step just showed.
export function MoveVerdict({ decision, solo }) {
  if (!decision) return null;
  return html`<span class="move-verdict"><${Label} label=${decision.label} />
    ${" "}${verdict(decision, solo).replace(/^[^:]*: /, "")}</span>`;
}

const taken = (m) => said(m.decision, m.decision.taken);
const what = (g) => (g.solo ? t("expected final lead") : t("win chance"));
const cls = (label) => `label-${label.replace(/ /g, "-")}`;
const seatName = (tb, seat) => `${t("Seat {n}", { n: seat })} · ${tb.names?.[seat] || tb.seats[seat].name || t("open")}`;
