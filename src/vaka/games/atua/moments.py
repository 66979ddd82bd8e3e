"""Atua's decisions in words, for people reading a game back (a review's turning points):
the round they fall in (a solo game's turn), and the action as players say it: the cards
by the ids the screen shows, a placement by the card laid and the points it brings now
(:func:`vaka.games.atua.render.placement_gain`, the note of the choice list), never by
its coordinates.

Everything is read from the seat's view, so nothing hidden from that seat is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vaka.games.atua import actions as A
from vaka.games.atua.geometry import Placement
from vaka.games.atua.tiles import RESIDENTS

_PASSES = {"fate": "buying no fate tile", "resident": "keeping the resident face down"}


def moment(view: Mapping[str, Any]) -> str:
    """ "round 3" (every seat takes one turn a round, nine rounds), alone "turn 5"; an
    interim scoring belongs to the round or turn that emptied the pile."""
    decision = view.get("decision") or {}
    scoring = decision.get("phase") == "score"
    turn = view["turn"] - scoring  # the turn has ended when the scoring begins
    when = f"turn {turn}" if view["solo"] else f"round {(turn - 1) // view['players'] + 1}"
    return f"{when}, interim scoring" if scoring else when


def say(view: Mapping[str, Any], action: A.AtuaAction | Placement) -> str:
    """The action as a gerund: "taking c17 (card 2 of the row)", "laying c17 (+3 points
    now)", "buying fate tile f9"."""
    if isinstance(action, Placement):
        from vaka.games.atua.render import placement_gain

        return f"laying {action.card} ({placement_gain(view, action).worth} now)"
    verb, arg = action.verb, action.arg
    solo = view.get("solo_game") or {}
    if verb == A.TAKE and arg.isdigit():
        return f"taking {view['row'][int(arg) - 1]['card']} (card {arg} of the row)"
    if verb == A.TAKE:
        card = solo["offer"][0 if arg == A.LEFT else 1]
        return f"taking {card} (the {arg} card)"
    if verb == A.SET_ASIDE:
        return f"laying {view['holding']} aside"
    if verb == A.SPARE:
        return f"paying 3 coconuts to keep {solo['other']} from Tahuma"
    if verb == A.GIVE:
        return f"letting Tahuma have {solo['other']}"
    if verb == A.BUY:
        return f"buying fate tile {arg}"
    if verb == A.REVEAL:
        resident = view["seats"][view["seat"]]["resident"]
        return f"revealing the resident, {RESIDENTS[resident].name}" if resident else "revealing"
    if verb == A.SCORE:
        return f"scoring {arg}"
    return _PASSES.get((view.get("decision") or {}).get("phase", ""), "passing")
