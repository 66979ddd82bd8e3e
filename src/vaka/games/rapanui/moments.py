"""Rapa Nui's decisions in words, for people reading a game back (a review's turning
points): the turn they fall in, the action as players say it, and what a draw uncovered.

Every text is a whole template of the catalog in the reader's language, the cards named
as the log names them (:data:`vaka.games.rapanui.events.KIND_WORDS`). Everything is read
from the seat's views, so nothing hidden from that seat is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vaka.games.rapanui import actions as A
from vaka.games.rapanui.params import KIND_NAMES, RESOURCES
from vaka.i18n import N_, NN_, _, ngettext, pgettext

#: What each seat's score is made of during play, as the view counts it.
_GAINS = (
    ("fame", NN_("+{n} fame", "+{n} fame")),
    ("wood", NN_("+{n} wood", "+{n} wood")),
    ("sacrifice_cards", NN_("+{n} sacrifice card", "+{n} sacrifice cards")),
)
#: The Moai scoring taken as wood or as fame (``A.TAKE_NAMES``).
_TAKES = (N_("taking the Moai scoring as wood"), N_("taking the Moai scoring as fame"))

#: The hunter-gatherers' kinds, by the names the view uses.
_HUNTERS = frozenset(KIND_NAMES[r] for r in RESOURCES)


def _kind(name: str) -> str:
    """A card kind by the name a view gives it ("fish"), in the reader's language."""
    return pgettext("rapanui", name)


def _card(name: str) -> str:
    """A card by the name a view gives its kind: "priest", "fish hunter-gatherer"."""
    if name in _HUNTERS:
        return _("{kind} hunter-gatherer").format(kind=_kind(name))
    return _kind(name)


def moment(view: Mapping[str, Any]) -> str:
    """The turn, counted over all seats as the log counts it ("turn 14")."""
    return _("turn {n}").format(n=view["turn"])


def say(view: Mapping[str, Any], action: A.RapaNuiAction) -> str:
    """The action as a gerund: "taking the priest from row 3", "laying out 2 fish"."""
    verb, arg = action.verb, action.arg
    decision = view.get("decision") or {}
    if verb == A.PASS:
        if decision.get("phase") == "gain":
            return _("taking no sacrifice card")
        return _("buying nothing")
    if verb == A.BUY:
        return _("buying a {kind} sacrifice card").format(kind=_kind(KIND_NAMES[arg]))
    if verb == A.LAY:
        if action.count > 1:
            return _("laying out {n} {kind} hunter-gatherers").format(
                n=action.count, kind=_kind(KIND_NAMES[arg])
            )
        return _("laying out a {card}").format(card=_card(KIND_NAMES[arg]))
    if verb == A.DRAW:
        top = view["rows"][arg]["top"]
        if top:
            return _("taking the {card} from row {row}").format(card=_card(top), row=arg + 1)
        return _("taking the card from row {row}").format(row=arg + 1)
    if verb == A.TAKE:
        return _(_TAKES[arg])
    kind = _kind(KIND_NAMES[arg])
    if verb == A.SACRIFICE:
        if decision.get("phase") == "hide":
            return _("putting a {kind} sacrifice card face down on the stone").format(kind=kind)
        return _("putting a {kind} sacrifice card face up on the stone").format(kind=kind)
    if verb == A.OFFER:
        return _("offering a {kind} card from the supply").format(kind=kind)
    return _("gaining a {kind} sacrifice card").format(kind=kind)  # A.GAIN


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
        for key, forms in _GAINS:
            n = new[key] - old[key]
            if n > 0:
                gain = ngettext(*forms, n).format(n=n)
                gains.append(_("seat {n} {gain}").format(n=new["seat"], gain=gain))
    card = _card(top)
    if gains:
        return _("it uncovered a {card}: {gains}").format(card=card, gains=", ".join(gains))
    # A Moai's scoring, or a sacrifice card of a resource run out, is still to be chosen.
    if (after.get("decision") or {}).get("phase") in ("moai", "gain"):
        return _("it uncovered a {card}").format(card=card)
    return _("it uncovered a {card}, which scored nothing").format(card=card)
