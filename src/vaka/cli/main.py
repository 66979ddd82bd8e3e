"""``vaka``: play, simulate, replay and benchmark the island games.

Each command lives in a module of its own; this file only puts them together.
"""

from __future__ import annotations

from typing import Annotated

import typer

import vaka
from vaka.cli import bench, games, play, replay, review, rules, serve, simulate

app = typer.Typer(
    name="vaka",
    help=(
        "Play Rapa Nui and friends in the terminal, pit bots against each other, "
        "and replay saved games.\n\n"
        "Start with [bold]vaka games[/bold], then [bold]vaka play rapa-nui[/bold]."
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"vaka {vaka.__version__}")
        raise typer.Exit


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print vaka's version and stop."
        ),
    ] = False,
) -> None:
    """The options before any command."""


app.command("games")(games.command)
app.command("play")(play.command)
app.command("rules")(rules.command)
app.command("simulate")(simulate.command)
app.command("replay")(replay.command)
app.command("review")(review.command)
app.command("bench")(bench.command)
app.command("serve")(serve.command)
app.add_typer(serve.db_app, name="db")
