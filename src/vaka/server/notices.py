"""Notices: what a person's tables have for them now (their turn, a game ended, someone
wrote), for every open page of theirs, whichever table it shows.

A page names the seats it holds (a table and that seat's token each); a signed-in
person's seats are added from the server. The feed follows each of those tables through
the service's listeners, so it hears every change this process hears (other processes'
too, through the fan-out), and tells the page the facts: a page decides what it has seen.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints
from sqlalchemy import or_, select

from vaka.core.errors import VakaError
from vaka.server.messages import Strict, Token
from vaka.server.service import TableService
from vaka.server.store import SeatRow, TableRow
from vaka.server.table import Table

#: Seats one page may follow at once (each holds its table in this process's memory).
MAX_SEATS = 100
#: A signed-in person's finished games are followed this long after their end (seconds).
RECENT = 7 * 86400


class WatchSeat(Strict):
    table: Annotated[str, StringConstraints(min_length=1, max_length=16)]
    token: Token


class Watch(Strict):
    """Sent by a page (first on ``/ws/notices``, again whenever its seats change; the
    body of ``POST /api/notices``): the seats this browser holds."""

    type: Literal["watch"] = "watch"
    seats: Annotated[list[WatchSeat], Field(max_length=MAX_SEATS)] = Field(default_factory=list)


class Notice(BaseModel):
    """One table of the person's, as it stands for their seat."""

    table: str
    game: str
    game_name: str
    seat: int
    status: Literal["open", "playing", "over"]
    version: int
    #: whether this seat has a choice to make now
    your_turn: bool
    #: whether the table is turn-based (days per move)
    turn_based: bool
    #: when someone other than this seat last wrote in the table's chat (null: never),
    #: and their name
    chat_at: float | None = None
    chat_from: str | None = None
    #: once over: whether this seat won
    won: bool | None = None


class Notices(BaseModel):
    """Pushed on ``/ws/notices`` after ``watch`` and after every change of those tables
    (coalesced); the answer of ``POST /api/notices``. ``refused``: the tables named whose
    token acts for no seat there (or that do not exist): a page forgets them."""

    type: Literal["notices"] = "notices"
    tables: list[Notice]
    refused: list[str] = []


def notice(table: Table, seat: int) -> Notice:
    """What ``seat`` of ``table`` is told now."""
    data, state = table.data, table.state
    playing = data.status == "playing"
    said = next((c for c in reversed(data.chat) if c.seat != seat), None)
    over = data.status == "over"
    return Notice(
        table=data.id,
        game=data.game,
        game_name=table.game.name,
        seat=seat,
        status=data.status,  # type: ignore[arg-type]
        version=table.version,
        your_turn=playing and seat in state.to_move and seat not in table.left,
        turn_based=data.clock.get("kind") == "turn",
        chat_at=said.at if said else None,
        chat_from=said.name if said else None,
        won=(seat in state.winners() and not (data.policy == "lose" and seat in table.left))
        if over and state.is_over
        else None,
    )


async def resolve(
    service: TableService, watch: Watch, known: dict[str, int] | None = None
) -> tuple[dict[str, int], list[str]]:
    """The seats a watch names that its tokens really act for ({table: seat}), with
    ``known`` ones (a signed-in person's, found by the server) first; and the tables
    refused. A table named twice keeps its first seat."""
    seats: dict[str, int] = dict(known or {})
    refused: list[str] = []
    for want in watch.seats:
        if want.table in seats:
            continue
        if len(seats) >= MAX_SEATS:
            break
        try:
            seat = await service.seat_of(want.table, want.token)
        except VakaError:
            refused.append(want.table)
            continue
        assert seat is not None
        seats[want.table] = seat
    return seats, refused


async def gather(service: TableService, seats: dict[str, int], refused: list[str]) -> Notices:
    """The notices of the seats followed (their tables from memory where they are)."""
    found = []
    for table_id, seat in seats.items():
        try:
            found.append(notice(await service.table(table_id), seat))
        except VakaError:  # gone from storage: not a table any more
            continue
    return Notices(tables=found, refused=refused)


async def held_by(service: TableService, user_id: str | None, now: float) -> dict[str, int]:
    """A signed-in person's seats (their first at each table) at tables open, playing or
    finished within ``RECENT`` seconds, newest tables first."""
    if user_id is None:
        return {}
    async with service.store.sessions() as s:
        rows = (
            await s.execute(
                select(SeatRow.table_id, SeatRow.seat)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(
                    SeatRow.user_id == user_id,
                    or_(TableRow.status != "over", TableRow.finished_at > now - RECENT),
                )
                .order_by(TableRow.created_at.desc(), SeatRow.seat)
                .limit(MAX_SEATS * 8)
            )
        ).all()
    seats: dict[str, int] = {}
    for table_id, seat in rows:
        if table_id not in seats and len(seats) < MAX_SEATS:
            seats[table_id] = seat
    return seats
