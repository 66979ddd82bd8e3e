"""A table keeps its moves in columns: each reads back equal to the move kept, and the
clock read from the columns is the clock read from the moves."""

from __future__ import annotations

import pytest

from vaka.server.clocks import read_clock
from vaka.server.moves import Moves
from vaka.server.store import Move

KEPT = [
    Move(1, 0, "act", "draw 2", False, 10.5),
    Move(2, 1, "act", "buy fish", True, 12.25),
    Move(3, 1, "undo", None, False, 13.0),
    Move(4, 0, "resign", None, False, 20.0),
    Move(5, 1, "timeout", None, False, 31.0),
    Move(6, 3, "a kind of a later service", "x", True, 1e9 + 0.123456),
]


def test_moves_read_back_as_kept() -> None:
    moves = Moves()
    assert len(moves) == 0 and moves.version == 0 and not moves
    for move in KEPT:
        moves.append(move)
    assert list(moves) == KEPT and list(reversed(moves)) == KEPT[::-1]
    assert [moves[i] for i in range(-len(KEPT), len(KEPT))] == KEPT + KEPT
    assert moves[2:] == KEPT[2:] and moves[-2:] == KEPT[-2:] and moves[9:] == []
    assert moves.version == 6 and [moves.number(i) for i in range(6)] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(IndexError):
        moves[6]


def test_the_clock_reads_the_columns_as_the_moves() -> None:
    moves = Moves()
    for move in KEPT[:5]:
        moves.append(move)
    to_move = [(0,), (1,), (0,), (1,), (1,), (1,)]
    for spec in ({"kind": "live", "minutes": 5, "increment": 2}, {"kind": "turn", "days": 1}):
        want = read_clock(spec, 2, 1.0, KEPT[:5], to_move, {0, 1}, 40.0)
        assert read_clock(spec, 2, 1.0, moves, to_move, {0, 1}, 40.0) == want
