"""Building Rapa Nui scenarios for rule tests.

:func:`arrange` takes a fresh game and rearranges its cards so that a test can start from
any position: hands, laid-out cards, the rows, the pile, wood, fame and sacrifice cards.
Every Rapa Nui card and every sacrifice card stays in the game (cards not placed by the
test go to the pile, or under a row), so ``state.check()`` holds for every scenario.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import vaka
from tests.games.conftest import MADE
from vaka.games.rapanui import events as ev
from vaka.games.rapanui import rules
from vaka.games.rapanui.params import KIND_NAMES, RESOURCES, SACRIFICE_SUPPLY, WOODCUTTER
from vaka.games.rapanui.state import RapaNuiState

E = TypeVar("E", bound=ev.RapaNuiEvent)

_STARTS = {
    "buy": [rules.BUY, rules.LAY, rules.DRAW, rules.END_TURN],
    "lay": [rules.LAY, rules.DRAW, rules.END_TURN],
    "draw": [rules.DRAW, rules.END_TURN],
}


def new(players: int = 3, seed: int = 0, **options: str) -> RapaNuiState:
    """A fresh game, as the public API makes it (with game ``options``, if given)."""
    state = vaka.load("rapa-nui").new_state(players, seed, **options)
    assert isinstance(state, RapaNuiState)
    MADE.append(state)  # checked when the test ends (tests/games/conftest.py)
    return state


def _seats(value: Mapping[int, Any] | Sequence[Any] | None, players: int) -> dict[int, Any]:
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return dict(value)
    assert len(value) == players, f"{value!r} is not one entry per seat"
    return dict(enumerate(value))


def _resources(value: Mapping[int, int] | Sequence[int]) -> list[int]:
    """Sacrifice-card counts per resource, from a list of 4 or a {resource: count} map."""
    if isinstance(value, Mapping):
        out = [0, 0, 0, 0]
        for r, n in value.items():
            out[r] = n
        return out
    assert len(value) == 4
    return list(value)


def _take(pool: Counter[int], cards: Iterable[int], what: str) -> None:
    for card in cards:
        if pool[card] <= 0:
            raise AssertionError(f"scenario uses more {KIND_NAMES[card]} cards than exist ({what})")
        pool[card] -= 1


def arrange(
    players: int = 3,
    seed: int = 0,
    *,
    seat: int = 0,
    phase: str = "buy",
    hands: Mapping[int, Sequence[int]] | Sequence[Sequence[int]] | None = None,
    tableau: Mapping[int, Mapping[int, int]] | Sequence[Mapping[int, int]] | None = None,
    rows: Sequence[Sequence[int]] | None = None,
    pile: Sequence[int] | None = None,
    wood: Mapping[int, int] | Sequence[int] | None = None,
    fame: Mapping[int, int] | Sequence[int] | None = None,
    held: Mapping[int, Any] | Sequence[Any] | None = None,
    stone_up: Mapping[int, int] | Sequence[int] | None = None,
    stone_down: Mapping[int, Any] | Sequence[Any] | None = None,
    supply: Mapping[int, int] | Sequence[int] | None = None,
    sink_row: int = 3,
    sink_seat: int | None = None,
    idle_turns: int = 1,
    options: Mapping[str, str] | None = None,
) -> RapaNuiState:
    """A game in which it is ``seat``'s turn, at ``phase`` ("buy", "lay" or "draw").

    - ``hands``: cards per seat; seats not named hold no cards.
    - ``tableau``: laid-out cards per seat as {kind: count}; seats not named have only
      their starting woodcutter.
    - ``rows``: the 4 rows, top card LAST. Default: cards left over, in a fixed order.
    - ``pile``: the draw pile, top card LAST. Default: every card not placed elsewhere.
      When given, the cards left over go under row ``sink_row`` (below its bottom card).
    - ``wood``, ``fame``: per seat (a list, or {seat: value} to change some seats only).
    - ``held``, ``stone_down``: sacrifice cards per seat, each a list of 4 or {resource: n};
      ``stone_up``: face-up cards on the stone per resource.
    - ``supply``: per resource. Default: whatever is not held or on the stone. When given,
      the cards left over are added to the sacrifice cards held by ``sink_seat``.

    - ``options``: game options (such as ``{"sacrifice": "zero-unsacrificed"}``).

    The turn queue is then rebuilt and run, so decisions with a single answer are taken
    and steps that cannot be done are skipped, exactly as in play.
    """
    st = new(players, seed, **(options or {}))
    n = players

    # ---- Rapa Nui cards: pool everything, then hand it out.
    pool: Counter[int] = Counter()
    for cards in (*st.rows, st.pile, *st.hands):
        pool.update(cards)
    for t in st.tableau:
        for kind, count in enumerate(t):
            pool[kind] += count
    order = [c for c in sorted(pool.elements())]
    random.Random(seed).shuffle(order)

    hand_map = _seats(hands, n)
    new_hands = [list(hand_map.get(s, [])) for s in range(n)]
    for s, h in enumerate(new_hands):
        _take(pool, h, f"hand of seat {s}")
    tab_map = _seats(tableau, n)
    new_tableau = []
    for s in range(n):
        laid = [0] * 7
        for kind, count in tab_map.get(s, {WOODCUTTER: 1}).items():
            laid[kind] = count
        _take(pool, [k for k, c in enumerate(laid) for _ in range(c)], f"tableau of seat {s}")
        new_tableau.append(laid)
    if rows is not None:
        assert len(rows) == 4
        new_rows = [list(r) for r in rows]
        for i, r in enumerate(new_rows):
            _take(pool, r, f"row {i + 1}")
    if pile is not None:
        new_pile = list(pile)
        _take(pool, new_pile, "pile")

    def leftovers() -> list[int]:
        rest = Counter(pool)
        out = []
        for card in order:
            if rest[card] > 0:
                rest[card] -= 1
                out.append(card)
        return out

    if rows is None:
        rest = leftovers()
        # Deal 4 rows of 4 from the leftovers (kept apart from a given pile).
        new_rows = [rest[i * 4 : i * 4 + 4] for i in range(4)]
        _take(pool, [c for r in new_rows for c in r], "default rows")
    if pile is None:
        new_pile = leftovers()
        _take(pool, new_pile, "default pile")
    else:
        new_rows[sink_row][0:0] = leftovers()
        pool.clear()
    assert sum(pool.values()) == 0

    st.hands = new_hands
    st.tableau = new_tableau
    st.rows = new_rows
    st.pile = new_pile

    # ---- counters
    for name, value in (("wood", wood), ("fame", fame)):
        values = getattr(st, name)
        for s, v in _seats(value, n).items():
            values[s] = v
    for s, v in _seats(held, n).items():
        st.held[s] = _resources(v)
    for s, v in _seats(stone_down, n).items():
        st.stone_down[s] = _resources(v)
    if stone_up is not None:
        st.stone_up = _resources(stone_up)
    used = [
        sum(h[r] for h in st.held) + st.stone_up[r] + sum(d[r] for d in st.stone_down)
        for r in RESOURCES
    ]
    if supply is None:
        st.supply = [SACRIFICE_SUPPLY[r] - used[r] for r in RESOURCES]
    else:
        st.supply = _resources(supply)
        assert sink_seat is not None, "say which seat holds the sacrifice cards left over"
        for r in RESOURCES:
            st.held[sink_seat][r] += SACRIFICE_SUPPLY[r] - used[r] - st.supply[r]

    # ---- the turn
    st.active = seat
    st.queue = [(p, seat, 0) for p in _STARTS[phase]]
    st.choices = []
    st.over = False
    st.pile_out = False
    st.idle_turns = idle_turns
    st.log.clear()
    st._legal_cache = None
    st.check()
    rules.run(st)
    return st


def legal(st: RapaNuiState, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the seat to move) as text."""
    if seat is None:
        seat = st.to_move[0]
    return [str(a) for a in st.legal_actions(seat)]


def events(st: RapaNuiState, kind: type[E]) -> list[E]:
    """The log's events of one kind."""
    return [e for e in st.log if isinstance(e, kind)]


def scored(st: RapaNuiState) -> list[int]:
    """The kinds scored so far (in order), from the log."""
    return [e.kind for e in events(st, ev.Score)]


def play(st: RapaNuiState, *moves: str) -> None:
    """Apply each move for the seat to move now."""
    for move in moves:
        st.apply(st.to_move[0], move)


def end_now(st: RapaNuiState) -> None:
    """End the game on the spot (for testing the final scoring of a given position)."""
    rules.finish(st, "ended by the test")


def snapshot(st: RapaNuiState) -> dict[str, Any]:
    """Everything that an action could change, for 'nothing changed' checks."""
    return {
        key: repr(getattr(st, key))
        for key in (
            "queue",
            "choices",
            "rows",
            "pile",
            "hands",
            "tableau",
            "wood",
            "fame",
            "held",
            "stone_up",
            "stone_down",
            "supply",
            "active",
            "turns",
            "idle_turns",
            "over",
            "history",
            "log",
        )
    }
