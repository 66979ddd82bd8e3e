"""What a table shows: its public summary, and one seat's (or a spectator's) state.

Views come from the engine's ``view``: nothing here decides what a seat may know.
"""

from __future__ import annotations

import time
from collections.abc import Hashable

from vaka.server.clocks import Clock, read_clock
from vaka.server.messages import (
    ChatLine,
    Choice,
    Clocks,
    ClockSpec,
    SeatSummary,
    TableState,
    TableSummary,
)
from vaka.server.table import Table

CHAT_KEPT = 100  # chat lines sent with a table's state
#: How long a pushed state of a table with a clock may be sent again (its times age).
CLOCK_FRESH = 0.2  # seconds


def summary(table: Table) -> TableSummary:
    data, state = table.data, table.state
    over = state.is_over
    lost = sorted(s for s, why in table.left.items() if data.policy == "lose")
    return TableSummary(
        id=data.id,
        game=data.game,
        game_name=table.game.name,
        players=data.players,
        options=data.options,
        clock=ClockSpec(**data.clock),
        policy=data.policy,
        status=data.status,  # type: ignore[arg-type]
        version=table.version,
        seats=[
            SeatSummary(
                seat=s.seat,
                kind=s.kind,  # type: ignore[arg-type]
                name=s.name,
                level=s.level,
                left=table.left.get(s.seat),  # type: ignore[arg-type]
            )
            for s in data.seats
        ],
        to_move=list(state.to_move) if data.status == "playing" else [],
        created_at=data.created_at,
        winners=[w for w in state.winners() if w not in lost] if over else None,
        scores=state.scores() if over else None,
        breakdown=[{k: float(v) for k, v in b.items()} for b in state.breakdown()]
        if over
        else None,
        lost=lost,
    )


def snapshot(table: Table, seat: int | None) -> TableState:
    """What one seat (None: a spectator) is shown: built by the engine's ``view``."""
    state = table.state
    view = state.view(seat)
    playing = table.data.status == "playing"
    legal = (
        [
            Choice(action=str(a), note=table.game.describe_choice(view, a))
            for a in state.legal_actions(seat)
        ]
        if seat is not None and playing and seat not in table.left
        else []
    )
    now = clock(table)
    return TableState(
        table=_summary(table),
        seat=seat,
        version=table.version,
        view=view,
        legal=legal,
        clocks=Clocks(kind=now.kind, left=now.left, running=list(now.running)),
        can_undo=seat is not None and table.can_undo(seat),
        chat=[ChatLine(**vars(c)) for c in table.data.chat[-CHAT_KEPT:]],
    )


def pushed(table: Table, seat: int | None) -> str:
    """The JSON pushed to ``seat`` (None: a spectator): built once after each change and
    sent again to that seat's other sockets, so a hundred spectators cost one view."""
    made_from = _made_from(table)
    now = time.monotonic()
    kept = table.shown.get(seat)
    if (
        kept is not None
        and kept[0] == made_from
        and (table.data.clock.get("kind", "none") == "none" or now - kept[1] < CLOCK_FRESH)
    ):
        return kept[2]
    text = snapshot(table, seat).model_dump_json()
    table.shown[seat] = (made_from, now, text)
    return text


def _summary(table: Table) -> TableSummary:
    """The table's summary, built once per change for every seat's state."""
    made_from = _made_from(table)
    kept = table.summarized
    if kept is None or kept[0] != made_from:
        kept = table.summarized = (made_from, summary(table))
    return kept[1]


def _made_from(table: Table) -> Hashable:
    """Everything a snapshot reads that can change, but the time: the version stands for
    the game (every move, undo, resignation and timeout is a new one)."""
    data = table.data
    return (
        table.version,
        data.status,
        len(data.chat),
        tuple((s.kind, s.name, s.level) for s in data.seats),
        tuple(sorted(table.left.items())),
    )


def clock(table: Table) -> Clock:
    return read_clock(
        table.data.clock,
        table.data.players,
        table.data.started_at,
        table.data.moves,
        table.to_move_at,
        table.people(),
        time.time(),
    )
