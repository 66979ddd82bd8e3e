// A decision's prompt as others read it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { theirs } from "../../../src/vaka/web/static/words.js";

test("a prompt for the seat that decides speaks of that seat to everyone else", () => {
  assert.equal(theirs("lay out a card from your hand"), "lay out a card from their hand");
  assert.equal(theirs("You may pass"), "They may pass");
  assert.equal(theirs("recruit priests (2 pearls: 1)"), "recruit priests (2 pearls: 1)");
  assert.equal(theirs("choose yourself"), "choose yourself"); // whole words only
});
