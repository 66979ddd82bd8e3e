"""Atua's actions: a few dozen short choices, and every exact placement of an island card.

========================  ======================================================
``take 3``                take the 3rd card of the row (a coconut on each card left of it)
``take left``             solo: take the left card (pay 1 coconut to the hut) or ``take right``
``place c17 at 1520,-340 angle 450``  lay the card taken (see ``placement.Placement``)
``set aside``             the card taken fits nowhere that the game could find: lay it aside
``spare`` / ``give``      solo: pay 3 coconuts to keep the other card from Tahuma, or not
``buy f3``                buy a fate tile
``reveal``                play (turn over) your resident
``pass``                  skip an optional step (fate tile, resident)
``score totems``          interim scoring: score one harmony source
========================  ======================================================

The placements are far too many to list (58 cards x 40,001 x 40,001 positions x 3,600
angles), so :class:`ActionSpace` is a lazy sequence: the small actions first, then the
placements in (card, x, y, angle) order, each found by arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, overload

from vaka.core.errors import MalformedAction
from vaka.games.atua.cards import ISLAND_IDS
from vaka.games.atua.params import FULL_TURN, ROW_SIZE, SOURCES, XY_LIMIT
from vaka.games.atua.placement import Placement
from vaka.games.atua.tiles import FATE_IDS
from vaka.i18n import _

TAKE, SET_ASIDE, SPARE, GIVE, BUY, REVEAL, PASS, SCORE = (
    "take",
    "set aside",
    "spare",
    "give",
    "buy",
    "reveal",
    "pass",
    "score",
)
LEFT, RIGHT = "left", "right"


@dataclass(frozen=True, slots=True)
class AtuaAction:
    """One short decision; ``str`` is its canonical text."""

    verb: str
    arg: str = ""
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


def _make(verb: str, arg: str = "") -> AtuaAction:
    return AtuaAction(verb, arg, f"{verb} {arg}" if arg else verb)


SMALL: Final[tuple[AtuaAction, ...]] = (
    *(_make(TAKE, str(i)) for i in range(1, ROW_SIZE + 1)),
    _make(TAKE, LEFT),
    _make(TAKE, RIGHT),
    _make(SET_ASIDE),
    _make(SPARE),
    _make(GIVE),
    *(_make(BUY, f) for f in FATE_IDS),
    _make(REVEAL),
    _make(PASS),
    *(_make(SCORE, s) for s in SOURCES),
)
BY_TEXT: Final = {a.text: a for a in SMALL}
SMALL_INDEX: Final = {a: i for i, a in enumerate(SMALL)}
CARD_INDEX: Final = {c: i for i, c in enumerate(ISLAND_IDS)}
SIDE: Final = 2 * XY_LIMIT + 1
PER_CARD: Final = SIDE * SIDE * FULL_TURN
SIZE: Final = len(SMALL) + len(ISLAND_IDS) * PER_CARD

Action = AtuaAction | Placement


def action(verb: str, arg: str = "") -> AtuaAction:
    return BY_TEXT[f"{verb} {arg}" if arg else verb]


TAKES: Final = tuple(action(TAKE, str(i)) for i in range(1, ROW_SIZE + 1))
TAKE_LEFT, TAKE_RIGHT = action(TAKE, LEFT), action(TAKE, RIGHT)
SET_ASIDE_ACTION = action(SET_ASIDE)
SPARE_ACTION, GIVE_ACTION = action(SPARE), action(GIVE)
REVEAL_ACTION, PASS_ACTION = action(REVEAL), action(PASS)
BUYS: Final = {f: action(BUY, f) for f in FATE_IDS}
SCORES: Final = {s: action(SCORE, s) for s in SOURCES}


def is_action(value: object) -> bool:
    if isinstance(value, AtuaAction):
        return value in SMALL_INDEX
    if isinstance(value, Placement):
        return value.card in CARD_INDEX and abs(value.x) <= XY_LIMIT and abs(value.y) <= XY_LIMIT
    return False


def index(value: object) -> int:
    if isinstance(value, AtuaAction) and value in SMALL_INDEX:
        return SMALL_INDEX[value]
    if isinstance(value, Placement) and is_action(value):
        return (
            len(SMALL)
            + ((CARD_INDEX[value.card] * SIDE + value.x + XY_LIMIT) * SIDE + value.y + XY_LIMIT)
            * FULL_TURN
            + value.angle
        )
    raise MalformedAction(f"{value!r} is not an Atua action")


def from_index(i: object) -> Action:
    if type(i) is not int or not 0 <= i < SIZE:
        raise MalformedAction(f"action index must be 0-{SIZE - 1}, not {i!r}")
    if i < len(SMALL):
        return SMALL[i]
    rest, angle = divmod(i - len(SMALL), FULL_TURN)
    rest, y = divmod(rest, SIDE)
    card, x = divmod(rest, SIDE)
    return Placement(ISLAND_IDS[card], x - XY_LIMIT, y - XY_LIMIT, angle)


class ActionSpace(Sequence[Action]):
    """Every Atua action in index order, computed on demand."""

    def __len__(self) -> int:
        return SIZE

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [from_index(j) for j in range(*i.indices(SIZE))]
        if type(i) is not int:
            raise TypeError("action indices are integers")
        if i < 0:
            i += SIZE
        if not 0 <= i < SIZE:
            raise IndexError(i)
        return from_index(i)

    def __contains__(self, value: object) -> bool:
        return is_action(value)

    def __iter__(self) -> Iterator[Action]:
        for i in range(SIZE):
            yield from_index(i)

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        if not is_action(value):
            raise ValueError(f"{value!r} is not an Atua action")
        return index(value)


ACTIONS: Final = ActionSpace()


def parse(text: object) -> Action:
    """The action that ``text`` names (case and spacing are forgiven for short actions).

    >>> str(parse("  Take   2 "))
    'take 2'
    >>> parse("place c3 at 10,-20 angle 450")
    Placement(card='c3', x=10, y=-20, angle=450)
    """
    if not isinstance(text, str):
        raise MalformedAction(
            _("an Atua action is text such as 'take 2', not {text}").format(text=repr(text))
        )
    key = " ".join(text.lower().split())
    found = BY_TEXT.get(key)
    if found is not None:
        return found
    if key.startswith("place"):
        try:
            p = Placement.parse(key)
        except (ValueError, TypeError) as exc:
            raise MalformedAction(str(exc)) from None
        if p.card not in CARD_INDEX:
            raise MalformedAction(
                _("{card} is not an island card ({cards})").format(
                    card=repr(p.card), cards=f"c1-c{len(ISLAND_IDS)}"
                )
            )
        if not is_action(p):
            raise MalformedAction(
                _("{action} lies off the table (|x|, |y| up to {limit})").format(
                    action=p, limit=XY_LIMIT
                )
            )
        return p
    examples = (
        f"take 1-{ROW_SIZE}, take left|right, place <card> at <x>,<y> angle <a>, set aside, "
        f"spare, give, buy <fate>, reveal, pass, score {'|'.join(SOURCES)}"
    )
    raise MalformedAction(
        _("{text} is not an Atua action; try {examples}").format(text=repr(text), examples=examples)
    )
