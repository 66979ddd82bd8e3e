// A decision's prompt as others read it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ago, optionName, optionValue, perMove, tableDetails, theirs, turnLeft } from "../../../src/vaka/web/static/words.js";

test("a prompt for the seat that decides speaks of that seat to everyone else", () => {
  assert.equal(theirs("lay out a card from your hand"), "lay out a card from their hand");
  assert.equal(theirs("You may pass"), "They may pass");
  assert.equal(theirs("recruit priests (2 pearls: 1)"), "recruit priests (2 pearls: 1)");
  assert.equal(theirs("choose yourself"), "choose yourself"); // whole words only
});

test("a German prompt speaks of the seat that decides, as the English one does", () => {
  assert.equal(theirs("den Spieler wählen, auf den Ihr Ritual wirkt", "de"),
    "den Spieler wählen, auf den ihr Ritual wirkt");
  assert.equal(theirs("wählen, welches Ihrer Rituale zuerst ausgeführt wird", "de"),
    "wählen, welches ihrer Rituale zuerst ausgeführt wird");
  assert.equal(theirs("Sie dürfen passen. Ihnen bleibt Ihre Hand", "de"), "Sie dürfen passen. Ihnen bleibt ihre Hand");
  assert.equal(theirs("was Sie wollen", "de"), "was sie wollen");
  assert.equal(theirs("Ihrerseits", "de"), "Ihrerseits"); // whole words only
  assert.equal(theirs("lay out your card", "en_XA"), "lay out your card"); // no English rules
});

test("how long ago reads in the largest whole unit", () => {
  const now = 1_000_000;
  assert.equal(ago(now - 5, now), "just now");
  assert.equal(ago(now - 125, now), "2 min ago");
  assert.equal(ago(now - 3 * 3600 - 5, now), "3 h ago");
  assert.equal(ago(now - 86400, now), "1 day ago");
  assert.equal(ago(now + 30, now), "just now"); // a clock a little ahead is not the future
});

test("a table's details tell it from a similar one", () => {
  const base = { created_at: Date.now() / 1000 - 600, version: 0, clock: { kind: "none" },
    seats: [{ name: "Ana" }, { name: "bot" }], to_move: [0], status: "open", options: {} };
  assert.equal(tableDetails(base), "made 10 min ago");
  const playing = { ...base, status: "playing", version: 12,
    clock: { kind: "live", minutes: 20, increment: 10 }, options: { first_game: true, level: "hard" } };
  assert.equal(tableDetails(playing), "made 10 min ago · 12 moves · live 20+10s · Ana to move · first game · level hard");
  const over = { ...base, status: "over", version: 80, winners: [1], clock: { kind: "turn", days: 1 } };
  assert.equal(tableDetails(over), "made 10 min ago · 80 moves · turn-based, 1 day a move · won by bot");
  const lobby = { ...base, rated: true, private: true, clock: { kind: "turn", days: 0.5 } };
  assert.equal(tableDetails(lobby), "made 10 min ago · turn-based, 12 hours a move · rated · private");
  const known = { level: { default: "hard" }, first_game: { default: false } };
  assert.equal(tableDetails(playing, known), "made 10 min ago · 12 moves · live 20+10s · Ana to move · first game");
});

test("an option and its values are named as the game names them in /api/games", () => {
  // /api/games in the page's language (here German), as games/<game>/game.py declares them
  const level = { default: "medium", name: "Stufe", choices: ["easy", "hard"],
    choice_names: ["leicht", "schwer"] };
  const goal = { default: 20, name: "Siegziel", choices: [10, 20], choice_names: ["10", "20"] };
  assert.equal(optionName("level", level), "Stufe");
  assert.equal(optionValue("hard", level), "schwer");
  assert.equal(optionValue(10, goal), "10");
  // a server that names nothing (or an option it no longer offers): the key spaced
  assert.equal(optionName("first_game"), "first game");
  assert.equal(optionValue("top-only", { choices: ["top-only"] }), "top-only");
  const table = { created_at: Date.now() / 1000 - 600, version: 0, clock: { kind: "none" },
    seats: [], to_move: [], status: "open", options: { level: "hard", first_game: false, goal: 10 } };
  const known = { level, goal, first_game: { default: true, name: "erste Partie" } };
  assert.equal(tableDetails(table, known), "made 10 min ago · Stufe schwer · no erste Partie · Siegziel 10");
});

test("the engine's 'seat N' is written as the name the table shows", async () => {
  const { nameSeats, seatName } = await import("../../../src/vaka/web/static/words.js");
  const names = ["Ana", "medium bot 1", "medium bot 2"];
  assert.equal(nameSeats("Seat 1 takes the priest; seat 2’s turn; seat 9 stays", names),
    "Medium bot 1 takes the priest; medium bot 2’s turn; seat 9 stays");
  assert.equal(seatName({ names, seats: [] }, 2), "medium bot 2");
});

test("a turn-based table's time per move is said in hours or days", () => {
  assert.equal(perMove(1 / 24), "1 hour");
  assert.equal(perMove(4 / 24), "4 hours");
  assert.equal(perMove(0.5), "12 hours");
  assert.equal(perMove(1), "1 day");
  assert.equal(perMove(7), "7 days");
  assert.equal(perMove(3 / 86400), "0.05 minutes");
});

test("a turn's time left reads in its two largest units", () => {
  assert.equal(turnLeft(3 * 86400), "3 days");
  assert.equal(turnLeft(86400 + 5 * 3600 + 59), "1 day 5 h");
  assert.equal(turnLeft(5 * 3600 + 20 * 60), "5 h 20 min");
  assert.equal(turnLeft(2 * 3600), "2 h");
  assert.equal(turnLeft(12 * 60 + 30), "12 min");
  assert.equal(turnLeft(40.7), "40 s");
});
