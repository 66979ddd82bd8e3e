"""The table service: tables, seats, acting, undo, resigning, clocks, chat and bots.

It knows neither HTTP nor SQL: transports call it and subscribe to its tables, and storage
is a :class:`~vaka.server.store.Store`. Every change is stored before it is acknowledged;
each process keeps the tables it serves in memory, one lock per table, and the unique key
of the move log settles two processes racing for the same move.

Making a table's seats is in :mod:`~vaka.server.table_making`, which finished tables stay
in memory and what is read of them in :mod:`~vaka.server.finished`, and the bots and
clocks that move a game on by themselves in :mod:`~vaka.server.autoplay`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from vaka.core.errors import IllegalAction
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.i18n import _
from vaka.server import finished, show, tokens
from vaka.server.accounts import SessionSeat, User, Who
from vaka.server.accounts import seat_for as account_seat
from vaka.server.autoplay import Autoplay
from vaka.server.bots import Bots
from vaka.server.endings import Ending
from vaka.server.errors import Forbidden, NotFound, Refused, Stale
from vaka.server.finished import KEEP_FINISHED as KEEP_FINISHED
from vaka.server.limits import Full
from vaka.server.lobby_rules import token_seat
from vaka.server.messages import (
    ChatLine,
    Checked,
    CreatedTable,
    CreateTable,
    Hint,
    TableState,
)
from vaka.server.results import Results
from vaka.server.store import Chat, Move, MoveTaken, Seat, Store
from vaka.server.table import Table
from vaka.server.table_making import checked_options, seating, table_data
from vaka.server.users import Users

log = logging.getLogger(__name__)

Listener = Callable[[str], None]


class TableService(Autoplay):
    def __init__(
        self,
        store: Store,
        bots: Bots | None = None,
        max_tables: int = 0,
        shortest_turn: float = 0.0,
    ) -> None:
        self.store = store
        self.users = Users(store)
        #: seconds a turn-based table gives a move at the least
        self.shortest_turn = shortest_turn
        self.bots = bots or Bots()
        #: each person's result and rating change, recorded once a table is over
        self.results = Results(store)
        #: Tables open or playing at most (every process sharing the database together;
        #: 0: no limit): each holds its game in memory.
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}
        self.listeners: dict[str, set[Listener]] = {}
        #: the finished tables in memory, least recently used first
        self.finished: OrderedDict[str, None] = OrderedDict()
        self.tasks: set[asyncio.Task[None]] = set()
        #: Called with a table id after this process stored a change (cross-process fan-out).
        self.on_change: Callable[[str], Awaitable[None]] | None = None
        #: Called with the table after each change this process stored (mail, say); each
        #: returns at once, leaving any slow work to a task of its own.
        self.watchers: list[Callable[[Table], None]] = []

    # ------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Pick up the games in progress: their bots and clocks go on."""
        for table_id in await self.store.table_ids(["playing"], limit=10_000):
            table = await self.table(table_id)
            self._next(table)
        for table_id in await self.results.unrecorded():  # stopped before recording them
            await self.table(table_id)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for table in self.tables.values():
            if table.timer:
                table.timer.cancel()
        self.bots.close()

    # ------------------------------------------------------------ tables
    async def create(self, req: CreateTable, user: User | None = None) -> CreatedTable:
        """Make a table; a signed-in maker's seats are theirs, under their name."""
        game, options = checked_options(req, self.shortest_turn)
        made = seating(req, game.id, user)
        if self.max_tables and await self.store.count(["open", "playing"]) >= self.max_tables:
            raise Full(
                _(
                    "this server holds {n} open and playing tables, as many as it takes; "
                    "try again once some games have ended"
                ).format(n=self.max_tables)
            )
        data = table_data(req, game.id, options, made.seats)
        await self.store.create(data)
        table = Table.build(data)
        self.tables[data.id] = table
        self._next(table)
        return CreatedTable(table=self.summary(table), tokens=made.mine, invitations=made.invited)

    async def table(self, table_id: str) -> Table:
        """A table, from memory or storage; :class:`NotFound` if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            data = await self.store.load(table_id) if 0 < len(table_id) <= 16 else None
            if data is None:
                raise NotFound(_("there is no table {table}").format(table=repr(table_id)))
            table = self.tables.setdefault(table_id, Table.build(data))
        if table.data.status == "over":
            await self._ended(table)
            self._retire(table)
        return table

    async def _ended(self, table: Table) -> None:
        """A finished table's people's results recorded and its ending kept (once each:
        lists of finished games read them instead of replaying the games)."""
        await self.results.finished(table)
        if table.data.ending is None:
            ending = Ending.of(table).dumps()
            try:
                await self.store.keep_ending(table.id, ending)
            except Exception:  # a busy database: kept the next time the table is read
                log.exception("the ending of table %s could not be kept", table.id)
                return
            table.data.ending = ending

    def _retire(self, table: Table) -> None:
        """Note a finished table as just used; drop the least recently used beyond
        ``KEEP_FINISHED`` (see :func:`~vaka.server.finished.retire`)."""
        finished.retire(table, self.finished, self.tables, self.listeners)

    async def refresh(self, table_id: str, move: Move | None = None) -> None:
        """Catch up with changes another process stored, and tell this one's listeners.
        ``move``: the stored move the note carried; if it is the table's next, it is
        followed as it is, else (or without one) the table is read again."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if move is not None and move.number <= table.version:
                return  # seen already (caught up while this note waited)
            if move is None or move.number != table.version + 1:
                await self._catch_up(table)  # which tells this process's listeners
                return
            table.follow(move)
            if move.kind == "act" and table.state.is_over:
                table.data.status, table.data.finished_at = "over", move.at
        self._next(table, bots=False)
        await self._tell(table_id)
        if table.data.status == "over":
            self._retire(table)

    async def _catch_up(self, table: Table) -> bool:
        """Read what other processes stored since this one last looked. Whatever path
        comes here (a note, a race lost, a request from an old version), the change is
        pushed to this process's listeners: the note that follows will find it seen."""
        fresh = await self.store.load(table.id, after=table.version)
        if fresh is None:
            return False
        changed = (
            fresh.status != table.data.status
            or len(fresh.chat) != len(table.data.chat)
            or [(s.kind, s.name) for s in fresh.seats]
            != [(s.kind, s.name) for s in table.data.seats]
        )
        table.data.status, table.data.seats, table.data.chat = (
            fresh.status,
            fresh.seats,
            fresh.chat,
        )
        table.data.started_at, table.data.finished_at = fresh.started_at, fresh.finished_at
        for move in fresh.moves:
            table.follow(move)
            changed = True
        if changed:
            self._next(table, bots=False)
            self._spawn(self._tell(table.id))
        return changed

    # ------------------------------------------------------------ seats
    async def join(self, table_id: str, seat: int, name: str, user_id: str | None = None) -> str:
        """Take an open seat (for an account: ``user_id``); returns its token. The game
        starts once no seat is open."""
        table = await self.table(table_id)
        async with table.lock:
            if not 0 <= seat < table.data.players:
                raise NotFound(
                    _("table {table} has no seat {seat}").format(table=table_id, seat=seat)
                )
            token = tokens.new_token()
            taken = Seat(seat, "human", name, None, tokens.token_hash(token), user_id)
            got, full = (
                await self.store.take_seat(table_id, taken)
                if table.data.seats[seat].kind == "open"
                else (False, False)
            )
            if not got:
                await self._catch_up(table)
                raise Refused(
                    _("seat {seat} of table {table} is not open").format(seat=seat, table=table_id)
                )
            table.data.seats[seat] = taken
            if full != all(s.kind != "open" for s in table.data.seats):
                await self._catch_up(table)  # another process filled a seat meanwhile
            elif full:
                table.data.status, table.data.started_at = "playing", time.time()
        await self._changed(table)
        return token

    async def seat_of(self, table_id: str, token: Who | None, watch: bool = False) -> int | None:
        """The seat a token (or a session) acts for at this table; None for no token (a
        spectator), or with ``watch`` for a session that holds no seat there."""
        table = await self.table(table_id)
        if token is None:
            seat = None
        elif isinstance(token, SessionSeat):
            try:
                seat = await account_seat(table, token, self.users, watch)
            except Forbidden:
                if not table.data.private:
                    raise
                seat = None
        else:
            seat = token_seat(table, token)
        if table.data.private and seat is None:  # strangers learn nothing, not even that
            raise NotFound(_("there is no table {table}").format(table=repr(table_id)))
        if token is not None and seat is None and not isinstance(token, SessionSeat):
            raise Forbidden(_("that token acts for no seat of this table"))
        return seat

    # ------------------------------------------------------------ playing
    async def act(self, table_id: str, token: Who, action: str, version: int) -> TableState:
        """Play ``action`` for the token's seat; the seat's state afterwards."""
        table = await self.play(table_id, token, action, version)
        return self.snapshot(table, await self._seat(table, token))

    async def play(self, table_id: str, token: Who, action: str, version: int) -> Table:
        """Play ``action`` for the token's seat (a WebSocket's seat hears the result in
        the push that follows, so nothing is built for it here)."""
        table = await self.table(table_id)
        seat = await self._seat(table, token)
        async with table.lock:
            await self._current(table, seat, version)
            if seat in table.left:
                raise Refused(_("you left this game; a bot plays your seat now"))
            trial = table.state.clone()
            trial.apply(seat, action)  # IllegalAction: nothing is stored or changed
            text = str(trial.history[-1][1])
            # an ended game shows everything (nor can it be undone); reveals reads the copy
            # already played, a draw from the random stream first
            revealed = trial.is_over or table.state.reveals(seat, text, played=trial)
            await self._store(
                table, Move(table.version + 1, seat, "act", text, revealed, time.time()), trial
            )
        await self._changed(table, moved=True)
        return table

    async def undo(self, table_id: str, token: Who, version: int) -> TableState:
        table = await self.table(table_id)
        seat = await self._seat(table, token)
        async with table.lock:
            await self._current(table, seat, version, strict=True)
            if not table.can_undo(seat):
                raise Refused(
                    _(
                        "nothing to take back: only your own last actions, until another "
                        "seat acts or something hidden or random comes to light"
                    )
                )
            await self._store(
                table, Move(table.version + 1, seat, "undo", None, False, time.time())
            )
        await self._changed(table, moved=True)
        return self.snapshot(table, seat)

    async def resign(self, table_id: str, token: Who) -> TableState:
        table = await self.table(table_id)
        seat = await self._seat(table, token)
        async with table.lock:
            await self._catch_up(table)
            if table.data.status != "playing" or seat in table.left:
                raise Refused(_("there is no game in progress to resign from"))
            await self._store(
                table, Move(table.version + 1, seat, "resign", None, False, time.time())
            )
        await self._changed(table, moved=True)
        return self.snapshot(table, seat)

    async def check(self, table_id: str, token: Who, action: str) -> Checked:
        """Would ``action`` be legal for the token's seat now? Changes nothing."""
        table = await self.table(table_id)
        seat = await self._seat(table, token)
        try:
            table.state.clone().apply(seat, action)
        except IllegalAction as exc:
            return Checked(action=action, legal=False, reason=str(exc))
        # what it would cost or bring, as the choice list says it (a placement typed or
        # dragged by hand is rarely one of the listed choices)
        view = table.state.view(seat)
        note = table.game.describe_choice(view, table.game.parse_action(action))
        return Checked(action=action, legal=True, note=note)

    async def chat(self, table_id: str, token: Who, text: str) -> ChatLine:
        table = await self.table(table_id)
        seat = await self._seat(table, token)
        line = Chat(seat, table.data.seats[seat].name or f"Seat {seat}", text, time.time())
        async with table.lock:
            await self.store.add_chat(table_id, line)
            table.data.chat.append(line)
        await self._changed(table)
        return ChatLine(**vars(line))

    async def record(self, table_id: str) -> dict[str, Any]:
        """The finished game's record (before the end it would tell every hidden card)."""
        return finished.record(await self.table(table_id))

    async def to_review(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """The record of a finished game whose ``seat`` (None: every seat) is to be
        reviewed; a game not over is refused, a seat the table lacks is not found."""
        return finished.to_review(await self.table(table_id), seat)

    async def hint(self, table_id: str, token: Who) -> list[Hint]:
        """The hard bot's top choices for the token's seat, searched on a guess made
        from that seat's knowledge only."""
        table = await self.table(table_id)
        seat = await self._seat(table, token)
        if seat not in table.state.to_move:
            raise Refused(_("a hint is for a seat that is to move"))
        seed = derive_seed(table.data.seed, "hint", seat, table.version)
        view = table.state.view(seat)
        found = await self.bots.hint(table.state.determinize(seat, seed), seat, seed)
        legal = {str(a): a for a in table.state.legal_actions(seat)}
        return [
            Hint(**h, note=table.game.describe_choice(view, legal[h["action"]]))
            for h in found
            if h["action"] in legal
        ]

    async def replay(self, table_id: str, step: int, seat: int | None) -> dict[str, Any]:
        """A finished game as ``seat`` (None: a spectator) saw it after ``step`` actions."""
        return finished.replayed(await self.table(table_id), step, seat)

    async def _seat(self, table: Table, token: Who) -> int:
        seat = await self.seat_of(table.id, token)
        assert seat is not None
        return seat

    async def _current(self, table: Table, seat: int, version: int, strict: bool = False) -> None:
        """Refuse an action sent from an old version (it might be a repeat)."""
        if version != table.version:
            await self._catch_up(table)
        if version == table.version:
            return
        if strict or not table.stale_but_fine(seat, version):
            raise Stale(
                _("the table is at version {version}, not {sent}: look again").format(
                    version=table.version, sent=version
                ),
                self.snapshot(table, seat),
            )

    async def _store(self, table: Table, move: Move, after: State | None = None) -> None:
        """Store a move, then (and only then) play it on the table in memory. ``after``
        is the game with the action already played on a copy, where the caller has it."""
        if move.kind == "act" and after is None:
            after = table.state.clone()
            assert move.action is not None
            after.apply(move.seat, move.action)
        over_after = after is not None and after.is_over
        try:
            await self.store.append(table.id, move, status="over" if over_after else None)
        except MoveTaken:
            await self._catch_up(table)
            raise Stale(
                _("another move was stored first; the table is at version {version}").format(
                    version=table.version
                ),
                self.snapshot(table, move.seat),
            ) from None
        # Played again on the table's own game rather than ``after`` taken for it: the
        # game's lists stay the ones it had, and a copy made for every move would keep the
        # garbage collector's young generations full of every table's game (playing it
        # again costs about 5 µs in two-player Rapa Nui; docs/PERFORMANCE.md, "Fewer
        # objects per socket").
        table.follow(move)
        if over_after:
            table.data.status = "over"
            table.data.finished_at = move.at

    async def changed(self, table: Table) -> None:
        """Tell everyone of a change stored by another module (a seat's new name)."""
        await self._changed(table)

    async def _changed(self, table: Table, moved: bool = False) -> None:
        """After a change: bots and clocks, other processes, then this one's listeners.
        A stored move has told other processes already (in its own transaction) where
        the store does that."""
        self._next(table)
        for watcher in self.watchers:
            watcher(table)
        if self.on_change is not None and not (moved and self.store.notify is not None):
            await self.on_change(table.id)
        await self._tell(table.id)
        if table.data.status == "over":
            self._retire(table)

    # ------------------------------------------------------------ listeners
    def subscribe(self, table_id: str, listener: Listener) -> None:
        self.listeners.setdefault(table_id, set()).add(listener)

    def unsubscribe(self, table_id: str, listener: Listener) -> None:
        listeners = self.listeners.get(table_id)
        if listeners is None:
            return
        listeners.discard(listener)
        if not listeners:
            del self.listeners[table_id]
            table = self.tables.get(table_id)
            if table is not None and table.data.status == "over":
                self._retire(table)

    async def tell(self, table_id: str) -> None:
        """Push the table again to this process's listeners (who is present changed)."""
        await self._tell(table_id)

    async def _tell(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None and table.data.status == "over":
            await self._ended(table)  # first: the end shows the rating changes
        for listener in list(self.listeners.get(table_id, ())):
            listener(table_id)

    # ------------------------------------------------------------ what is shown
    summary = staticmethod(show.summary)
    snapshot = staticmethod(show.snapshot)
    pushed = staticmethod(show.pushed)
    clock = staticmethod(show.clock)

    # bots and clocks (``_next`` after every change): :class:`Autoplay`
