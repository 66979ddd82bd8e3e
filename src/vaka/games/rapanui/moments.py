"""Rapa Nui's decisions in words, for people reading a game back (a review's turning
points): the turn they fall in, the action as players say it, and what a draw uncovered.

Everything is read from the seat's views, so nothing hidden from that seat is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vaka.games.rapanui import actions as A
from vaka.games.rapanui.params import KIND_NAMES, RESOURCES

#: What each seat's score is made of during play, as the view counts it.
_GAINS = (
    ("fame", "fame", "fame"),
    ("wood", "wood", "wood"),
    ("sacrifice_cards", "sacrifice card", "sacrifice cards"),
)


#: The hunter-gatherers' kinds, by the names the view uses.
_HUNTERS = frozenset(KIND_NAMES[r] for r in RESOURCES)


def _card(name: str) -> str:
    """A card by the name a view gives its kind: "priest", "fish hunter-gatherer"."""
    return f"{name} hunter-gatherer" if name in _HUNTERS else name


def moment(view: Mapping[str, Any]) -> str:
    """The turn, counted over all seats as the log counts it ("turn 14")."""
    return f"turn {view['turn']}"


def say(view: Mapping[str, Any], action: A.RapaNuiAction) -> str:
    """The action as a gerund: "taking the priest from row 3", "laying out 2 fish"."""
    verb, arg = action.verb, action.arg
    decision = view.get("decision") or {}
    if verb == A.PASS:
        return "taking no sacrifice card" if decision.get("phase") == "gain" else "buying nothing"
    if verb == A.BUY:
        return f"buying a {KIND_NAMES[arg]} sacrifice card"
    if verb == A.LAY:
        if action.count > 1:
            return f"laying out {action.count} {KIND_NAMES[arg]} hunter-gatherers"
        return f"laying out a {_card(KIND_NAMES[arg])}"
    if verb == A.DRAW:
        top = view["rows"][arg]["top"]
        return f"taking the {_card(top) if top else 'card'} from row {arg + 1}"
    if verb == A.TAKE:
        return f"taking the Moai scoring as {A.TAKE_NAMES[arg]}"
    name = KIND_NAMES[arg]
    if verb == A.SACRIFICE:
        side = "down" if decision.get("phase") == "hide" else "up"
        return f"putting a {name} sacrifice card face {side} on the stone"
    if verb == A.OFFER:
        return f"offering a {name} card from the supply"
    return f"gaining a {name} sacrifice card"  # A.GAIN


def outcome(
    before: Mapping[str, Any], action: A.RapaNuiAction, after: Mapping[str, Any]
) -> str | None:
    """What a draw uncovered and the scoring it brought each seat ("it uncovered a priest:
    seat 1 +3 fame"); None for the other actions."""
    if action.verb != A.DRAW:
        return None
    top = after["rows"][action.arg]["top"]
    if top is None:
        return None
    gains = []
    for old, new in zip(before["seats"], after["seats"], strict=True):
        for key, one, many in _GAINS:
            n = new[key] - old[key]
            if n > 0:
                gains.append(f"seat {new['seat']} +{n} {one if n == 1 else many}")
    uncovered = f"it uncovered a {_card(top)}"
    if gains:
        return f"{uncovered}: {', '.join(gains)}"
    # A Moai's scoring, or a sacrifice card of a resource run out, is still to be chosen.
    waiting = (after.get("decision") or {}).get("phase") in ("moai", "gain")
    return uncovered if waiting else f"{uncovered}, which scored nothing"
