// The connection's own logic: backoff between reconnects, invitation links.
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.location = { origin: "http://127.0.0.1:8000" };
const { backoff, inviteLink } = await import("../../../src/vaka/web/static/net.js");

test("reconnecting starts quick and never waits more than five seconds", () => {
  const waits = Array.from({ length: 12 }, (_, i) => backoff(i));
  assert.equal(waits[0], 250);
  assert.ok(waits.every((w, i) => i === 0 || w >= waits[i - 1]));
  assert.equal(Math.max(...waits), 5000);
});

test("an invitation link carries the table, the seat and its token", () => {
  assert.equal(
    inviteLink("T1", 2, "tok"),
    "http://127.0.0.1:8000/#/join/T1/2/tok",
  );
});
