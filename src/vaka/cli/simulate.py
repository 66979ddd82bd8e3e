"""``vaka simulate``: play many bot games and show who wins, by how much, and how long."""

from __future__ import annotations

import json as jsonlib
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from vaka.cli.common import (
    OPTION_HELP,
    console,
    errors,
    friendly_errors,
    parse_options,
    progress,
)
from vaka.core.errors import InvalidOptions
from vaka.core.registry import load
from vaka.i18n import _, ngettext, number, percent
from vaka.sim.review_judge import Budget
from vaka.sim.review_labels import LABELS, label_words
from vaka.sim.runner import BACKENDS, MIXED, SimulationResult, simulate


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
            "--jobs",
            "-j",
            min=1,
            help="Worker processes (with --backend ray: about 4 "
            "tasks per job). The results do not depend on it.",
        ),
    ] = 1,
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            help="process: worker processes on this machine; ray: tasks on a Ray cluster "
            "(pip install 'vaka[ray]'). The results do not depend on it.",
        ),
    ] = "process",
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            help="With --backend ray: auto (the cluster this machine belongs to) or "
            "ray://host:port; default: a Ray started on this machine for the run.",
            show_default=False,
        ),
    ] = None,
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
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate/--no-rotate",
            help="Rotate the agents over the seats from game to game (when they differ), "
            "so none profits from a good seat; --no-rotate keeps agent i in seat i.",
        ),
    ] = True,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            help="Also write an HTML report with plots, and results.json, into this folder.",
            show_default=False,
        ),
    ] = None,
    review: Annotated[
        bool,
        typer.Option(
            "--review",
            help="Also review every game for every seat (as 'vaka review' does) and show, "
            "per agent, its accuracy and how its decisions were labelled. Slow: about a "
            "minute of one core per game at the default budget.",
        ),
    ] = False,
    review_budget: Annotated[
        int,
        typer.Option(
            "--review-budget",
            min=1,
            help="With --review: playouts per candidate action (as 'vaka review --budget').",
        ),
    ] = Budget().playouts,
    review_iterations: Annotated[
        int,
        typer.Option(
            "--review-iterations",
            min=1,
            help="With --review: search iterations that pick the candidates among many "
            "actions (as 'vaka review --iterations').",
        ),
    ] = Budget().iterations,
) -> None:
    """Play a tournament between bots: wins, scores and ratings per agent and per seat.

    Win rates come with a confidence interval of 95% (Wilson score);
    a win shared by k seats counts 1/k to each. An agent named in
    several seats counts each seat it takes as a game of its own.

    Seats rotate: game i seats the agent list rotated by i, so every
    agent sits in every seat equally often when the number of games is
    a multiple of the players. Agents are rated with openskill
    (Plackett–Luce, ranked by final score): mu, sigma, ordinal = mu - 3 sigma.

    Game i of a run is seeded from --seed and i, so the same seed plays
    the same games, whatever --jobs is.

    [bold]Examples[/bold]

      vaka simulate rapa-nui                        [dim]# 1000 games, most players[/dim]

      vaka simulate rapa-nui -p 3 -n 200 --seed 7   [dim]# 200 three-player games[/dim]

      vaka simulate rapa-nui -n 10000 --jobs 4      [dim]# use 4 processes[/dim]

      vaka simulate rapa-nui -n 100000 -j 64 --backend ray --address auto [dim]# a Ray cluster[/dim]

      vaka simulate rapa-nui --agents random,random [dim]# one agent per seat[/dim]

      vaka simulate rapa-nui -a medium,easy,random --report out [dim]# tournament + HTML[/dim]

      vaka simulate rapa-nui --json > stats.json    [dim]# machine-readable[/dim]

      vaka simulate rapa-nui -p 2 -n 20 -a hard,medium --review -j 2 [dim]# and reviewed[/dim]
    """
    if backend not in BACKENDS:
        raise typer.BadParameter(f"choose {' or '.join(BACKENDS)}", param_hint="--backend")
    if address is not None and backend != "ray":
        raise typer.BadParameter("--address goes with --backend ray", param_hint="--address")
    with friendly_errors():
        info = load(game)
        names = seat_agents(agents, players, info.max_players)
        if report is not None:
            from vaka.sim.report import check_report_dir

            check_report_dir(report)  # before playing, not after
        started = time.perf_counter()
        with progress("simulating", games, "games") as tell:
            result = simulate(
                game,
                names,
                games,
                seed,
                jobs,
                progress=tell,
                rotate=rotate,
                options=parse_options(option),
                backend=backend,
                address=address,
                review=(
                    Budget(playouts=review_budget, iterations=review_iterations) if review else None
                ),
            )
        elapsed = time.perf_counter() - started
        index = None
        if report is not None:
            from vaka.sim.report import write_report

            index = write_report(result, report, info.name)
    if json:
        sys.stdout.write(jsonlib.dumps(result.to_json(), indent=2) + "\n")
    else:
        show(result, info.name, elapsed, info.category)
    if index is not None:  # on stderr with --json, so that stdout holds only the JSON
        (errors if json else console).print(_("Report: {path}").format(path=index))


def show(
    result: SimulationResult, name: str, elapsed: float, category: Callable[[str], str]
) -> None:
    """The tables and a line on game length: per agent with ratings (when the agents
    differ), per seat, mean score per category (named by ``category``, the game's); in
    the reader's language."""
    seating = _("seats rotated") if result.rotate else _("fixed seats")
    games = ngettext("{n} game", "{n} games", result.games).format(n=result.games)
    players = ngettext("{n} player", "{n} players", result.players).format(n=result.players)
    title = _("{name}: {games}, {players}, seed {seed}, {seating}").format(
        name=_(name), games=games, players=players, seed=result.seed, seating=seating
    )
    several = len(result.by_agent) > 1
    if several:
        show_agents(result, title)
    fair = _("fair share (1/players): {share}").format(share=percent(result.fair_share))
    table = Table(
        title=_("Per seat, whoever sat there") if several else title,
        caption=None if several else fair,
    )
    headers = (_("seat"), _("agent"), _("wins"), _("win rate"), _("95% CI"), _("mean"),
               _("median"), _("sd"))  # fmt: skip
    for i, header in enumerate(headers):
        table.add_column(header, justify="left" if i == 1 else "right")
    for seat in result.seats:
        rate = seat.win_rate
        table.add_row(
            str(seat.seat),
            _("rotated") if seat.agent == MIXED else seat.agent,
            number(round(seat.wins, 1)),
            percent(rate.rate),
            f"{percent(rate.low)}–{percent(rate.high)}",
            number(seat.score.mean, 1),
            number(seat.score.median),
            number(seat.score.stdev, 1),
        )
    console.print(table)

    categories = [c for c in result.seats[0].categories if c != "total"]
    if categories:
        by_category = Table(title=_("Mean score by category"))
        by_category.add_column(_("agent / seat"))
        for key in categories:
            by_category.add_column(category(key), justify="right")
        for agent in result.by_agent if several else ():
            by_category.add_row(
                agent.agent, *(number(agent.categories.get(c, 0.0), 1) for c in categories)
            )
        for seat in result.seats:
            by_category.add_row(
                _("seat {n}").format(n=seat.seat),
                *(number(seat.categories.get(c, 0.0), 1) for c in categories),
            )
        console.print(by_category)

    if result.review_budget is not None:
        show_reviews(result)

    length = result.length
    speed = ""
    if elapsed > 0:
        per_second = result.games / elapsed
        speed = (
            _("; {n} games/s").format(n=number(per_second, 0))
            if per_second >= 1
            else _("; {n} s/game").format(n=number(1 / per_second, 1))
        )
    console.print(
        _("Game length: mean {mean}, median {median} actions (min {min}, max {max})").format(
            mean=number(length.mean, 1), median=number(length.median),
            min=number(length.min), max=number(length.max),
        )
        + speed
    )  # fmt: skip


def show_agents(result: SimulationResult, title: str) -> None:
    """Per agent: wins, win rate against the fair share, scores; then the ratings."""
    fair = _("fair share (1/players): {share}").format(share=percent(result.fair_share))
    by_agent = Table(title=title, caption=fair)
    headers = (_("agent"), _("games"), _("wins"), _("win rate"), _("95% CI"), _("mean"),
               _("median"), _("sd"))  # fmt: skip
    for i, header in enumerate(headers):
        by_agent.add_column(header, justify="left" if i == 0 else "right")
    for agent in result.by_agent:
        rate = agent.win_rate
        by_agent.add_row(
            agent.agent,
            str(agent.games),
            number(round(agent.wins, 1)),
            percent(rate.rate),
            f"{percent(rate.low)}–{percent(rate.high)}",
            number(agent.score.mean, 1),
            number(agent.score.median),
            number(agent.score.stdev, 1),
        )
    console.print(by_agent)
    if any(agent.games != result.games for agent in result.by_agent):
        console.print(
            _(
                "An agent in several seats plays one game per seat: its games and win rate "
                "count seat-games."
            )
        )

    ratings = Table(title=_("Ratings (openskill Plackett–Luce, by final score)"))
    rating_headers = (_("rank"), _("agent"), "mu", "sigma", _("ordinal (mu - 3 sigma)"))
    for i, header in enumerate(rating_headers):
        ratings.add_column(header, justify="left" if i == 1 else "right")
    ranked = sorted(result.ratings, key=lambda r: -r.ordinal)
    for place, rating in enumerate(ranked, 1):
        ratings.add_row(
            str(place),
            rating.agent,
            number(rating.mu, 2),
            number(rating.sigma, 2),
            number(rating.ordinal, 2),
        )
    console.print(ratings)


def show_reviews(result: SimulationResult) -> None:
    """Per agent: the mean review accuracy of its seat-games, and its decisions' labels."""
    assert result.review_budget is not None
    playouts = result.review_budget.playouts
    title = ngettext(
        "Reviews ({n} playout per candidate): accuracy per seat-game and share of judged "
        "decisions per label",
        "Reviews ({n} playouts per candidate): accuracy per seat-game and share of judged "
        "decisions per label",
        playouts,
    ).format(n=playouts)
    caption = _(
        "accuracy 0-100 with its 95-percent interval; label shares with 95-percent Wilson "
        "intervals (docs/REVIEW.md)"
    )
    table = Table(title=title, caption=caption)
    table.add_column(_("agent"))
    heads = [_("decisions"), _("accuracy"), _("95% CI"), *(label_words(k) for k in LABELS)]
    for header in heads:
        table.add_column(header, justify="right")
    for agent in result.reviews:
        table.add_row(
            agent.agent,
            number(agent.decisions),
            "–" if agent.accuracy is None else number(agent.accuracy, 1),
            f"{number(agent.low, 0)}–{number(agent.high, 0)}",
            *(
                f"{percent(agent.labels[label].share, 0)} ({percent(agent.labels[label].low, 0)}"
                f"–{percent(agent.labels[label].high, 0)})"
                for label in LABELS
            ),
        )
    console.print(table)
