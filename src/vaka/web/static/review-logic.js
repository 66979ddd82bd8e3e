// A game review's numbers made ready to draw: the win-chance graph's lines and marks, and
// what to say beside a move. The server judges; this only lays out what it said.

import { number, t, tc, tn } from "./i18n.js";

// Labels worth pointing out (a graph marks them; the list shows them), best to worst.
export const MARKED = ["only move", "inaccuracy", "mistake", "blunder"];

export const pct = (x) => number(x, { style: "percent", maximumFractionDigits: 0 });
const one = (x) => number(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

// A review's label ("mistake") in the page's language.
export function labelName(label) {
  const names = {
    "only move": tc("review label", "only move"),
    good: tc("review label", "good"),
    inaccuracy: tc("review label", "inaccuracy"),
    mistake: tc("review label", "mistake"),
    blunder: tc("review label", "blunder"),
    forced: tc("review label", "forced"),
  };
  return names[label] || label;
}

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

// An action of a decision (named by its text) as the game says it, from the deciding
// seat's view ("taking the moai from row 2" for "draw 2"); its text where no words came.
export function said(d, action) {
  return (d.words && d.words[action]) || action;
}

// What a decision gave up, as its label counts it: points of final lead where those made
// the loss (alone, always), else win chance.
export function givenUp(d) {
  return d.by_lead && d.points ? t("{lead} points", { lead: one(d.margin_loss) }) : pct(d.loss);
}

// One decision in words, as shown beside its move. Alone (solo) a decision is judged by
// the final lead over the game's own opponent it gave up, not by a win chance; in some
// games by the final lead where that gave up more (d.by_lead).
export function verdict(d, solo = false) {
  const label = labelName(d.label);
  if (d.label === "forced") return t("{label}: the only legal action", { label });
  const mine = chosen(d);
  const best = d.candidates[0];
  const worth = (c) => (solo ? t("{lead} points", { lead: one(c.margin) }) : t("{chance} to win", { chance: pct(c.win) }));
  if (!mine || !best || best.action === d.taken || d.loss <= 0) {
    return t("{label}: the best found here ({worth})", { label, worth: worth(mine || best) });
  }
  if (solo || d.by_lead) {
    return t("{label}: gave up {lost} points of final lead; {best} was worth {then} against {taken}", {
      label, lost: one(d.margin_loss), best: said(d, best.action), then: one(best.margin), taken: one(mine.margin),
    });
  }
  return t("{label}: gave up {lost} ± {spread} of win chance; {best} was worth {then} against {taken}", {
    label, lost: pct(d.loss), spread: pct(d.spread), best: said(d, best.action), then: pct(best.win), taken: pct(mine.win),
  });
}

// A seat's graph in an SVG box of width × height (pad around the plot): the win chance
// (alone: the expected final lead, between its lowest and highest) after each judged
// decision of the action taken and of the best candidate, as polyline points, and a mark
// for each labelled decision. x is the replay step after the move; ticks label the y axis.
export function graph(review, seat, { width = 600, height = 160, pad = 24 } = {}) {
  const solo = review.players === 1;
  const steps = Math.max(1, review.steps);
  const mine = review.decisions.filter((d) => d.seat === seat && d.label !== "forced");
  const margins = mine.flatMap((d) => d.candidates.map((c) => c.margin));
  const lo = solo && margins.length ? Math.floor(Math.min(...margins)) : 0;
  const hi = solo && margins.length ? Math.max(lo + 1, Math.ceil(Math.max(...margins))) : 1;
  const value = (c) => (solo ? (c.margin - lo) / (hi - lo) : c.win);
  const x = (step) => pad + ((width - 2 * pad) * step) / steps;
  const y = (v) => height - pad - (height - 2 * pad) * v;
  const taken = (d) => chosen(d) || d.candidates[0];
  const line = (pick) => mine.map((d) => `${r1(x(d.index + 1))},${r1(y(value(pick(d))))}`)
    .join(" ");
  const ticks = [0, 0.5, 1].map((v) => ({
    v,
    text: solo ? number(Math.round(lo + v * (hi - lo))) : pct(v),
  }));
  return {
    width,
    height,
    x,
    y,
    solo,
    ticks,
    taken: line(taken),
    best: line((d) => d.candidates[0]),
    marks: mine.filter((d) => MARKED.includes(d.label)).map((d) => ({
      step: d.index + 1,
      label: d.label,
      decision: d,
      cx: r1(x(d.index + 1)),
      cy: r1(y(value(taken(d)))),
    })),
  };
}

const r1 = (v) => Math.round(v * 10) / 10;

// "Reviewing… 12 of 47 decisions" and the like, from a review's status.
export function progressText(status) {
  if (status.status === "queued") {
    return status.ahead
      ? tn("Waiting: {n} review ahead of this one…", "Waiting: {n} reviews ahead of this one…", status.ahead)
      : t("Starting…");
  }
  if (status.status === "running") {
    return t("Reviewing… {done} of {total} decisions", { done: status.done, total: status.total });
  }
  if (status.status === "failed") return status.reason || t("The review failed.");
  return "";
}
