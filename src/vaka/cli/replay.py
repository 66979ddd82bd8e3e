"""``vaka replay``: step through a saved game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from vaka.cli.common import console, friendly_errors
from vaka.cli.prompt import ask
from vaka.cli.screen import draw
from vaka.core.game import Game
from vaka.core.record import load_record, replay
from vaka.core.registry import load
from vaka.core.state import State
from vaka.i18n import N_, _
from vaka.i18n.said import say


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

    Press Enter for the next action, b and Enter to step back one, or q and Enter to
    jump to the end.

    Example: vaka replay game.json --seat 0 --no-pause
    """
    with friendly_errors():
        record = load_record(file)
        final = replay(record)  # checks the whole record before showing anything
        game = load(record["game"])
        if seat is not None:
            final.check_seat(seat)
        state = game.new_state(record["players"], record["seed"], **record["options"])
    viewer = _("spectator") if seat is None else _("seat {n}").format(n=seat)
    total = len(record["actions"])
    console.print(
        _("[bold]{game}[/bold], {players} players, seed {seed}, {n} actions; watching as {viewer}.")
        .format(game=_(game.name), players=record["players"], seed=record["seed"], n=total,
                viewer=viewer)
    )  # fmt: skip
    interactive = pause and sys.stdin.isatty()
    step, shown = 0, 0
    while step < total:
        who, text = record["actions"][step]
        state.apply(who, text)
        step += 1
        shown = _show(game, state, seat, f"{step}/{total}", shown, board)
        draw(game, state.view(seat), [], pictures, quiet=step < total)
        while interactive:
            try:
                answer = ask(f"[dim]{_(PROMPT)}[/dim] ").strip().lower()
            except EOFError:
                answer = "q"
            if answer == "q":
                interactive = False
            elif answer == "b":
                if step == 0:
                    console.print(_("This is the start of the game."))
                    continue
                step -= 1
                state, shown = _back(game, record, seat, step, total)
                draw(game, state.view(seat), [], pictures, quiet=True)
            else:
                break
    console.print(game.render(state.view(seat)))


PROMPT = N_("Enter: next, b: back, q: to the end")


def _show(game: Game, state: State, seat: int | None, where: str, shown: int, board: bool) -> int:
    """The log entries from ``shown`` on (and the table, with ``board``); returns how
    many entries are shown now. Only the filtered log is shown: an action's text could
    name a hidden card."""
    log = state.view(seat)["log"]
    console.print(f"[bold]{where}[/bold]")
    for entry in log[shown:]:
        console.print(Text("  · ", style="dim") + Text(say(entry["text"])))
    if board:
        console.print(game.render(state.view(seat)))
    return len(log)


def _back(
    game: Game, record: dict[str, Any], seat: int | None, step: int, total: int
) -> tuple[State, int]:
    """The game after its first ``step`` actions, shown with what the last of them did
    and the table as it then stood."""
    before = replay(record, upto=step - 1) if step else None
    state = replay(record, upto=step)
    shown = len(before.view(seat)["log"]) if before is not None else len(state.view(seat)["log"])
    where = (
        _("back to {step}/{total}").format(step=step, total=total)
        if step
        else _("back to the start (0/{total})").format(total=total)
    )
    return state, _show(game, state, seat, where, shown, board=True)
