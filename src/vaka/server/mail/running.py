"""Mail in a running server: its store always (people may keep an address), and where
the server has a relay the sender and what turns changes into mail."""

from __future__ import annotations

from dataclasses import dataclass

from vaka.server.mail.events import MailEvents
from vaka.server.mail.relay import Relay
from vaka.server.mail.sender import Mailer
from vaka.server.mail.store import MailStore
from vaka.server.service import TableService
from vaka.server.store import Store


@dataclass
class Mailing:
    store: MailStore
    relay: Relay | None = None
    mailer: Mailer | None = None
    events: MailEvents | None = None

    @classmethod
    def start(cls, store: Store, service: TableService, relay: Relay | None) -> Mailing:
        mail = MailStore(store)
        if relay is None:
            return cls(mail)
        mailer = Mailer(mail, relay)
        events = MailEvents(mail, mailer, relay)
        service.watchers.append(events.changed)
        mailer.start()
        return cls(mail, relay, mailer, events)

    async def stop(self) -> None:
        if self.events is not None:
            await self.events.close()
        if self.mailer is not None:
            await self.mailer.stop()
