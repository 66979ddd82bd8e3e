"""A real SMTP server on loopback (aiosmtpd) that keeps what it is sent, and people
signed up on a real ``vaka serve`` (each an HTTP client with its session's cookie)."""

from __future__ import annotations

import email
import re
import secrets
import threading
import time
from email.message import EmailMessage
from email.policy import default
from typing import Any

import httpx
from aiosmtpd.controller import Controller

from tests.server.serverproc import Server


class Keeper:
    """aiosmtpd's handler: every mail received, parsed, in order."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = email.message_from_bytes(envelope.content, policy=default)
        assert isinstance(msg, EmailMessage)
        with self.lock:
            self.mails.append(msg)
        return "250 OK"


class Mailbox:
    """The relay: ``start()`` on a port, ``wait_for`` a mail."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.keeper = Keeper()
        self.controller: Controller | None = None

    def start(self) -> Mailbox:
        self.controller = Controller(self.keeper, hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def to(self, address: str) -> list[EmailMessage]:
        with self.keeper.lock:
            return [m for m in self.keeper.mails if m["To"] == address]

    def wait_for(self, address: str, count: int, timeout: float = 60) -> list[EmailMessage]:
        """The first ``count`` mails to ``address``, once they came."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.to(address)
            if len(got) >= count:
                return got
            time.sleep(0.1)
        raise AssertionError(f"{address} got {len(self.to(address))} mails, not {count}")


def body(msg: EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert part is not None
    text: str = part.get_content()  # type: ignore[attr-defined]
    return text


def link_token(msg: EmailMessage, kind: str) -> str:
    """The token of the mail's ``#/mail/KIND/TOKEN`` link."""
    found = re.search(rf"#/mail/{kind}/([A-Za-z0-9_-]+)", body(msg))
    assert found, body(msg)
    return found.group(1)


def person(server: Server, name: str | None = None) -> httpx.Client:
    """A new account, signed in: a client with its cookie and CSRF header."""
    client = server.client()
    name = name or f"P{secrets.token_hex(4)}"
    r = client.post("/api/account/signup", json={"name": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    client.headers["X-CSRF-Token"] = r.json()["csrf"]
    return client
