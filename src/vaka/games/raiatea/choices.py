"""The note beside each of a seat's choices: what the action's ids name and what it brings.

The action text stays what a player types (``keep RN19``, ``take mahi_mahi``); the note
always begins with the name the rest of the screen uses for what the text names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vaka.games.raiatea.actions import RaiateaAction
from vaka.games.raiatea.names import GIFTS, amount, bonus, colour, cost, mask, mission, thing
from vaka.games.raiatea.params import (
    ASSISTANT_NAMES,
    BOARD,
    CHARTS,
    COMMODITIES,
    LOCATION_NAMES,
    MASKS,
    PRICE_TOP,
    RITUAL_DATA,
    RITUALS,
    TOOS,
)
from vaka.i18n import N_, _

BOARD_ASSISTANTS = {a["id"]: a for a in BOARD["assistant_types"]}
TYPE_NAMES = {k: str(t["name"]) for k, t in RITUAL_DATA["types"].items()}
#: A location's action in brief (the whole text: ``show locations``).
LOCATION_BRIEF = {
    "forest": N_("everyone takes 2 forest cards; the Kahuna first"),
    "marae": N_("sacrifice for a tattoo, draw rituals; Kahuna twice"),
    "reef": N_("a die roll: all gain that many pearls; Kahuna +3"),
    "path": N_("recruit priests, mana per priest; Kahuna +1 priest"),
    "neighbourhood": N_("swap masks at the market; Kahuna: a To'o mission"),
    "market": N_("sell 1 commodity, hire 1 assistant; Kahuna 2 each"),
}


def describe_choice(view: Mapping[str, Any], action: RaiateaAction) -> str | None:
    """What a choice is or brings, for the seat whose view this is."""
    verb, arg = action.verb, action.arg
    if arg in RITUALS:  # keep, prepare, perform, discard
        card = RITUALS[arg]
        kind = _(TYPE_NAMES[card["type"]]).lower()
        return f"{_(card['name'])} ({kind}, {cost(card['cost'])}): {_(card['text'])}"
    if arg in MASKS:  # pick, give, get, steal
        return f"{mask(arg)}: {_(MASKS[arg]['text'])}"
    if verb == "mission":
        statue, row, space = (int(p) - 1 for p in arg.split("."))
        token = view["statues"][statue]["rows"][row][space]
        if token and token in TOOS:
            return _("{mission}: {vp} VP").format(mission=mission(token), vp=TOOS[token]["vp"])
        return None
    if verb == "claim":
        return f"{_(str(LOCATION_NAMES[arg]))}: {_(LOCATION_BRIEF[arg])}"
    return _commodity_note(view, verb, arg) or _other_note(view, verb, arg)


def _commodity_note(view: Mapping[str, Any], verb: str, arg: str) -> str | None:
    if arg not in COMMODITIES:
        return None
    name, chart = thing(arg), CHARTS[COMMODITIES.index(arg)]
    if verb == "sell":
        return _("{name}: choose a bonus up to {bonus}").format(
            name=name, bonus=bonus(chart[view["prices"][arg]])
        )
    if verb == "top":
        return _("{name}'s price marker to the top: {bonus}").format(
            name=name, bonus=bonus(chart[PRICE_TOP])
        )
    if verb == "pick":
        return _("{name}: a commodity, behind your screen").format(name=name)
    if verb == "sacrifice":
        return _("{name} for a tattoo").format(name=name)
    return f"{name}"  # take, pay


def _other_note(view: Mapping[str, Any], verb: str, arg: str) -> str | None:
    if verb == "bonus":
        commodity = (view.get("decision") or {}).get("commodity")
        if commodity is None:
            return None
        return bonus(CHARTS[COMMODITIES.index(commodity)][int(arg)])
    if arg in ASSISTANT_NAMES:
        name = _(str(ASSISTANT_NAMES[arg]))
        if verb == "use":
            return f"{name}: {_(str(BOARD_ASSISTANTS[arg]['b']))}"
        if verb == "hire":
            return _("{name} for 2 pearls (less discounts)").format(name=name)
        if verb == "pick":
            return _("{name}: an assistant, in front of your screen").format(name=name)
        return name  # take, turn, reactivate, type
    if verb == "draw":
        if arg == "forbidden":
            return _("draw from the forbidden ritual deck by your rank, keep 1")
        return _("draw from the normal ritual deck by your rank, keep 1")
    if verb == "gift":
        return _(GIFTS[arg])
    if verb == "recruit":
        pearls = 2 if arg == "1" else 5
        return _("{priests} ({pearls}, less discounts)").format(
            priests=amount(int(arg), "priests"), pearls=amount(pearls, "pearls")
        )
    if verb == "target":
        seat = int(arg.removeprefix("seat"))
        return _("seat {n} ({colour})").format(n=seat, colour=colour(view["seats"][seat]["colour"]))
    if verb == "advance":
        return _("move your tattoo marker 1 space")
    return None
