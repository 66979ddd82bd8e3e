"""Raiatea's decisions in words, for people reading a game back (a review's turning
points): the round or ceremony they fall in, the action as players say it, with the
names the screen uses (:mod:`vaka.games.raiatea.names`), never an id, and what it brought;
and each choice as a command (:func:`label`), for the choice lists.

Every text is a whole template of the catalog in the reader's language (German puts the
verb last, so neither a command nor a gerund is made from the other): each kind of action
has a pair, (gerund, command). Everything is read from the seat's view and its log, so
nothing hidden from that seat is told.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from vaka.games.raiatea.actions import RaiateaAction
from vaka.games.raiatea.names import GIFTS, amount, bonus, mission, thing, things
from vaka.games.raiatea.params import CHARTS, COMMODITIES, LOCATION_NAMES, TOOS
from vaka.i18n import N_, NN_, _, ngettext
from vaka.i18n.said import Said
from vaka.i18n.said import say as said_now

Pair = tuple[str, str]  # (gerund, command), both templates of the catalog

#: The ceremony's sealed steps, named in the moment.
_SEALED = {
    "prep": N_("ceremony {n}, preparing rituals"),
    "offer": N_("ceremony {n}, the mana offering"),
    "auction": N_("ceremony {n}, the auction"),
}
_CEREMONY = N_("ceremony {n}")
#: ``pass`` by the step it declines (what each step's prompt offers before "or pass").
_PASSES: dict[str, Pair] = {
    "draw": (N_("drawing no rituals"), N_("Draw no rituals")),
    "sacrifice": (N_("sacrificing nothing at the Marae"), N_("Sacrifice nothing at the Marae")),
    "recruit": (N_("recruiting no priests"), N_("Recruit no priests")),
    "give": (N_("adding no mask to the Mask Market"), N_("Add no mask to the Mask Market")),
    "get": (N_("taking no mask from the Mask Market"), N_("Take no mask from the Mask Market")),
    "take_comm": (N_("taking no commodity"), N_("Take no commodity")),
    "take_asst": (N_("taking no assistant"), N_("Take no assistant")),
    "shaman_a": (N_("not advancing the tattoo marker"), N_("Do not advance the tattoo marker")),
    "diver": (N_("turning no Pearl Diver"), N_("Turn no Pearl Diver")),
    "buy_ritual": (N_("buying no rituals"), N_("Buy no rituals")),
    "mission": (N_("fulfilling no To'o mission"), N_("Fulfil no To'o mission")),
    "perform": (N_("performing no ritual"), N_("Perform no ritual")),
}
_PASS: Pair = (N_("passing"), N_("Pass"))
_DONE: dict[str, Pair] = {
    "market": (N_("leaving the market"), N_("Leave the market")),
    "prep": (N_("preparing no more rituals"), N_("Prepare no more rituals")),
}
_BEING_DONE: Pair = (N_("being done"), N_("Done"))
_ADVANCE: Pair = (N_("advancing the tattoo marker"), N_("Advance the tattoo marker"))
#: Verbs whose argument is a thing named by :func:`names.thing`.
_THINGS: dict[str, Pair] = {
    "pick": (N_("taking {thing} from the forest"), N_("Take {thing} from the forest")),
    "sacrifice": (N_("sacrificing {thing} for a tattoo"), N_("Sacrifice {thing} for a tattoo")),
    "keep": (N_("keeping {thing}"), N_("Keep {thing}")),
    "give": (N_("putting {thing} into the Mask Market"), N_("Put {thing} into the Mask Market")),
    "pay_mask": (N_("paying {thing}"), N_("Pay {thing}")),
    "get": (N_("taking {thing} from the Mask Market"), N_("Take {thing} from the Mask Market")),
    "steal": (N_("taking {thing}"), N_("Take {thing}")),
    "sell": (N_("selling {thing}"), N_("Sell {thing}")),
    "hire": (N_("hiring a {thing}"), N_("Hire a {thing}")),
    "take": (N_("taking {thing} from the market"), N_("Take {thing} from the market")),
    "prepare": (N_("preparing {thing}"), N_("Prepare {thing}")),
    "turn": (N_("turning a {thing}"), N_("Turn a {thing}")),
    "reactivate": (N_("reactivating a {thing}"), N_("Reactivate a {thing}")),
    "discard": (N_("discarding {thing}"), N_("Discard {thing}")),
    "perform": (N_("performing {thing}"), N_("Perform {thing}")),
    "pay": (N_("paying {thing}"), N_("Pay {thing}")),
    "type": (N_("counting {thing}"), N_("Count {thing}")),  # in the plural: Collectors
    "use": (N_("using a {thing}"), N_("Use a {thing}")),
    "top": (
        N_("moving {thing}'s price marker to the top"),
        N_("Move {thing}'s price marker to the top"),
    ),
}
_CLAIM: Pair = (N_("claiming the {place}"), N_("Claim the {place}"))
#: ``draw`` by the deck (German inflects the adjective, so each deck has its own words).
_DRAWS: dict[str, Pair] = {
    "normal": (N_("drawing normal rituals"), N_("Draw normal rituals")),
    "forbidden": (N_("drawing forbidden rituals"), N_("Draw forbidden rituals")),
}
_RECRUIT: Pair = (N_("recruiting {priests}"), N_("Recruit {priests}"))
_MISSION: Pair = (N_("fulfilling the To'o mission {slot}"), N_("Fulfil the To'o mission {slot}"))
_MISSION_TOLD: Pair = (
    N_("fulfilling the To'o mission {slot} ({mission}, {vp} VP)"),
    N_("Fulfil the To'o mission {slot} ({mission}, {vp} VP)"),
)
_BONUS: Pair = (N_("taking the bonus {bonus}"), N_("Take the bonus {bonus}"))
_OFFER: Pair = (N_("offering {n} mana"), N_("Offer {n} mana"))
_BID: Pair = (N_("bidding {n} mana"), N_("Bid {n} mana"))
_GIFT: Pair = (N_("choosing the gift of {gift}"), N_("Choose the gift of {gift}"))
_TARGET: Pair = (N_("aiming the ritual at seat {n}"), N_("Aim the ritual at seat {n}"))


def moment(view: Mapping[str, Any]) -> str:
    """The round ("action round 3", "ceremony 2, the auction")."""
    rnd = view["round"]
    if rnd["kind"] == "action":
        return _("action round {n}").format(n=rnd["number"])
    phase = (view.get("decision") or {}).get("phase")
    return _(_SEALED.get(phase or "", _CEREMONY)).format(n=rnd["number"])


def say(view: Mapping[str, Any], action: RaiateaAction) -> str:
    """The action as a gerund: "claiming the Pearl Oyster Reef", "keeping Hand of Hiro
    (2 mana)", "adding no mask to the Mask Market"."""
    found = _words(view, action)
    if found is None:
        return str(action)
    pair, fields = found
    return _(pair[0]).format(**fields)


def label(view: Mapping[str, Any], action: RaiateaAction) -> str:
    """A choice as a command that leads with what it is ("Keep Hand of Hiro (2 mana)",
    "Claim the Pearl Oyster Reef", "Draw no rituals")."""
    found = _words(view, action)
    if found is None:
        text = str(action)
        return text[:1].upper() + text[1:]
    pair, fields = found
    return _(pair[1]).format(**fields)


def _words(view: Mapping[str, Any], action: RaiateaAction) -> tuple[Pair, dict[str, Any]] | None:
    """The action's pair of templates and their fields, None for an action no pair says."""
    verb, arg = action.verb, action.arg
    decision = view.get("decision") or {}
    phase = decision.get("phase", "")
    if verb == "pass":
        return _PASSES.get(phase, _PASS), {}
    if verb == "done":
        return _DONE.get(phase, _BEING_DONE), {}
    if verb == "advance":
        return _ADVANCE, {}
    if verb in _THINGS:
        return _THINGS[verb], {"thing": things(arg) if verb == "type" else thing(arg)}
    if verb == "claim":
        return _CLAIM, {"place": _(str(LOCATION_NAMES[arg]))}
    if verb == "draw" and arg in _DRAWS:
        return _DRAWS[arg], {}
    if verb == "recruit":
        return _RECRUIT, {"priests": amount(int(arg), "priests")}
    if verb == "mission":
        return _mission(view, arg)
    if verb == "bonus" and "commodity" in decision:
        chart = CHARTS[COMMODITIES.index(decision["commodity"])]
        return _BONUS, {"bonus": bonus(chart[int(arg)])}
    if verb == "bid":
        return (_OFFER if phase == "offer" else _BID), {"n": arg}
    if verb == "gift":
        return _GIFT, {"gift": _(GIFTS[arg])}
    if verb == "target":
        return _TARGET, {"n": arg.removeprefix("seat")}
    return None


def _mission(view: Mapping[str, Any], slot: str) -> tuple[Pair, dict[str, Any]]:
    statue, row, space = (int(p) - 1 for p in slot.split("."))
    token = view["statues"][statue]["rows"][row][space]
    if token in TOOS:
        return _MISSION_TOLD, {"slot": slot, "mission": mission(token), "vp": TOOS[token]["vp"]}
    return _MISSION, {"slot": slot}


#: A die roll and a gain as the log words them, for any seat ("Seat 2 gains 5 pearls").
_DIE = re.compile(r" the die for (.+): (\d+)$")
_GAIN = re.compile(r"^(?:You|Seat \d+) gains? (\d+) (pearls?|mana)$")
#: Numbers every view shows of every seat.
_PUBLIC = ("priests", "points")
#: A change of each number, signed ("+5 pearls", "-1 point").
_CHANGES = {
    "pearls": NN_("{n} pearl", "{n} pearls"),
    "mana": NN_("{n} mana", "{n} mana"),
    "priests": NN_("{n} priest", "{n} priests"),
    "points": NN_("{n} point", "{n} points"),
}


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
            dice.append(_("{n} for {what}").format(n=die[2], what=_rolled_for(text, die[1])))
        elif (gain := _GAIN.match(text)) is not None and seat in gains:
            noun = "pearls" if gain[2].startswith("pearl") else "mana"
            gains[seat][noun] = gains[seat].get(noun, 0) + int(gain[1])
    for old, now in zip(before["seats"], after["seats"], strict=True):
        for key in _PUBLIC:
            if now[key] != old[key]:
                gains[now["seat"]][key] = now[key] - old[key]
    if action.verb == "mission":  # its points are said with the mission
        gains[before["seat"]].pop("points", None)
    parts = []
    phase = (before.get("decision") or {}).get("phase")
    still = (after.get("decision") or {}).get("phase") == phase
    if phase == "offer" and not still:
        parts.append(_("the ceremonial order: {seats}").format(seats=_seats(after["order"])))
    if phase == "auction" and not still:
        pairs = zip(before["seats"], after["seats"], strict=True)
        won = [now["seat"] for old, now in pairs if now["toos"] > old["toos"]]
        parts.append(
            _("seat {n} won the auction").format(n=won[0]) if won else _("nobody won the auction")
        )
    told = ", ".join(_told(gains))
    if dice:
        rolls = _(", then ").join(dice)
        if told:
            return _("the die showed {rolls}: {gains}").format(rolls=rolls, gains=told)
        return _("the die showed {rolls}").format(rolls=rolls)
    parts += [told] if told else []
    return "; ".join(parts) or None


def _rolled_for(text: str, english: str) -> str:
    """What the die was rolled for ("the reef", "Pearl Divers"), in the reader's language
    where the entry kept its words (its English where it is plain text)."""
    what = text.fields.get("what") if isinstance(text, Said) else None
    return english if what is None else str(said_now(what))


def _seats(seats: Sequence[int]) -> str:
    """ "seat 1", "seats 0 and 2", "seats 1, 0 and 2"."""
    if len(seats) == 1:
        return _("seat {n}").format(n=seats[0])
    return _("seats {seats} and {last}").format(
        seats=", ".join(map(str, seats[:-1])), last=seats[-1]
    )


def _told(gains: Mapping[int, Mapping[str, int]]) -> list[str]:
    """Each seat's changes, seats with the same changes together ("seats 0 and 2 +5
    pearls")."""
    same: dict[str, list[int]] = {}
    for seat, changes in gains.items():
        words = [
            ngettext(*_CHANGES[key], abs(n)).format(n=f"{n:+d}")
            for key in ("pearls", "mana", "priests", "points")
            if (n := changes.get(key, 0))
        ]
        if words:
            same.setdefault(" ".join(words), []).append(seat)
    return [
        _("{seats} {changes}").format(seats=_seats(seats), changes=words)
        for words, seats in same.items()
    ]
