// A review's numbers laid out for drawing: which step shows which decision, the graph.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  byStep, chosen, givenUp, graph, progressText, said, verdict,
} from "../../../src/vaka/web/static/review-logic.js";

const cand = (action, win) => ({ action, win, margin: 0 });
const review = {
  steps: 10,
  decisions: [
    { index: 0, seat: 0, taken: "draw 1", label: "good", loss: 0, spread: 0,
      candidates: [cand("draw 1", 0.5), cand("draw 2", 0.4)] },
    { index: 1, seat: 1, taken: "pass", label: "forced", loss: 0, spread: 0, candidates: [] },
    { index: 4, seat: 0, taken: "draw 3", label: "blunder", loss: 0.4, spread: 0.1,
      words: { "draw 2": "taking the moai from row 2", "draw 3": "taking the priest from row 3" },
      candidates: [cand("draw 2", 0.9), cand("draw 3", 0.5)] },
  ],
};

test("a replay step shows the decision just played", () => {
  const steps = byStep(review);
  assert.equal(steps.get(1).taken, "draw 1");
  assert.equal(steps.get(5).label, "blunder");
  assert.equal(steps.get(0), undefined); // the game before its first action
  assert.equal(byStep(null).size, 0);
});

test("the graph plots a seat's judged decisions at the step after each, marks the labelled", () => {
  const g = graph(review, 0, { width: 120, height: 70, pad: 10 });
  // x: 10 + 100 * step / 10; y: 60 - 50 * win
  assert.equal(g.taken, "20,35 60,35");
  assert.equal(g.best, "20,35 60,15");
  assert.deepEqual(g.marks.map((m) => [m.step, m.label, m.cx, m.cy]), [[5, "blunder", 60, 35]]);
  const other = graph(review, 1);
  assert.equal(other.taken, ""); // seat 1 was only forced: nothing judged to draw
  assert.deepEqual(other.marks, []);
});

test("a verdict says what was given up and what was better", () => {
  assert.equal(chosen(review.decisions[2]).win, 0.5);
  assert.equal(verdict(review.decisions[2]),
    "blunder: gave up 40% ± 10% of win chance; taking the moai from row 2 was worth 90% " +
    "against 50%");
  assert.equal(verdict(review.decisions[0]), "good: the best found here (50% to win)");
  assert.match(verdict(review.decisions[1]), /^forced/);
});

test("actions are said in the game's words, by their text where none came", () => {
  const [plain, , worded] = review.decisions;
  assert.equal(said(worded, worded.taken), "taking the priest from row 3");
  assert.equal(said(worded, "draw 2"), "taking the moai from row 2");
  assert.equal(said(worded, "draw 4"), "draw 4"); // not judged: no words kept
  assert.equal(said(plain, "draw 1"), "draw 1"); // a review without words
  assert.equal(worded.taken, "draw 3"); // the text stays for tools
});

test("progress reads as a person would say it", () => {
  assert.equal(progressText({ status: "queued", ahead: 2 }),
    "Waiting: 2 reviews ahead of this one…");
  assert.equal(progressText({ status: "queued", ahead: 0 }), "Starting…");
  assert.equal(progressText({ status: "running", done: 3, total: 40 }),
    "Reviewing… 3 of 40 decisions");
  assert.equal(progressText({ status: "failed", reason: "boom" }), "boom");
});

test("alone, the verdict and the graph speak of the final lead, not a win chance", () => {
  const solo = {
    players: 1,
    steps: 4,
    decisions: [
      { index: 0, seat: 0, taken: "a", label: "good", loss: 0, margin_loss: 0, spread: 0,
        candidates: [{ action: "a", win: 1, margin: 50 }, { action: "b", win: 1, margin: 48 }] },
      { index: 2, seat: 0, taken: "c", label: "blunder", loss: 0.3, margin_loss: 10, spread: 0,
        candidates: [{ action: "d", win: 1, margin: 50 }, { action: "c", win: 1, margin: 40 }] },
    ],
  };
  assert.equal(verdict(solo.decisions[1], true),
    "blunder: gave up 10.0 points of final lead; d was worth 50.0 against 40.0");
  assert.equal(verdict(solo.decisions[0], true), "good: the best found here (50.0 points)");
  const g = graph(solo, 0, { width: 48, height: 70, pad: 4 });
  // y runs from 40 points (bottom, 66) to 50 (top, 4); x: 4 + 40 * step / 4
  assert.equal(g.taken, "14,4 34,66");
  assert.deepEqual(g.ticks.map((t) => t.text), ["40", "45", "50"]);
  assert.deepEqual(g.marks.map((m) => [m.step, m.cy]), [[3, 66]]);
});

test("where the final lead given up made the loss, the list and verdict say points", () => {
  const behind = { index: 3, seat: 1, taken: "b", label: "mistake", loss: 0.25, spread: 0.02,
    margin_loss: 2.5, by_lead: true, points: 10,
    candidates: [{ action: "a", win: 0.02, margin: -6 }, { action: "b", win: 0.01, margin: -8.5 }] };
  assert.equal(givenUp(behind), "2.5 points");
  assert.equal(verdict(behind),
    "mistake: gave up 2.5 points of final lead; a was worth -6.0 against -8.5");
  assert.equal(givenUp(review.decisions[2]), "40%"); // the win chance made that one
});
