"""Raiatea's decisions in words, for people reading a game back (a review's turning
points): the round or ceremony they fall in, the action as players say it, with the
names the screen uses (:mod:`vaka.games.raiatea.names`), never an id, and what it brought.

Everything is read from the seat's view and its log, so nothing hidden from that seat is
told.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
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


#: A die roll and a gain as the log words them, for any seat ("Seat 2 gains 5 pearls").
_DIE = re.compile(r" the die for (.+): (\d+)$")
_GAIN = re.compile(r"^(?:You|Seat \d+) gains? (\d+) (pearls?|mana)$")
#: Numbers every view shows of every seat: (key, singular, plural).
_PUBLIC = (("priests", "priest", "priests"), ("points", "point", "points"))


def outcome(
    before: Mapping[str, Any], action: RaiateaAction, after: Mapping[str, Any]
) -> str | None:
    """What the table showed the action brought about until the game next waits: the die
    rolled, the pearls and mana each seat gained (hidden in the view but announced in the
    log, whose words say "You" for the viewer: the seat is taken from the entry, never from
    the words), priests and points gained or lost, the ceremonial order a mana offering
    settled and who won an auction ("the die showed 5 for the reef: seat 1 +8 pearls, seats
    0 and 2 +5 pearls"); None where nothing of that happened."""
    new = after.get("log", [])[len(before.get("log", [])) :]
    gains: dict[int, dict[str, int]] = {s["seat"]: {} for s in after["seats"]}
    dice = []
    for entry in new:
        text, seat = entry["text"], entry["seat"]
        if (die := _DIE.search(text)) is not None:
            dice.append(f"{die[2]} for {die[1]}")
        elif (gain := _GAIN.match(text)) is not None and seat in gains:
            noun = "pearls" if gain[2].startswith("pearl") else "mana"
            gains[seat][noun] = gains[seat].get(noun, 0) + int(gain[1])
    for old, now in zip(before["seats"], after["seats"], strict=True):
        for key, _, _ in _PUBLIC:
            if now[key] != old[key]:
                gains[now["seat"]][key] = now[key] - old[key]
    if action.verb == "mission":  # its points are said with the mission
        gains[before["seat"]].pop("points", None)
    parts = []
    phase = (before.get("decision") or {}).get("phase")
    still = (after.get("decision") or {}).get("phase") == phase
    if phase == "offer" and not still:
        parts.append("the ceremonial order: " + _seats(after["order"]))
    if phase == "auction" and not still:
        pairs = zip(before["seats"], after["seats"], strict=True)
        won = [now["seat"] for old, now in pairs if now["toos"] > old["toos"]]
        parts.append(f"seat {won[0]} won the auction" if won else "nobody won the auction")
    told = ", ".join(_told(gains))
    if dice:
        head = "the die showed " + ", then ".join(dice)
        return f"{head}: {told}" if told else head
    parts += [told] if told else []
    return "; ".join(parts) or None


def _seats(seats: Sequence[int]) -> str:
    """ "seat 1", "seats 0 and 2", "seats 1, 0 and 2"."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _told(gains: Mapping[int, Mapping[str, int]]) -> list[str]:
    """Each seat's changes, seats with the same changes together ("seats 0 and 2 +5
    pearls")."""
    nouns = {"pearls": ("pearl", "pearls"), "mana": ("mana", "mana")}
    nouns.update({key: (one, many) for key, one, many in _PUBLIC})
    same: dict[str, list[int]] = {}
    for seat, changes in gains.items():
        words = [
            f"{n:+d} {nouns[key][abs(n) != 1]}"
            for key in ("pearls", "mana", "priests", "points")
            if (n := changes.get(key, 0))
        ]
        if words:
            same.setdefault(" ".join(words), []).append(seat)
    return [f"{_seats(seats)} {words}" for words, seats in same.items()]


#: The first word of :func:`say` as a command, for a choice's label.
_COMMANDS = {
    "adding": "Add",
    "advancing": "Advance",
    "aiming": "Aim",
    "bidding": "Bid",
    "buying": "Buy",
    "choosing": "Choose",
    "claiming": "Claim",
    "counting": "Count",
    "discarding": "Discard",
    "drawing": "Draw",
    "fulfilling": "Fulfil",
    "hiring": "Hire",
    "keeping": "Keep",
    "leaving": "Leave",
    "moving": "Move",
    "offering": "Offer",
    "passing": "Pass",
    "paying": "Pay",
    "performing": "Perform",
    "preparing": "Prepare",
    "putting": "Put",
    "reactivating": "Reactivate",
    "recruiting": "Recruit",
    "sacrificing": "Sacrifice",
    "selling": "Sell",
    "taking": "Take",
    "turning": "Turn",
    "using": "Use",
}


def label(view: Mapping[str, Any], action: RaiateaAction) -> str:
    """A choice as a command that leads with what it is ("Keep Hand of Hiro (2 mana)",
    "Claim the Pearl Oyster Reef", "Draw no rituals"): :func:`say` in the imperative."""
    words = say(view, action)
    if words == "being done":
        return "Done"
    head, _, rest = words.partition(" ")
    if head == "not":  # "not advancing the tattoo marker"
        inner, _, tail = rest.partition(" ")
        return f"Do not {_COMMANDS.get(inner, inner).lower()} {tail}".rstrip()
    if head in _COMMANDS:
        return f"{_COMMANDS[head]} {rest}".rstrip()
    return words[:1].upper() + words[1:]
