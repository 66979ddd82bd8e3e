"""The plots of a tournament report (vaka.sim.report): win rates, scores, score
categories and seat advantage, each a PNG drawn with matplotlib's Agg canvas (no display
needed; matplotlib is imported only when one is drawn), its words in the current
language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vaka.core.errors import VakaError
from vaka.i18n import _, ngettext, number, percent
from vaka.sim.runner import MIXED, SimulationResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The confidence of every interval of a report.
LEVEL = 0.95


def category_namer(game_id: str) -> Callable[[str], str]:
    """How the game names its score categories (``Game.category``), in the current
    language; a game vaka does not know gets its keys with spaces for underscores."""
    from vaka.core.registry import load

    try:
        return load(game_id).category
    except VakaError:
        return lambda key: _(key.replace("_", " ").strip()) if key.strip("_ ") else key


def _label_above(axes: Any, x: float, y: float, text: str) -> None:
    """A small label just above the point (x, y) of a bar chart."""
    axes.annotate(text, (x, y), textcoords="offset points", xytext=(0, 4), ha="center", fontsize=9)


def level_words() -> str:
    return percent(LEVEL, 0)


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
    from matplotlib.ticker import FuncFormatter

    # the reader's own pattern ("50 %" in German), not matplotlib's "50%"
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _position: percent(value, 0)))
    axes.set_ylim(0, 1.1)  # room for a label above a bar at 100%
    axes.set_yticks([i / 5 for i in range(6)])
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
        _label_above(axes, i, highs[i], percent(rate, 0))
    fair_label = _("fair share {share}").format(share=percent(fair, 0))
    axes.axhline(fair, color="dimgray", linestyle="--", linewidth=1.2, label=fair_label)
    axes.set_xticks(x, labels)
    _percent_axis(axes)
    axes.set_ylabel(_("win rate ({level} interval)").format(level=level_words()))
    axes.legend(loc="upper right", frameon=False)


def _agent_label(name: str, entries: int) -> str:
    return f"{name}\n(n={entries})"


def games_words(result: SimulationResult) -> str:
    """ "12 games, 2 players" in the current language."""
    games = ngettext("{n} game", "{n} games", result.games).format(n=result.games)
    players = ngettext("{n} player", "{n} players", result.players).format(n=result.players)
    return _("{games}, {players}").format(games=games, players=players)


def draw_win_rates(result: SimulationResult, path: Path) -> Figure:
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
    axes.set_title(_("Win rate per agent ({games})").format(games=games_words(result)))
    figure.savefig(path)
    return figure


def draw_scores(result: SimulationResult, path: Path) -> Figure:
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
    axes.set_ylabel(_("final score"))
    axes.yaxis.set_major_formatter(_number_format())
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)
    axes.set_title(_("Score distribution per agent"))
    figure.savefig(path)
    return figure


def _number_format() -> Any:
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda value, _position: number(value))


def draw_categories(
    result: SimulationResult, path: Path, category: Callable[[str], str] | None = None
) -> Figure:
    name = category or category_namer(result.game)
    figure, axes = _figure()
    agents = result.by_agent
    categories = [c for c in agents[0].categories if c != "total"] or ["total"]
    x = list(range(len(agents)))
    above = [0.0] * len(agents)
    below = [0.0] * len(agents)
    for key, color in zip(categories, _colors(len(categories)), strict=True):
        values = [a.categories.get(key, 0.0) for a in agents]
        bottoms = [above[i] if v >= 0 else below[i] for i, v in enumerate(values)]
        axes.bar(x, values, bottom=bottoms, color=color, label=name(key), width=0.6)
        for i, v in enumerate(values):
            if v >= 0:
                above[i] += v
            else:
                below[i] += v
    for i, agent in enumerate(agents):
        total = agent.categories.get("total", agent.score.mean)
        _label_above(axes, i, above[i], number(total, 1))
    axes.set_xticks(x, [_agent_label(a.agent, a.games) for a in agents])
    axes.set_ylabel(_("mean score"))
    axes.yaxis.set_major_formatter(_number_format())
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)
    axes.margins(y=0.12)
    handles, labels = axes.get_legend_handles_labels()
    axes.legend(  # top to bottom, as the bars stack
        handles[::-1],
        labels[::-1],
        title=_("category"),
        loc="center left",
        bbox_to_anchor=(1.0, 0.5),
        frameon=False,
    )
    axes.set_title(_("Mean score per category and agent"))
    figure.savefig(path)
    return figure


def _seat_label(seat: int, agent: str) -> str:
    """The seat, and on a second line the agent that always sat there."""
    label = _("seat {n}").format(n=seat)
    return label if agent == MIXED else f"{label}\n{agent}"


def draw_seats(result: SimulationResult, path: Path) -> Figure:
    figure, axes = _figure()
    seats = result.seats
    _rate_bars(
        axes,
        [_seat_label(s.seat, s.agent) for s in seats],
        [s.win_rate.rate for s in seats],
        [s.win_rate.low for s in seats],
        [s.win_rate.high for s in seats],
        result.fair_share,
        ["slategray"] * len(seats),  # seats are not agents: not the agents' colours
    )
    games = ngettext("{n} game", "{n} games", result.games).format(n=result.games)
    seating = _("seats rotated") if result.rotate else _("fixed seats")
    title = _("Seat advantage: win rate per seat ({games}, {seating})")
    axes.set_title(title.format(games=games, seating=seating))
    figure.savefig(path)
    return figure


def draw_all(result: SimulationResult, directory: Path, category: Callable[[str], str]) -> None:
    draw_win_rates(result, directory / "win_rate.png")
    draw_scores(result, directory / "scores.png")
    draw_categories(result, directory / "categories.png", category)
    draw_seats(result, directory / "seats.png")
