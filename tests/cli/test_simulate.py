"""``vaka simulate`` run as a user would: a real process, its output and exit status."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.cli.process import vaka
from vaka.cli.main import app


def simulate_json(*args: str) -> dict[str, Any]:
    done = vaka("simulate", *args, "--json")
    assert done.returncode == 0, done.stderr
    # no progress bar when stderr is not a terminal: at most a line now and then
    assert all(re.match(r"simulating: \d+/\d+ games, ", line) for line in done.stderr.splitlines())
    data: dict[str, Any] = json.loads(done.stdout)  # stdout holds nothing but the JSON
    return data


@pytest.fixture(scope="module")
def three_players() -> dict[str, Any]:
    return simulate_json("rapa-nui", "--players", "3", "--games", "20", "--seed", "1")


def test_json_output(three_players: dict[str, Any]) -> None:
    data = three_players
    assert data["game"] == "rapa-nui"
    assert data["players"] == 3 and data["games"] == 20 and data["seed"] == 1
    assert data["agents"] == ["random"] * 3
    assert [seat["seat"] for seat in data["seats"]] == [0, 1, 2]
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(20)
    for seat in data["seats"]:
        rate = seat["win_rate"]
        assert rate["low"] <= rate["rate"] <= rate["high"]
        assert rate["confidence"] == 0.95
        assert seat["score"]["n"] == 20
        assert "total" in seat["categories"]
    assert data["length"]["n"] == 20 and data["length"]["min"] > 0


def test_jobs_do_not_change_the_results(three_players: dict[str, Any]) -> None:
    parallel = simulate_json(
        "rapa-nui", "--players", "3", "--games", "20", "--seed", "1", "--jobs", "2"
    )
    assert parallel == three_players


def test_another_seed_gives_other_games(three_players: dict[str, Any]) -> None:
    other = simulate_json("rapa-nui", "--players", "3", "--games", "20", "--seed", "2")
    assert other["seats"] != three_players["seats"]


def test_players_default_to_the_most_the_game_allows() -> None:
    assert simulate_json("rapa-nui", "--games", "2")["players"] == 4


def test_an_agent_list_sets_the_players() -> None:
    data = simulate_json("rapa-nui", "--games", "2", "--agents", "random,random")
    assert data["players"] == 2 and data["agents"] == ["random", "random"]


def test_table_output() -> None:
    done = vaka("simulate", "rapa-nui", "-p", "2", "-n", "10")
    assert done.returncode == 0, done.stderr
    for text in ("Rapa Nui: 10 games, 2 players, seed 1", "win rate", "95% CI", "median"):
        assert text in done.stdout
    assert "Game length: mean" in done.stdout and "actions" in done.stdout


def test_unknown_game_exits_2_naming_the_known_games() -> None:
    done = vaka("simulate", "monopoly", "--games", "1")
    assert done.returncode == 2
    assert "unknown game 'monopoly'" in done.stderr
    assert "rapa-nui" in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games"),
        (["--jobs", "0"], "--jobs"),
        (["--players", "9"], "2-4 players"),
        (["--players", "0"], "--players"),
        (["--agents", "random,nobody"], "unknown agent 'nobody'"),
        (["--agents", "random,random", "--players", "3"], "--agents"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    # In-process (a real process costs a second each): same app, same exit status.
    done = CliRunner().invoke(app, ["simulate", "rapa-nui", "--games", "1", *args])
    assert done.exit_code == 2
    assert message in done.stderr
    assert done.exception is None or isinstance(done.exception, SystemExit)
    assert done.stdout == ""


def test_help_teaches_by_example() -> None:
    done = CliRunner().invoke(app, ["simulate", "--help"], env={"COLUMNS": "120"})
    assert done.exit_code == 0
    assert "Examples" in done.stdout
    assert "vaka simulate rapa-nui --json" in done.stdout


def simulate_json_in_process(*args: str) -> dict[str, Any]:
    """``vaka simulate ... --json`` in this process: the same app, a second faster."""
    done = CliRunner().invoke(app, ["simulate", *args, "--json"])
    assert done.exit_code == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_agents_rotate_over_the_seats_unless_told_not_to() -> None:
    rotated = simulate_json_in_process("rapa-nui", "--agents", "medium,random", "--games", "4")
    assert rotated["rotate"] is True
    for seat in rotated["seats"]:
        assert seat["agent"] == "mixed"
        assert seat["agents"] == {"medium": 2, "random": 2}
    fixed = simulate_json_in_process(
        "rapa-nui", "--agents", "medium,random", "--games", "4", "--no-rotate"
    )
    assert fixed["rotate"] is False
    assert [seat["agents"] for seat in fixed["seats"]] == [{"medium": 4}, {"random": 4}]
    assert [seat["agent"] for seat in fixed["seats"]] == ["medium", "random"]


def test_json_has_per_agent_statistics_and_ratings() -> None:
    data = simulate_json_in_process("rapa-nui", "--agents", "medium,random,random", "--games", "6")
    assert [a["agent"] for a in data["by_agent"]] == ["medium", "random"]
    assert [a["games"] for a in data["by_agent"]] == [6, 12]
    assert sum(a["wins"] for a in data["by_agent"]) == pytest.approx(6)
    assert all(a["fair_share"] == pytest.approx(1 / 3) for a in data["by_agent"])
    assert [r["agent"] for r in data["ratings"]] == ["medium", "random"]
    for rating in data["ratings"]:
        assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"])
    assert data["rating_model"]["model"] == "PlackettLuce"


def test_a_report_path_that_is_a_file_exits_2(tmp_path: Path) -> None:
    taken = tmp_path / "taken.txt"
    taken.write_text("keep me")
    for path, message in [
        (taken, f"--report needs a folder, but {str(taken)!r} is a file"),
        (taken / "out", f"{str(taken)!r} is a file"),
    ]:
        done = CliRunner().invoke(
            app, ["simulate", "rapa-nui", "-a", "medium,random", "--report", str(path)]
        )
        assert done.exit_code == 2
        squeeze = "".join  # the console wraps long lines, even inside a path
        assert squeeze(message.split()) in squeeze(done.stderr.split())
        assert "Traceback" not in done.stderr
        assert done.stdout == ""
    assert taken.read_text() == "keep me"


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_report_writes_a_page_its_plots_and_the_json(tmp_path: Path) -> None:
    folder = tmp_path / "report"  # made by the command
    done = vaka(
        "simulate", "rapa-nui", "-a", "medium,random", "-n", "6", "--json", "--report", str(folder)
    )
    assert done.returncode == 0, done.stderr
    assert f"Report: {folder / 'index.html'}" in done.stderr.replace("\n", "")
    html = (folder / "index.html").read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "</html>" in html
    assert "Rapa Nui: 6 games, 2 players, seed 1" in html
    pngs = ["win_rate.png", "scores.png", "categories.png", "seats.png"]
    for name in pngs:
        data = (folder / name).read_bytes()
        assert data.startswith(PNG_SIGNATURE), name
        assert len(data) > 5000, name  # a real picture, not an empty canvas
        assert f'<img src="{name}"' in html
    assert sorted(p.name for p in folder.iterdir()) == sorted(["index.html", "results.json", *pngs])
    # results.json holds what --json prints
    assert json.loads((folder / "results.json").read_text()) == json.loads(done.stdout)


def test_report_in_the_readers_language(tmp_path: Path) -> None:
    from tests.sim.test_report_language import _page_words, english_words

    run = ("simulate", "rapa-nui", "-p", "2", "--agents", "random,easy", "--games", "4")
    done = vaka("--lang", "de", *run, "--report", str(tmp_path / "de"))
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "de" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in html
    for heading in ("<h2>Parameter</h2>", "<h2>Je Bot</h2>", "<h2>Diagramme</h2>", "<th>Ruhm</th>"):
        assert heading in html
    assert "4 Partien, 2 Spieler" in html
    english = json.loads((tmp_path / "de" / "results.json").read_text())
    assert "fame" in english["by_agent"][0]["categories"]  # the data keeps its keys
    done = vaka("--lang", "en_XA", *run, "--report", str(tmp_path / "xa"))
    assert done.returncode == 0, done.stderr
    pseudo = (tmp_path / "xa" / "index.html").read_text(encoding="utf-8")
    assert english_words(_page_words(pseudo)) == set()


def test_table_output_shows_agents_ratings_and_seats() -> None:
    done = CliRunner().invoke(
        app, ["simulate", "rapa-nui", "-a", "medium,random", "-n", "4"], env={"COLUMNS": "120"}
    )
    assert done.exit_code == 0, done.stderr
    for text in ("seats rotated", "fair share", "Ratings", "ordinal", "Per seat", "rotated"):
        assert text in done.stdout


@pytest.mark.parametrize("players", [1, 4, 6])
def test_atua_simulates_at_every_size_including_solo(players: int) -> None:
    data = simulate_json("atua", "-p", str(players), "-n", "2", "--agents", "random")
    assert data["game"] == "atua" and data["players"] == players and data["games"] == 2
    wins = sum(seat["wins"] for seat in data["seats"])
    # a solo game Tahuma wins has no winning seat
    assert (wins <= 2) if players == 1 else wins == pytest.approx(2)
    assert "fishing" in data["seats"][0]["categories"]


def test_bench_runs_atua() -> None:
    done = vaka("bench", "atua", "--seconds", "0.3", "--players", "2", "--json")
    assert done.returncode == 0, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["game"] == "atua" and result["actions"] > 0


def test_review_attaches_each_agents_accuracy_and_labels(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = ("rapa-nui", "-p", "2", "-n", "1", "-a", "medium,random", "--review")
    tiny = ("--review-budget", "1", "--review-iterations", "5")
    done = vaka("simulate", *args, *tiny, "--report", str(out))
    assert done.returncode == 0, done.stderr
    assert "Reviews (1 playout per candidate)" in done.stdout
    rows = [line for line in done.stdout.splitlines() if line.startswith(("│ medium", "│ random"))]
    assert any("%" in row and "–" in row for row in rows[-2:])  # shares with intervals
    data = json.loads((out / "results.json").read_text())
    reviews = {r["agent"]: r for r in data["reviews"]}
    assert set(reviews) == {"medium", "random"}
    for review in reviews.values():
        assert review["seat_games"] == 1 and 0 <= review["accuracy"] <= 100
        shares = review["labels"]
        assert sum(s["count"] for s in shares.values()) == review["decisions"] > 0
        assert all(s["ci95"][0] <= s["share"] <= s["ci95"][1] for s in shares.values())
    assert data["review_budget"] == {
        "playouts": 1,
        "candidates": 4,
        "iterations": 5,
        "confirm": True,
        "horizon": 4,
        "learned": True,
    }
    assert "<h2>Reviews</h2>" in (out / "index.html").read_text()
    bad = vaka("simulate", *args, "--review-budget", "0")
    assert bad.returncode == 2 and "review-budget" in bad.stderr
    german = vaka("--lang", "de", "simulate", *args, *tiny)
    assert german.returncode == 0, german.stderr
    words = " ".join(german.stdout.split())
    assert "Besprechungen (1 Partie je Kandidat)" in words and "Genauigkeit" in words
    assert "Fehler" in words and "blunder" not in words and "mistake" not in words
