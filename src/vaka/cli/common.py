"""Small pieces the commands share: the console, and turning vaka errors into exits."""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from vaka.core.errors import VakaError
from vaka.i18n import _, number

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)
QUIET_FOR = 10.0  # seconds a run takes before it says how far it has come, off a terminal
#: Bidirectional controls, which reorder what follows them on the screen.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def inert(text: object) -> str:
    """Another person's text (a name, a line of chat, a server's words) made safe for a
    terminal: control and bidirectional characters are shown as escapes (``\\x1b``,
    ``\\u202e``), never obeyed. Print it inside a ``Text``: as markup it could style.

    >>> inert("Ana\\x1b[2J\\u202e!")
    'Ana\\\\x1b[2J\\\\u202e!'
    """
    return "".join(
        (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
        if c in BIDI or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")
        else c
        for c in str(text)
    )


def duration(seconds: float) -> str:
    """A time in words.

    >>> duration(0.3), duration(45), duration(150)
    ('0.3 s', '45 s', '2.5 minutes')
    """
    if seconds < 10:
        return _("{n} s").format(n=number(seconds, 1))
    if seconds < 90:
        return _("{n} s").format(n=number(seconds, 0))
    return _("{n} minutes").format(n=number(seconds / 60, 1))


@contextmanager
def progress(doing: str, total: int, unit: str) -> Iterator[Callable[[int], None]]:
    """How far a long run has come, given the count done so far: a bar on a terminal
    (gone at the end); in a log file, a line at each tenth of the way with the time
    spent and the time left (once a run has taken ``QUIET_FOR`` seconds: a short one says
    nothing), since a bar there is only noise."""
    if errors.is_terminal:
        columns = (TextColumn(doing), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=errors, transient=True) as bar:
            task = bar.add_task(unit, total=total)
            yield lambda done: bar.update(task, completed=done)
        return
    started, told = time.perf_counter(), 0

    def tell(done: int) -> None:
        nonlocal told
        tenth = done * 10 // total if total else 10
        spent = time.perf_counter() - started
        if told < tenth < 10 and spent >= QUIET_FOR:  # the end tells itself with the results
            told = tenth
            left = spent * (total - done) / done
            errors.print(
                _("{doing}: {done}/{total} {unit}, {spent} so far, about {left} left").format(
                    doing=doing, done=done, total=total, unit=unit, spent=duration(spent),
                    left=duration(left),
                )
            )  # fmt: skip

    yield tell


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Show a vaka error as one red line and exit with status 2, without a traceback."""
    try:
        yield
    except VakaError as exc:
        errors.print(Text(_("error: "), style="red") + Text(str(exc)))
        raise typer.Exit(2) from None


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``--option name=value`` pairs as a dict; a value that reads as JSON (a number,
    true/false) is taken as such, anything else as text. The game checks the names."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise typer.BadParameter(
                f"write options as name=value, not {pair!r}", param_hint="--option"
            )
        if name in RESERVED:
            raise typer.BadParameter(f"use --{name}, not --option {name}=…", param_hint="--option")
        try:
            options[name] = json.loads(value)
        except (ValueError, RecursionError):  # not JSON (or absurd JSON): plain text
            options[name] = value.strip()
    return options


RESERVED = ("players", "seed")  # new_state's own parameters, never game options
OPTION_HELP = "A game option as name=value (repeat for more); 'vaka games' lists them."
