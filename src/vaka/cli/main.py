"""``vaka``: play, simulate, replay and benchmark the island games.

Each command lives in a module of its own; this file only puts them together. A command's
module is imported when the command is used (all of them for the list ``vaka --help``
shows), so that one command does not wait for the others' imports.
"""

from __future__ import annotations

import importlib
import sys
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

import vaka
from vaka.cli import language

language.start(sys.argv)  # before the commands are built: their help is in the language

from vaka.i18n import _  # noqa: E402


class Commands(TyperGroup):
    """vaka's commands, each built from its module (``COMMANDS``) the first time it is
    asked for, in ``COMMANDS``' order."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*COMMANDS, *(name for name in super().list_commands(ctx) if name not in COMMANDS)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            self.add_command(_build(cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in COMMANDS:  # a typo: "did you mean" looks at them all
            for name in COMMANDS:
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=Commands,
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


# Each command: its module in vaka.cli (its ``command``; ``db``: serve's ``db_app``), and
# its line in the list, in the language; its own --help is its docstring.
COMMANDS: dict[str, tuple[str, str]] = {
    "games": ("games", _("List the games vaka can play, with their options.")),
    "play": (
        "play",
        _("Play a game in the terminal against bots, here or at a table on a vaka server."),
    ),
    "rules": (
        "rules",
        _("The rules at hand: a game in short, its screen, and what any name on it means."),
    ),
    "simulate": (
        "simulate",
        _("Play a tournament between bots: wins, scores and ratings per agent and per seat."),
    ),
    "replay": (
        "replay",
        _("Step through a saved game, action by action, as a spectator or as one seat."),
    ),
    "review": (
        "review",
        _("Review a finished game: each decision judged from what its seat could know then."),
    ),
    "bench": (
        "bench",
        _("Measure speed on one core: random-playout throughput and search speed."),
    ),
    "serve": (
        "serve",
        _("Run the game service: tables with seats for people and bots, over HTTP and WebSockets."),
    ),
    "db": ("serve", _("Look after the service's database.")),
}
#: The commands whose whole --help is in the language (the others': their docstrings).
HELPS = {"games", "rules"}


def _build(name: str) -> Any:
    """The Click command ``name`` from its module, as ``app.command`` (``app.add_typer``
    for ``db``) would have made it among the others."""
    module_name, line = COMMANDS[name]
    module = importlib.import_module(f"vaka.cli.{module_name}")
    if name == "db":
        group = typer.main.get_group(module.db_app)
        group.name, group.short_help = name, line
        return group
    one = typer.Typer(rich_markup_mode="rich", add_completion=False)
    help_text = _(module.HELP) if name in HELPS else None
    one.command(name, short_help=line, help=help_text)(module.command)
    return typer.main.get_command(one)
