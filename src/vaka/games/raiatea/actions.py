"""Raiatea's actions: a fixed vocabulary of small frozen values with canonical text.

An action is a verb and an argument (``claim forest``, ``keep RN05``, ``bid 3``,
``mission 1.2.3`` = statue 1, row 2, space 3). Cards are named by their content id.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaka.core.errors import MalformedAction
from vaka.games.raiatea.params import (
    ASSISTANTS,
    COMMODITIES,
    DECKS,
    FOREST_IDS,
    GIFTS,
    LOCATIONS,
    MASK_IDS,
    MAX_BID,
    MISSION_SLOTS,
    PRICE_TOP,
    RITUAL_IDS,
)
from vaka.i18n import _


@dataclass(frozen=True, slots=True)
class RaiateaAction:
    """One Raiatea decision; ``str(action)`` is its canonical text."""

    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb


def slot_text(slot: tuple[int, int, int]) -> str:
    statue, row, space = slot
    return f"{statue + 1}.{row + 1}.{space + 1}"


_ARGS: dict[str, tuple[str, ...]] = {
    "claim": LOCATIONS,
    "pick": FOREST_IDS,  # a forest card from the display (or revealed by a ritual)
    "sacrifice": COMMODITIES,  # Marae: a commodity for a tattoo
    "draw": DECKS,  # draw rituals from this deck
    "keep": RITUAL_IDS,
    "recruit": ("1", "2"),  # priests
    "give": MASK_IDS,  # put a mask into the Mask Market
    "get": MASK_IDS,  # take a mask from the Mask Market
    "steal": MASK_IDS,
    "mission": tuple(slot_text(s) for s in MISSION_SLOTS),
    "sell": COMMODITIES,
    "bonus": tuple(str(i) for i in range(PRICE_TOP + 1)),
    "hire": ASSISTANTS,
    "take": COMMODITIES + ASSISTANTS,  # free, from a market
    "bid": tuple(str(i) for i in range(MAX_BID + 1)),
    "prepare": RITUAL_IDS,
    "gift": GIFTS,
    "target": tuple(f"seat{i}" for i in range(5)),
    "turn": ASSISTANTS,
    "reactivate": ASSISTANTS,
    "discard": RITUAL_IDS,
    "perform": RITUAL_IDS,
    "pay": COMMODITIES,
    "type": ASSISTANTS,
    "use": ASSISTANTS,
    "top": COMMODITIES,
}

#: Every distinct action, in the stable order that defines ``action_index`` (``advance``,
#: Shaman A's optional tattoo, came last and stays last so that older indices keep).
ACTIONS: tuple[RaiateaAction, ...] = (
    RaiateaAction("pass"),
    RaiateaAction("done"),
    *(RaiateaAction(verb, arg) for verb, args in _ARGS.items() for arg in args),
    RaiateaAction("advance"),
)
BY_TEXT: dict[str, RaiateaAction] = {str(a): a for a in ACTIONS}
USE = {t: BY_TEXT[f"use {t}"] for t in ASSISTANTS}
PASS = ACTIONS[0]
DONE = ACTIONS[1]
ADVANCE = ACTIONS[-1]


def act(verb: str, arg: object = "") -> RaiateaAction:
    """The shared instance of an action."""
    return BY_TEXT[f"{verb} {arg}" if arg != "" else verb]


def parse(text: str) -> RaiateaAction:
    """The action named by ``text`` (case and spacing forgiven; ids keep their case).

    >>> str(parse("  KEEP   rn05 "))
    'keep RN05'
    """
    if not isinstance(text, str):
        raise MalformedAction(
            _("an action is text such as 'claim forest', not {text}").format(text=repr(text))
        )
    words = text.split()
    if not words or len(words) > 2:
        raise MalformedAction(
            _("{text} is not a Raiatea action; {hint}").format(text=repr(text), hint=_hint(""))
        )
    verb = words[0].lower()
    if len(words) == 1:
        key = verb
    else:
        arg = words[1]
        upper = arg.upper()
        arg = upper if upper in RITUAL_IDS or upper in MASK_IDS else arg.lower()
        key = f"{verb} {arg}"
    found = BY_TEXT.get(key)
    if found is None:
        raise MalformedAction(
            _("{text} is not a Raiatea action; {hint}").format(text=repr(text), hint=_hint(verb))
        )
    return found


def _hint(verb: str) -> str:
    if verb in _ARGS:
        args = _ARGS[verb]
        shown = "|".join(args[:6]) + ("|..." if len(args) > 6 else "")
        return _("try {examples}").format(examples=f"{verb} {shown}")
    return _("actions start with {verbs}").format(
        verbs=", ".join(["pass", "done", "advance", *_ARGS])
    )
