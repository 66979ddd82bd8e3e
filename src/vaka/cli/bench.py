"""``vaka bench``: how fast each game runs random playouts on one core."""

from __future__ import annotations

import json
import platform
from typing import Annotated

import typer
from rich.table import Table

from vaka.cli.common import console, duration, errors, friendly_errors
from vaka.core.registry import game_ids, load
from vaka.sim.bench import BenchResult, SearchSpeed, random_playouts, search_speed

FIGURES = 3  # per game size: random playouts, search at the start and in the middle


def command(
    games: Annotated[
        list[str] | None,
        typer.Argument(help="Games to measure (default: all).", show_default=False),
    ] = None,
    seconds: Annotated[float, typer.Option(min=0.1, help="Time per measurement.")] = 3.0,
    players: Annotated[
        int | None, typer.Option(help="Only this player count (default: every count).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Measure speed on one core: random-playout throughput (actions per second, legal-action
    generation included, and games per second) and search speed (ISMCTS iterations per
    second at the start and in the middle of a game). Each figure takes about SECONDS.

    Example: vaka bench rapa-nui --seconds 5 --json
    """
    results: list[BenchResult] = []
    searches: list[SearchSpeed] = []
    with friendly_errors():
        chosen = [load(g) for g in (games or game_ids())]
        sizes = []
        for game in chosen:
            counts = (
                [players] if players is not None else range(game.min_players, game.max_players + 1)
            )
            for n in counts:
                game.new_state(n, 0)  # refuses a bad player count before timing
                sizes.append((game, n))
        each = FIGURES * seconds
        errors.print(
            f"[dim]{len(sizes)} game size{'s' * (len(sizes) > 1)}, {FIGURES} figures of about "
            f"{seconds:g} s each: about {duration(len(sizes) * each)}.[/dim]"
        )
        for done, (game, n) in enumerate(sizes):
            left = duration((len(sizes) - done) * each)
            errors.print(
                f"[dim]{done + 1}/{len(sizes)} measuring {game.id}, {n} players… "
                f"(about {left} left)[/dim]"
            )
            results.append(random_playouts(game.id, n, seconds))
            searches.extend(search_speed(game.id, n, seconds))
    if as_json:
        report = {
            "python": platform.python_version(),
            "results": [r.to_json() for r in results],
            "search": [r.to_json() for r in searches],
        }
        print(json.dumps(report, indent=1))
        return
    table = Table(title=f"Random playouts, one core (Python {platform.python_version()})")
    for col in ("game", "players", "games", "actions", "actions/s", "games/s"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in results:
        table.add_row(
            r.game,
            str(r.players),
            str(r.games),
            str(r.actions),
            f"{r.actions_per_second:,.0f}",
            f"{r.games_per_second:,.1f}",
        )
    console.print(table)
    search = Table(title="Search (the hard bot's ISMCTS), one core")
    for col in ("game", "players", "decision", "iterations", "iterations/s"):
        search.add_column(col, justify="left" if col in ("game", "decision") else "right")
    for speed in searches:
        search.add_row(
            speed.game,
            str(speed.players),
            f"{speed.moment} of a game",
            str(speed.iterations),
            f"{speed.iterations_per_second:,.0f}",
        )
    console.print(search)
