"""``vaka bench``: how fast each game runs random playouts on one core."""

from __future__ import annotations

import json
import platform
from typing import Annotated

import typer
from rich.table import Table

from vaka.cli.common import console, duration, errors, friendly_errors
from vaka.core.registry import game_ids, load
from vaka.i18n import N_, _, ngettext, number
from vaka.sim.bench import BenchResult, SearchSpeed, random_playouts, search_speed

FIGURES = 3  # per game size: random playouts, search at the start and in the middle
HEADINGS = {
    "game": N_("game"),
    "players": N_("players"),
    "games": N_("games"),
    "actions": N_("actions"),
    "actions/s": N_("actions/s"),
    "games/s": N_("games/s"),
    "decision": N_("decision"),
    "iterations": N_("iterations"),
    "iterations/s": N_("iterations/s"),
}
MOMENTS = {"start": N_("start of a game"), "middle": N_("middle of a game")}


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
            "[dim]"
            + ngettext(
                "{n} game size, {figures} figures of about {seconds} s each: about {total}.",
                "{n} game sizes, {figures} figures of about {seconds} s each: about {total}.",
                len(sizes),
            ).format(n=len(sizes), figures=FIGURES, seconds=number(seconds),
                     total=duration(len(sizes) * each))
            + "[/dim]"
        )  # fmt: skip
        for done, (game, n) in enumerate(sizes):
            left = duration((len(sizes) - done) * each)
            errors.print(
                "[dim]"
                + _("{done}/{sizes} measuring {game}, {n} players… (about {left} left)").format(
                    done=done + 1, sizes=len(sizes), game=game.id, n=n, left=left
                )
                + "[/dim]"
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
    table = Table(
        title=_("Random playouts, one core (Python {version})").format(
            version=platform.python_version()
        )
    )
    for col in ("game", "players", "games", "actions", "actions/s", "games/s"):
        table.add_column(_(HEADINGS[col]), justify="left" if col == "game" else "right")
    for r in results:
        table.add_row(
            r.game,
            str(r.players),
            str(r.games),
            str(r.actions),
            number(r.actions_per_second, 0),
            number(r.games_per_second, 1),
        )
    console.print(table)
    search = Table(title=_("Search (the hard bot's ISMCTS), one core"))
    for col in ("game", "players", "decision", "iterations", "iterations/s"):
        search.add_column(
            _(HEADINGS[col]), justify="left" if col in ("game", "decision") else "right"
        )
    for speed in searches:
        search.add_row(
            speed.game,
            str(speed.players),
            _(MOMENTS.get(speed.moment, "{moment} of a game")).format(moment=speed.moment),
            str(speed.iterations),
            number(speed.iterations_per_second, 0),
        )
    console.print(search)
