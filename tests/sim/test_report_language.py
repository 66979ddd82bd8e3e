"""The report in the reader's language: its page and the words drawn in its plots."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from vaka.core.registry import load
from vaka.i18n import using
from vaka.sim.report import ReportError, check_report_dir, page
from vaka.sim.report_plots import draw_categories, draw_scores, draw_seats, draw_win_rates
from vaka.sim.runner import SimulationResult, simulate

#: Words on the page that are data, not the page's own: the game, the agents and options as
#: typed (rows=fanned), the rating library and its symbols, the file names.
DATA = {
    "rapa", "nui", "random", "easy", "rows", "fanned", "sacrifice", "ranked",
    "openskill", "plackettluce", "mu", "sigma", "beta", "tau",
    "results", "json", "docs", "review", "md", "png", "n",
}  # fmt: skip


@pytest.fixture(scope="module")
def result() -> SimulationResult:
    return simulate("rapa-nui", ["random", "easy"], 4, 1)


class _Words(HTMLParser):
    """The text a reader sees (and the images' alt texts), without the style."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = tag == "style"
        self.texts.extend(value or "" for name, value in attrs if name == "alt")

    def handle_endtag(self, tag: str) -> None:
        self._style = False

    def handle_data(self, data: str) -> None:
        if not self._style:
            self.texts.append(data)


def english_words(texts: list[str]) -> set[str]:
    """Plain ASCII words of two or more letters that are not data."""
    words = {w.lower() for text in texts for w in re.findall(r"[A-Za-z]{2,}", text)}
    return words - DATA


def _page_words(html: str) -> list[str]:
    parser = _Words()
    parser.feed(html)
    return parser.texts


def test_the_german_page(result: SimulationResult) -> None:
    with using("de"):
        html = page(result, "Rapa Nui")
        names = [load("rapa-nui").category(key) for key in ("fame", "moai", "wood", "sacrifice")]
    assert '<html lang="de">' in html
    for heading in ("Parameter", "Je Bot", "Je Platz", "Diagramme"):
        assert f"<h2>{heading}</h2>" in html
    assert "Rapa Nui: 4 Partien, 2 Spieler, Seed 1" in html
    assert names == ["Ruhm", "Moai", "Holz", "Opfer"]
    for name in names:
        assert f"<th>{name}</th>" in html  # the game's own names, not its keys
    assert "<th>sacrifice</th>" not in html
    assert re.search(r"<td>\d+,\d\s%</td>", html)  # a German percentage
    assert "Siegquote" in html and "fairer Anteil" in html


def test_the_english_page_stays_english(result: SimulationResult) -> None:
    html = page(result, "Rapa Nui")
    assert '<html lang="en">' in html
    assert "<h2>Per agent</h2>" in html and "<th>fame</th>" in html
    assert "Rapa Nui: 4 games, 2 players, seed 1" in html


def test_no_english_word_of_its_own_is_left_on_the_page(result: SimulationResult) -> None:
    with using("en_XA"):
        html = page(result, "Rapa Nui")
    assert '<html lang="en">' in html
    assert english_words(_page_words(html)) == set()
    # the check can fail: the English page is full of them
    assert {"agent", "seat", "win", "rate"} <= english_words(_page_words(page(result, "g")))


def _plot_texts(result: SimulationResult, folder: Path) -> list[str]:
    from matplotlib.text import Text

    figures = [
        draw_win_rates(result, folder / "w.png"),
        draw_scores(result, folder / "s.png"),
        draw_categories(result, folder / "c.png"),
        draw_seats(result, folder / "t.png"),
    ]
    return [
        text.get_text()
        for figure in figures
        for text in figure.findobj(Text)
        if text.get_visible() and text.get_text()
    ]


def test_the_plots_speak_german(result: SimulationResult, tmp_path: Path) -> None:
    with using("de"):
        texts = [t.replace("\xa0", " ") for t in _plot_texts(result, tmp_path)]
    for text in ("Siegquote je Bot (4 Partien, 2 Spieler)", "Endpunkte", "Kategorie", "Ruhm",
                 "Opfer", "Platz 0", "fairer Anteil 50 %", "50 %"):  # fmt: skip
        assert text in texts
    assert "fame" not in texts and "sacrifice" not in texts


def test_no_english_word_of_its_own_is_left_in_the_plots(
    result: SimulationResult, tmp_path: Path
) -> None:
    with using("en_XA"):
        texts = _plot_texts(result, tmp_path)
    assert english_words(texts) == set()
    assert "seat" in english_words(_plot_texts(result, tmp_path))


def test_a_refused_folder_is_told_in_german(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("")
    with (
        using("de"),
        pytest.raises(ReportError, match=r"braucht einen Ordner, aber .* ist eine Datei"),
    ):
        check_report_dir(taken)
    with using("de"), pytest.raises(ReportError, match="lässt sich nicht anlegen"):
        check_report_dir(taken / "inside")
