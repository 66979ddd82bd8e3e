"""The sender: a task in the background that hands the outbox's mail to the relay.

Nothing waits for it: a move stores its mail in the outbox (or not at all) and goes on.
The sender claims what is due, sends each in a thread (a relay that hangs holds that
thread, nothing else), marks it sent once the relay took it, and otherwise tries again
later, waiting longer each time (up to an hour); a failure is logged, never raised. Mail
the relay refused outright stays in the outbox, unsent, with the reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from vaka.core.registry import load
from vaka.i18n import _, using
from vaka.server.mail import texts
from vaka.server.mail.relay import TIMEOUT, Refused, Relay, message, send
from vaka.server.mail.rows import OutboxRow
from vaka.server.mail.store import MailStore

log = logging.getLogger(__name__)
#: Seconds between looks at the outbox when nothing wakes the sender sooner.
POLL = 5.0
#: The shortest wait between looks (a round that could not clear what is due waits this).
SOONEST = 0.2
#: Rounds between looks for the addresses of deleted accounts, to drop them.
PURGE_EVERY = 120
#: The first wait after a failed try (doubled each time, up to ``LONGEST``).
FIRST_WAIT = 5.0
LONGEST = 3600.0


def wait_after(attempts: int) -> float:
    """Seconds to wait before the next try, after ``attempts`` failed ones."""
    return float(min(LONGEST, FIRST_WAIT * 2 ** min(attempts, 20)))


class Mailer:
    """One per process whose server has a relay."""

    def __init__(self, mail: MailStore, relay: Relay) -> None:
        self.mail = mail
        self.relay = relay
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    def poke(self) -> None:
        """Something was put in the outbox: look now."""
        self.wake.set()

    async def _run(self) -> None:
        rounds = 0
        while True:
            wait = POLL
            try:
                if rounds % PURGE_EVERY == 0:
                    await self.mail.forget_deleted()
                rounds += 1
                await self.round()
                # gathered chat goes out when it is due, not at the next look after
                due = await self.mail.next_chat_due()
                if due is not None:
                    wait = min(POLL, max(SOONEST, due - time.time()))
            except asyncio.CancelledError:
                raise
            except Exception:  # the database busy, say: the outbox keeps it all
                log.exception("the mail sender failed; it looks again shortly")
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), wait)

    async def round(self) -> None:
        """Turn the chat that waited long enough into mail, then send what is due."""
        now = time.time()
        for wait in await self.mail.chat_due(now):
            game_id, seat, lines = await self.mail.chat_lines(wait)
            if not lines or seat is None:
                await self.mail.chat_told(wait, wait.since, None)
                continue
            language = (await self.mail.languages({wait.user_id}))[wait.user_id]
            with using(language):
                game = _(load(game_id).name)
                told = texts.chat(self.relay.public_url, wait.user_id, wait.table_id, game, lines)
            await self.mail.chat_told(wait, lines[-1][2], told)
        for row in await self.mail.claim(now, hold=4 * TIMEOUT + 30):
            await self._send(row)

    async def _send(self, row: OutboxRow) -> None:
        to, stop = row.address, None
        if to is None:  # not a confirmation: to the confirmed address, as it is now
            kept = await self.mail.deliverable(row.user_id)
            if kept is None:
                await self.mail.sent(row.id)  # nobody to tell any more: done with it
                return
            to, stop = kept.address, kept.stop_token
        base = self.relay.public_url
        language = (await self.mail.languages({row.user_id}))[row.user_id]
        with using(language):
            body = row.body + (texts.footer(base, stop) if stop else "")
        msg = message(
            self.relay, to, row.subject, body, texts.stop_api(base, stop) if stop else None
        )
        try:
            await asyncio.to_thread(send, self.relay, msg)
        except Refused as exc:
            log.error("the mail relay refused mail %s for good: %s", row.id, exc)
            await self.mail.failed(row.id, str(exc), None)
            return
        except Exception as exc:
            wait = wait_after(row.attempts)
            log.warning(
                "the mail relay %s:%s failed (%s); mail %s is tried again in %.0f s",
                self.relay.host,
                self.relay.port,
                exc or type(exc).__name__,
                row.id,
                wait,
            )
            await self.mail.failed(row.id, f"{type(exc).__name__}: {exc}", time.time() + wait)
            return
        await self.mail.sent(row.id)
