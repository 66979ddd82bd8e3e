"""Small pieces the commands share: the console, and turning vaka errors into exits."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from vaka.core.errors import VakaError

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Show a vaka error as one red line and exit with status 2, without a traceback."""
    try:
        yield
    except VakaError as exc:
        errors.print(Text("error: ", style="red") + Text(str(exc)))
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
