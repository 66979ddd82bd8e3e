"""What becomes mail: after every change the service made at a turn-based table, the
people (accounts with a confirmed address) whose turn it became, whose game ended, or to
whom someone wrote there.

The service calls :meth:`MailEvents.changed` after each change it stored (in the process
that stored it, so once however many processes share the database); it looks at the
table in memory and returns at once: the outbox is written by a task of its own. Mail is
keyed by what it tells of (the table and version of a turn, the table's end), so a change
looked at twice is mailed once. Nobody is mailed about a table they have open.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from vaka.i18n import _, using
from vaka.server import show
from vaka.server.mail import texts
from vaka.server.mail.relay import Relay
from vaka.server.mail.sender import Mailer
from vaka.server.mail.store import Mail, MailStore
from vaka.server.table import Table

log = logging.getLogger(__name__)
#: Makes an account's mail, in the language current when it is called.
Making = Callable[[str], Mail]
#: A line of chat this recent counts as new when a table is first looked at here.
FRESH = 30.0


class MailEvents:
    def __init__(self, mail: MailStore, mailer: Mailer, relay: Relay) -> None:
        self.mail = mail
        self.mailer = mailer
        self.relay = relay
        self.tasks: set[asyncio.Task[None]] = set()
        #: table -> when the last line of chat looked at was written
        self.chat_seen: dict[str, float] = {}

    def changed(self, table: Table) -> None:
        """Called by the service after every change it stored at ``table``: never fails
        the change (a fault here is logged)."""
        try:
            self._changed(table)
        except Exception:
            log.exception("mail about table %s could not be made", table.id)

    def _changed(self, table: Table) -> None:
        data = table.data
        if data.clock.get("kind") != "turn":
            return
        # a seat that resigned or ran out of time still hears of the end and of chat
        people = {
            s.seat: s.user_id for s in data.seats if s.kind == "human" and s.user_id is not None
        }
        if not people:
            return
        base = self.relay.public_url
        mails: list[tuple[str, str, Making]] = []  # (what it tells of, to whom, its maker)
        if data.status == "over":

            def over(user_id: str) -> Mail:
                result = show.summary(table).result or _("The game is over.")
                return texts.game_over(base, user_id, data.id, _(table.game.name), result)

            for user_id in {u for seat, u in people.items() if not table.present.get(seat)}:
                mails.append(("ends", user_id, over))
        elif data.status == "playing":
            mails += [("turns", user_id, turn) for user_id, turn in self._turns(table, people)]
        said = self._said(table, people)
        if mails or said:
            self._spawn(self._keep(mails, said, data.id))

    def _turns(self, table: Table, people: dict[int, str]) -> list[tuple[str, Making]]:
        """The seats whose turn it became with the last change (not the seat that made
        it: one that acts again, or took an action back, knows)."""
        version = table.version
        now = table.to_move_at[version] if version < len(table.to_move_at) else ()
        before = table.to_move_at[version - 1] if 0 < version <= len(table.to_move_at) else ()
        last = table.data.moves[-1].seat if table.data.moves else None
        names = ", ".join(show.summary(table).names)
        base = self.relay.public_url

        def turn(user_id: str) -> Mail:
            game = _(table.game.name)
            return texts.your_turn(base, user_id, table.id, version, game, names or game)

        return [
            (people[seat], turn)
            for seat in now
            if seat in people
            and seat not in table.left
            and seat not in before
            and seat != last
            and not table.present.get(seat)
        ]

    def _said(self, table: Table, people: dict[int, str]) -> list[tuple[str, float]]:
        """Accounts someone wrote to with the last change: (account, when)."""
        chat = table.data.chat
        if not chat:
            return []
        line = chat[-1]
        seen = self.chat_seen.get(table.id, time.time() - FRESH)
        self.chat_seen[table.id] = max(seen, line.at)
        if line.at <= seen:
            return []
        writer = people.get(line.seat) if line.seat is not None else None
        return sorted(
            {
                (user_id, line.at)
                for seat, user_id in people.items()
                if seat != line.seat and user_id != writer and not table.present.get(seat)
            }
        )

    async def _keep(
        self, mails: list[tuple[str, str, Making]], said: list[tuple[str, float]], table_id: str
    ) -> None:
        try:
            wanted: list[Mail] = []
            for kind in ("turns", "ends"):
                users = {u for k, u, _made in mails if k == kind}
                listening = await self.mail.listening(users, kind)
                languages = await self.mail.languages(listening)
                for k, user_id, make in mails:
                    if k == kind and user_id in listening:
                        with using(languages[user_id]):  # in the words its reader chose
                            wanted.append(make(user_id))
            await self.mail.put(wanted)
            listening = await self.mail.listening({u for u, _ in said}, "chat")
            for user_id, at in said:
                if user_id in listening:
                    await self.mail.chat_said(user_id, table_id, at, self.relay.chat_every)
        except Exception:
            log.exception("mail about table %s could not be kept", table_id)
            return
        if wanted:
            self.mailer.poke()

    def _spawn(self, coro: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self, grace: float = 5.0) -> None:
        """Let the mail being kept reach the outbox (for ``grace`` seconds at most)."""
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=grace)
        for task in list(self.tasks):
            task.cancel()
