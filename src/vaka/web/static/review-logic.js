// A game review's numbers made ready to draw: the win-chance graph's lines and marks, and
// what to say beside a move. The server judges; this only lays out what it said.

// Labels worth pointing out (a graph marks them; the list shows them), best to worst.
export const MARKED = ["only move", "inaccuracy", "mistake", "blunder"];

export const pct = (x) => `${Math.round(x * 100)}%`;

// The reviewed decisions by replay step: step s shows the game after s actions, so the
// move it just saw (the record's action s - 1) is the decision with index s - 1.
export function byStep(review) {
  const steps = new Map();
  for (const d of review ? review.decisions : []) steps.set(d.index + 1, d);
  return steps;
}

// The action taken's candidate and the best one (candidates come best first).
export function chosen(d) {
  return d.candidates.find((c) => c.action === d.taken) || null;
}

// One decision in words, as shown beside its move.
export function verdict(d) {
  if (d.label === "forced") return "forced: the only legal action";
  const mine = chosen(d);
  const best = d.candidates[0];
  if (!mine || !best || best.action === d.taken || d.loss <= 0) {
    return `${d.label}: the best found here (${pct(mine ? mine.win : best.win)} to win)`;
  }
  return `${d.label}: gave up ${pct(d.loss)} ± ${pct(d.spread)} of win chance; ` +
    `${best.action} was worth ${pct(best.win)} against ${pct(mine.win)}`;
}

// A seat's graph in an SVG box of width × height (pad around the plot): the win chance
// after each judged decision of the action taken and of the best candidate, as polyline
// points, and a mark for each labelled decision. x is the replay step after the move.
export function graph(review, seat, { width = 600, height = 160, pad = 24 } = {}) {
  const steps = Math.max(1, review.steps);
  const x = (step) => pad + ((width - 2 * pad) * step) / steps;
  const y = (win) => height - pad - (height - 2 * pad) * win;
  const mine = review.decisions.filter((d) => d.seat === seat && d.label !== "forced");
  const line = (pick) => mine.map((d) => `${r1(x(d.index + 1))},${r1(y(pick(d)))}`).join(" ");
  return {
    width,
    height,
    x,
    y,
    taken: line((d) => (chosen(d) || d.candidates[0]).win),
    best: line((d) => d.candidates[0].win),
    marks: mine.filter((d) => MARKED.includes(d.label)).map((d) => ({
      step: d.index + 1,
      label: d.label,
      decision: d,
      cx: r1(x(d.index + 1)),
      cy: r1(y((chosen(d) || d.candidates[0]).win)),
    })),
  };
}

const r1 = (v) => Math.round(v * 10) / 10;

// "Reviewing… 12 of 47 decisions" and the like, from a review's status.
export function progressText(status) {
  if (status.status === "queued") {
    return status.ahead
      ? `Waiting: ${status.ahead} review${status.ahead > 1 ? "s" : ""} ahead of this one…`
      : "Starting…";
  }
  if (status.status === "running") return `Reviewing… ${status.done} of ${status.total} decisions`;
  if (status.status === "failed") return status.reason || "The review failed.";
  return "";
}
