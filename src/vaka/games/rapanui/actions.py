"""Rapa Nui's actions: a fixed vocabulary of small frozen values with canonical text.

Every decision of the game is one short choice from this vocabulary:

========================  ======================================================
``pass``                  buy no sacrifice card this turn; or, when the sacrifice card
                          you are owed has run out, take none of another resource
``buy fish``              buy a sacrifice card of a resource
``lay moai``              lay out a card (``lay 2 fish``: two identical hunters)
``draw 3``                take the top card of row 3 (rows are numbered 1-4)
``take wood``             Moai scoring: take wood (or ``take fame``)
``sacrifice grain``       put one of your sacrifice cards on the stone
``offer potato``          Moai builder: put a card from the supply on the stone
``gain fish``             take a sacrifice card of another resource (one ran out)
========================  ======================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vaka.core.errors import MalformedAction
from vaka.games.rapanui.params import (
    KIND_NAMES,
    MAX_SAME_HUNTERS,
    MOAI,
    PRIEST,
    RESOURCES,
    ROWS,
    WOODCUTTER,
)
from vaka.i18n import _

PASS, BUY, LAY, DRAW, TAKE, SACRIFICE, OFFER, GAIN = (
    "pass",
    "buy",
    "lay",
    "draw",
    "take",
    "sacrifice",
    "offer",
    "gain",
)
WOOD, FAME = 0, 1  # the two halves of a Moai scoring choice
TAKE_NAMES = ("wood", "fame")


@dataclass(frozen=True, slots=True)
class RapaNuiAction:
    """One Rapa Nui decision. Build them with :func:`parse` or take them from
    ``legal_actions``; ``str(action)`` is the canonical text."""

    verb: str
    arg: int = 0  # card kind, resource, row index (0-based) or WOOD/FAME
    count: int = 1  # identical hunter-gatherers laid at once
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


def _make(verb: str, arg: int = 0, count: int = 1) -> RapaNuiAction:
    if verb == PASS:
        text = PASS
    elif verb == LAY:
        text = f"lay {KIND_NAMES[arg]}" if count == 1 else f"lay {count} {KIND_NAMES[arg]}"
    elif verb == DRAW:
        text = f"draw {arg + 1}"
    elif verb == TAKE:
        text = f"take {TAKE_NAMES[arg]}"
    else:
        text = f"{verb} {KIND_NAMES[arg]}"
    return RapaNuiAction(verb, arg, count, text)


#: Every distinct action, in the stable order that defines ``action_index``.
ACTIONS: tuple[RapaNuiAction, ...] = (
    _make(PASS),
    *(_make(BUY, r) for r in RESOURCES),
    *(_make(LAY, k) for k in (WOODCUTTER, PRIEST, MOAI)),
    *(_make(LAY, r, n) for r in RESOURCES for n in range(1, MAX_SAME_HUNTERS + 1)),
    *(_make(DRAW, row) for row in range(ROWS)),
    *(_make(TAKE, choice) for choice in (WOOD, FAME)),
    *(_make(SACRIFICE, r) for r in RESOURCES),
    *(_make(OFFER, r) for r in RESOURCES),
    *(_make(GAIN, r) for r in RESOURCES),
)
BY_TEXT: dict[str, RapaNuiAction] = {a.text: a for a in ACTIONS}
BY_KEY: dict[tuple[str, int, int], RapaNuiAction] = {(a.verb, a.arg, a.count): a for a in ACTIONS}


def action(verb: str, arg: int = 0, count: int = 1) -> RapaNuiAction:
    """The shared instance of an action (actions are compared by identity first)."""
    return BY_KEY[verb, arg, count]


def parse(text: str) -> RapaNuiAction:
    """The action named by ``text`` (case and spacing are forgiven).

    >>> str(parse("  Lay 2   FISH "))
    'lay 2 fish'
    """
    if not isinstance(text, str):
        raise MalformedAction(
            _("an action is text such as 'draw 2', not {text}").format(text=repr(text))
        )
    key = " ".join(text.lower().split())
    found = BY_TEXT.get(key)
    if found is None:
        said = _("{text} is not a Rapa Nui action; {hint}")
        raise MalformedAction(said.format(text=repr(text), hint=_hint(key)))
    return found


def _hint(key: str) -> str:
    verb = key.split(" ", 1)[0] if key else ""
    examples = {
        BUY: "buy fish|grain|mulberry|potato",
        LAY: "lay woodcutter|priest|moai|fish, or lay 2 fish",
        DRAW: f"draw 1-{ROWS}",
        TAKE: "take wood|fame",
        SACRIFICE: "sacrifice fish|grain|mulberry|potato",
        OFFER: "offer fish|grain|mulberry|potato",
        GAIN: "gain fish|grain|mulberry|potato",
    }
    if verb in examples:
        return _("try {examples}").format(examples=examples[verb])
    return _("actions start with {verbs}").format(verbs=", ".join([PASS, *examples]))


# Tables for the rules' hot path: the shared instances by verb and argument.
PASS_ACTION = action(PASS)
BUYS = tuple(action(BUY, r) for r in RESOURCES)
#: LAYS[kind][n - 1] lays n cards of that kind (n > 1 only for hunter-gatherers).
LAYS: tuple[tuple[RapaNuiAction, ...], ...] = tuple(
    tuple(a for a in ACTIONS if a.verb == LAY and a.arg == kind) for kind in range(7)
)
DRAWS = tuple(action(DRAW, row) for row in range(ROWS))
TAKES = (action(TAKE, WOOD), action(TAKE, FAME))
SACRIFICES = tuple(action(SACRIFICE, r) for r in RESOURCES)
OFFERS = tuple(action(OFFER, r) for r in RESOURCES)
GAINS = tuple(action(GAIN, r) for r in RESOURCES)
