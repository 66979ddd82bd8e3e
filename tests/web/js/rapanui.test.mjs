// Rapa Nui's board logic: which legal action a drawn thing stands for, and the layout.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  banner, handGroups, layout, legalMap, PANEL_W, passLabel, rowStack, seatOrder,
  supplyAction,
} from "../../../src/vaka/games/rapanui/web/logic.js";

const legal = (...actions) => legalMap(actions.map((action) => ({ action, note: "" })));

test("identical cards in hand group, with the lay-several chips only when legal", () => {
  const g = handGroups(["fish", "fish", "priest"], legal("lay fish", "lay 2 fish", "lay priest"));
  assert.deepEqual(g.map((x) => [x.kind, x.count, x.lay]), [["fish", 2, "lay fish"],
    ["priest", 1, "lay priest"]]);
  assert.deepEqual(g[0].more, [{ n: 2, action: "lay 2 fish" }]);
  const none = handGroups(["fish", "fish", "moai"], legal("lay fish"));
  assert.deepEqual(none[0].more, []); // "lay 2 fish" not legal (say, no wood): no chip
  assert.equal(none[1].lay, null); // a Moai without 7 wood is not pointable
});

test("a fanned row is drawn bottom card first, a top-only row as backs under its top", () => {
  assert.deepEqual(rowStack({ top: "moai", cards: 3, kinds: ["moai", "priest", "fish"] })
    .map((c) => c.kind), ["fish", "priest", "moai"]);
  assert.deepEqual(rowStack({ top: "moai", cards: 3 }).map((c) => c.kind),
    [null, null, "moai"]);
  assert.deepEqual(rowStack({ top: null, cards: 0 }), []);
});

test("the supply stands for whichever of buy, offer, gain is legal for that kind", () => {
  assert.deepEqual(supplyAction(legal("buy fish", "pass"), "fish"),
    { action: "buy fish", verb: "buy" });
  assert.deepEqual(supplyAction(legal("offer grain"), "grain"),
    { action: "offer grain", verb: "offer" });
  assert.equal(supplyAction(legal("offer grain"), "fish"), null);
  assert.equal(passLabel("buy").short, "buy none");
  assert.equal(passLabel("gain").short, "take none");
});

test("your seat is drawn first, then the others clockwise; spectators from seat 0", () => {
  assert.deepEqual(seatOrder(4, 2), [2, 3, 0, 1]);
  assert.deepEqual(seatOrder(3, null), [0, 1, 2]);
});

test("panels go under the shortest column and never overlap", () => {
  const panels = [{ key: "a", h: 100 }, { key: "b", h: 300 }, { key: "c", h: 50 },
    { key: "d", h: 50 }];
  const two = layout(panels, 2);
  assert.equal(two.places.a.x, two.places.c.x); // c goes under a, the shorter column
  assert.equal(two.places.d.x, two.places.c.x);
  assert.ok(two.places.c.y >= two.places.a.y + 100);
  assert.equal(two.width, 2 * PANEL_W + 3 * 12);
  const one = layout(panels, 1);
  assert.equal(one.width, PANEL_W + 24);
  assert.ok(one.height >= 500);
});

test("the banner names who is to move and what they choose", () => {
  const table = { seats: [{ name: "Ana" }, { name: "Bo" }] };
  const view = { seat: 0, active: 1, turn: 4, is_over: false,
    decision: { seat: 0, prompt: "put one of your sacrifice cards face up on the stone" } };
  assert.equal(banner(view, table), "Turn 4 — your move: put one of your sacrifice cards " +
    "face up on the stone (sacrifice round after Bo's Moai)");
  const theirs = { ...view, active: 1, decision: { seat: 1, prompt: "lay out a card" } };
  assert.equal(banner(theirs, table), "Turn 4 — Bo is to lay out a card");
  assert.equal(banner({ ...view, is_over: true, turn: 40, winners: [1] }, table),
    "Game over after 40 turns — won by Bo");
});
