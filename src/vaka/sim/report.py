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

The page and the plots speak the current language (vaka.i18n: headings, notes, numbers,
the game's own names for its score categories); results.json is data and stays as it is.
The plots are drawn by vaka.sim.report_plots, with matplotlib's Agg canvas, which needs no
display; matplotlib is imported only when a report is written, so the rest of vaka starts
without it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from vaka.core.errors import VakaError
from vaka.i18n import N_, _, current, ngettext, number, percent, pgettext
from vaka.sim.report_plots import category_namer, draw_all, games_words, level_words
from vaka.sim.runner import SimulationResult

#: The plots of a report, by file name, with the caption the page shows under each
#: (``{level}`` is the confidence, "95%" as the reader's language writes it).
PLOTS: dict[str, str] = {
    "win_rate.png": N_(
        "Win rate per agent with its {level} Wilson interval; the dashed line is the fair "
        "share, the win rate of a seat if every seat were equally strong."
    ),
    "scores.png": N_(
        "Final scores per agent: the box spans the middle half, the line is the median, the "
        "triangle the mean, the whiskers reach 1.5 box lengths."
    ),
    "categories.png": N_("Mean score per agent, split by scoring category."),
    "seats.png": N_(
        "Win rate per seat, whoever sat there, with its {level} Wilson interval: a seat above "
        "the fair share has an advantage."
    ),
}

#: The page and the data beside it.
INDEX = "index.html"
RESULTS = "results.json"


class ReportError(VakaError):
    """A report folder that cannot be used (a file stands there, or it cannot be written)."""


def check_report_dir(directory: Path) -> None:
    """Refuse, before any game is played, a report folder that could not be made.

    ``directory`` may exist (as a folder) or not; it must not be a file, nor lie under one.
    """
    if directory.exists() and not directory.is_dir():
        message = _("--report needs a folder, but {path} is a file")
        raise ReportError(message.format(path=repr(str(directory))))
    parent = directory
    while not parent.exists():
        if parent.parent == parent:
            return
        parent = parent.parent
    if not parent.is_dir():
        message = _("cannot make the report folder {path}: {file} is a file")
        raise ReportError(message.format(path=repr(str(directory)), file=repr(str(parent))))


def write_report(
    result: SimulationResult,
    directory: Path,
    title: str | None = None,
    category: Callable[[str], str] | None = None,
) -> Path:
    """Write the report of ``result`` into ``directory`` (made if missing), its words in the
    current language; returns the path of its ``index.html``. ``title`` names the game on
    the page (default: its id), ``category`` its score categories (default: the game's)."""
    check_report_dir(directory)
    name = category or category_namer(result.game)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / RESULTS).write_text(
            json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8"
        )
        draw_all(result, directory, name)
        index = directory / INDEX
        index.write_text(page(result, title or result.game, name), encoding="utf-8")
    except OSError as exc:
        message = _("cannot write the report into {path}: {error}")
        raise ReportError(message.format(path=repr(str(directory)), error=exc)) from exc
    return index


# --- the page ----------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em;
       color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums;
        display: block; max-width: 100%; overflow-x: auto; }
td { white-space: nowrap; }
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
    return f"{percent(low)}–{percent(high)}"


def _agent_table(result: SimulationResult, categories: Sequence[str], name: Any) -> str:
    ratings = {r.agent: r for r in result.ratings}
    rows = []
    for a in result.by_agent:
        r = ratings[a.agent]
        rows.append(
            [
                a.agent,
                str(a.games),
                number(round(a.wins, 2)),
                percent(a.win_rate.rate),
                _interval(a.win_rate.low, a.win_rate.high),
                percent(a.fair_share),
                number(a.score.mean, 1),
                number(a.score.stdev, 1),
                *(number(a.categories.get(c, 0.0), 1) for c in categories),
                number(r.mu, 2),
                number(r.sigma, 2),
                number(r.ordinal, 2),
            ]
        )
    headers = [_("agent"), _("seat-games"), _("wins"), _("win rate"), _("95% CI"),
               _("fair share"), _("mean score"), _("sd"), *map(name, categories),
               "mu", "sigma", _("ordinal")]  # fmt: skip
    return _table(headers, rows)


def _seat_table(result: SimulationResult, categories: Sequence[str], name: Any) -> str:
    rows = [
        [
            str(s.seat),
            ", ".join(f"{agent} {n}" for agent, n in s.agents.items()),
            number(round(s.wins, 2)),
            percent(s.win_rate.rate),
            _interval(s.win_rate.low, s.win_rate.high),
            number(s.score.mean, 1),
            number(s.score.median),
            number(s.score.stdev, 1),
            *(number(s.categories.get(c, 0.0), 1) for c in categories),
        ]
        for s in result.seats
    ]
    headers = [_("seat"), _("agents (games)"), _("wins"), _("win rate"), _("95% CI"),
               _("mean"), _("median"), _("sd"), *map(name, categories)]  # fmt: skip
    return _table(headers, rows, names=2)


def _parameters(result: SimulationResult, title: str) -> dict[str, str]:
    """The run's parameters, by their names on the page."""
    model = result.to_json()["rating_model"]
    options = ", ".join(f"{k}={v}" for k, v in result.options.items()) or _("none")
    seats = (
        _("rotated: game i seats the agent list rotated by i mod players")
        if result.rotate
        else _("fixed: agent i in seat i every game")
    )
    length = result.length
    length_text = _("mean {mean}, median {median} actions (min {min}, max {max})")
    rating_text = _(
        "{library} {version} {model} (mu {mu}, sigma {sigma}, beta {beta}, tau {tau}); "
        "ordinal = {ordinal}"
    )
    return {
        _("game"): f"{title} ({result.game})",
        _("games"): str(result.games),
        _("players"): str(result.players),
        _("agents"): ", ".join(result.agents),
        _("seats"): seats,
        _("seed"): str(result.seed),
        _("options"): options,
        _("game length"): length_text.format(
            mean=number(length.mean, 1),
            median=number(length.median),
            min=number(length.min),
            max=number(length.max),
        ),
        _("rating"): rating_text.format(
            library=model["library"],
            version=model["version"],
            model=model["model"],
            mu=number(model["mu"]),
            sigma=number(model["sigma"], 3),
            beta=number(model["beta"], 3),
            tau=number(model["tau"], 3),
            ordinal=_("mu - 3 sigma") if model["ordinal"] == "mu - 3 sigma" else model["ordinal"],
        ),
    }


def _language() -> str:
    """The page's ``lang``: the current language's first part ("de", "en" for en_XA)."""
    return current().replace("-", "_").split("_")[0] or "en"


def page(result: SimulationResult, title: str, category: Callable[[str], str] | None = None) -> str:
    """The HTML of the report page, in the current language; ``category`` names the score
    categories (default: as the game names them)."""
    name = category or category_namer(result.game)
    title = _(title)
    categories = [
        c for c in (result.by_agent[0].categories if result.by_agent else {}) if c != "total"
    ]
    params_html = "".join(
        f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in _parameters(result, title).items()
    )
    level = level_words()
    captions = {file: _(caption).format(level=level) for file, caption in PLOTS.items()}
    figures = "".join(
        f'<figure><img src="{_e(file)}" alt="{_e(caption)}">'
        f"<figcaption>{_e(caption)}</figcaption></figure>"
        for file, caption in captions.items()
    )
    heading = _("{title}: {games}, seed {seed}").format(
        title=title, games=games_words(result), seed=result.seed
    )
    agent_note = _(
        "Every seat an agent takes in a game is one entry (seat-game): an agent named twice in "
        "the list plays two entries per game. Win rates are wins per entry with a {level} "
        "Wilson interval; a win shared by k seats counts 1/k. The fair share is 1/players. "
        "Ratings come from the games in order, ranked by final score (equal scores tie); "
        "ordinal = mu − 3 sigma."
    ).format(level=level)
    seat_note = _(
        "How each seat fared, whoever sat in it: a seat that wins clearly more than the fair "
        "share has an advantage."
    )
    link = f'<a href="{RESULTS}">{RESULTS}</a>'
    data_note = _e(_("The numbers behind this page: {file}")).format(file=link)
    texts = {
        "parameters": _("Parameters"),
        "per_agent": _("Per agent"),
        "per_seat": _("Per seat"),
        "plots": _("Plots"),
    }
    t = {key: _e(value) for key, value in texts.items()}
    return f"""<!DOCTYPE html>
<html lang="{_e(_language())}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(heading)}</title>
<style>{_STYLE}</style>
</head>
<body>
<h1>{_e(heading)}</h1>
<h2>{t["parameters"]}</h2>
<dl>{params_html}</dl>
<h2>{t["per_agent"]}</h2>
<p class="note">{_e(agent_note)}</p>
{_agent_table(result, categories, name)}
<h2>{t["per_seat"]}</h2>
<p class="note">{_e(seat_note)}</p>
{_seat_table(result, categories, name)}
{_reviews(result)}
<h2>{t["plots"]}</h2>
{figures}
<p class="note">{data_note}</p>
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
            "–" if a.accuracy is None else number(a.accuracy, 1),
            f"{number(a.low, 1)}–{number(a.high, 1)}",
            *(
                f"{percent(a.labels[label].share)} "
                f"({_interval(a.labels[label].low, a.labels[label].high)})"
                for label in LABELS
            ),
        ]
        for a in result.reviews
    ]
    headers = [_("agent"), _("seat-games"), _("decisions"), _("accuracy"), _("95% CI"),
               *(pgettext("review label", label) for label in LABELS)]  # fmt: skip
    heading = _("Reviews")
    playouts = result.review_budget.playouts
    note = ngettext(
        "Every game reviewed for every seat ({playouts} playout per candidate action; "
        "docs/REVIEW.md): each decision judged from what its seat could know then. Accuracy "
        "(0-100) is the mean over an agent's seat-games, with a {level} normal interval; the "
        "label shares are of its judged decisions (forced ones left out), with {level} Wilson "
        "intervals.",
        "Every game reviewed for every seat ({playouts} playouts per candidate action; "
        "docs/REVIEW.md): each decision judged from what its seat could know then. Accuracy "
        "(0-100) is the mean over an agent's seat-games, with a {level} normal interval; the "
        "label shares are of its judged decisions (forced ones left out), with {level} Wilson "
        "intervals.",
        playouts,
    ).format(playouts=playouts, level=level_words())
    return f"""<h2>{_e(heading)}</h2>
<p class="note">{_e(note)}</p>
{_table(headers, rows)}"""
