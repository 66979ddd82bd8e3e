"""Raiatea's rules at hand: the texts are data (``data/rules.md``); every ritual, mask,
To'o mission, location, assistant, commodity and rank is explained from the game's
components, so no name is typed twice. Names and texts from the data files are texts of
the catalog (babel.cfg extracts them), so every one is shown in the reader's language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from vaka.core import rulebook as rb
from vaka.core.rulebook import Entry, entry
from vaka.games.raiatea.actions import slot_text
from vaka.games.raiatea.names import cost
from vaka.games.raiatea.params import MISSION_SLOTS, RANKS, RITUAL_DATA
from vaka.i18n import N_, _

DOCS = "docs/rules/raiatea-content.md"


@rb.per_language
def rulebook() -> rb.RuleBook:
    from vaka.games.raiatea.components import components

    return rb.load("vaka.games.raiatea", N_("Raiatea"), _entries(components()))


def _entries(c: dict[str, Any]) -> Iterator[Entry]:
    yield from _rituals(c)
    for mid, m in c["masks"].items():
        where = _("A starting mask") if mid.startswith("SM") else _("A forest mask")
        yield entry(
            m["name"], _("mask"),
            _("{where}: {text} Masks score only in pairs.").format(where=where, text=_(m["text"])),
            (), _("mask faces are not published; designed ({docs}, 2.3).").format(docs=DOCS),
            ids=(mid,),
        )  # fmt: skip
    kinds = {"resource": _("resource"), "conditional": _("conditional"), "auction": _("auction")}
    for tid, t in c["toos"].items():
        yield Entry(
            tid, _("To'o mission, {vp} VP").format(vp=t["vp"]),
            _("A {kind} mission: {text}.").format(kind=kinds[t["kind"]], text=t["text"]), (),
            _("the missions are not published; designed ({docs}, 2.4).").format(docs=DOCS),
        )  # fmt: skip
    for slot in MISSION_SLOTS:
        statue, row, space = slot
        yield Entry(
            slot_text(slot), _("To'o space"),
            _(
                "Statue {statue} ({statue} VP), row {row}, space {space}: the mission dealt "
                "there is shown beside it ('?' while the statue is face down); 'mission {slot}' "
                "fulfils it. See To'o mission."
            ).format(statue=statue + 1, row=row + 1, space=space + 1, slot=slot_text(slot)),
        )  # fmt: skip
    for loc in c["locations"]:
        yield entry(
            loc["name"], _("location"),
            _("{action} Kahuna bonus: {bonus}.").format(
                action=_(loc["action"]), bonus=_(loc["kahuna"])
            ),
            ids=(loc["id"],),
        )  # fmt: skip
    for a in c["assistants"]:
        yield entry(
            a["name"], _("assistant"),
            _("A (permanent): {a} B (once, then the card is turned): {b}").format(
                a=_(a["a"]), b=_(a["b"])
            ),
            ids=(a["id"],),
        )  # fmt: skip
    for i, com in enumerate(c["commodities"]):
        chart = "; ".join(f"{s}: {b}" for s, b in enumerate(c["charts"][i]))
        yield entry(
            com["name"], _("commodity"),
            _(
                "A commodity card. Selling it at the Market gives one bonus at or below its "
                "price marker on its chart ({chart})."
            ).format(chart=chart),
            (), _("the price chart's bonuses are designed ({docs}, 2.5).").format(docs=DOCS),
            ids=(com["id"],),
        )  # fmt: skip
    for rank in RANKS:
        yield entry(rank["name"], _("rank"), _rank_text(rank))


def _rituals(c: dict[str, Any]) -> Iterator[Entry]:
    types = c["ritual_types"]
    why = _("no ritual list is published; designed to the rulebook's rules ({docs}, 2.1).")
    for rid, r in c["rituals"].items():
        kind = _(types[r["type"]])
        head = (
            _("A normal {type} ritual; costs {mana} mana")
            if r["deck"] == "normal"
            else _("A forbidden {type} ritual; costs {mana} mana")
        ).format(type=kind, mana=r["mana"])
        if r["price"]:
            head += _(" and, when it resolves, {price}").format(price=cost(r["price"]))
        text = f"{head}. {_(r['text'])}"
        yield entry(r["name"], _("ritual"), text, (), why.format(docs=DOCS), ids=(rid,))
    for key, name in types.items():
        shown = _(name)
        yield Entry(
            shown, _("ritual type"), _type_text(key),
            (_("{type} ritual").format(type=shown), _("{type} rituals").format(type=shown)),
            None, (name, f"{name} ritual", f"{name} rituals"),
        )  # fmt: skip


def _type_text(key: str) -> str:
    t = RITUAL_DATA["types"][key]
    colours = {
        "black": _("Black"), "blue": _("Blue"), "burgundy": _("Burgundy"), "brown": _("Brown"),
    }  # fmt: skip
    colour = colours.get(t["colour"], t["colour"].capitalize())
    return _("{colour} rituals: {rule}.").format(colour=colour, rule=_(t["rule"]))


def _rank_text(rank: dict[str, Any]) -> str:
    draw = rank["draw"]
    decks = {"normal": _("normal"), "forbidden": _("forbidden")}
    options = _(" or ").join(f"{draw['count']} {decks[d]}" for d in draw["decks"])
    text = _(
        "Reached at tattoo space {space}; worth {vp} VP at the end. Draw {decks} rituals and "
        "keep {keep}; prepare up to {prepare} rituals in a ceremony."
    ).format(
        space=rank["space"], vp=rank["vp"], decks=options, keep=draw["keep"],
        prepare=rank["prepare"],
    )  # fmt: skip
    if rank["on_reach"]:
        text += " " + _("On reaching it, perform one ritual for free.")
    return text
