// Which pushed states wait their turn, and where the board's marks start.
import assert from "node:assert/strict";
import { test } from "node:test";
import { step } from "../../../src/vaka/web/static/pace.js";

const msg = (version, seats, seat = 0) => ({
  version, seat, view: { log: seats.map((s) => ({ seat: s, text: "x" })) },
});

test("another seat's move waits; the page's own move and its first state do not", () => {
  const a = msg(3, [0, 1]);
  assert.deepEqual(step(null, a, null), { wait: false, since: "next" });
  assert.deepEqual(step(a, msg(4, [0, 1, 2]), null), { wait: true, since: null });
  assert.deepEqual(step(a, msg(4, [0, 1, 0]), 3), { wait: false, since: "next" });
  // the page's move and a bot's after it in one push: marks from before the page's move
  assert.deepEqual(step(a, msg(5, [0, 1, 0, 1]), 3), { wait: true, since: "shown" });
  assert.deepEqual(step(a, msg(2, [0]), null), { wait: false, since: "next" });
  assert.deepEqual(step(a, msg(3, [0, 1]), null), { wait: false, since: null });
});

test("a spectator's marks show the last move only", () => {
  const a = msg(3, [0, 1], null);
  assert.deepEqual(step(a, msg(4, [0, 1, 0], null), null), { wait: true, since: "shown" });
});
