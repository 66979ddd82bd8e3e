"""``vaka games``: the games you can play, with their player counts."""

from __future__ import annotations

import json
from typing import Any

from rich.table import Table
from rich.text import Text

from vaka.cli.common import console
from vaka.core.registry import game_ids, load
from vaka.i18n import N_, _

HELP = N_(
    "List the games vaka can play, with their player counts and options, and say which of "
    "their content is reconstructed (designed where no list is published)."
)


def command() -> None:
    """The games (``HELP`` is what ``vaka games --help`` says)."""
    table = Table(title=_("vaka games"))
    table.add_column(_("id"), style="bold")
    table.add_column(_("name"))
    table.add_column(_("players"), justify="center")
    table.add_column(_("options"))
    notes = []
    for game_id in game_ids():
        game = load(game_id)
        book = game.rulebook()
        name = _(game.name)
        if book is not None and book.reconstructed:
            notes.append(Text(f"{name}: ", style="bold") + Text(book.reconstructed))
        options = "\n".join(
            _("{name}={choices} (default {default}): {help}").format(
                name=k,
                choices="|".join(map(_typed, o.choices)) or "…",
                default=_typed(o.default),
                help=o.describe(),
            )
            for k, o in game.options.items()
        )
        table.add_row(game.id, name, f"{game.min_players}-{game.max_players}", options or "-")
    console.print(table)
    if notes:
        console.print(_("Reconstructed content (no published list exists):"))
        grid = Table.grid(padding=(0, 0, 0, 2))
        for note in notes:
            grid.add_row(note)
        console.print(grid)
    console.print(_("The rules at hand: vaka rules GAME, or rules and explain NAME while playing."))


def _typed(value: Any) -> str:
    """A value as it is typed after --option name= (true, not True)."""
    return json.dumps(value) if isinstance(value, bool) else str(value)
