"""Finding a game: the tables a visitor may see listed, play now, a seat's own name, and
who may look at a private table. The table service does the seating; this decides where.
"""

from __future__ import annotations

from collections.abc import Callable

from vaka.core.errors import InvalidOptions
from vaka.core.registry import load
from vaka.i18n import _
from vaka.server import finished
from vaka.server.accounts import User, Who
from vaka.server.errors import NotFound, Refused
from vaka.server.lobby_rules import Filters, fullest_first, open_seats
from vaka.server.messages import ClockSpec, CreateTable, PlayedNow, PlayNow, TableSummary
from vaka.server.service import TableService
from vaka.server.table import Table

#: Tables a listing reads from storage at most (newest first) before filtering by clock.
LISTED = 200


async def visible(svc: TableService, table_id: str, token: Who | None) -> Table:
    """The table, if the asker may see it: anyone a table that is not private; a private
    one only with a token of one of its seats (else it is not found, as if there were
    none)."""
    table = await svc.table(table_id)
    if table.data.private:
        await svc.seat_of(table_id, token, watch=True)
    return table


async def listing(svc: TableService, status: str, filters: Filters) -> list[TableSummary]:
    """The tables of ``status`` that fit the filters, never a private one: open tables
    fullest first (play now's order), others newest first."""
    filters.check()
    ids = await svc.store.listed(status, filters.game, filters.players, filters.rated, LISTED)
    if status == "open":  # read again from memory: a seat may have been taken since
        tables = [t for t in [await svc.table(i) for i in ids] if t.data.status == "open"]
        shown = [svc.summary(t) for t in fullest_first(tables)]
    else:  # finished ones by their endings, not replayed
        shown = await finished.summaries(svc, ids)
    return [t for t in shown if filters.fits(t)]


async def play_now(
    svc: TableService,
    req: PlayNow,
    before_making: Callable[[], None],
    user: User | None = None,
) -> PlayedNow:
    """Seat the asker at the fullest open table that fits, else at a table made for them
    (``before_making`` may refuse that: a limit on tables made). A signed-in ``user``'s
    seat is their account's, under its name.

    Safe against a race for the last seat: taking a seat is one conditional update in
    storage, so of two askers one gets it and the other is refused and tries the next
    table, or has one made."""
    filters = Filters(req.game, req.players, req.clock, req.rated)
    filters.check()
    name, user_id = (req.name, None) if user is None else (user.name, user.id)
    ids = await svc.store.listed("open", req.game, req.players, req.rated, LISTED)
    found = [t for t in [await svc.table(i) for i in ids] if filters.fits(svc.summary(t))]
    for table in fullest_first(found):
        for _try in range(table.data.players):  # each try that fails fills a seat
            free = open_seats(table)
            if table.data.status != "open" or not free:
                break
            try:
                token = await svc.join(table.id, free[0], name, user_id)
            except Refused:  # taken first: the table was read again, look once more
                continue
            return PlayedNow(table=svc.summary(table), seat=free[0], token=token, made=False)
    if req.game is None:
        raise Refused(_("no open table fits; choose a game to start a table of your own"))
    before_making()
    game = load(req.game)
    players = req.players or min(max(2, game.min_players), game.max_players)
    made = await svc.create(
        CreateTable(
            game=req.game,
            players=players,
            seats=["me"] + ["open"] * (players - 1),
            name=req.name,
            clock=ClockSpec(kind=req.clock or "none"),
            rated=bool(req.rated),
        ),
        user,
    )
    return PlayedNow(table=made.table, seat=0, token=made.tokens[0], made=True)


async def name_seat(svc: TableService, table_id: str, token: Who, name: str) -> TableSummary:
    """Give the token's seat the name its holder chose (an invited friend's seat is made
    with one the maker wrote). A name is set before the seat's first move: the log and
    the others have called it by its name since."""
    table = await svc.table(table_id)
    seat = await svc.seat_of(table_id, token)
    assert seat is not None
    async with table.lock:
        if any(m.seat == seat and m.kind == "act" for m in table.data.moves):
            raise Refused(_("a seat's name is set before its first move; this one has moved"))
        if table.data.seats[seat].kind != "human":
            raise InvalidOptions(_("seat {seat} is not a person's").format(seat=seat))
        await svc.store.rename_seat(table_id, seat, name)
        table.data.seats[seat].name = name
    await svc.changed(table)
    return svc.summary(table)


def not_listed(table: Table) -> None:
    """Refuse to seat anyone at a private table by its id alone."""
    if table.data.private:
        raise NotFound(_("there is no table {table}").format(table=repr(table.id)))
