"""``vaka simulate``: play many bot games and show who wins, by how much, and how long."""

from __future__ import annotations

import json as jsonlib
import sys
import time
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from vaka.cli.common import OPTION_HELP, console, errors, friendly_errors, parse_options
from vaka.core.errors import InvalidOptions
from vaka.core.registry import load
from vaka.sim.runner import SimulationResult, simulate


def seat_agents(agents: str, players: int | None, max_players: int) -> list[str]:
    """One agent name per seat from ``--agents`` and ``--players``.

    One name fills every seat; a comma list names each seat and sets the player count.
    """
    if players is not None and players < 1:
        raise InvalidOptions(f"--players must be at least 1, not {players}")
    names = [name.strip() for name in agents.split(",")]
    if any(not name for name in names):
        raise InvalidOptions(f"--agents needs agent names separated by commas, not {agents!r}")
    if len(names) == 1:
        return names * (players if players is not None else max_players)
    if players is not None and players != len(names):
        raise InvalidOptions(
            f"--agents names {len(names)} seats but --players says {players}; "
            "give one agent per seat, or one for all"
        )
    return names


def command(
    game: Annotated[str, typer.Argument(help="The game to play, e.g. rapa-nui (see vaka games).")],
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Seats per game (default: as many as the game allows).",
            show_default=False,
        ),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="How many games to play.")
    ] = 1000,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help="Seed of the whole run: same seed, same games.")
    ] = 1,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", min=1, help="Worker processes. The results do not depend on it."
        ),
    ] = 1,
    json: Annotated[
        bool, typer.Option("--json", help="Print the statistics as JSON on stdout.")
    ] = False,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="One agent for every seat, or a comma list with one agent per seat.",
        ),
    ] = "random",
    option: Annotated[list[str] | None, typer.Option(help=OPTION_HELP)] = None,
) -> None:
    """Play many games between bots and report each seat's wins and scores.

    Win rates come with a 95% confidence interval (Wilson score);
    a win shared by k seats counts 1/k to each.

    Game i of a run is seeded from --seed and i, so the same seed plays
    the same games, whatever --jobs is.

    [bold]Examples[/bold]

      vaka simulate rapa-nui                        [dim]# 1000 games, most players[/dim]

      vaka simulate rapa-nui -p 3 -n 200 --seed 7   [dim]# 200 three-player games[/dim]

      vaka simulate rapa-nui -n 10000 --jobs 4      [dim]# use 4 processes[/dim]

      vaka simulate rapa-nui --agents random,random [dim]# one agent per seat[/dim]

      vaka simulate rapa-nui --json > stats.json    [dim]# machine-readable[/dim]
    """
    with friendly_errors():
        info = load(game)
        names = seat_agents(agents, players, info.max_players)
        started = time.perf_counter()
        with Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=errors,
            transient=True,
            disable=not errors.is_terminal,  # a bar in a log file is only noise
        ) as bar:
            task = bar.add_task("games", total=games)
            result = simulate(
                game,
                names,
                games,
                seed,
                jobs,
                progress=lambda done: bar.update(task, completed=done),
                **parse_options(option),
            )
        elapsed = time.perf_counter() - started
    if json:
        sys.stdout.write(jsonlib.dumps(result.to_json(), indent=2) + "\n")
    else:
        show(result, info.name, elapsed)


def show(result: SimulationResult, name: str, elapsed: float) -> None:
    """Two tables (results per seat, mean score per category) and a line on game length."""
    table = Table(
        title=f"{name}: {result.games} games, {result.players} players, seed {result.seed}"
    )
    for header in ("seat", "agent", "wins", "win rate", "95% CI", "mean", "median", "sd"):
        table.add_column(header, justify="left" if header == "agent" else "right")
    for seat in result.seats:
        rate = seat.win_rate
        table.add_row(
            str(seat.seat),
            seat.agent,
            f"{round(seat.wins, 1):g}",
            f"{rate.rate:.1%}",
            f"{rate.low:.1%}–{rate.high:.1%}",
            f"{seat.score.mean:.1f}",
            f"{seat.score.median:g}",
            f"{seat.score.stdev:.1f}",
        )
    console.print(table)

    categories = [c for c in result.seats[0].categories if c != "total"]
    if categories:
        by_category = Table(title="Mean score by category")
        by_category.add_column("seat", justify="right")
        for category in categories:
            by_category.add_column(category, justify="right")
        for seat in result.seats:
            by_category.add_row(
                str(seat.seat), *(f"{seat.categories.get(c, 0.0):.1f}" for c in categories)
            )
        console.print(by_category)

    length = result.length
    speed = f"; {result.games / elapsed:,.0f} games/s" if elapsed > 0 else ""
    console.print(
        f"Game length: mean {length.mean:.1f}, median {length.median:g} actions "
        f"(min {length.min:g}, max {length.max:g}){speed}"
    )
