"""What moves a game on without a person: bots that are to move think and play, and a
turn's clock runs out.

This is apart from the service because it is the one part that acts on its own, from
tasks and timers rather than from a request; the service mixes it in (its tables, bots and
tasks are the service's) and calls :meth:`Autoplay._next` after every change.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable

from vaka.core.errors import VakaError
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.server import show
from vaka.server.bots import Bots
from vaka.server.errors import Stale
from vaka.server.store import Move
from vaka.server.table import Table

log = logging.getLogger(__name__)


class Autoplay:
    """Bots and clocks, mixed into :class:`~vaka.server.service.TableService`."""

    bots: Bots
    tasks: set[asyncio.Task[None]]

    async def _store(self, table: Table, move: Move, after: State | None = None) -> None:
        raise NotImplementedError  # the service stores moves

    async def _changed(self, table: Table, moved: bool = False) -> None:
        raise NotImplementedError  # the service tells everyone of a change

    def _next(self, table: Table, bots: bool = True) -> None:
        """After any change: let bots to move think, and set the clock's alarm."""
        if table.data.status != "playing":
            return
        if bots:
            for seat in table.state.to_move:
                level = table.bot_level(seat)
                if level is not None and seat not in table.thinking:
                    table.thinking |= {seat}
                    self._spawn(self._bot_move(table, seat, level))
        if table.timer:
            table.timer.cancel()
            table.timer = None
        due = show.clock(table).next_expiry()
        if due is not None:
            loop = asyncio.get_running_loop()
            table.timer = loop.call_later(
                max(due, 0) + 0.05, lambda: self._spawn(self._time_out(table))
            )

    def _spawn(self, coro: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _bot_move(self, table: Table, seat: int, level: str) -> None:
        try:
            while True:
                # Not to move (any more)? Another process's bot may have won a race to
                # store this seat's move, say: a bot is never asked to choose from nothing.
                if not self._bot_to_move(table, seat):
                    return
                version = table.version
                seed = derive_seed(table.data.seed, "bot", seat, version)
                guess = table.state.determinize(seat, seed)
                text = await self.bots.decide(level, guess, seat, seed)
                async with table.lock:
                    if not self._bot_to_move(table, seat):
                        return
                    if table.version != version and text not in map(
                        str, table.state.legal_actions(seat)
                    ):
                        continue  # the game moved on under the bot: think again
                    try:
                        await self._store(
                            table, Move(table.version + 1, seat, "act", text, False, time.time())
                        )
                    except Stale:
                        continue
                break
        except VakaError:
            return
        except Exception:  # a worker died, say: try again shortly rather than stall the game
            log.exception("the bot for seat %s at table %s failed; retrying", seat, table.id)
            await asyncio.sleep(1)
            table.thinking -= {seat}
            self._next(table)
            return
        finally:
            table.thinking -= {seat}
        await self._changed(table, moved=True)

    @staticmethod
    def _bot_to_move(table: Table, seat: int) -> bool:
        return (
            table.data.status == "playing"
            and seat in table.state.to_move
            and table.bot_level(seat) is not None
        )

    async def _time_out(self, table: Table) -> None:
        async with table.lock:
            clock = show.clock(table)
            expired = clock.expired()
            for seat in expired:
                try:
                    await self._store(
                        table, Move(table.version + 1, seat, "timeout", None, False, time.time())
                    )
                except Stale:
                    return
        if expired:
            await self._changed(table, moved=True)
        else:
            self._next(table, bots=False)
