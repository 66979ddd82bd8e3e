"""Atua's decisions in words, for people reading a game back (a review's turning points):
the round they fall in (a solo game's turn), and the action as players say it: the cards
by the ids the screen shows, a placement by the card laid and the points it brings now
(:func:`vaka.games.atua.render.placement_gain`, the note of the choice list), never by
its coordinates, and what it brought about.

Everything is read from the seat's view, so nothing hidden from that seat is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vaka.core.words import counted
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
    if new:
        parts.append(f"{' and '.join(new)} came up")
    decision = after.get("decision") or {}
    if decision.get("phase") == "score" and (before.get("decision") or {}).get("phase") != "score":
        parts.append(f"pile {decision['pile']} ran out: interim scoring")
    for old, now in zip(before["seats"], after["seats"], strict=True):
        scored = [
            f"{counted(n, 'point')} for {s}"
            for s, n in now["scored"].items()
            if s not in old["scored"]
        ]
        if now["resident_revealed"] and not old["resident_revealed"]:
            scored.append(f"{counted(now['resident_points'], 'point')} for the resident")
        if scored:
            parts.append(f"seat {now['seat']} scored {', '.join(scored)}")
    return "; ".join(parts) or None


def _coconuts(before: Mapping[str, Any], arg: str, after: Mapping[str, Any]) -> list[str]:
    """The coconuts a take paid (onto the cards before it, or a solo game's hut) and
    gained (those lying on the card, or from the hut)."""
    seat = before["seat"]
    change = after["seats"][seat]["coconuts"] - before["seats"][seat]["coconuts"]
    gained = before["row"][int(arg) - 1]["coconuts"] if arg.isdigit() else max(change, 0)
    paid = gained - change
    words = [f"paid {counted(paid, 'coconut')}"] * (paid > 0)
    words += [f"gained {counted(gained, 'coconut')}"] * (gained > 0)
    return ["it " + " and ".join(words)] if words else []
