"""A review as one self-contained HTML page: a win-chance graph per seat (PNG, inline)
and the annotated move list, with the reviewed seat's view of each labelled position.

matplotlib draws with its Agg canvas (no display) and is imported only here.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

from vaka.core.record import replay
from vaka.core.registry import load
from vaka.i18n import N_, _, current, ngettext, number
from vaka.sim.review import (
    BLUNDER,
    FORCED,
    INACCURACY,
    MARKED,
    MISTAKE,
    ONLY_MOVE_GAP,
    Decision,
    Review,
    describe,
    said,
    turning_decisions,
)
from vaka.sim.review_labels import SOLO_POINTS, WON, label_words
from vaka.sim.review_words import given_up, shown_chance, shown_points

#: Marker colours of the labels in the graph and the move list.
COLOURS = {
    "only move": "#1f77b4",
    "good": "#2ca02c",
    "inaccuracy": "#d4a017",
    "mistake": "#ff7f0e",
    "blunder": "#d62728",
    FORCED: "#999999",
}


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _act(d: Decision, action: str) -> str:
    """An action of a judged decision in the game's words, its text (as the record and the
    JSON name it) in the title."""
    words = said(d, action)
    return _e(words) if words == action else f'<span title="{_e(action)}">{_e(words)}</span>'


def graph_png(review: Review, seat: int) -> bytes:
    """The seat's win chance after each of its judged decisions (the action taken, and the
    best candidate dashed), the labelled decisions marked."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    mine = [d for d in review.decisions if d.seat == seat and not d.forced]
    figure = Figure(figsize=(9, 3.2), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    xs = [d.index + 1 for d in mine]
    solo = review.players == 1  # alone: the expected final lead (docs/REVIEW.md)
    taken = [(d.chosen.margin if solo else d.chosen.win) if d.chosen else 0.0 for d in mine]
    best = [(d.best.margin if solo else d.best.win) if d.best else 0.0 for d in mine]
    axes.plot(xs, best, linestyle="--", color="#888888", linewidth=1, label=_("best candidate"))
    axes.plot(xs, taken, color="#333333", linewidth=1.5, label=_("action taken"))
    for name in MARKED:
        marked = [(x, y) for x, y, d in zip(xs, taken, mine, strict=True) if d.label == name]
        if marked:
            axes.scatter(
                *zip(*marked, strict=True), color=COLOURS[name], zorder=3, label=label_words(name)
            )
    if not solo:
        axes.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: shown_chance(v)))
        axes.set_ylim(-0.03, 1.03)
    axes.set_xlim(0, max(len(review.actions), 1) + 1)
    axes.set_xlabel(_("action number in the game"))
    axes.set_ylabel(_("expected final lead") if solo else _("win chance"))
    axes.set_title(_("Seat {seat}").format(seat=seat))
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize=8, ncols=3)
    out = io.BytesIO()
    figure.savefig(out, format="png")
    return out.getvalue()


def _picture(record: dict[str, Any], decision: Decision) -> str:
    """The reviewed seat's view just before the decision, as the game draws it: its SVG
    pictures where it has them (Atua), else its terminal picture."""
    from rich.console import Console

    state = replay(record, upto=decision.index)
    game = state.game
    view = state.view(decision.seat)
    svgs = game.pictures(view, state.legal_actions(decision.seat))
    if svgs:
        return "".join(f'<div class="svg">{svg}</div>' for svg in svgs.values())
    console = Console(record=True, width=110, file=io.StringIO(), color_system="truecolor")
    console.print(game.render(view))
    return console.export_html(inline_styles=True, code_format="<pre class=board>{code}</pre>")


def _candidates(decision: Decision) -> str:
    cells = []
    for e in decision.estimates:
        mark = " taken" if e.action == decision.taken else ""
        words = _act(decision, e.action)
        cells.append(f'<span class="cand{mark}">{words} {_estimate(e.win, e.margin)}</span>')
    return " ".join(cells)


def _known(d: Decision) -> str:
    """What the full information said of the same candidates (``--full-information``)."""
    return " ".join(
        f'<span class="cand{" taken" if e.action == d.taken else ""}">'
        f"{_act(d, e.action)} {_estimate(e.win, e.margin)}</span>"
        for e in sorted(d.hindsight, key=lambda e: (-e.win, -e.margin))
    )


def _row(
    record: dict[str, Any], index: int, seat: int, text: str, d: Decision | None, full: bool
) -> str:
    if d is None:
        return f'<tr class="other"><td>{index + 1}</td><td>{seat}</td><td>{_e(text)}</td>' + (
            "<td></td>" * (5 if full else 4) + "</tr>"
        )
    colour = COLOURS.get(d.label, "#000")
    best = d.best
    cells = [
        str(index + 1),
        str(seat),
        _act(d, d.taken),
        f'<b style="color:{colour}">{_e(label_words(d.label))}</b>',
        "" if d.forced else f'<span class="cand">{given_up(d)}</span>',
        "" if best is None or d.loss <= 0 else _act(d, best.action),
        _candidates(d),
        *([_known(d)] if full else []),
    ]
    row = f'<tr id="m{index + 1}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
    if d.label in MARKED:
        seen = _("position before action {n}, as seat {seat} saw it").format(n=index + 1, seat=seat)
        row += (
            f'<tr class="pic"><td></td><td colspan="{7 if full else 6}"><details>'
            f"<summary>{_e(seen)}</summary>{_picture(record, d)}</details></td></tr>"
        )
    return row


def _estimate(win: float, margin: float) -> str:
    """A candidate's win chance and final margin ("40% (+2.5)", German "40 % (+2,5)")."""
    return f"{shown_chance(win)} ({shown_points(margin, sign=True)})"


def page(review: Review, record: dict[str, Any], title: str | None = None) -> str:
    """The HTML of a review page (self-contained: the graphs are inline PNGs), in the
    current language."""
    game = load(review.game)
    players = ngettext("{n} player", "{n} players", review.players).format(n=review.players)
    heading = title or _("Review: {game}, {players}, seed {seed}").format(
        game=_(game.name), players=players, seed=review.record_seed
    )
    seats = []
    for report in review.seat_reports():
        png = base64.b64encode(graph_png(review, report.seat)).decode("ascii")
        counts = ", ".join(f"{n} {label_words(name)}" for name, n in report.labels.items() if n)
        about = {"seat": report.seat, "score": number(review.scores[report.seat])}
        if report.accuracy is None:
            title_words = _("Seat {seat}: final score {score}").format(**about)
        else:
            title_words = _("Seat {seat}: accuracy {accuracy}, final score {score}").format(
                accuracy=f"{report.accuracy:.0f}", **about
            )
        if report.seat in review.winners:
            title_words = _("{seat_line} (won)").format(seat_line=title_words)
        alt = _("win chance of seat {seat}").format(seat=report.seat)
        seats.append(
            f"<h3>{_e(title_words)}</h3><p>{_e(counts)}</p>"
            f'<img alt="{_e(alt)}" src="data:image/png;base64,{png}">'
        )
    by_index = {d.index: d for d in review.decisions}
    full = any(d.hindsight for d in review.decisions)
    rows = "".join(
        _row(record, i, s, t, by_index.get(i), full) for i, (s, t) in enumerate(review.actions)
    )
    hindsight = _("knowing every card (not part of the review)")
    known = f"<th>{_e(hindsight)}</th>" if full else ""
    nothing = _("none")
    turning = (
        "".join(
            f'<li><a href="#m{d.index + 1}">#{d.index + 1}</a> {_e(describe(d))}</li>'
            for d in turning_decisions(review)
        )
        or f"<li>{_e(nothing)}</li>"
    )
    heads = [
        "#", _("seat"), _("action"), _("label"), _("loss"), _("best instead"),
        _("candidates: win chance (final margin)"),
    ]  # fmt: skip
    head = "".join(f"<th>{_e(h)}</th>" for h in heads)
    parts = [_("Turning points"), _("Win chance"), _("Moves")]
    turning_title, chance_title, moves_title = (_e(p) for p in parts)
    full_note = f'<p class="note">{_e(_(FULL))}</p>' if full else ""
    return f"""<!DOCTYPE html>
<html lang="{_e(current().split("_")[0])}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(heading)}</title><style>{_STYLE}</style></head>
<body>
<h1>{_e(heading)}</h1>
<p>{_e(_facts(review))}</p>
<p class="note">{_e(_how(review))}</p>
{full_note}
<h2>{turning_title}</h2><ul>{turning}</ul>
<h2>{chance_title}</h2>{"".join(seats)}
<h2>{moves_title}</h2>
<table><thead><tr>{head}{known}</tr></thead>
<tbody>{rows}</tbody></table>
</body></html>
"""


def _facts(review: Review) -> str:
    """The game's end, the seats reviewed and the review's settings, in words."""
    b = review.budget
    scores = ", ".join(
        _("seat {seat}: {score}").format(seat=i, score=number(s))
        for i, s in enumerate(review.scores)
    )
    facts = _(
        "Final scores {scores}; winners: {winners}. Seats reviewed: {seats}. Review seed "
        "{seed}; per decision {playouts} playouts for each of up to {candidates} candidates "
        "({iterations} search iterations where there were more actions)."
    ).format(
        scores=scores,
        winners=", ".join(map(str, review.winners)) or _("none"),
        seats=", ".join(map(str, review.seats)),
        seed=review.seed,
        playouts=b.playouts,
        candidates=b.candidates,
        iterations=b.iterations,
    )
    if b.confirm:
        facts += " " + _("Twice the playouts where an inaccuracy or worse was found.")
    judged = review.evaluation or _("hand-written estimate")
    return facts + " " + _("Positions judged by the {evaluation}.").format(evaluation=judged)


def _how(review: Review) -> str:
    """How a decision is judged and labelled, and measured beyond the win chance in this
    game (docs/REVIEW.md)."""
    how = _(
        "Each decision is judged from what its seat could know then: its own view, searched "
        "over deals of the cards it could not see; never from the cards that came later. The "
        "win chance is the share of those deals won when the medium bot plays every seat on; "
        "the loss is the win chance given up against the best candidate. Labels: inaccuracy "
        'from {inaccuracy}, mistake from {mistake}, blunder from {blunder}; "only move" '
        "where the action taken stood {gap} or more above every other."
    ).format(
        inaccuracy=shown_chance(INACCURACY),
        mistake=shown_chance(MISTAKE),
        blunder=shown_chance(BLUNDER),
        gap=shown_chance(ONLY_MOVE_GAP),
    )
    if review.players == 1:
        return (
            how
            + " "
            + _(
                "Alone, the best candidate is the one with the highest final lead over the "
                "game's own opponent (your score less Tahuma's), and the loss is the lead given "
                "up over {thresholds}."
            ).format(thresholds=_thresholds(SOLO_POINTS))
        )
    points = load(review.game).review_points
    if points is None:
        return (
            how
            + " "
            + _(
                "A seat whose game is already decided, far behind or far ahead, gives up almost "
                "no win chance whatever it does, so its moves read as good: the final margins "
                "beside the candidates still show what each would cost."
            )
        )
    return (
        how
        + " "
        + _(
            "A seat far behind or far ahead gives up almost no win chance whatever it does, so "
            "the estimated final lead given up counts as well, the larger of the two making the "
            "label: the lead over {thresholds}. Where the best candidate already wins {won} or "
            "more, points given up no longer change the result and count at half."
        ).format(thresholds=_thresholds(points), won=shown_chance(WON))
    )


def _thresholds(points: float) -> str:
    return _(
        "{points} points: an inaccuracy from {inaccuracy}, a mistake from {mistake}, a "
        "blunder from {blunder}"
    ).format(
        points=number(points),
        inaccuracy=number(INACCURACY * points),
        mistake=number(MISTAKE * points),
        blunder=number(BLUNDER * points),
    )


FULL = N_(
    "The last column is apart from the review: each candidate played from the true position, "
    "with the hidden cards and the random future as they really were (the bots still see only "
    "their own views). It says what hindsight would have chosen; the labels never use it."
)

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; max-width: 1100px; color: #222; }
table { border-collapse: collapse; font-size: 0.9em; }
td, th { padding: 2px 8px; border-bottom: 1px solid #ddd; text-align: left;
  vertical-align: top; }
tr.other td { color: #999; }
td:nth-child(3) { min-width: 12em; }
.cand { white-space: nowrap; margin-right: 0.6em; }
.cand.taken { font-weight: bold; }
.note { color: #555; font-size: 0.9em; }
img { max-width: 100%; }
pre.board { font-size: 11px; line-height: 1.2; background: #fff; }
.svg { display: inline-block; width: 49%; vertical-align: top; }
.svg svg { width: 100%; height: auto; max-height: 500px; }
"""
