"""``vaka review``: the terminal summary, the JSON and the HTML page with its graphs."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

from tests.cli.process import vaka
from tests.sim.test_review import PLANT_AT, PLANT_BAD, PLANT_SEAT, planted, random_record
from vaka.cli.common import console
from vaka.cli.review import show
from vaka.core.record import record_text, replay, save_record
from vaka.sim.review import Budget, Decision, Estimate, Review, review_game


def planted_file(tmp_path: Path) -> Path:
    record, _ = planted()
    path = tmp_path / "game.json"
    path.write_text(record_text(record), encoding="utf-8")
    return path


def table_row(out: str, number: int) -> list[str]:
    """The cells of the labelled decisions' row that starts with ``number``, each cell's
    wrapped lines joined; columns are cut where the header's names begin."""
    lines = out.splitlines()
    head = next(line for line in lines if re.match(r"#  +seat  +taken  ", line))
    starts = [0] + [m.end() for m in re.finditer(r"  +(?=\S)", head)]  # gaps of 2 or more
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{number} "))
    rows = [lines[start]]
    for line in lines[start + 1 :]:
        if not line.strip() or line[: starts[1]].strip():  # a new row, or the table's end
            break
        rows.append(line)
    bounds = list(zip(starts, [*starts[1:], None], strict=True))
    cells = [[line[a:b] for a, b in bounds] for line in rows]
    return [" ".join(" ".join(c[k] for c in cells).split()) for k in range(len(bounds))]


def test_review_prints_accuracy_and_the_planted_blunder(tmp_path: Path) -> None:
    path = planted_file(tmp_path)
    args = ("--seat", str(PLANT_SEAT), "--from", "69", "--budget", "6")
    result = vaka("review", str(path), *args, columns=80)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Accuracy per seat" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    words = " ".join(out.split())  # the terminal wraps long lines
    # a turning point, in the game's words: the turn, and the row drawn from by its card
    assert f"· #{PLANT_AT + 1} turn " in words
    assert f"seat {PLANT_SEAT}: taking the " in words and " from row 2 left " in words
    # the labelled decision in the same words: the card taken from row 2, a card of another
    # row better, not the actions' text ("draw 2")
    number, seat, taken, label, _, best, _ = table_row(out, PLANT_AT + 1)
    assert (number, seat) == (str(PLANT_AT + 1), str(PLANT_SEAT))
    assert re.fullmatch(r"taking the .+ from row 2", taken), taken
    assert re.fullmatch(r"taking the .+ from row [134]", best), best
    assert label in ("blunder", "mistake")


def test_review_writes_an_html_page_with_a_graph_per_seat(tmp_path: Path) -> None:
    path = planted_file(tmp_path)
    page = tmp_path / "review.html"
    args = ("--from", "69", "--budget", "3", "--full-information", "--html", str(page))
    result = vaka("review", str(path), *args, columns=80)
    assert result.returncode == 0, result.stderr
    assert f"Review page: {page}" in result.stdout.replace("\n", "")
    # with the column of full information too, the table keeps within 80 columns, and that
    # column names the best candidate in words
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "knowing" in result.stdout and PLANT_BAD not in result.stdout
    text = page.read_text(encoding="utf-8")
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert len(images) == 2  # one graph per seat
    for data in images:
        png = base64.b64decode(data)
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5000
    assert "Turning points" in text and PLANT_BAD in text
    # the turning point links to its move in the list
    assert f'<a href="#m{PLANT_AT + 1}">' in text and f'<tr id="m{PLANT_AT + 1}">' in text
    assert "as seat 1 saw it" in text  # the labelled position's picture
    # the move list names the judged actions in words, their text in the title
    row = text.split(f'<tr id="m{PLANT_AT + 1}">')[1].split("</tr>")[0]
    taken = re.search(rf'<td><span title="{PLANT_BAD}">([^<]+)</span></td>', row)
    assert taken and re.fullmatch(r"taking the .+ from row 2", taken[1]), row
    assert f">{PLANT_BAD}<" not in row
    assert "knowing every card (not part of the review)" in text


def test_the_review_page_speaks_the_readers_language(tmp_path: Path) -> None:
    """``--lang de --html``: the page's words, labels and numbers in German; in the
    pseudo-language, no English word of the page's own is left (only the game's record
    and the action texts, in titles)."""
    path = planted_file(tmp_path)
    page = tmp_path / "review.html"
    args = ("review", str(path), "--from", "69", "--budget", "3", "--full-information")
    result = vaka("--lang", "de", *args, "--html", str(page))
    assert result.returncode == 0, result.stderr
    text = page.read_text(encoding="utf-8")
    assert '<html lang="de">' in text
    for words in ("Wendepunkte", "Besprechung: Rapa Nui, 2 Spieler", "Urteile: Ungenauigkeit ab",
                  "Bewertung der Lagen: gelernte Siegchance", "wie Platz 1 sie sah"):  # fmt: skip
        assert words in text, words
    assert re.search(r"\d+\u00a0% \(", text)  # a candidate's win chance, as German writes it
    for english in ("Turning points", "Final scores", "win chance", "as seat 1 saw it"):
        assert english not in text, english
    result = vaka("--lang", "en_XA", *args, "--html", str(page))
    assert result.returncode == 0, result.stderr
    shown = re.sub(
        r"<style>.*?</style>|<[^>]+>|base64,[^\"]+", " ", page.read_text("utf-8"), flags=re.S
    )
    left = set(re.findall(r"\b(?:the|of|seat|chance|review|and|from)\b", shown))
    assert not left, left


def test_review_json_is_the_review_and_does_not_depend_on_jobs(tmp_path: Path) -> None:
    path = planted_file(tmp_path)
    args = ("review", str(path), "--from", "70", "--budget", "2", "--seed", "4", "--json")
    one, two = vaka(*args), vaka(*args, "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    record = json.loads(path.read_text(encoding="utf-8"))
    n = len(record["actions"])
    expected = review_game(record, budget=Budget(playouts=2), seed=4, only=range(69, n))
    assert data == json.loads(json.dumps(expected.to_json()))


def test_review_refuses_bad_input(tmp_path: Path) -> None:
    path = planted_file(tmp_path)
    assert vaka("review", str(path), "--seat", "5").returncode == 2
    assert vaka("review", str(tmp_path / "missing.json")).returncode == 2
    record, _ = planted()
    unfinished = tmp_path / "unfinished.json"
    save_record(replay(record, upto=20), unfinished)
    result = vaka("review", str(unfinished))
    assert result.returncode == 2 and "not finished" in result.stderr
    assert vaka("review", str(path), "--budget", "0").returncode == 2
    assert vaka("review", str(path), "--horizon", "soon").returncode == 2
    assert vaka("review", str(path), "--horizon", "-1").returncode == 2


def test_review_horizon_is_the_budgets(tmp_path: Path) -> None:
    """``--horizon N`` and ``--horizon full`` reach the budget, and the JSON records it."""
    path = planted_file(tmp_path)
    args = ("review", str(path), "--from", "60", "--seat", "0", "--budget", "1", "--json")
    for given, horizon in (("2", 2), ("full", None), (" FULL ", None)):
        done = vaka(*args, "--horizon", given)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["budget"]["horizon"] == horizon
    done = vaka(*args)
    assert json.loads(done.stdout)["budget"]["horizon"] == Budget().horizon


def test_a_solo_review_speaks_of_one_player_and_of_points(tmp_path: Path) -> None:
    record = random_record("atua", 1, 2)
    path = tmp_path / "solo.json"
    path.write_text(record_text(record), encoding="utf-8")
    page = tmp_path / "solo.html"
    n = len(record["actions"])
    args = ("--from", str(n - 2), "--budget", "1", "--iterations", "10", "--html", str(page))
    result = vaka("review", str(path), *args, columns=80)
    assert result.returncode == 0, result.stderr
    words = " ".join(result.stdout.split())
    assert "Atua, 1 player, seed 2:" in words and "1 players" not in words
    assert "<title>Review: Atua, 1 player, seed 2</title>" in page.read_text(encoding="utf-8")


def test_the_labelled_decisions_keep_every_number_whole_at_80_columns() -> None:
    """A solo review's losses and final leads are the widest numbers; at 80 columns the
    actions in words wrap narrower instead of the last column being cut."""
    words = (("a", "taking c56 (the right card)"), ("b", "letting Tahuma have c32"))
    decision = Decision(
        40, 0, "a", 3, (Estimate("b", 1.0, -10.0), Estimate("a", 1.0, -15.5)),
        "inaccuracy", 0.18, 5.5, 0.03, solo=True, points=30.0, by_lead=True, words=words,
    )  # fmt: skip
    review = Review("atua", 1, 11, (0,), 0, Budget(), (decision,), (50.0,), (0,))
    width = console.width
    console.width = 80
    try:
        with console.capture() as captured:
            show(review, 1.0)
    finally:
        console.width = width
    out = captured.get()
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "5.5 pts ± 0.9" in out and "-15.5 → -10.0" in out
    assert "1 decision reviewed" in out


def test_the_review_says_which_evaluation_judged_it(tmp_path: Path) -> None:
    """Two-player Rapa Nui ships a learned model: the terminal and the JSON name it;
    ``--hand-written`` falls back to the hand-written estimate and says so."""
    path = planted_file(tmp_path)
    args = ("review", str(path), "--from", str(PLANT_AT + 1), "--seat", str(PLANT_SEAT))
    args += ("--budget", "2")
    shown = " ".join(vaka(*args, columns=200).stdout.split())
    assert "by the learned win chance (rapa-nui-2p.1)." in shown
    data = json.loads(vaka(*args, "--json").stdout)
    assert data["evaluation"] == "learned win chance (rapa-nui-2p.1)"
    assert data["budget"]["learned"] is True
    data = json.loads(vaka(*args, "--json", "--hand-written").stdout)
    assert data["evaluation"] == "hand-written estimate (asked for)"
    assert data["budget"]["learned"] is False


def test_review_speaks_german_in_its_workers_too(tmp_path: Path) -> None:
    """``--lang de``: the turning points and the labelled decisions in German, the actions
    said by the game in German, also where worker processes judged them (``--jobs 2``)."""
    path = planted_file(tmp_path)
    args = ("--seat", str(PLANT_SEAT), "--from", "69", "--budget", "6", "--jobs", "2")
    result = vaka("--lang", "de", "review", str(path), *args, columns=200)
    assert result.returncode == 0, result.stderr
    words = " ".join(result.stdout.split())
    assert "Wendepunkte" in words
    assert f"· #{PLANT_AT + 1} Zug " in words
    assert f"Platz {PLANT_SEAT}: " in words and " aus Reihe 2 nehmen ließ " in words
    assert "taking the " not in words and " from row " not in words
    # what judged it, and what each decision gave up, as German writes them
    assert "gelernte Siegchance (rapa-nui-2p." in words
    assert "learned win chance" not in words
    assert re.search(r"\d+ % ± \d+ %", words), words
