"""Atua's decisions in words, for people reading a game back (a review's turning points):
the round they fall in (a solo game's turn), and the action as players say it: the cards
by the ids the screen shows, a placement by the card laid and the points it brings now
(:func:`vaka.games.atua.render.placement_gain`, the note of the choice list), never by
its coordinates, and what it brought about.

Every text is a whole template of the catalog in the reader's language. Everything is
read from the seat's view, so nothing hidden from that seat is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vaka.games.atua import actions as A
from vaka.games.atua.placement import Placement
from vaka.games.atua.tiles import RESIDENTS
from vaka.i18n import N_, NN_, _, ngettext, npgettext, pgettext

_PASSES = {
    "fate": N_("buying no fate tile"),
    "resident": N_("keeping the resident face down"),
}
_TAKE_SIDES = {A.LEFT: N_("taking {card} (the left card)")}
_TAKE_RIGHT = N_("taking {card} (the right card)")
_POINTS = NN_("{n} point", "{n} points")


def moment(view: Mapping[str, Any]) -> str:
    """ "round 3" (every seat takes one turn a round, nine rounds), alone "turn 5"; an
    interim scoring belongs to the round or turn that emptied the pile."""
    decision = view.get("decision") or {}
    scoring = decision.get("phase") == "score"
    turn = view["turn"] - scoring  # the turn has ended when the scoring begins
    if view["solo"]:
        if scoring:
            return _("turn {n}, interim scoring").format(n=turn)
        return _("turn {n}").format(n=turn)
    n = (turn - 1) // view["players"] + 1
    return (_("round {n}, interim scoring") if scoring else _("round {n}")).format(n=n)


def say(view: Mapping[str, Any], action: A.AtuaAction | Placement) -> str:
    """The action as a gerund: "taking c17 (card 2 of the row)", "laying c17 (+3 points
    now)", "buying fate tile f9"."""
    if isinstance(action, Placement):
        from vaka.games.atua.render import placement_gain

        worth = placement_gain(view, action).worth
        return _("laying {card} ({points} now)").format(card=action.card, points=worth)
    verb, arg = action.verb, action.arg
    solo = view.get("solo_game") or {}
    if verb == A.TAKE and arg.isdigit():
        card = view["row"][int(arg) - 1]["card"]
        return _("taking {card} (card {n} of the row)").format(card=card, n=arg)
    if verb == A.TAKE:
        card = solo["offer"][0 if arg == A.LEFT else 1]
        return _(_TAKE_SIDES.get(arg, _TAKE_RIGHT)).format(card=card)
    if verb == A.SET_ASIDE:
        return _("laying {card} aside").format(card=view["holding"])
    if verb == A.SPARE:
        return _("paying 3 coconuts to keep {card} from Tahuma").format(card=solo["other"])
    if verb == A.GIVE:
        return _("letting Tahuma have {card}").format(card=solo["other"])
    if verb == A.BUY:
        return _("buying fate tile {tile}").format(tile=arg)
    if verb == A.REVEAL:
        resident = view["seats"][view["seat"]]["resident"]
        if resident:
            return _("revealing the resident, {name}").format(name=_(RESIDENTS[resident].name))
        return _("revealing")
    if verb == A.SCORE:
        return _("scoring {source}").format(source=pgettext("atua", arg))
    phase = (view.get("decision") or {}).get("phase", "")
    return _(_PASSES[phase]) if phase in _PASSES else _("passing")


def outcome(
    before: Mapping[str, Any], action: A.AtuaAction | Placement, after: Mapping[str, Any]
) -> str | None:
    """What the table showed the action brought about until the game next waits: the
    coconuts a take paid and gained, what a laid card changed on its island beyond the
    points said with it (pairs, totems, a volcano, the longest beach), the cards that came
    into the row or the offer, an interim scoring it started, and the points each seat
    scored or its revealed resident brought ("it paid 1 coconut and gained 2"); None where
    nothing of that happened."""
    parts = []
    if isinstance(action, Placement):
        from vaka.games.atua.render import placement_gain

        parts += placement_gain(before, action).gains()
    elif action.verb == A.TAKE:
        parts += _coconuts(before, action.arg, after)
    offers = [(view.get("solo_game") or {}).get("offer", []) for view in (before, after)]
    seen = {entry["card"] for entry in before["row"]} | set(offers[0])
    new = [entry["card"] for entry in after["row"] if entry["card"] not in seen]
    new += [card for card in offers[1] if card not in seen]
    if len(new) == 1:
        parts.append(_("{card} came up").format(card=new[0]))
    elif new:
        parts.append(
            _("{cards} and {last} came up").format(cards=", ".join(new[:-1]), last=new[-1])
        )
    decision = after.get("decision") or {}
    if decision.get("phase") == "score" and (before.get("decision") or {}).get("phase") != "score":
        parts.append(_("pile {pile} ran out: interim scoring").format(pile=decision["pile"]))
    for old, now in zip(before["seats"], after["seats"], strict=True):
        scored = [
            _("{points} for {source}").format(points=_points(n), source=pgettext("atua", s))
            for s, n in now["scored"].items()
            if s not in old["scored"]
        ]
        if now["resident_revealed"] and not old["resident_revealed"]:
            points = _points(now["resident_points"])
            scored.append(_("{points} for the resident").format(points=points))
        if scored:
            parts.append(
                _("seat {n} scored {scores}").format(n=now["seat"], scores=", ".join(scored))
            )
    return "; ".join(parts) or None


def _points(n: int) -> str:
    return ngettext(*_POINTS, n).format(n=n)


def _coconuts(before: Mapping[str, Any], arg: str, after: Mapping[str, Any]) -> list[str]:
    """The coconuts a take paid (onto the cards before it, or a solo game's hut) and
    gained (those lying on the card, or from the hut)."""
    seat = before["seat"]
    change = after["seats"][seat]["coconuts"] - before["seats"][seat]["coconuts"]
    gained = before["row"][int(arg) - 1]["coconuts"] if arg.isdigit() else max(change, 0)
    paid = gained - change
    if paid > 0 and gained > 0:
        return [
            _("it paid {paid} and gained {gained}").format(
                paid=_coconut_count(paid), gained=_coconut_count(gained)
            )
        ]
    if paid > 0:
        return [_("it paid {paid}").format(paid=_coconut_count(paid))]
    if gained > 0:
        return [_("it gained {gained}").format(gained=_coconut_count(gained))]
    return []


def _coconut_count(n: int) -> str:
    """ "1 coconut", "3 coconuts", as the log counts them."""
    coconuts = npgettext("symbol", "coconut", "coconuts", n)
    return _("{n} {coconuts}").format(n=n, coconuts=coconuts)
