"""``vaka play``, ``replay``, ``games`` and ``bench`` run as real processes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import vaka as engine
from tests.cli.process import vaka
from vaka.agents.hard import LEARNED_JUDGE


def test_games_lists_each_game_with_its_player_counts() -> None:
    done = vaka("games")
    assert done.returncode == 0, done.stderr
    assert "rapa-nui" in done.stdout and "Rapa Nui" in done.stdout and "2-4" in done.stdout
    assert "atua" in done.stdout and "1-6" in done.stdout and "raiatea" in done.stdout
    assert "first_game=false|true" in done.stdout  # typed as --option first_game=true
    assert "sacrifice=ranked|zero-unsacrificed (default" in done.stdout


def test_play_shows_the_table_and_refuses_bad_input_with_a_reason(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    moves = "help\nfly away\n99\nlay moai\nlog\n1\n1\nquit\n"
    done = vaka("play", "rapa-nui", "-p", "3", "--seed", "5", "--save", str(save), stdin=moves)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Display" in out and "Sacrifice stone" in out and "Players" in out
    assert "0 red (you)" in out or "(you)" in out
    assert "Type the number of a choice" in out  # help
    assert "'fly away' is not a Rapa Nui action" in out
    assert "Choose a number from 1 to" in out
    assert "lay moai is not allowed now" in out
    assert "Turn 1: your turn" in out  # the log
    record = json.loads(save.read_text())
    assert record["game"] == "rapa-nui" and record["seed"] == 5 and record["players"] == 3
    first = engine.load("rapa-nui").new_state(3, 5).legal_actions(0)[0]
    assert record["actions"][0] == [0, str(first)]  # "1" picked the first choice
    state = engine.replay(record)
    assert len(state.history) == len(record["actions"]) >= 3


def test_play_never_shows_a_bots_hand(tmp_path: Path) -> None:
    done = vaka("play", "rapa-nui", "-p", "2", "--seed", "8", stdin="1\n1\nboard\nquit\n")
    assert done.returncode == 0, done.stderr
    state = engine.load("rapa-nui").new_state(2, 8)
    bot_row = next(line for line in done.stdout.splitlines() if line.startswith("│ 1 "))
    assert "3 cards" in bot_row or "2 cards" in bot_row  # a count, not the cards
    assert state.view(1)["seats"][1]["hand"]  # (the bot does hold cards)


def test_play_refuses_a_bad_game_seat_or_player_count() -> None:
    for args, words in (
        (("play", "chess"), "known games: "),
        (("play", "rapa-nui", "-p", "5"), "2-4 players"),
        (("play", "rapa-nui", "--seat", "4"), "seat must be"),
        (("play", "rapa-nui", "--bots", "genius"), "unknown agent"),
    ):
        done = vaka(*args, stdin="quit\n")
        assert done.returncode == 2, (args, done.stdout)
        assert words in done.stderr, (args, done.stderr)


def test_a_whole_game_played_by_typing_choices_ends_with_the_scores(tmp_path: Path) -> None:
    save = tmp_path / "whole.json"
    done = vaka(
        "play", "rapa-nui", "-p", "2", "--seed", "3", "--save", str(save), stdin="1\n" * 400
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout and "Winner" in done.stdout
    state = engine.replay(json.loads(save.read_text()))
    assert state.is_over


def test_replay_steps_through_a_saved_game_as_a_spectator(tmp_path: Path) -> None:
    state = engine.load("rapa-nui").new_state(3, 12)
    rng = engine.Rng(1)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    path = engine.save_record(state, tmp_path / "g.json")
    done = vaka("replay", str(path), "--no-pause")
    assert done.returncode == 0, done.stderr
    assert f"{len(state.history)}/{len(state.history)}" in done.stdout
    assert "Game over" in done.stdout and "Winner" in done.stdout
    as_seat = vaka("replay", str(path), "--no-pause", "--seat", "1")
    assert as_seat.returncode == 0 and "(you)" in as_seat.stdout


def test_replay_refuses_damaged_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": "vaka-record", "version": 1, "game": "rapa-nui", "players": 3, '
        '"seed": 5, "options": {}, "actions": [[0, "draw 9"]]}'
    )
    done = vaka("replay", str(bad))
    assert done.returncode == 2 and "action 1" in done.stderr
    (tmp_path / "junk.json").write_text("not json")
    done = vaka("replay", str(tmp_path / "junk.json"))
    assert done.returncode == 2 and "cannot read a game record" in done.stderr


def test_bench_reports_throughput_as_json() -> None:
    done = vaka("bench", "rapa-nui", "--seconds", "0.2", "--players", "3", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    (result,) = report["results"]
    assert [s["moment"] for s in report["search"]] == ["start", "middle"]
    assert all(s["iterations"] >= 1 for s in report["search"])
    assert result["game"] == "rapa-nui" and result["players"] == 3
    assert result["games"] >= 1 and result["actions"] > 0 and result["actions_per_second"] > 0


def test_game_options_reach_the_game_from_play_and_simulate() -> None:
    done = vaka(
        "play", "rapa-nui", "-p", "2", "--seed", "2", "--option", "rows=top-only", stdin="quit\n"
    )
    assert done.returncode == 0, done.stderr
    assert "+3 hidden" in done.stdout
    fanned = vaka("play", "rapa-nui", "-p", "2", "--seed", "2", stdin="quit\n")
    assert "+3 hidden" not in fanned.stdout
    bad = vaka("simulate", "rapa-nui", "-n", "2", "--option", "rows=open")
    assert bad.returncode == 2 and "must be one of 'fanned', 'top-only'" in bad.stderr
    assert vaka("simulate", "rapa-nui", "-n", "2", "--option", "rows").returncode == 2


def test_play_survives_hostile_input_and_paths(tmp_path: Path) -> None:
    moves = "[/x]\n[bold]x\n²\nHELP\nsave " + str(tmp_path / "[odd].json") + "\nQUIT\n"
    done = vaka("play", "rapa-nui", "-p", "2", "--seed", "4", stdin=moves)
    assert done.returncode == 0, done.stderr
    assert "'[/x]' is not a Rapa Nui action" in done.stdout
    assert "'²' is not a Rapa Nui action" in done.stdout
    assert "Type the number of a choice" in done.stdout  # HELP in capitals
    assert (tmp_path / "[odd].json").exists()
    nowhere = tmp_path / "missing" / "g.json"
    done = vaka("play", "rapa-nui", "--save", str(nowhere), stdin="quit\n")
    assert done.returncode == 2 and "there is no folder" in done.stderr
    for reserved in ("seed=2", "players=3"):
        done = vaka("play", "rapa-nui", "--option", reserved, stdin="quit\n")
        assert done.returncode == 2 and "use --" in done.stderr


def test_choices_say_what_they_cost_or_bring() -> None:
    done = vaka("play", "rapa-nui", "-p", "2", "--seed", "3", stdin="1\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "free" in done.stdout  # laying a hunter-gatherer alone
    assert "uncovers a" in done.stdout  # each row's draw names the card it uncovers


def test_hint_names_the_hard_bots_top_choices_and_changes_nothing(tmp_path: Path) -> None:
    save = tmp_path / "hinted.json"
    done = vaka(
        "play", "rapa-nui", "-p", "2", "--seed", "6", "--save", str(save),
        stdin="hint\n1\nquit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # twice the hard bot's search: two-player Rapa Nui's reads the learned chance
    searched = 2 * LEARNED_JUDGE[("rapa-nui", 2)].iterations
    assert f"The hard bot searched {searched} futures:" in out
    ranked = [line.strip() for line in out.splitlines() if line.strip()[:3] in ("1. ", "2. ")]
    assert len(ranked) == 2 and "← it would play this" in ranked[0]
    assert all("tried" in line and "went well" in line for line in ranked)
    legal = [str(a) for a in engine.load("rapa-nui").new_state(2, 6).legal_actions(0)]
    named = re.match(r"1\. choice (\d+): (.+?): tried", ranked[0])
    assert named is not None, ranked[0]
    assert legal[int(named[1]) - 1] == named[2]  # a choice the player has, by number and text
    record = json.loads(save.read_text())
    first = engine.load("rapa-nui").new_state(2, 6).legal_actions(0)[0]
    assert record["actions"][0] == [0, str(first)]  # the hint played nothing itself


def test_play_options_that_need_a_server_or_a_table_are_refused() -> None:
    for args, said in (
        (("play", "rapa-nui", "--invite", "1"), "--invite needs --server URL"),
        (("play", "--join", "abc"), "--join needs --server URL"),
        (("play", "--server", "localhost:8000", "--join", "abc"), "give the server's address"),
        (("play", "--server", "http://127.0.0.1:1", "--join", "abc"), "give --token TOKEN"),
        (("play", "rapa-nui", "--server", "http://127.0.0.1:1", "--seed", "3"), "--seed is for"),
        (("play", "rapa-nui", "--server", "http://127.0.0.1:1", "-p", "2", "--invite", "2"),
         "only 1 seat besides yours"),
    ):  # fmt: skip
        done = vaka(*args, stdin="")
        assert done.returncode == 2, (args, done.stdout)
        unboxed = " ".join(re.sub("[│╭╮╰╯─]", " ", done.stderr).split())
        assert said in unboxed, (args, done.stderr)
