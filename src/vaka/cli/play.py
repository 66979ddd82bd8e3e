"""``vaka play``: play a game in the terminal against bots."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from vaka.agents import Agent, Observation, default_level, make_agent, search_agent
from vaka.cli.common import OPTION_HELP, console, friendly_errors, parse_options
from vaka.core.errors import IllegalAction
from vaka.core.game import Game
from vaka.core.record import save_record
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.sim.match import apply_decided, decide_together

HELP = """\
Type the number of a choice, or the action's text (e.g. [bold]draw 2[/bold], [bold]lay moai[/bold]).
Other commands:
  [bold]board[/bold]        show the table again
  [bold]log[/bold]          show everything that has happened that you may see
  [bold]hint[/bold]         ask the strongest bot what it would do, and why
  [bold]save[/bold] [FILE]  save the game so far (replay it with 'vaka replay FILE')
  [bold]help[/bold]         this text
  [bold]quit[/bold]         stop playing (the game is saved if you gave --save)"""


HINT_ITERATIONS = 600


class Quit(Exception):
    """The player asked to stop."""


def command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, see 'vaka games'.")],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players (default: the game's most)."),
    ] = None,
    solo: Annotated[
        bool,
        typer.Option(
            "--solo", help="Play alone against the game's own opponent (Atua: Tahuma); -p 1."
        ),
    ] = False,
    level: Annotated[
        str | None,
        typer.Option(
            help="The solo opponent's strength (Atua: easy, medium, hard, legendary); "
            "the same as --option level=….",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat, 0 = the start player.")] = 0,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the shuffle; the same seed deals the same game.")
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Bot level for the other seats: random, easy, medium or hard; "
            "or a comma list, one per bot seat. Default: medium where the game has it.",
            show_default=False,
        ),
    ] = "",
    option: Annotated[list[str] | None, typer.Option(help=OPTION_HELP)] = None,
    pictures: Annotated[
        Path,
        typer.Option(help="Where to write pictures (SVG) of the table, for games that draw them."),
    ] = Path("vaka-pictures"),
    save: Annotated[
        Path | None, typer.Option(help="Write the game record here when the game ends or you quit.")
    ] = None,
) -> None:
    """Play a game in the terminal against bots.

    Examples:

      vaka play rapa-nui                    # 4 players, you start

      vaka play rapa-nui -p 3 --seat 1 --seed 7 --save game.json

      vaka play rapa-nui --option rows=top-only      # a game option

      vaka play atua --solo --level hard     # alone against Tahuma
    """
    with friendly_errors():
        game = load(game_id)
        n = _players(game, players, solo)
        options = parse_options(option)
        if level is not None:
            if "level" not in game.options:
                raise typer.BadParameter(f"{game.name} has no levels", param_hint="--level")
            if "level" in options:
                raise typer.BadParameter("give the level once", param_hint="--level")
            options["level"] = level
        if seed is None:
            seed = secrets.randbelow(10**9)
        state = game.new_state(n, seed, **options)
        state.check_seat(seat)
        agents = _bots(bots or default_level(game.id), game.id, n, seat, seed)
        if save is not None and not save.parent.is_dir():
            raise typer.BadParameter(
                f"there is no folder {str(save.parent)!r}", param_hint="--save"
            )
    console.print(
        f"[bold]{game.name}[/bold], {n} player{'s' if n > 1 else ''}, seed {seed}. "
        f"You are seat {seat}. Type [bold]help[/bold] for help."
    )
    try:
        _loop(game, state, seat, agents, save, pictures)
    except Quit:
        console.print("Stopped.")
    finally:
        if save is not None:
            _save(state, save)
    if state.is_over:
        console.print(game.render(state.view(seat)))


def _players(game: Game, players: int | None, solo: bool) -> int:
    if not solo:
        return players if players is not None else game.max_players
    if game.min_players > 1:
        raise typer.BadParameter(f"{game.name} has no solo game", param_hint="--solo")
    if players not in (None, 1):
        raise typer.BadParameter(
            "a solo game has 1 player; leave out --players", param_hint="--solo"
        )
    return 1


def _save(state: State, path: Path) -> None:
    try:
        save_record(state, path)
    except OSError as exc:
        console.print(Text(f"Cannot save to {path}: {exc}", style="red"))
        return
    console.print(Text(f"Game saved to {path}; replay it with: vaka replay {path}"))


def _bots(spec: str, game_id: str, players: int, human: int, seed: int) -> dict[int, Agent]:
    names = [s.strip() for s in spec.split(",") if s.strip()] or ["random"]
    seats = [s for s in range(players) if s != human]
    if len(names) == 1:
        names *= len(seats)
    if len(names) != len(seats):
        raise typer.BadParameter(
            f"give one bot kind, or {len(seats)} (one per bot seat)", param_hint="--bots"
        )
    return {
        s: make_agent(name, game_id, derive_seed(seed, "bot", s))
        for s, name in zip(seats, names, strict=True)
    }


def _loop(
    game: Game, state: State, me: int, bots: dict[int, Agent], save: Path | None, pictures: Path
) -> None:
    shown = 0  # log entries already printed
    while not state.is_over:
        decided = decide_together(state, bots)  # before the human's answer, as in matches
        if me in state.to_move:
            shown = _print_log(state, me, shown)
            console.print(game.render(state.view(me)))
            _draw(game, state, me, pictures)
            _ask(game, state, me, save)
        apply_decided(state, decided)
    _print_log(state, me, shown)


def _draw(game: Game, state: State, me: int, folder: Path) -> None:
    """Write the game's pictures of this moment (if it draws any) and say where."""
    drawn = game.pictures(state.view(me), state.legal_actions(me))
    if not drawn:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, svg in drawn.items():
            (folder / name).write_text(svg, encoding="utf-8")
    except OSError as exc:
        console.print(Text(f"Cannot write pictures to {folder}: {exc}", style="red"))
        return
    names = ", ".join(str(folder / name) for name in drawn)
    console.print(Text(f"Pictures (open in a browser; your choices are numbered): {names}"))


def _print_log(state: State, me: int, shown: int) -> int:
    log = state.view(me)["log"]
    for entry in log[shown:]:
        _print_entry(entry)
    return len(log)


def _print_entry(entry: dict[str, object]) -> None:
    console.print(Text("  · ", style="dim") + Text(str(entry["text"])))


def _choices(game: Game, state: State, me: int) -> None:
    """The numbered choices, each with what the game can say about it (a cost, a gain)."""
    view = state.view(me)
    table = Table(show_header=False, box=None, padding=(0, 2))
    for i, act in enumerate(state.legal_actions(me), 1):
        note = game.describe_choice(view, act)
        table.add_row(Text(str(i), style="bold"), Text(str(act)), Text(note or "", style="dim"))
    console.print(table)


def _hint(game: Game, state: State, me: int) -> None:
    """The hard bot's search for this seat: its top choices, how often it tried each and
    how well they went (0 = a sure loss, 1 = a sure win; alone, the expected final lead
    over the game's own opponent, such as Atua's Tahuma)."""
    seed = derive_seed(state.seed, "hint", len(state.history))
    bot = search_agent(game.id, seed, iterations=HINT_ITERATIONS)
    with console.status("thinking…"):
        choices = bot.analyse(Observation(state, me))
    total = sum(c.visits for c in choices) or 1
    console.print(f"The hard bot searched {total} futures:")
    for rank, choice in enumerate(choices[:3], 1):
        action = escape(str(choice.action))
        lead = bot.solo_lead(choice.value)
        outcome = (
            f"went well {choice.value:.0%}"
            if lead is None
            else f"expected final lead {lead:+.1f} points"
        )
        console.print(
            f"  {rank}. [bold]{action}[/bold]: tried {choice.visits / total:.0%} of the time, "
            + outcome
            + ("  ← it would play this" if rank == 1 else "")
        )


def _ask(game: Game, state: State, me: int, save: Path | None) -> None:
    """Read commands until one action has been played."""
    _choices(game, state, me)
    while True:
        try:
            line = console.input("[bold]your move>[/bold] ").strip()
        except EOFError:
            raise Quit from None
        legal = state.legal_actions(me)
        word, _, rest = line.partition(" ")
        word = word.lower()
        if not line:
            continue
        if word in ("quit", "exit"):
            raise Quit
        if word == "help":
            console.print(HELP)
        elif word == "board":
            console.print(game.render(state.view(me)))
            _choices(game, state, me)
        elif word == "hint":
            _hint(game, state, me)
        elif word == "log":
            for entry in state.view(me)["log"]:
                _print_entry(entry)
        elif word == "save":
            target = (
                Path(rest.strip())
                if rest.strip()
                else save or Path(f"{game.id}-{state.seed}.vaka.json")
            )
            _save(state, target)
        elif line.isascii() and line.isdigit():
            if not 1 <= int(line) <= len(legal):
                console.print(f"[red]Choose a number from 1 to {len(legal)}.[/red]")
                continue
            state.apply(me, legal[int(line) - 1])
            return
        else:
            try:
                state.apply(me, line)
                return
            except IllegalAction as exc:
                console.print(Text(str(exc), style="red"))
