"""Raiatea's decisions in words, for people reading a game back (a review's turning
points): the round or ceremony they fall in, and the action as players say it, with the
names the screen uses (:mod:`vaka.games.raiatea.names`), never an id.

Everything is read from the seat's view, so nothing hidden from that seat is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vaka.games.raiatea.actions import RaiateaAction
from vaka.games.raiatea.names import GIFTS, amount, bonus, mission, thing
from vaka.games.raiatea.params import CHARTS, COMMODITIES, LOCATION_NAMES, TOOS

#: The ceremony's sealed steps, named in the moment.
_SEALED = {"prep": "preparing rituals", "offer": "the mana offering", "auction": "the auction"}
#: ``pass`` by the step it declines (what each step's prompt offers before "or pass").
_PASSES = {
    "draw": "drawing no rituals",
    "sacrifice": "sacrificing nothing at the Marae",
    "recruit": "recruiting no priests",
    "give": "adding no mask to the Mask Market",
    "get": "taking no mask from the Mask Market",
    "take_comm": "taking no commodity",
    "take_asst": "taking no assistant",
    "shaman_a": "not advancing the tattoo marker",
    "diver": "turning no Pearl Diver",
    "buy_ritual": "buying no rituals",
    "mission": "fulfilling no To'o mission",
    "perform": "performing no ritual",
}
_DONE = {"market": "leaving the market", "prep": "preparing no more rituals"}
#: Verbs whose argument is a thing named by :func:`names.thing`, as gerunds.
_THINGS = {
    "pick": "taking {} from the forest",
    "sacrifice": "sacrificing {} for a tattoo",
    "keep": "keeping {}",
    "give": "putting {} into the Mask Market",
    "pay_mask": "paying {}",
    "get": "taking {} from the Mask Market",
    "steal": "taking {}",
    "sell": "selling {}",
    "hire": "hiring a {}",
    "take": "taking {} from the market",
    "prepare": "preparing {}",
    "turn": "turning a {}",
    "reactivate": "reactivating a {}",
    "discard": "discarding {}",
    "perform": "performing {}",
    "pay": "paying {}",
    "type": "counting {}s",
    "use": "using a {}",
    "top": "moving {}'s price marker to the top",
}


def moment(view: Mapping[str, Any]) -> str:
    """The round ("action round 3", "ceremony 2, the auction")."""
    rnd = view["round"]
    if rnd["kind"] == "action":
        return f"action round {rnd['number']}"
    phase = (view.get("decision") or {}).get("phase")
    return f"ceremony {rnd['number']}" + (f", {_SEALED[phase]}" if phase in _SEALED else "")


def say(view: Mapping[str, Any], action: RaiateaAction) -> str:
    """The action as a gerund: "claiming the Pearl Oyster Reef", "keeping Hand of Hiro
    (2 mana)", "adding no mask to the Mask Market"."""
    verb, arg = action.verb, action.arg
    decision = view.get("decision") or {}
    phase = decision.get("phase", "")
    if verb == "pass":
        return _PASSES.get(phase, "passing")
    if verb == "done":
        return _DONE.get(phase, "being done")
    if verb == "advance":
        return "advancing the tattoo marker"
    if verb in _THINGS:
        return _THINGS[verb].format(thing(arg))
    if verb == "claim":
        return f"claiming the {LOCATION_NAMES[arg]}"
    if verb == "draw":
        return f"drawing {arg} rituals"
    if verb == "recruit":
        return f"recruiting {amount(int(arg), 'priests')}"
    if verb == "mission":
        return _mission(view, arg)
    if verb == "bonus" and "commodity" in decision:
        chart = CHARTS[COMMODITIES.index(decision["commodity"])]
        return f"taking the bonus {bonus(chart[int(arg)])}"
    if verb == "bid":
        return f"offering {arg} mana" if phase == "offer" else f"bidding {arg} mana"
    if verb == "gift":
        return f"choosing the gift of {GIFTS[arg]}"
    if verb == "target":
        return f"aiming the ritual at seat {arg.removeprefix('seat')}"
    return str(action)


def _mission(view: Mapping[str, Any], slot: str) -> str:
    statue, row, space = (int(p) - 1 for p in slot.split("."))
    token = view["statues"][statue]["rows"][row][space]
    if token in TOOS:
        return f"fulfilling the To'o mission {slot} ({mission(token)}, {TOOS[token]['vp']} VP)"
    return f"fulfilling the To'o mission {slot}"
