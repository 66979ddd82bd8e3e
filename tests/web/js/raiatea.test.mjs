// Raiatea's board logic: what is pointable, sealed status and the reveal read from the log.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  bidAmounts, firstLegal, missionWords, OFFERS, sealedStatus, wrap,
} from "../../../src/vaka/games/raiatea/web/logic.js";

const COMMS = [{ id: "mahi_mahi", name: "Mahi-mahi" }, { id: "uru", name: "'Uru (breadfruit)" }];

test("an element offers its first legal action, or none", () => {
  const acts = new Set(["done", "sell uru", "pay uru"]);
  assert.equal(firstLegal(acts, OFFERS.goods("uru")), "sell uru");
  assert.equal(firstLegal(acts, OFFERS.goods("mahi_mahi")), null);
  assert.equal(firstLegal(new Set(["pay uru"]), OFFERS.goods("uru")), "pay uru");
  assert.equal(firstLegal(acts, OFFERS.screen(2)), null);
  assert.equal(firstLegal(new Set(["target seat2"]), OFFERS.screen(2)), "target seat2");
});

test("a sealed step tells who has chosen, not what", () => {
  const view = { decision: { phase: "offer", seats: [2] }, seats: [{ seat: 0 }, { seat: 1 },
    { seat: 2 }] };
  assert.deepEqual(sealedStatus(view), { phase: "offer", waiting: [2], chosen: [0, 1],
    mission: null });
  assert.equal(sealedStatus({ decision: { phase: "claim", seat: 1 }, seats: [] }), null);
});

test("words for the table", () => {
  assert.equal(missionWords("pay 1 mahi_mahi commodity", COMMS), "pay 1 Mahi-mahi commodity");
  assert.deepEqual(bidAmounts([{ action: "bid 10" }, { action: "bid 2" }, { action: "pass" }]),
    [2, 10]);
  assert.deepEqual(wrap("Gain 1 mana per priest you have", 12), ["Gain 1 mana", "per priest",
    "you have"]);
  assert.equal(wrap("a b c d e f", 1, 2).length, 2);
});

test("actions are said with printed names", async () => {
  const { namer, sayAction } = await import("../../../src/vaka/games/raiatea/web/logic.js");
  const name = namer({
    rituals: { RN01: { name: "Pearls of Ru'a-hatu", mana: 1 } }, masks: { FM01: { name: "Mask of Oro" } },
    commodities: COMMS, assistants: [{ id: "shaman", name: "Shaman" }],
    locations: [{ id: "reef", name: "Pearl Oyster Reef" }],
  });
  assert.equal(sayAction("keep RN01", name), "keep Pearls of Ru'a-hatu (1 mana)");
  assert.equal(sayAction("claim reef", name), "claim Pearl Oyster Reef");
  assert.equal(sayAction("give FM01", name), "give Mask of Oro");
  assert.equal(sayAction("target seat2", name), "target Seat 2");
  assert.equal(sayAction("bid 7", name), "bid 7 mana");
  assert.equal(sayAction("bonus 0", name), "take the bonus on space 1");
  assert.equal(sayAction("use shaman", name), "use Shaman");
  assert.equal(sayAction("done", name), "done");
});

test("the tab holding an action, and what changed since the seat's last move", async () => {
  const { marksOf, tabMarks, tabOf } = await import(
    "../../../src/vaka/games/raiatea/web/logic.js");
  const view = { seat: 0, blessing: [["RN04", 0]], tiles: ["reef", "forest"], order: [1, 0],
    display: ["c1"], revealed: [], mask_market: ["SM02"], prices: { taro: 2 },
    assistant_market: { shaman: 1 },
    statues: [{ rows: [["", "T1-11"]] }],
    seats: [{ seat: 0, tattoo: 2, priests: 1, masks: ["SM01"], blue: [], hand: ["RN01", "RN05"],
      drawn_cards: [], prepared_cards: [], assistants: {}, turned: {}, goods: {} },
    { seat: 1, tattoo: 0, priests: 0, masks: ["FM04"], blue: [], assistants: { shaman: 1 },
      turned: {}, goods: {} }] };
  assert.equal(tabOf("claim reef", view), "island");
  assert.equal(tabOf("perform RN04", view), "island"); // from the Sacrifice Bag
  assert.equal(tabOf("perform RN01", view), null); // from the hand, on your own screen
  assert.equal(tabOf("mission 1.1.2", view), "statues");
  assert.equal(tabOf("pick c1", view), "markets");
  assert.equal(tabOf("target seat0", view), null);
  const since = { ...view, tiles: ["reef"], order: [1, 0], display: ["c0"], mask_market: ["SM02"],
    prices: { taro: 1 }, assistant_market: { shaman: 2 },
    statues: [{ rows: [["T1-10", "T1-11"]] }],
    seats: [{ ...view.seats[0], tattoo: 1, hand: ["RN01"] },
      { ...view.seats[1], masks: [], assistants: {} }] };
  const m = marksOf(since, view, 0);
  assert.deepEqual([...m.locations], ["forest"]);
  assert.deepEqual([...m.tattoo], [0]);
  assert.deepEqual([...m.priests], []);
  assert.equal(m.order, false);
  assert.deepEqual([...m.forest], ["c1"]);
  assert.deepEqual([...m.prices], ["taro"]);
  assert.deepEqual([...m.assistants], ["shaman"]);
  assert.deepEqual([...m.missions], ["1.1.1"]);
  assert.deepEqual([...m.seats[0].cards], ["RN05"]);
  assert.deepEqual([...m.seats[1].masks], ["FM04"]);
  assert.deepEqual([...m.seats[1].assistants], ["shaman"]);
  assert.deepEqual(tabMarks(m), { island: true, markets: true, statues: true, others: true });
  assert.deepEqual(tabMarks(marksOf(null, view, 0)),
    { island: false, markets: false, statues: false, others: false });
});
