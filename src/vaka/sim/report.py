"""A tournament report on disk: one HTML page, the plots it shows, and the run as JSON.

:func:`write_report` fills a folder with

``index.html``
    a self-contained page (no scripts, no outside styles) with the run's parameters, the
    per-agent and per-seat tables, and the plots below;
``win_rate.png``
    win rate per agent with its 95% interval, against the fair share 1/players;
``scores.png``
    the distribution of each agent's final scores (box plots, mean marked);
``categories.png``
    each agent's mean score split by scoring category (stacked bars);
``seats.png``
    win rate per seat with its 95% interval: the seat advantage, whoever sat there;
``results.json``
    the run's statistics, exactly as ``vaka simulate --json`` prints them.

Plots are drawn with matplotlib's Agg canvas, which needs no display. matplotlib is
imported only when a report is written, so the rest of vaka starts without it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vaka.core.errors import VakaError
from vaka.sim.runner import MIXED, SimulationResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The plots of a report, by file name, with the caption the page shows under each.
PLOTS: dict[str, str] = {
    "win_rate.png": "Win rate per agent with its 95% Wilson interval; the dashed line is the "
    "fair share, the win rate of a seat if every seat were equally strong.",
    "scores.png": "Final scores per agent: the box spans the middle half, the line is the "
    "median, the triangle the mean, the whiskers reach 1.5 box lengths.",
    "categories.png": "Mean score per agent, split by scoring category.",
    "seats.png": "Win rate per seat, whoever sat there, with its 95% Wilson interval: "
    "a seat above the fair share has an advantage.",
}

#: The page and the data beside it.
INDEX = "index.html"
RESULTS = "results.json"


class ReportError(VakaError):
    """A report folder that cannot be used (a file stands there, or it cannot be written)."""


def _label_above(axes: Any, x: float, y: float, text: str) -> None:
    """A small label just above the point (x, y) of a bar chart."""
    axes.annotate(text, (x, y), textcoords="offset points", xytext=(0, 4), ha="center", fontsize=9)


def check_report_dir(directory: Path) -> None:
    """Refuse, before any game is played, a report folder that could not be made.

    ``directory`` may exist (as a folder) or not; it must not be a file, nor lie under one.
    """
    if directory.exists() and not directory.is_dir():
        raise ReportError(f"--report needs a folder, but {str(directory)!r} is a file")
    parent = directory
    while not parent.exists():
        if parent.parent == parent:
            return
        parent = parent.parent
    if not parent.is_dir():
        raise ReportError(
            f"cannot make the report folder {str(directory)!r}: {str(parent)!r} is a file"
        )


def write_report(result: SimulationResult, directory: Path, title: str | None = None) -> Path:
    """Write the report of ``result`` into ``directory`` (made if missing); returns the
    path of its ``index.html``. ``title`` names the game on the page (default: its id)."""
    check_report_dir(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / RESULTS).write_text(
            json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8"
        )
        _draw_all(result, directory)
        index = directory / INDEX
        index.write_text(page(result, title or result.game), encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write the report into {str(directory)!r}: {exc}") from exc
    return index


# --- plots -------------------------------------------------------------------------------


def _figure() -> tuple[Figure, Axes]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 4.8), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)  # draw with Agg, whatever backend pyplot would pick
    return figure, figure.add_subplot()


def _colors(n: int) -> list[Any]:
    from matplotlib import colormaps

    palette = colormaps["tab10"]
    return [palette(i % 10) for i in range(n)]


def _percent_axis(axes: Axes) -> None:
    from matplotlib.ticker import PercentFormatter

    axes.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_ylim(0, 1)
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)


def _rate_bars(
    axes: Axes,
    labels: Sequence[str],
    rates: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    fair: float,
    colors: Sequence[Any] | None = None,
) -> None:
    """Bars of win rates with their intervals, each labelled, and the fair-share line."""
    x = list(range(len(labels)))
    errors = [
        [r - low for r, low in zip(rates, lows, strict=True)],
        [high - r for r, high in zip(rates, highs, strict=True)],
    ]
    axes.bar(x, rates, color=colors or _colors(len(labels)), alpha=0.85)
    axes.errorbar(x, rates, yerr=errors, fmt="none", ecolor="black", capsize=6, linewidth=1.2)
    for i, rate in enumerate(rates):
        _label_above(axes, i, highs[i], f"{rate:.0%}")
    axes.axhline(
        fair, color="dimgray", linestyle="--", linewidth=1.2, label=f"fair share {fair:.0%}"
    )
    axes.set_xticks(x, labels)
    _percent_axis(axes)
    axes.set_ylabel("win rate (95% interval)")
    axes.legend(loc="upper right", frameon=False)


def _agent_label(name: str, entries: int) -> str:
    return f"{name}\n(n={entries})"


def draw_win_rates(result: SimulationResult, path: Path) -> None:
    figure, axes = _figure()
    agents = result.by_agent
    _rate_bars(
        axes,
        [_agent_label(a.agent, a.games) for a in agents],
        [a.win_rate.rate for a in agents],
        [a.win_rate.low for a in agents],
        [a.win_rate.high for a in agents],
        result.fair_share,
    )
    axes.set_title(f"Win rate per agent ({result.games} games, {result.players} players)")
    figure.savefig(path)


def draw_scores(result: SimulationResult, path: Path) -> None:
    figure, axes = _figure()
    scores: dict[str, list[float]] = {a.agent: [] for a in result.by_agent}
    for match in result.matches:
        for seat, name in enumerate(match.agents):
            scores[name].append(match.scores[seat])
    names = list(scores)
    boxes = axes.boxplot(
        [scores[name] for name in names],
        tick_labels=[_agent_label(name, len(scores[name])) for name in names],
        showmeans=True,
        patch_artist=True,
        widths=0.5,
    )
    for box, color in zip(boxes["boxes"], _colors(len(names)), strict=True):
        box.set_facecolor(color)
        box.set_alpha(0.6)
    axes.set_ylabel("final score")
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)
    axes.set_title("Score distribution per agent")
    figure.savefig(path)


def draw_categories(result: SimulationResult, path: Path) -> None:
    figure, axes = _figure()
    agents = result.by_agent
    categories = [c for c in agents[0].categories if c != "total"] or ["total"]
    x = list(range(len(agents)))
    above = [0.0] * len(agents)
    below = [0.0] * len(agents)
    for category, color in zip(categories, _colors(len(categories)), strict=True):
        values = [a.categories.get(category, 0.0) for a in agents]
        bottoms = [above[i] if v >= 0 else below[i] for i, v in enumerate(values)]
        axes.bar(x, values, bottom=bottoms, color=color, label=category, width=0.6)
        for i, v in enumerate(values):
            if v >= 0:
                above[i] += v
            else:
                below[i] += v
    for i, agent in enumerate(agents):
        total = agent.categories.get("total", agent.score.mean)
        _label_above(axes, i, above[i], f"{total:.1f}")
    axes.set_xticks(x, [_agent_label(a.agent, a.games) for a in agents])
    axes.set_ylabel("mean score")
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)
    axes.margins(y=0.12)
    handles, labels = axes.get_legend_handles_labels()
    axes.legend(  # top to bottom, as the bars stack
        handles[::-1],
        labels[::-1],
        title="category",
        loc="center left",
        bbox_to_anchor=(1.0, 0.5),
        frameon=False,
    )
    axes.set_title("Mean score per category and agent")
    figure.savefig(path)


def draw_seats(result: SimulationResult, path: Path) -> None:
    figure, axes = _figure()
    seats = result.seats
    _rate_bars(
        axes,
        [f"seat {s.seat}" + ("" if s.agent == MIXED else f"\n{s.agent}") for s in seats],
        [s.win_rate.rate for s in seats],
        [s.win_rate.low for s in seats],
        [s.win_rate.high for s in seats],
        result.fair_share,
        ["slategray"] * len(seats),  # seats are not agents: not the agents' colours
    )
    who = "agents rotated" if result.rotate else "fixed seats"
    axes.set_title(f"Seat advantage: win rate per seat ({result.games} games, {who})")
    figure.savefig(path)


_DRAW = {
    "win_rate.png": draw_win_rates,
    "scores.png": draw_scores,
    "categories.png": draw_categories,
    "seats.png": draw_seats,
}


def _draw_all(result: SimulationResult, directory: Path) -> None:
    for name in PLOTS:
        _DRAW[name](result, directory / name)


# --- the page ----------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em;
       color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; }
th, td { padding: 0.3em 0.7em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th { background: #f4f4f4; } td.name, th.name { text-align: left; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dt { font-weight: bold; } dd { margin: 0; }
figure { margin: 1.5em 0; } figure img { max-width: 100%; border: 1px solid #eee; }
figcaption, .note { color: #555; font-size: 0.9em; }
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], names: int = 1) -> str:
    """An HTML table; the first ``names`` columns are text (left-aligned)."""

    def cells(tag: str, values: Sequence[str]) -> str:
        name = ' class="name"'
        return "".join(
            f"<{tag}{name if i < names else ''}>{_e(v)}</{tag}>" for i, v in enumerate(values)
        )

    head = f"<tr>{cells('th', headers)}</tr>"
    body = "".join(f"<tr>{cells('td', row)}</tr>" for row in rows)
    return f"<table><thead>{head}</thead><tbody>{body}</tbody></table>"


def _interval(low: float, high: float) -> str:
    return f"{low:.1%}–{high:.1%}"


def page(result: SimulationResult, title: str) -> str:
    """The HTML of the report page."""
    data = result.to_json()
    categories = [
        c for c in (result.by_agent[0].categories if result.by_agent else {}) if c != "total"
    ]
    ratings = {r.agent: r for r in result.ratings}
    agent_rows = []
    for a in result.by_agent:
        r = ratings[a.agent]
        agent_rows.append(
            [
                a.agent,
                str(a.games),
                f"{round(a.wins, 2):g}",
                f"{a.win_rate.rate:.1%}",
                _interval(a.win_rate.low, a.win_rate.high),
                f"{a.fair_share:.1%}",
                f"{a.score.mean:.1f}",
                f"{a.score.stdev:.1f}",
                *(f"{a.categories.get(c, 0.0):.1f}" for c in categories),
                f"{r.mu:.2f}",
                f"{r.sigma:.2f}",
                f"{r.ordinal:.2f}",
            ]
        )
    agent_table = _table(
        [
            "agent",
            "seat-games",
            "wins",
            "win rate",
            "95% CI",
            "fair share",
            "mean score",
            "sd",
            *categories,
            "mu",
            "sigma",
            "ordinal",
        ],
        agent_rows,
    )
    seat_rows = [
        [
            str(s.seat),
            ", ".join(f"{name} {n}" for name, n in s.agents.items()),
            f"{round(s.wins, 2):g}",
            f"{s.win_rate.rate:.1%}",
            _interval(s.win_rate.low, s.win_rate.high),
            f"{s.score.mean:.1f}",
            f"{s.score.median:g}",
            f"{s.score.stdev:.1f}",
            *(f"{s.categories.get(c, 0.0):.1f}" for c in categories),
        ]
        for s in result.seats
    ]
    seat_table = _table(
        [
            "seat",
            "agents (games)",
            "wins",
            "win rate",
            "95% CI",
            "mean",
            "median",
            "sd",
            *categories,
        ],
        seat_rows,
        names=2,
    )
    model = data["rating_model"]
    options = ", ".join(f"{k}={v}" for k, v in result.options.items()) or "none"
    parameters = {
        "game": f"{title} ({result.game})",
        "games": str(result.games),
        "players": str(result.players),
        "agents": ", ".join(result.agents),
        "seats": "rotated: game i seats the agent list rotated by i mod players"
        if result.rotate
        else "fixed: agent i in seat i every game",
        "seed": str(result.seed),
        "options": options,
        "game length": f"mean {result.length.mean:.1f}, median {result.length.median:g} "
        f"actions (min {result.length.min:g}, max {result.length.max:g})",
        "rating": f"{model['library']} {model['version']} {model['model']} "
        f"(mu {model['mu']:g}, sigma {model['sigma']:.3g}, beta {model['beta']:.3g}, "
        f"tau {model['tau']:.3g}); ordinal = {model['ordinal']}",
    }
    params_html = "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in parameters.items())
    figures = "".join(
        f'<figure><img src="{_e(name)}" alt="{_e(caption)}">'
        f"<figcaption>{_e(caption)}</figcaption></figure>"
        for name, caption in PLOTS.items()
    )
    heading = f"{title}: {result.games} games, {result.players} players, seed {result.seed}"
    reviews = _reviews(result)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(heading)}</title>
<style>{_STYLE}</style>
</head>
<body>
<h1>{_e(heading)}</h1>
<h2>Parameters</h2>
<dl>{params_html}</dl>
<h2>Per agent</h2>
<p class="note">Every seat an agent takes in a game is one entry (seat-game): an agent named
twice in the list plays two entries per game. Win rates are wins per entry with a 95% Wilson
interval; a win shared by k seats counts 1/k. The fair share is 1/players. Ratings come from
the games in order, ranked by final score (equal scores tie); ordinal = mu − 3 sigma.</p>
{agent_table}
<h2>Per seat</h2>
<p class="note">How each seat fared, whoever sat in it: a seat that wins clearly more than
the fair share has an advantage.</p>
{seat_table}
{reviews}
<h2>Plots</h2>
{figures}
<p class="note">The numbers behind this page: <a href="{RESULTS}">{RESULTS}</a>.</p>
</body>
</html>
"""


def _reviews(result: SimulationResult) -> str:
    """The reviews' section (``vaka simulate --review``), or nothing."""
    if result.review_budget is None:
        return ""
    from vaka.sim.review_labels import LABELS

    rows = [
        [
            a.agent,
            str(a.seat_games),
            str(a.decisions),
            "–" if a.accuracy is None else f"{a.accuracy:.1f}",
            f"{a.low:.1f}–{a.high:.1f}",
            *(
                f"{a.labels[name].share:.1%} ({_interval(a.labels[name].low, a.labels[name].high)})"
                for name in LABELS
            ),
        ]
        for a in result.reviews
    ]
    table = _table(["agent", "seat-games", "decisions", "accuracy", "95% CI", *LABELS], rows)
    return f"""<h2>Reviews</h2>
<p class="note">Every game reviewed for every seat ({result.review_budget.playouts} playouts
per candidate action; docs/REVIEW.md): each decision judged from what its seat could know
then. Accuracy (0-100) is the mean over an agent's seat-games, with a 95% normal interval;
the label shares are of its judged decisions (forced ones left out), with 95% Wilson
intervals.</p>
{table}"""
