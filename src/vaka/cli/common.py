"""Small pieces the commands share: the console, and turning vaka errors into exits."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console

from vaka.core.errors import VakaError

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Show a vaka error as one red line and exit with status 2, without a traceback."""
    try:
        yield
    except VakaError as exc:
        errors.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
