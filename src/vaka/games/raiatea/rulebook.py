"""Raiatea's rules at hand: the texts are data (``data/rules.md``); every ritual, mask,
To'o mission, location, assistant, commodity and rank is explained from the game's
components, so no name is typed twice."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from vaka.core import rulebook as rb
from vaka.core.rulebook import Entry
from vaka.games.raiatea.actions import slot_text
from vaka.games.raiatea.params import MISSION_SLOTS, RANKS, RITUAL_DATA

DOCS = "docs/rules/raiatea-content.md"


@lru_cache(maxsize=1)
def rulebook() -> rb.RuleBook:
    from vaka.games.raiatea.components import components

    return rb.load("vaka.games.raiatea", "Raiatea", _entries(components()))


def _entries(c: dict[str, Any]) -> Iterator[Entry]:
    types = c["ritual_types"]
    for rid, r in c["rituals"].items():
        price = ", ".join(f"{n} {k}" for k, n in r["price"].items())
        text = (
            f"A {r['deck']} {types[r['type']]} ritual; costs {r['mana']} mana"
            + (f" and, when it resolves, {price}" if price else "")
            + f". {r['text']}"
        )
        yield Entry(
            r["name"], "ritual", text, (rid,),
            f"no ritual list is published; designed to the rulebook's rules ({DOCS}, 2.1).",
        )  # fmt: skip
    for key, name in types.items():
        yield Entry(name, "ritual type", _type_text(key), (f"{name} ritual", f"{name} rituals"))
    for mid, m in c["masks"].items():
        where = "a starting mask" if mid.startswith("SM") else "a forest mask"
        yield Entry(
            m["name"], "mask", f"{where.capitalize()}: {m['text']} Masks score only in pairs.",
            (mid,), f"mask faces are not published; designed ({DOCS}, 2.3).",
        )  # fmt: skip
    for tid, t in c["toos"].items():
        yield Entry(
            tid, f"To'o mission, {t['vp']} VP", f"A {t['kind']} mission: {t['text']}.", (),
            f"the missions are not published; designed ({DOCS}, 2.4).",
        )  # fmt: skip
    for slot in MISSION_SLOTS:
        statue, row, space = slot
        yield Entry(
            slot_text(slot), "To'o space",
            f"Statue {statue + 1} ({statue + 1} VP), row {row + 1}, space {space + 1}: the "
            "mission dealt there is shown beside it ('?' while the statue is face down); "
            f"'mission {slot_text(slot)}' fulfils it. See To'o mission.",
        )  # fmt: skip
    for loc in c["locations"]:
        yield Entry(
            loc["name"], "location", f"{loc['action']} Kahuna bonus: {loc['kahuna']}.",
            (loc["id"],),
        )  # fmt: skip
    for a in c["assistants"]:
        yield Entry(
            a["name"], "assistant",
            f"A (permanent): {a['a']} B (once, then the card is turned): {a['b']}",
            (a["id"],),
        )  # fmt: skip
    for i, com in enumerate(c["commodities"]):
        chart = "; ".join(f"{s}: {b}" for s, b in enumerate(c["charts"][i]))
        yield Entry(
            com["name"], "commodity",
            f"A commodity card. Selling it at the Market gives one bonus at or below its "
            f"price marker on its chart ({chart}).",
            (com["id"],),
            f"the price chart's bonuses are designed ({DOCS}, 2.5).",
        )  # fmt: skip
    for rank in RANKS:
        draw = rank["draw"]
        decks = " or ".join(f"{draw['count']} {d}" for d in draw["decks"])
        once = " On reaching it, perform one ritual for free." if rank["on_reach"] else ""
        yield Entry(
            rank["name"], "rank",
            f"Reached at tattoo space {rank['space']}; worth {rank['vp']} VP at the end. "
            f"Draw {decks} rituals and keep {draw['keep']}; prepare up to {rank['prepare']} "
            f"rituals in a ceremony.{once}",
        )  # fmt: skip


def _type_text(key: str) -> str:
    t = RITUAL_DATA["types"][key]
    return f"{t['colour'].capitalize()} rituals: {t['rule']}."
