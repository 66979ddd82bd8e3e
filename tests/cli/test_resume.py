"""Resume, undo, leaving and stepping back, driven as a person would: ``vaka play`` and
``vaka replay`` run as real processes, in a pseudo-terminal of 80×40 where what matters is
what the screen shows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import vaka as engine
from tests.cli.process import vaka
from tests.cli.terminal import CTRL_D, Terminal
from vaka.agents.hard import LEARNED_JUDGE
from vaka.cli.session import Sitting
from vaka.core.errors import InvalidRecord

PROMPT = "your move> "
RAPA_NUI = ("play", "rapa-nui", "-p", "3", "--seed", "5")


def screens(out: str) -> list[str]:
    """What was shown before each prompt (in a terminal, without the typed line that
    follows the prompt before it)."""
    parts = out.split(PROMPT)
    return [parts[0]] + [part.partition("\n")[2] for part in parts[1:-1]]


def test_load_continues_at_the_same_screen_and_the_same_game(tmp_path: Path) -> None:
    # Uninterrupted: four decisions against two medium bots, then the fifth screen.
    whole = tmp_path / "whole.json"
    with Terminal(*RAPA_NUI, "--save", str(whole), cwd=str(tmp_path)) as term:
        for _ in range(4):
            term.expect(PROMPT)
            term.line("1")
        term.expect(PROMPT)
        term.line("quit")
        assert term.wait() == 0
        straight = screens(term.output)
    # The same, stopped after two decisions and continued from the file.
    part = tmp_path / "part.json"
    with Terminal(*RAPA_NUI, cwd=str(tmp_path)) as term:
        for _ in range(2):
            term.expect(PROMPT)
            term.line("1")
        term.expect(PROMPT)
        term.line(f"save {part}")
        term.expect(PROMPT)
        term.line("quit")
        assert term.wait() == 0
        stopped = screens(term.output)
    assert f"continue it with: vaka play --load {part}" in " ".join(term.output.split())
    with Terminal("play", "--load", str(part), cwd=str(tmp_path)) as term:
        first = term.expect(PROMPT)
        assert "You are seat 0" in first and "seed 5" in first
        assert "Continued from" in first
        assert stopped[2] == straight[2]
        assert first.endswith("\n" + stopped[2] + PROMPT)  # the screen where play stopped
        for _ in range(2):
            term.line("1")
            term.expect(PROMPT)
        assert screens(term.output)[-1] == straight[4]
        term.line("save")  # to the file it came from
        term.expect(PROMPT)
        term.line("quit")
        assert term.wait() == 0
    # The bots answered exactly as in the game that was never stopped.
    assert json.loads(part.read_text())["actions"] == json.loads(whole.read_text())["actions"]
    table = json.loads(part.read_text())["table"]
    assert table["seat"] == 0 and table["bots"] == {"1": "medium", "2": "medium"}


def test_load_refuses_missing_damaged_and_foreign_files(tmp_path: Path) -> None:
    plain_record = engine.save_record(engine.load("rapa-nui").new_state(2, 1), tmp_path / "r.json")
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"format": "chess-pgn"}')
    for name, said in (
        ("missing.json", "cannot read a game record"),
        ("bad.json", "cannot read a game record"),
        ("other.json", "not a vaka game record"),
        (plain_record.name, "no seats and bots"),
    ):
        before = sorted(p.name for p in tmp_path.iterdir())
        done = vaka("play", "--load", str(tmp_path / name), stdin="quit\n", cwd=str(tmp_path))
        assert done.returncode == 2, (name, done.stdout)
        assert said in " ".join(done.stderr.split()), (name, done.stderr)
        assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written
    done = vaka("play", "rapa-nui", "--load", str(plain_record), stdin="quit\n")
    assert done.returncode == 2 and "saved game brings its own" in " ".join(done.stderr.split())


def test_a_damaged_table_section_is_refused_saying_where(tmp_path: Path) -> None:
    game = engine.load("rapa-nui")
    sitting = Sitting(game, game.new_state(3, 5), 0, {1: "medium", 2: "hard"})
    sitting.play(sitting.state.legal_actions(0)[0])
    good = sitting.record()
    assert good["table"] == {"seat": 0, "bots": {"1": "medium", "2": "hard"}, "revealed": "0"}
    path = tmp_path / "g.json"
    for table, said in (
        ({"seat": 7}, "the player's seat: seat must be"),
        ({"bots": {"1": "medium"}}, "should name a level for each of seats 1, 2"),
        ({"bots": {"1": "medium", "2": "genius"}}, "unknown agent 'genius'"),
        ({"revealed": "01"}, "a 0 or 1 for each action"),
        ({"revealed": "x"}, "a 0 or 1 for each action"),
    ):
        path.write_text(json.dumps({**good, "table": {**good["table"], **table}}))
        with pytest.raises(InvalidRecord, match=re.escape(said)):
            Sitting.load(path)
    path.write_text(json.dumps(good))
    loaded = Sitting.load(path)
    assert loaded.record() == good and loaded.state.history == sitting.state.history


def test_undo_restores_the_previous_screen(tmp_path: Path) -> None:
    with Terminal(*RAPA_NUI, cwd=str(tmp_path)) as term:
        term.expect(PROMPT)
        term.line("1")  # lay a fish
        term.expect(PROMPT)
        term.line("1")  # take a card; then both bots play their turns
        term.expect(PROMPT)
        term.line("undo")
        said = term.expect(PROMPT)
        assert "Took back your last decision and the 4 bot actions after it" in said
        term.line("undo")
        term.expect(PROMPT)
        term.line("undo")
        refused = term.expect(PROMPT)
        term.line("quit")
        assert term.wait() == 0
        shown = screens(term.output)
    tables = [screen[screen.index("Rapa Nui — turn") :] for screen in shown[:5]]
    assert tables[3] == tables[1]  # the table and choices before the second decision, again
    assert tables[4] == tables[0]  # and before the first
    assert tables[1] != tables[0] and tables[2] != tables[1]
    assert "Nothing taken back: you have taken no action" in refused


def test_undo_refuses_with_a_reason_once_something_came_to_light(tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    moves = "1\nundo\n1\n1\n1\nundo\nquit\n"  # take, undo, take, give, place, undo
    done = vaka(
        "play", "atua", "--solo", "--seed", "5", "--pictures", str(tmp_path / "pics"),
        "--save", str(save), stdin=moves,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    assert "Took back your last decision; choose again." in out
    assert "Nothing taken back: your last action showed something hidden or random" in out
    record = json.loads(save.read_text())
    assert len(record["actions"]) == 3  # the refused undo changed nothing
    # The placement really drew from what nobody may know, by the engine's own test.
    state = engine.replay(record, upto=2)
    assert state.reveals(0, record["actions"][2][1])
    assert record["table"]["revealed"] == "001"


def test_ctrl_d_asks_before_leaving_and_offers_to_save(tmp_path: Path) -> None:
    with Terminal(*RAPA_NUI, cwd=str(tmp_path)) as term:
        term.expect(PROMPT)
        term.line("1")
        term.expect(PROMPT)
        term.send(CTRL_D)
        question = term.expect("Enter: play on")
        assert "Leave the game?" in question and "rapa-nui-5.vaka.json" in question
        term.line("")  # play on
        term.expect("Playing on.")
        term.expect(PROMPT)  # asked again
        term.line("1")
        term.expect(PROMPT)
        term.interrupt()  # Ctrl-C asks too, pressed as soon as the prompt shows
        term.expect("Enter: play on")
        term.line("s")
        term.expect("Stopped.")
        assert term.wait() == 0
    saved = engine.replay(json.loads((tmp_path / "rapa-nui-5.vaka.json").read_text()))
    assert [seat for seat, _ in saved.history][:2] == [0, 0]  # both decisions were kept
    with Terminal(*RAPA_NUI, cwd=str(tmp_path / ".")) as term:
        term.expect(PROMPT)
        term.send(CTRL_D)
        term.expect("Enter: play on")
        term.send(CTRL_D)  # asked twice: leave without saving
        term.expect("Stopped.")
        assert term.wait() == 0


@pytest.mark.parametrize("ignored", [False, True], ids=["plain", "started-ignoring-ctrl-c"])
def test_ctrl_c_answers_at_once_whenever_the_prompt_shows(tmp_path: Path, ignored: bool) -> None:
    """Ctrl-C pressed the moment a prompt shows, again and again (some presses land before
    the program has begun to read), and in a program started with Ctrl-C ignored: each is
    answered without another key."""
    with Terminal(*RAPA_NUI, cwd=str(tmp_path), ctrl_c_ignored=ignored) as term:
        for move in range(6):
            term.expect(PROMPT)
            term.interrupt()
            assert "Leave the game?" in term.expect("Enter: play on")
            term.line("")
            term.expect("Playing on.")
            if move % 2:
                term.expect(PROMPT)
                term.line("1")  # the bots move, then the next prompt
        term.expect(PROMPT)
        term.interrupt()
        term.expect("Enter: play on")
        term.line("q")
        term.expect("Stopped.")
        assert term.wait() == 0


def test_eof_on_piped_input_still_ends_the_game_cleanly(tmp_path: Path) -> None:
    save = tmp_path / "piped.json"
    done = vaka(*RAPA_NUI, "--save", str(save), stdin="1\n")
    assert done.returncode == 0, done.stderr
    assert "Stopped." in done.stdout and "Leave the game?" not in done.stdout
    assert len(json.loads(save.read_text())["actions"]) == 1


def test_why_and_explain_bots_give_the_bots_reasons(tmp_path: Path) -> None:
    done = vaka(
        *RAPA_NUI, "--bots", "medium,hard", "--explain-bots", stdin="why\n1\n1\nwhy\nquit\n"
    )
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    assert "No bot has decided anything since your last decision." in out
    assert "why: medium bot: by its score estimate one move ahead, this leaves it" in out
    tries = LEARNED_JUDGE[("rapa-nui", 3)].iterations  # the learned judge's, in the same time
    assert "why: hard bot: its search tried this most (" in out and f"of {tries} tries)" in out


def test_hint_says_its_top_choice_in_a_sentence(tmp_path: Path) -> None:
    done = vaka("play", "rapa-nui", "-p", "2", "--seed", "6", stdin="hint\nquit\n")
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    top = next(line.strip() for line in done.stdout.splitlines() if line.strip()[:3] == "1. ")
    number, action = top[3:].split(": ")[:2]  # "1. choice 2: draw 2: tried …"
    legal = [str(a) for a in engine.load("rapa-nui").new_state(2, 6).legal_actions(0)]
    assert number == f"choice {legal.index(action) + 1}"
    assert f"Take {number} ({action}): the search tried it most" in out
    percent = top.split("tried ")[1].split("%")[0]
    tries = 2 * LEARNED_JUDGE[("rapa-nui", 2)].iterations  # twice the hard bot's search
    assert f"in {percent}% of {tries} tries" in out  # the same statistics as the list
    assert "One move ahead, the score estimate puts you" in out


def test_replay_steps_back_as_well_as_forward(tmp_path: Path) -> None:
    state = engine.load("rapa-nui").new_state(2, 3)
    for _ in range(3):
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    path = engine.save_record(state, tmp_path / "g.json")
    with Terminal("replay", str(path), cwd=str(tmp_path)) as term:
        term.expect("q: to the end")
        term.line("")
        after_two = term.expect("q: to the end")
        assert "2/3" in after_two
        term.line("b")
        back = term.expect("q: to the end")
        assert "back to 1/3" in back
        assert "Display" in back  # the table as it stood after the first action
        term.line("b")
        assert "back to the start (0/3)" in term.expect("q: to the end")
        term.line("b")
        assert "This is the start of the game." in term.expect("q: to the end")
        term.line("")
        assert "1/3" in term.expect("q: to the end")
        term.line("q")
        assert term.wait() == 0
