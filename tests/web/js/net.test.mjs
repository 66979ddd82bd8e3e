// The connection's own logic: backoff between reconnects, invitation links, the log kept
// across pushes.
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.location = { origin: "http://127.0.0.1:8000" };
const { backoff, headersFor, inviteLink, setCsrf, wholeLog } = await import(
  "../../../src/vaka/web/static/net.js"
);

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

const state = (from, log) => ({ type: "state", log_from: from, view: { log } });
const e = (n) => ({ seat: n % 2, text: `entry ${n}` });

test("a push's new log entries follow the ones the connection kept", () => {
  const first = wholeLog(null, state(0, [e(0), e(1)]));
  assert.deepEqual(first, [e(0), e(1)]);
  const kept = first.slice();
  const next = wholeLog(first, state(2, [e(2)]));
  assert.deepEqual(next, [e(0), e(1), e(2)]);
  assert.deepEqual(first, kept); // the kept log is not changed: earlier states stay as shown
  assert.deepEqual(wholeLog(next, state(3, [])), next); // nothing new: chat, a clock
});

test("a push from 0 replaces the whole log (an undo, the game's end, a new socket)", () => {
  const kept = [e(0), e(1), e(2)];
  const undone = { seat: 0, text: "entry 1, told anew" };
  assert.deepEqual(wholeLog(kept, state(0, [e(0), undone])), [e(0), undone]);
  assert.deepEqual(wholeLog(kept, { type: "state", view: { log: [e(5)] } }), [e(5)]);
});

test("a push from before the kept end drops what follows, one from beyond it is a gap", () => {
  const kept = [e(0), e(1), e(2)];
  assert.deepEqual(wholeLog(kept, state(1, [e(7)])), [e(0), e(7)]);
  assert.equal(wholeLog(kept, state(4, [e(4)])), null);
  assert.equal(wholeLog(null, state(1, [e(1)])), null);
});

test("signed in, every change carries the session's CSRF header; reading needs none", () => {
  assert.deepEqual(headersFor("POST", {}, null), {
    "Accept-Language": "en", // the page's language: the server's words come in it
    "content-type": "application/json",
  });
  setCsrf("c5rf");
  assert.equal(headersFor("POST", {}, null)["X-CSRF-Token"], "c5rf");
  assert.equal(headersFor("post", undefined, "tok")["X-CSRF-Token"], "c5rf");
  assert.equal(headersFor("post", undefined, "tok").authorization, "Bearer tok");
  assert.equal(headersFor("GET", undefined, null)["X-CSRF-Token"], undefined);
  setCsrf(null); // signed out
  assert.equal(headersFor("POST", {}, null)["X-CSRF-Token"], undefined);
});
