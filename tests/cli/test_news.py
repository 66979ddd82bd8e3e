"""What happened since the player's last decision, summed up right above the prompt, with
the seats called by the names the table shows; ``vaka play`` in a real terminal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import vaka as engine
from tests.cli.terminal import Terminal
from vaka.core.words import name_seats

PROMPT = "your move> "
NAMES = ["You", "medium bot 1", "medium bot 2"]
SEAT_NUMBER = re.compile(r"\b[Ss]eat \d\b")


def before_prompt(screen: str) -> list[str]:
    """The lines between the last "Since your last move:" and the prompt."""
    head, _, tail = screen.rpartition("Since your last move:")
    assert head, f"no summary above the prompt:\n{screen[-1500:]}"
    return tail.splitlines()[1:]


def test_the_bots_moves_since_your_last_move_stand_right_above_the_prompt(
    tmp_path: Path,
) -> None:
    save = tmp_path / "g.json"
    args = ("play", "rapa-nui", "-p", "3", "--seed", "5", "--save", str(save))
    with Terminal(*args, columns=100, lines=60, cwd=str(tmp_path)) as term:
        first = term.expect(PROMPT)
        assert "Since your last move:" not in first  # nothing has happened since
        term.line("1")  # lay a card
        term.expect(PROMPT)
        term.line("1")  # take a card; then both bots play their turns
        screen = term.expect(PROMPT)
        term.line("quit")
        assert term.wait() == 0
    assert screen.count("Rapa Nui — turn") == 1  # the board is still drawn at each decision
    board, _, _ = screen.partition("Since your last move:")
    assert "1    lay" in board  # the choices come before the summary, the board before them
    lines = [" ".join(line.split()) for line in before_prompt(screen)]
    text = " ".join(lines)
    # One line per turn, each starting with the seat's name, in the order they played.
    starts = [line.split(":")[0] for line in lines if line.endswith(":") or ": " in line]
    assert [s for s in starts if s in ("You", "Medium bot 1", "Medium bot 2")] == [
        "You",
        "Medium bot 1",
        "Medium bot 2",
    ]
    assert not SEAT_NUMBER.search(text)
    # Every log entry of the bots since the player's last decision is there, in words.
    record = json.loads(save.read_text())
    state = engine.replay(record)
    mine = max(i for i, (seat, _) in enumerate(state.history) if seat == 0)
    since = len(engine.replay(record, upto=mine).view(0)["log"])
    for entry in state.view(0)["log"][since:]:
        if entry["seat"] in (1, 2):
            said = name_seats(entry["text"], NAMES)
            said = said.removeprefix(f"Medium bot {entry['seat']} ")
            said = re.sub(r"^(Turn \d+): .*", r"\1", said)
            assert said in text, said


@pytest.mark.parametrize("game", ["raiatea", "atua"])
def test_the_table_calls_the_seats_by_their_names_never_by_number(
    game: str, tmp_path: Path
) -> None:
    pictures = str(tmp_path / "pics")
    args = ("play", game, "-p", "3", "--seed", "4", "--bots", "random", "--pictures", pictures)
    with Terminal(*args, columns=100, lines=60, cwd=str(tmp_path)) as term:
        screens = []
        for _ in range(4):
            screens.append(term.expect(PROMPT, timeout=120))
            term.line("1")
        screens.append(term.expect(PROMPT, timeout=120))
        term.line("log")
        log = term.expect(PROMPT)
        term.line("quit")
        assert term.wait() == 0
    # The summaries and the log; the board keeps its numbered seats (its rows, the colours).
    said = [screen.rpartition("Since your last move:")[2] for screen in screens[1:]]
    shown = "\n".join(said) + log.partition("\n")[2]
    assert not SEAT_NUMBER.search(shown), SEAT_NUMBER.findall(shown)
    assert "Random bot 1:" in shown and "Random bot 2:" in shown
    assert all(said)


def test_joining_a_game_under_way_shows_its_last_turns_and_folds_the_rest() -> None:
    from vaka.cli.common import console
    from vaka.cli.news import SO_FAR, print_summary

    names = ["You", "medium bot 1"]
    log = [{"seat": i % 2, "text": f"seat {i % 2} takes card {i}"} for i in range(20)]
    with console.capture() as joined:
        print_summary(log, 0, names, moved=False)
    text = joined.get()
    assert text.startswith("So far:")
    assert f"… {20 - SO_FAR} turns before these (type log to see them all)" in text
    assert "takes card 19" in text and f"takes card {20 - SO_FAR}" in text
    assert f"takes card {19 - SO_FAR}" not in text  # folded
    with console.capture() as back:  # after the player's own move: all since then
        print_summary(log, 0, names, moved=True)
    assert "takes card 0" in back.get() and "before these" not in back.get()
