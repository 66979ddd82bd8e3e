"""The rules at hand from the command line and in a real terminal at 80x40."""

from __future__ import annotations

from pathlib import Path

import vaka as engine
from tests.cli.process import vaka
from tests.cli.terminal import Terminal

PROMPT = r"your move> "


def test_rules_prints_the_summary_and_the_key_and_explains_a_name() -> None:
    done = vaka("rules", "rapa-nui")
    assert done.returncode == 0, done.stderr
    assert "Rapa Nui: the rules in short" in done.stdout and "Rapa Nui: the screen" in done.stdout
    assert "card worth" in done.stdout and "7 wood" in done.stdout
    done = vaka("rules", "atua", "AKROA")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Akroa (r1): resident") and "birds" in done.stdout
    done = vaka("rules", "raiatea", "Path", "of", "the", "Gods")
    assert "Kahuna bonus" in " ".join(done.stdout.split())
    done = vaka("rules", "raiatea", "RN05")
    assert "Reconstructed:" in done.stdout and "raiatea-content.md" in done.stdout


def test_rules_answers_a_miss_with_a_suggestion_and_status_2() -> None:
    done = vaka("rules", "atua", "akroaa")
    assert done.returncode == 2
    assert "Atua has no 'akroaa'; did you mean Akroa?" in done.stderr
    assert vaka("rules", "chess").returncode == 2


def test_version() -> None:
    done = vaka("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"vaka {engine.__version__}"


def test_games_says_which_content_is_reconstructed_and_where_to_read_why() -> None:
    out = " ".join(vaka("games").stdout.split())
    assert "Reconstructed content" in out
    for words in (
        "Rapa Nui: The make-up of the four starting sets",
        "docs/rules/rapa-nui.md",
        "The 92 rituals, the 72 forest cards",
        "68 To'o missions",
        "docs/rules/raiatea-content.md",
        "The faces of the 58 island and 6 village cards",
        "docs/rules/atua-geometry.md",
    ):
        assert words in out, words


def test_bench_says_how_long_it_takes_and_where_it_is() -> None:
    done = vaka("bench", "rapa-nui", "--players", "2", "--seconds", "0.1", "--json")
    assert done.returncode == 0, done.stderr
    assert "1 game size, 3 figures of about 0.1 s each: about 0.3 s." in done.stderr
    assert "1/1 measuring rapa-nui, 2 players… (about 0.3 s left)" in done.stderr


def test_help_gives_the_examples_of_the_game_being_played() -> None:
    for game, example, other in (
        ("raiatea", "claim forest", "lay 2 fish"),
        ("atua", "take 2", "lay 2 fish"),
        ("rapa-nui", "lay 2 fish", "claim forest"),
    ):
        done = vaka("play", game, "--seed", "3", "--bots", "random", stdin="help\nquit\n")
        assert done.returncode == 0, done.stderr
        assert f"Examples in {engine.load(game).name}:" in done.stdout
        assert example in done.stdout and other not in done.stdout, game


def test_rules_and_explain_in_a_terminal_at_80_by_40(tmp_path: Path) -> None:
    term = Terminal(
        "play", "atua", "-p", "3", "--seed", "7", "--bots", "random",
        "--pictures", str(tmp_path), cwd=str(tmp_path),
    )  # fmt: skip
    with term:
        term.expect(PROMPT)
        term.line("rules")
        shown = term.expect(PROMPT)
        assert "Atua: the rules in short" in shown and "explain NAME" in shown
        assert len(shown.splitlines()) <= 40  # the summary fits the screen
        assert max(len(line) for line in shown.splitlines()) <= 80
        term.line("explain akroa")
        shown = term.expect(PROMPT)
        assert "Akroa (r1): resident" in shown and "3 points for every 2 birds" in shown
        term.line("explain akroaa")
        assert "did you mean Akroa?" in term.expect(PROMPT)
        term.line("help")
        shown = term.expect(PROMPT)
        assert "Examples in Atua:" in shown and "take 2" in shown and "draw 2" not in shown
        assert "explain NAME" in shown
        term.line("quit")
        term.expect("Stopped")
        assert term.wait() == 0, term.text[-2000:]
