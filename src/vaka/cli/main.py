"""``vaka``: play, simulate, replay and benchmark the island games.

Each command lives in a module of its own; this file only puts them together.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

import vaka
from vaka.cli import language

language.start(sys.argv)  # before the commands are built: their help is in the language

from vaka.cli import bench, games, play, replay, review, rules, serve, simulate  # noqa: E402
from vaka.i18n import _  # noqa: E402

app = typer.Typer(
    name="vaka",
    help=_(
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
            "--version",
            callback=_version,
            is_eager=True,
            help=_("Print vaka's version and stop."),
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            language.OPTION,
            metavar="LANG",
            callback=language.option,
            is_eager=True,
            help=language.help_text(),
            show_default=False,
        ),
    ] = None,
) -> None:
    """The options before any command."""


# Each command with its line in the list, in the language; its own --help is its docstring.
COMMANDS: dict[str, tuple[Callable[..., Any], str]] = {
    "games": (games.command, _("List the games vaka can play, with their options.")),
    "play": (
        play.command,
        _("Play a game in the terminal against bots, here or at a table on a vaka server."),
    ),
    "rules": (
        rules.command,
        _("The rules at hand: a game in short, its screen, and what any name on it means."),
    ),
    "simulate": (
        simulate.command,
        _("Play a tournament between bots: wins, scores and ratings per agent and per seat."),
    ),
    "replay": (
        replay.command,
        _("Step through a saved game, action by action, as a spectator or as one seat."),
    ),
    "review": (
        review.command,
        _("Review a finished game: each decision judged from what its seat could know then."),
    ),
    "bench": (
        bench.command,
        _("Measure speed on one core: random-playout throughput and search speed."),
    ),
    "serve": (
        serve.command,
        _("Run the game service: tables with seats for people and bots, over HTTP and WebSockets."),
    ),
}
#: The commands whose whole --help is in the language (the others': their docstrings).
HELPS = {"games": _(games.HELP), "rules": _(rules.HELP)}
for _name, (_command, _line) in COMMANDS.items():
    app.command(_name, short_help=_line, help=HELPS.get(_name))(_command)
app.add_typer(serve.db_app, name="db", short_help=_("Look after the service's database."))
