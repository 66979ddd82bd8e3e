"""``vaka replay``: step through a saved game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from vaka.cli.common import console, friendly_errors
from vaka.cli.screen import draw
from vaka.core.record import load_record, replay
from vaka.core.registry import load


def command(
    file: Annotated[Path, typer.Argument(help="A game record saved by 'vaka play --save' (JSON).")],
    seat: Annotated[
        int | None, typer.Option(help="Watch as this seat (sees its hand); default: a spectator.")
    ] = None,
    pause: Annotated[
        bool,
        typer.Option(help="Wait for Enter after each action (only when typing at a terminal)."),
    ] = True,
    board: Annotated[
        bool, typer.Option(help="Draw the table after every action, not just at the end.")
    ] = False,
    pictures: Annotated[
        Path,
        typer.Option(help="Where to write pictures (SVG) of the table, for games that draw them."),
    ] = Path("vaka-pictures"),
) -> None:
    """Step through a saved game, action by action, as a spectator or as one seat.

    Press Enter for the next action, or type q and Enter to jump to the end.

    Example: vaka replay game.json --seat 0 --no-pause
    """
    with friendly_errors():
        record = load_record(file)
        final = replay(record)  # checks the whole record before showing anything
        game = load(record["game"])
        if seat is not None:
            final.check_seat(seat)
        state = game.new_state(record["players"], record["seed"], **record["options"])
    viewer = "spectator" if seat is None else f"seat {seat}"
    total = len(record["actions"])
    console.print(
        f"[bold]{game.name}[/bold], {record['players']} players, seed {record['seed']}, "
        f"{total} actions; watching as {viewer}."
    )
    interactive = pause and sys.stdin.isatty()
    shown = 0
    for step, (who, text) in enumerate(record["actions"], 1):
        state.apply(who, text)
        log = state.view(seat)["log"]
        # Only the filtered log is shown: an action's text could name a hidden card.
        console.print(f"[bold]{step}/{total}[/bold]")
        for entry in log[shown:]:
            console.print(Text("  · ", style="dim") + Text(entry["text"]))
        shown = len(log)
        if board:
            console.print(game.render(state.view(seat)))
        draw(game, state.view(seat), [], pictures, quiet=step < total)
        if (
            interactive
            and console.input("[dim]Enter: next, q: to the end[/dim] ").strip().lower() == "q"
        ):
            interactive = False
    console.print(game.render(state.view(seat)))
