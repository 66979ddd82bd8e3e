"""``vaka review``: where a finished game was won and lost, decision by decision."""

from __future__ import annotations

import json as jsonlib
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from vaka.cli.common import console, errors, friendly_errors, progress
from vaka.core.errors import VakaError
from vaka.core.record import load_record, replay
from vaka.core.registry import load
from vaka.i18n import N_, _, ngettext, number, percent
from vaka.sim.review import (
    MARKED,
    Budget,
    Decision,
    Review,
    describe,
    review_game,
    said,
    turning_decisions,
)
from vaka.sim.review_judge import parse_horizon
from vaka.sim.review_labels import label_words
from vaka.sim.review_words import given_up

DEFAULT = Budget()
STYLES = {"only move": "blue", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}
#: The columns of the labelled decisions: key, heading (translated where shown).
COLUMNS = {
    "#": "#",
    "seat": N_("seat"),
    "taken": N_("taken"),
    "label": N_("label"),
    "loss": N_("loss"),
    "best": N_("best instead"),
    "lead": N_("final lead"),
    "win": N_("win chance"),
    "known": N_("knowing all"),
}


def command(
    file: Annotated[
        Path, typer.Argument(help="A finished game's record, as 'vaka play --save' writes it.")
    ],
    seat: Annotated[
        int | None, typer.Option(help="Review only this seat (default: every seat).")
    ] = None,
    budget: Annotated[
        int, typer.Option(help="Playouts per candidate action: more is slower and surer.")
    ] = DEFAULT.playouts,
    candidates: Annotated[
        int, typer.Option(help="Actions judged per decision (the action taken always is).")
    ] = DEFAULT.candidates,
    iterations: Annotated[
        int, typer.Option(help="Search iterations that pick the candidates among many actions.")
    ] = DEFAULT.iterations,
    horizon: Annotated[
        str,
        typer.Option(
            help="Steps each playout plays before the value estimate judges it, or 'full' "
            "to play every playout to the end of the game (far slower).",
        ),
    ] = str(DEFAULT.horizon),
    hand_written: Annotated[
        bool,
        typer.Option(
            "--hand-written",
            help="Judge positions by the game's hand-written estimate even where a learned "
            "win chance is shipped for it.",
        ),
    ] = False,
    start: Annotated[
        int, typer.Option("--from", help="Review decisions from this action number on.")
    ] = 1,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes; the review is the same.")
    ] = 1,
    seed: Annotated[
        int, typer.Option(help="The review's seed: the same seed, the same review.")
    ] = 0,
    html: Annotated[
        Path | None, typer.Option(help="Also write an HTML page with graphs and the move list.")
    ] = None,
    full: Annotated[
        bool,
        typer.Option(
            "--full-information",
            help="Also show, apart from the review, what knowing every hidden card and the "
            "real future would have said.",
        ),
    ] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """Review a finished game: each decision judged from what its seat could know then.

    Every candidate action is played out in the same deals of the unseen
    cards, the medium bot playing on for every seat for a few steps (to the
    end near the end of the game), where the game's value estimate judges
    the position; the loss is the win chance given up against the best. A
    seat far behind or far ahead gives up little win chance whatever it does,
    so in Raiatea and Atua the estimated final lead given up counts as well
    (alone, only the lead counts); in Rapa Nui the candidates' final margins
    still show what each would cost.

    Example: vaka review game.json --seat 0 --jobs 2 --html review.html
    """
    with friendly_errors():
        record = load_record(file)
        final = replay(record)
        if seat is not None:
            final.check_seat(seat)
        if start < 1:
            raise VakaError(_("--from counts actions from 1, not {n}").format(n=start))
        settings = Budget(
            playouts=budget,
            candidates=candidates,
            iterations=iterations,
            horizon=parse_horizon(horizon),
            learned=not hand_written,
        )
        only = range(start - 1, len(record["actions"]))
        started = time.perf_counter()
        wanted = [seat] if seat is not None else None
        total = sum(
            1
            for i, (s, _) in enumerate(record["actions"])
            if i in only and (seat is None or s == seat)
        )
        with progress(_("reviewing"), total, _("decisions")) as tell:
            review = review_game(
                record,
                wanted,
                settings,
                seed,
                jobs,
                progress=tell,
                only=only,
                full=full,
            )
        elapsed = time.perf_counter() - started
        if html is not None:
            from vaka.sim.review_page import page

            try:
                html.write_text(page(review, record), encoding="utf-8")
            except OSError as exc:
                raise VakaError(
                    _("cannot write {file}: {error}").format(file=html, error=exc)
                ) from exc
    if json:
        sys.stdout.write(jsonlib.dumps(review.to_json(), indent=2) + "\n")
    else:
        show(review, elapsed)
    if html is not None:
        (errors if json else console).print(_("Review page: {file}").format(file=html))


def show(review: Review, elapsed: float) -> None:
    """The terminal summary: accuracy per seat, turning points, the labelled decisions."""
    name = load(review.game).name
    forced = sum(d.forced for d in review.decisions)
    horizon = review.budget.horizon
    reach = (
        _("to the end")
        if horizon is None
        else ngettext("{n} step", "{n} steps", horizon).format(n=horizon)
    )
    players = ngettext("{n} player", "{n} players", review.players).format(n=review.players)
    decisions = len(review.decisions)
    reviewed = ngettext("{n} decision reviewed", "{n} decisions reviewed", decisions)
    console.print(
        _(
            "[bold]{game}[/bold], {players}, seed {seed}: {reviewed} ({forced} forced) in "
            "{seconds} s ({playouts} playouts of {reach} per candidate, review seed {review})."
        ).format(
            game=escape(_(name)), players=players, seed=review.record_seed,
            reviewed=reviewed.format(n=decisions), forced=forced, seconds=number(elapsed, 1),
            playouts=review.budget.playouts, reach=reach, review=review.seed,
        )
    )  # fmt: skip
    console.print(
        "[dim]"
        + _(
            "Judged from what each seat could know at the time (its own view, over deals "
            "of the cards it could not see), by the {evaluation}."
        ).format(evaluation=escape(review.evaluation))
        + "[/dim]"
    )
    seats = Table(title=_("Accuracy per seat (0-100) and decisions per label"))
    for column in (
        _("seat"), _("accuracy"), _("score"), _("only"), _("inacc."), _("mistake"),
        _("blunder"), _("good"),
    ):  # fmt: skip
        seats.add_column(column, justify="right", no_wrap=True)
    for report in review.seat_reports():
        won = " " + _("(won)") if report.seat in review.winners else ""
        seats.add_row(
            str(report.seat),
            "–" if report.accuracy is None else number(report.accuracy, 0),
            f"{number(review.scores[report.seat])}{won}",
            *(str(report.labels[label]) for label in (*MARKED, "good")),
        )
    console.print(seats)
    points = turning_decisions(review)
    if points:
        console.print("[bold]" + _("Turning points") + "[/bold]")
        for d in points:  # "#" as in the table of labelled decisions
            console.print(f"  · #{d.index + 1} {escape(describe(d))}")
    # No rules between columns: at 80 columns the words need the room.
    moves = Table(
        title=_("Labelled decisions"), box=None, pad_edge=False, header_style="bold", leading=1
    )
    solo = review.players == 1  # labelled by the final lead given up (docs/REVIEW.md)
    columns = ["#", "seat", "taken", "label", "loss", "best", "lead" if solo else "win"]
    full = any(d.hindsight for d in review.decisions)
    if full:
        columns.append("known")  # "knowing all", two words: it wraps in a narrow column
    rows = []
    for d in review.decisions:
        if d.label not in MARKED or d.label == "only move":
            continue
        best, chosen = d.best, d.chosen
        assert best is not None and chosen is not None
        style = STYLES[d.label]
        rows.append(
            (
                str(d.index + 1),
                str(d.seat),
                escape(said(d, d.taken)),
                f"[{style}]{label_words(d.label)}[/{style}]",
                given_up(d, _("pts")),
                escape(said(d, best.action)),
                f"{number(chosen.margin, 1)} → {number(best.margin, 1)}"
                if solo
                else f"{percent(chosen.win, 0)} → {percent(best.win, 0)}",
                *([known(d)] if full else []),
            )
        )
    fixed = {"#", "seat", "label", "loss", "win", "lead"}  # one line each
    wrapping = [c for c in columns if c not in fixed]  # the actions in words
    widest = [max(Text.from_markup(c).cell_len for c in [_(COLUMNS[key]), *(r[k] for r in rows)])
              for k, key in enumerate(columns) if key in fixed]  # fmt: skip
    # each wrapping column at least 15 wide ("hunter-gatherer" whole), where that fits
    roomy = not full and sum(widest) + 15 * len(wrapping) + 2 * len(columns) <= console.width
    for column in columns:
        wide = 15 if roomy and column in wrapping else None
        moves.add_column(_(COLUMNS[column]), no_wrap=column in fixed, min_width=wide)
    for row in rows:
        moves.add_row(*row)
    if moves.row_count:
        console.print(moves)
    else:
        console.print(_("No inaccuracies, mistakes or blunders found."))


def known(decision: Decision) -> str:
    """What the full information says of a decision: its best candidate (in words) and its
    win chance against the action taken's."""
    if not decision.hindsight:
        return ""
    best = max(decision.hindsight, key=lambda e: (e.win, e.margin))
    taken = next(e for e in decision.hindsight if e.action == decision.taken)
    return _("{action} {best} vs {taken}").format(
        action=escape(said(decision, best.action)),
        best=percent(best.win, 0),
        taken=percent(taken.win, 0),
    )
