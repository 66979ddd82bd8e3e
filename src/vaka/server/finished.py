"""Finished tables: which of them stay in memory, and the reading of their games.

A finished game is stored whole, so a process keeps only the most recently used finished
tables (``KEEP_FINISHED``) and reads the others again on demand; what is read of them (the
record, a replay, a review's input) is published only once the game is over. This is apart
from the service because none of it touches a game in progress: the service hands it a
table it has already found.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from vaka.core.record import replay
from vaka.i18n import SOURCE, _, current
from vaka.i18n.said import say
from vaka.server.endings import Ending
from vaka.server.errors import NotFound, Refused
from vaka.server.messages import TableSummary
from vaka.server.show import names, summary, summary_of
from vaka.server.table import Table

if TYPE_CHECKING:
    from vaka.server.service import TableService

#: Finished tables kept in memory once nobody watches them (the most recently used): the
#: rest are dropped and read again from storage when asked for (records, replays, reviews).
KEEP_FINISHED = 64


def retire(
    table: Table,
    finished: OrderedDict[str, None],
    tables: dict[str, Table],
    listeners: Mapping[str, set[Any]],
) -> None:
    """Note a finished table as just used, and drop from memory the least recently
    used finished tables beyond ``KEEP_FINISHED`` that nobody watches or holds: all
    of a finished game is stored, so it loads again on demand."""
    finished[table.id] = None
    finished.move_to_end(table.id)
    excess = len(finished) - KEEP_FINISHED
    for table_id in list(finished):
        if excess <= 0:
            break
        old = tables.get(table_id)
        if old is not None and (listeners.get(table_id) or old.lock.locked()):
            continue  # watched or in use: dropped once it is not
        del finished[table_id]
        tables.pop(table_id, None)
        if old is not None and old.timer is not None:
            old.timer.cancel()
        excess -= 1


async def summaries(svc: TableService, table_ids: Sequence[str]) -> list[TableSummary]:
    """The summaries of these tables, in their order (ids not found left out): a table
    held in memory from there; a finished one that is not, from its kept ending and its
    results, without loading its game; any other read from storage as usual (which keeps
    the ending of a finished table that had none kept yet)."""
    away = [i for i in table_ids if i not in svc.tables]
    stored = {d.id: d for d in await svc.store.headers(away)}
    ended = {i: d for i, d in stored.items() if d.status == "over" and d.ending is not None}
    results = await svc.results.of_tables(list(ended))
    found = []
    for table_id in table_ids:
        data = ended.get(table_id)
        if data is not None and table_id not in svc.tables:
            assert data.ending is not None
            ending = Ending.loads(data.ending)
            found.append(
                summary_of(data, ending.version, [], ending.left, ending, results.get(table_id, []))
            )
        elif table_id in svc.tables or table_id in stored:
            found.append(summary(await svc.table(table_id)))
    return found


def record(table: Table) -> dict[str, Any]:
    """The finished game's record (before the end it would tell every hidden card)."""
    if not table.state.is_over:
        raise Refused(_("the record is published when the game is over"))
    return table.state.record()


def to_review(table: Table, seat: int | None) -> dict[str, Any]:
    """The record of a finished game whose ``seat`` (None: every seat) is to be
    reviewed; a game not over is refused, a seat the table lacks is not found."""
    if not table.state.is_over:
        raise Refused(_("a game is reviewed once it is over"))
    if seat is not None and seat >= table.data.players:
        raise NotFound(_("table {table} has no seat {seat}").format(table=table.id, seat=seat))
    return table.state.record()


def replayed(table: Table, step: int, seat: int | None) -> dict[str, Any]:
    """A finished game as ``seat`` (None: a spectator) saw it after ``step`` actions."""
    if not table.state.is_over:
        raise Refused(_("a game can be replayed once it is over"))
    record = table.state.record()
    if not 0 <= step <= len(record["actions"]):
        raise NotFound(
            _("the game has {n} actions, not {step}").format(n=len(record["actions"]), step=step)
        )
    if seat is not None:
        table.state.check_seat(seat)
    view = replay(record, upto=step).view(seat)
    view["step"], view["steps"] = step, len(record["actions"])
    if current() != SOURCE:  # its log in the reader's language, as a table's state
        called = names(table)
        view["log"] = [{"seat": e["seat"], "text": say(e["text"], called)} for e in view["log"]]
    return view
