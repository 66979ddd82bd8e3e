"""The terminal screen that local and remote play share: the log, the numbered choices
with their notes, the game's pictures and the help text.

Everything here works from what a seat may see (its view and the texts of its choices),
so a game played over the wire looks exactly like one played in this process.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from vaka.cli.common import console
from vaka.core.errors import VakaError
from vaka.core.game import Action, Game
from vaka.i18n import N_, _
from vaka.i18n.said import say

CHOOSING = N_("Type the number of a choice, or the action's text (examples below).")
BOARD = N_("  [bold]board[/bold]        show the table again")
LOG = N_("  [bold]log[/bold]          show everything that has happened that you may see")
HELP_LINE = N_("  [bold]help[/bold]         this text")
#: More choices than this, none with a note, are shown side by side.
COLUMNS_FROM = 10


def help_text(*commands: str) -> str:
    """The help in the reader's language: how to choose, then the commands both modes have
    and ``commands`` (texts marked with ``N_``); the game's own examples follow it
    (``rules.with_examples``)."""
    from vaka.cli.rules import HELP_LINES

    lines = [CHOOSING, N_("Other commands:"), BOARD, LOG, *HELP_LINES, *commands, HELP_LINE]
    return "\n".join(_(line) for line in lines)


def print_entry(entry: Mapping[str, Any], names: Sequence[str] = ()) -> None:
    """A log entry, its seats called by ``names`` (the names the table shows)."""
    console.print(Text("  · ", style="dim") + Text(say(entry["text"], names)))


def print_log(view: Mapping[str, Any], shown: int, names: Sequence[str] = ()) -> int:
    """Print the view's log entries from ``shown`` on; returns how many are shown now.
    A log that grew shorter (an action was taken back) is said so."""
    log = view["log"]
    if len(log) < shown:
        console.print(Text("  · " + _("(taken back)"), style="dim"))
        shown = len(log)
    for entry in log[shown:]:
        print_entry(entry, names)
    return len(log)


def show_choices(choices: Sequence[tuple[str, str | None]]) -> None:
    """The numbered choices, each with what the game can say about it (a cost, a gain).
    Many choices with nothing to say (a bid of 0 to 31 mana) go side by side, so that the
    board stays on the screen above them."""
    if len(choices) > COLUMNS_FROM and not any(note for _, note in choices):
        cells = [
            Text.assemble((f"{i:>2} ", "bold"), action) for i, (action, _) in enumerate(choices, 1)
        ]
        console.print(Columns(cells, padding=(0, 3), column_first=True))
        return
    table = Table(show_header=False, box=None, padding=(0, 2))
    for i, (action, note) in enumerate(choices, 1):
        table.add_row(Text(str(i), style="bold"), Text(action), Text(note or "", style="dim"))
    console.print(table)


def choice_number(line: str, count: int) -> int | None:
    """The 0-based choice a typed number names; None if ``line`` is not a number. A
    number out of range is answered on the screen and gives -1."""
    if not (line.isascii() and line.isdigit()):
        return None
    if not 1 <= int(line) <= count:
        console.print(Text(_("Choose a number from 1 to {n}.").format(n=count), style="red"))
        return -1
    return int(line) - 1


def draw(
    game: Game,
    view: Mapping[str, Any],
    actions: Sequence[Action],
    folder: Path,
    quiet: bool = False,
) -> None:
    """Write the game's pictures of this moment (if it draws any) and, unless ``quiet``,
    say where. They are written after every action, so they always show the table as it
    is (the last action of the game included)."""
    drawn = game.pictures(view, actions)
    if not drawn:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, svg in drawn.items():
            (folder / name).write_text(svg, encoding="utf-8")
    except OSError as exc:
        console.print(
            Text(_("Cannot write pictures to {folder}: {error}").format(folder=folder, error=exc),
                 style="red")
        )  # fmt: skip
        return
    if quiet:
        return
    names = ", ".join(str(folder / name) for name in drawn)
    console.print(
        Text(_("Pictures (open in a browser, reload after each move): {files}").format(files=names))
    )


def parse_all(game: Game, texts: Sequence[str]) -> list[Action]:
    """Actions from their texts (as a server sends them); none at all if the game cannot
    read one, so that a picture never numbers the choices differently from the list."""
    try:
        return [game.parse_action(text) for text in texts]
    except VakaError:
        return []


def show_part(game: Game, view: Mapping[str, Any], part: str) -> None:
    """``show PART``: one part of the table in full, or which parts there are."""
    shown = game.render_part(view, part) if part else None
    if shown is not None:
        console.print(shown)
    elif game.parts:
        console.print(
            Text(_("Show which part? {parts} (e.g. show {part})").format(
                parts=", ".join(game.parts), part=game.parts[0]))
        )  # fmt: skip
    else:
        console.print(
            Text(_("{game}'s table shows everything at once: type board.").format(
                game=_(game.name)))
        )  # fmt: skip
