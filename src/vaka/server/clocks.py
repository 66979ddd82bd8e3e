"""Clocks read from the move log, so that a restart or another process agrees on them.

Live tables give each seat minutes for the game plus an increment per move; turn-based
tables give days for each move. A seat's time runs while it is among the seats to move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from vaka.server.moves import Moves
from vaka.server.store import Move

DAY = 86400.0


@dataclass(frozen=True)
class Clock:
    """Per seat: seconds left (live) or the deadline of the current move (turn-based)."""

    kind: Literal["none", "live", "turn"]
    left: dict[int, float]  # live: seconds left now; turn: seconds until the deadline
    running: tuple[int, ...]  # seats whose time is running

    def expired(self) -> list[int]:
        return [s for s in self.running if self.left[s] <= 0]

    def next_expiry(self) -> float | None:
        """Seconds until the first running seat runs out."""
        times = [self.left[s] for s in self.running]
        return min(times) if times else None


def read_clock(
    spec: dict[str, Any],
    players: int,
    started_at: float | None,
    moves: Sequence[Move],
    to_move_at: Sequence[tuple[int, ...]],
    timed: set[int],
    now: float,
) -> Clock:
    """The clock after ``moves``. ``to_move_at[k]`` is who was to move at version ``k``;
    ``timed`` are the seats whose time counts (people, not bots)."""
    kind = spec.get("kind", "none")
    if kind == "none" or started_at is None:
        return Clock("none", {}, ())
    since = {s: started_at for s in to_move_at[0]}
    used = dict.fromkeys(range(players), 0.0)
    made = dict.fromkeys(range(players), 0)
    rows = (
        moves.timings()  # a table's own (vaka.server.moves): read from its columns
        if isinstance(moves, Moves)
        else ((m.number, m.seat, m.kind == "act", m.at) for m in moves)
    )
    for number, seat, acted, at in rows:
        before, after = to_move_at[number - 1], to_move_at[number]
        if acted and seat in since:
            used[seat] += at - since[seat]
            made[seat] += 1
        for s in after:
            if s not in before or s == seat:
                since[s] = at
    running = tuple(s for s in to_move_at[-1] if s in timed)
    if kind == "live":
        base = float(spec["minutes"]) * 60
        inc = float(spec.get("increment", 0))
        left = {s: base + inc * made[s] - used[s] for s in range(players)}
        for s in running:
            left[s] -= now - since[s]
        return Clock("live", left, running)
    days = float(spec["days"]) * DAY
    return Clock("turn", {s: since[s] + days - now for s in running}, running)
