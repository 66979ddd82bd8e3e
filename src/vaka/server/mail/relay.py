"""The SMTP relay a server hands its mail to (``vaka serve --smtp HOST:PORT``), and one
mail handed over. Kept apart from the sender so the command line reads it cheaply."""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid

#: Seconds to wait for the relay at each step: a relay that hangs holds one sender's
#: thread this long, never a move.
TIMEOUT = 10.0


@dataclass(frozen=True)
class Relay:
    """Where mail goes and as whom: ``vaka serve``'s --smtp options."""

    host: str
    port: int
    sender: str  # the From address
    user: str | None = None
    password: str | None = None
    starttls: bool = False
    #: the address people reach this server at (links in mail point there)
    public_url: str = "http://127.0.0.1:8000"
    #: at most one mail about a table's chat per person in this many seconds
    chat_every: float = 3600.0


class Refused(Exception):
    """The relay refused this mail for good (a 5xx answer): trying again will not help."""


def parse_relay(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (an IPv6 host in brackets) as (host, port); ValueError if not."""
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"give the relay as HOST:PORT, not {text!r}")
    return host, int(port)


def message(relay: Relay, to: str, subject: str, body: str, stop: str | None) -> EmailMessage:
    """One mail; ``stop``: the link that stops mail (also offered to mail programs as a
    one-click List-Unsubscribe, RFC 8058)."""
    msg = EmailMessage()
    msg["From"] = formataddr(("vaka", relay.sender))
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = make_msgid(domain=relay.sender.rpartition("@")[2] or None)
    if stop is not None:
        msg["List-Unsubscribe"] = f"<{stop}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg.set_content(body)
    return msg


def send(relay: Relay, msg: EmailMessage) -> None:
    """Hand one mail to the relay (blocking: run it in a thread). :class:`Refused` if
    the relay refused it outright; any other error may pass if tried again."""
    try:
        with smtplib.SMTP(relay.host, relay.port, timeout=TIMEOUT) as smtp:
            if relay.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if relay.user:
                smtp.login(relay.user, relay.password or "")
            smtp.send_message(msg)
    except smtplib.SMTPRecipientsRefused as exc:
        if all(code >= 500 for code, _ in exc.recipients.values()):
            raise Refused(str(exc)) from exc
        raise
    except smtplib.SMTPAuthenticationError:
        raise  # the server's settings are wrong, not the mail: it waits for them
    except smtplib.SMTPResponseException as exc:
        if 500 <= exc.smtp_code < 600:
            raise Refused(f"{exc.smtp_code} {exc.smtp_error!r}") from exc
        raise
