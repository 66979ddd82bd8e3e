// Atua's pose maths and check throttle (src/vaka/games/atua/web/geom.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  angleGap, bestFirst, cardToTable, Checker, fitBox, handleAngle, nearest, normAngle,
  parsePlacement, placementText, pointsOf, reasonsOf, screenToTable, tableToScreen, zoomBox,
} from "../../../src/vaka/games/atua/web/geom.js";
import { soloLevel } from "../../../src/vaka/games/atua/web/solo.js";

test("placement texts round-trip in the canonical form", () => {
  const p = parsePlacement("place c17 at 1520,-340 angle 450");
  assert.deepEqual(p, { card: "c17", x: 1520, y: -340, angle: 450 });
  assert.equal(placementText(p), "place c17 at 1520,-340 angle 450");
  assert.equal(placementText({ card: "c3", x: -0.2, y: 4.6, angle: -150 }),
    "place c3 at 0,5 angle 3450");
  assert.equal(parsePlacement("take 2"), null);
});

test("angles wrap and the smaller turn is measured", () => {
  assert.equal(normAngle(3600), 0);
  assert.equal(normAngle(-10), 3590);
  assert.equal(angleGap(3550, 50), 100);
  assert.equal(angleGap(0, 1800), 1800);
});

test("a laid card turns counter-clockwise like the engine's to_table", () => {
  const [x, y] = cardToTable({ x: 100, y: 200, angle: 900 }, 10, 0);
  assert.ok(Math.abs(x - 100) < 1e-9 && Math.abs(y - 210) < 1e-9);
});

test("snapping picks the nearest candidate by position and angle", () => {
  const cands = [null, { x: 0, y: 0, angle: 1800 }, { x: 300, y: 0, angle: 0 }];
  assert.equal(nearest({ x: 0, y: 0, angle: 0 }, cands), 2); // 180° weighs more than 3 cm
  assert.equal(nearest({ x: 0, y: 0, angle: 1700 }, cands), 1);
  assert.equal(nearest({ x: 0, y: 0, angle: 0 }, [null]), -1);
});

test("the turn handle gives the card's angle, snapping to 15 degrees nearby", () => {
  assert.equal(handleAngle(0, 0, 0, 100), 0);
  assert.equal(handleAngle(0, 0, -100, 0), 900);
  assert.equal(handleAngle(0, 0, -100, 2), 900); // within 3° of 90°
  assert.equal(handleAngle(0, 0, -100, 20), 790);
});

test("screen and table points map both ways through a CTM", () => {
  const m = { a: 0.25, b: 0, c: 0, d: 0.25, e: 40, f: 300 };
  const [sx, sy] = tableToScreen(m, 400, 800);
  assert.deepEqual([sx, sy], [140, 100]);
  assert.deepEqual(screenToTable(m, sx, sy), [400, 800]);
});

test("fitting keeps the aspect and zooming keeps the point under the pointer", () => {
  const [x, y, w, h] = fitBox([0, 0, 100, 100], 2, 0);
  assert.deepEqual([x, y, w, h], [-50, -100, 200, 100]);
  const z = zoomBox([0, 0, 100, 100], 2, 50, 50);
  assert.deepEqual(z, [25, 25, 50, 50]);
});

test("the refusal's rules are cut out of the server's reason", () => {
  const why = "place c1 at 0,0 angle 0 is not allowed now: it covers the star on v3 (never); "
    + "its sea would border the island's mainland. Allowed: place c1 at 1,2 angle 0";
  assert.deepEqual(reasonsOf(why), ["it covers the star on v3 (never)",
    "its sea would border the island's mainland"]);
  assert.deepEqual(reasonsOf(null), []);
  const german = ["{action} ist jetzt nicht erlaubt: {reason}. Erlaubt: {choices}",
    "{action} ist jetzt nicht erlaubt. Erlaubt: {choices}"];
  assert.deepEqual(reasonsOf("place c1 at 0,0 angle 0 ist jetzt nicht erlaubt: a; b. Erlaubt: 3",
    german), ["a", "b"]);
  assert.deepEqual(reasonsOf("pass ist jetzt nicht erlaubt. Erlaubt: 3", german), ["it is not allowed now"]);
  assert.deepEqual(reasonsOf(why, german), ["it covers the star on v3 (never)",
    "its sea would border the island's mainland"]); // an English answer still
});

function fakeClock() {
  const clock = { t: 0, timers: [] };
  clock.now = () => clock.t;
  clock.later = (f, ms) => clock.timers.push([clock.t + ms, f]);
  clock.advance = (ms) => {
    clock.t += ms;
    const due = clock.timers.filter(([at]) => at <= clock.t);
    clock.timers = clock.timers.filter(([at]) => at > clock.t);
    for (const [, f] of due) f();
  };
  return clock;
}

test("the checker keeps one question in flight and the latest pose wins", () => {
  const clock = fakeClock();
  const sent = [];
  const told = [];
  const ck = new Checker((t) => sent.push(t), (t, r) => told.push([t, r.legal]),
    { gap: 80, now: clock.now, later: clock.later });
  ck.ask("a");
  ck.ask("b");
  ck.ask("c");
  assert.deepEqual(sent, ["a"]); // b and c wait; b is dropped for c
  clock.advance(100);
  assert.deepEqual(sent, ["a"]); // still in flight
  ck.answer({ action: "a", legal: false, reason: "no" });
  assert.deepEqual(sent, ["a", "c"]);
  ck.answer({ action: "c", legal: true });
  assert.deepEqual(told, [["a", false], ["c", true]]);
  ck.ask("a"); // known: answered at once, not asked again
  assert.deepEqual(sent, ["a", "c"]);
  assert.deepEqual(told.at(-1), ["a", false]);
});

test("the checker spaces questions and knows the legal list without asking", () => {
  const clock = fakeClock();
  const sent = [];
  const ck = new Checker((t) => sent.push(t), () => {}, { gap: 80, now: clock.now,
    later: clock.later });
  ck.knowLegal(["x"]);
  ck.ask("x");
  assert.deepEqual(sent, []);
  ck.ask("a");
  ck.answer({ action: "a", legal: true });
  clock.advance(10);
  ck.ask("b");
  assert.deepEqual(sent, ["a"]); // 80 ms have not passed
  clock.advance(80);
  assert.deepEqual(sent, ["a", "b"]);
  // an answer lost (a reconnect) does not block forever
  clock.advance(5000);
  ck.ask("c");
  assert.deepEqual(sent, ["a", "b", "c"]);
});

test("candidates come best first by the points and the gains their notes tell", () => {
  assert.equal(pointsOf("+4 points now; +1 canoe pair; covers fish"), 4);
  assert.equal(pointsOf("-1 point now; covers nothing"), -1);
  assert.equal(pointsOf("no note"), null);
  const c = { x: 0, y: 0, angle: 0 };
  const notes = ["+1 point now; covers fish", null, "+4 points now; covers nothing",
    "+1 point now; +1 canoe pair; covers palm", "-2 points now; covers fish"];
  assert.deepEqual(bestFirst([c, null, c, c, c], notes), [2, 3, 0, 4]);
});

test("the checker keeps the notes of legal poses, known or answered", () => {
  const ck = new Checker(() => {}, () => {});
  ck.knowLegal([["x", "+2 points now; covers fish"], "y"]);
  assert.equal(ck.result("x").note, "+2 points now; covers fish");
  assert.equal(ck.result("y").note, null);
  ck.ask("z");
  ck.answer({ action: "z", legal: true, note: "+1 point now; covers nothing" });
  assert.equal(ck.result("z").note, "+1 point now; covers nothing");
});

test("Atua's solo level is named as chosen, with Tahuma's start beside it", () => {
  // Shaped as games/atua/view.py writes "solo_game".
  assert.equal(soloLevel({ level: 20, level_name: "hard", levels: "calibrated" }),
    "Hard level (starts at 20)");
  assert.equal(soloLevel({ level: 42, level_name: "legendary", levels: "printed" }),
    "Legendary level (starts at 42, printed table)");
  assert.equal(soloLevel({ level: 13 }), "Starts at 13");
});
