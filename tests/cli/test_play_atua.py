"""``vaka play atua``: the multi-player and the solo game, as real processes."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import vaka as engine
from tests.cli.process import vaka
from vaka.games.atua.candidates import candidates
from vaka.games.atua.geometry import check
from vaka.games.atua.placement import Placement
from vaka.games.atua.state import AtuaState

NS = "{http://www.w3.org/2000/svg}"


def test_a_whole_three_player_game_with_pictures(tmp_path: Path) -> None:
    save, pictures = tmp_path / "atua.json", tmp_path / "pics"
    done = vaka(
        "play", "atua", "--players", "3", "--seed", "3", "--bots", "random",
        "--save", str(save), "--pictures", str(pictures), stdin="1\n" * 400,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "row: 1:" in out and "fate tiles:" in out  # the table
    assert "Pictures (open in a browser" in out and str(pictures) in out
    assert "Game over: final scoring" in out and "Winner" in out
    svgs = sorted(p.name for p in pictures.iterdir())
    assert svgs == [
        "atua-choices.svg", "atua-seat0.svg", "atua-seat1.svg", "atua-seat2.svg", "atua-table.svg"
    ]  # fmt: skip
    state = engine.replay(json.loads(save.read_text()))
    assert state.is_over and state.players == 3
    assert_final_pictures(pictures, state)


def assert_final_pictures(folder: Path, state: engine.State) -> None:
    """The pictures left in ``folder`` show the game's final state: every card on every
    island (the bots' last ones too), nothing waiting to be placed."""
    assert isinstance(state, AtuaState)
    table = (folder / "atua-table.svg").read_text()
    assert "to place:" not in table and "Atua, turn" in table
    assert "The game is over." in (folder / "atua-choices.svg").read_text()
    for seat, island in enumerate(state.islands):
        root = ET.fromstring((folder / f"atua-seat{seat}.svg").read_text())
        drawn = {p.get("data-card") for p in root.iter(f"{NS}path") if p.get("data-card")}
        in_sight = {
            p.card
            for i, p in enumerate(island.placements)
            if any(pieces[i].area > 0 for pieces in island.pieces.values())
        }
        assert drawn == in_sight, seat
        assert island.placements[-1].card in drawn


def test_replay_writes_the_final_pictures(tmp_path: Path) -> None:
    save, pictures = tmp_path / "atua.json", tmp_path / "replayed"
    played = vaka(
        "play", "atua", "-p", "2", "--seed", "8", "--bots", "random", "--save", str(save),
        "--pictures", str(tmp_path / "played"), stdin="1\n" * 300,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    done = vaka("replay", str(save), "--seat", "0", "--no-pause", "--pictures", str(pictures))
    assert done.returncode == 0, done.stderr
    said = "".join(done.stdout.split())  # the screen wraps long lines
    assert (
        "".join(f"Pictures (open in a browser, reload after each move): {pictures}".split()) in said
    )
    assert done.stdout.count("Pictures (") == 1  # said once, at the end
    assert_final_pictures(pictures, engine.replay(json.loads(save.read_text())))


def test_a_whole_solo_game_against_tahuma(tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    done = vaka(
        "play", "atua", "--solo", "--level", "hard", "--seed", "3",
        "--save", str(save), "--pictures", str(tmp_path), stdin="1\n" * 200,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Atua, 1 player, seed 3" in done.stdout
    assert "solo vs Tahuma (hard: starts at 20)" in done.stdout  # calibrated by default
    assert "Tahuma wins" in done.stdout or "You beat Tahuma" in done.stdout
    record = json.loads(save.read_text())
    assert record["players"] == 1 and record["options"]["level"] == "hard"
    assert engine.replay(record).is_over


def test_an_exact_placement_can_be_typed(tmp_path: Path) -> None:
    """Any placement the rules allow is accepted, not only the numbered candidates."""
    state = engine.load("atua").new_state(1, 4, level="easy")
    state.apply(0, "take right")
    state.apply(0, "give")
    card = state.held  # type: ignore[attr-defined]
    island = state.islands[0]  # type: ignore[attr-defined]
    offered = candidates(island, card)
    exact = next(
        q
        for p in offered
        for q in (Placement(card, p.x + dx, p.y, p.angle) for dx in (1, -1, 2, -2, 3))
        if q not in offered and check(island, q) is None
    )
    bad = Placement(card, 15000, 15000, 0)
    save = tmp_path / "exact.json"
    moves = f"take right\ngive\n{bad}\n{exact}\nquit\n"
    done = vaka(
        "play", "atua", "--solo", "--level", "easy", "--seed", "4", "--save", str(save),
        "--pictures", str(tmp_path), stdin=moves,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "covers no symbol completely" in done.stdout  # the rule the bad one breaks
    assert "Allowed: 40 placements" in done.stdout and "now: now:" not in done.stdout
    assert str(offered[0]) not in done.stdout.split("covers no symbol")[1]  # not listed
    actions = json.loads(save.read_text())["actions"]
    assert [a for _, a in actions[:3]] == ["take right", "give", str(exact)]


def test_solo_and_level_are_checked() -> None:
    for args, words in (
        (("play", "rapa-nui", "--solo"), "Rapa Nui has no solo game"),
        (("play", "atua", "--solo", "-p", "3"), "a solo game has 1 player"),
        (("play", "rapa-nui", "--level", "hard"), "Rapa Nui has no levels"),
        (("play", "atua", "--solo", "--level", "mythic"), "must be one of"),
        (("play", "atua", "--solo", "--level", "hard", "--option", "level=easy"), "once"),
    ):
        done = vaka(*args, stdin="quit\n")
        assert done.returncode == 2, (args, done.stdout)
        assert words in done.stderr, (args, done.stderr)


def test_the_rulebooks_legendary_level_from_the_command_line() -> None:
    """Solo setup, "Legendary = 42 points": the rulebook's name for the top level is
    accepted, and the help names it; its printed start with ``--option tahuma=printed``."""
    done = vaka(
        "play", "atua", "--solo", "--level", "legendary", "--option", "tahuma=printed",
        "--seed", "1", stdin="quit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "solo vs Tahuma (legendary as printed: starts at 42)" in done.stdout
    helped = vaka("play", "--help")
    assert "legendary" in " ".join(helped.stdout.split())


def test_vaka_games_says_which_solo_starts_are_used() -> None:
    """The levels' help names the calibrated starts and the printed ones, and the option
    that chooses between them."""
    done = vaka("games")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.replace("│", " ").split())
    for words in (
        "easy 5, medium 13, hard 20, legendary 27",
        "tahuma=printed for the rulebook's easy 20, medium 28, hard 35, legendary 42",
        "tahuma=calibrated|printed (default calibrated)",
    ):
        assert words in text, words


def test_a_first_game_without_tiles_from_the_command_line(tmp_path: Path) -> None:
    done = vaka(
        "play", "atua", "-p", "2", "--seed", "1", "--option", "first_game=true",
        "--pictures", str(tmp_path), stdin="quit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "row: 1:" in done.stdout and "fate tiles:" not in done.stdout


def test_a_solo_hint_tells_the_lead_over_tahuma_each_choice_should_bring() -> None:
    done = vaka("play", "atua", "--solo", "--level", "easy", "--seed", "5", stdin="hint\nquit\n")
    assert done.returncode == 0, done.stderr
    ranked = [line.strip() for line in done.stdout.splitlines() if line.strip()[:3] == "1. "]
    assert ranked and "expected final lead" in ranked[-1] and "points" in ranked[-1]
    assert "← it would play this" in ranked[-1]
    # each named by its number in the list as well as by its text
    listed = dict(re.findall(r"^ +(\d+) +(take \w+) ", done.stdout, re.MULTILINE))
    named = re.findall(r"\d\. choice (\d+): (take \w+): tried", done.stdout)
    assert named and all(listed[number] == text for number, text in named), (listed, named)
