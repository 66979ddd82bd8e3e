"""``vaka play raiatea`` in a real 80 × 40 terminal, a whole game against bots: what a
person sees fits the screen and names things."""

from __future__ import annotations

import re

import vaka
from tests.cli.process import vaka as run
from tests.cli.terminal import Terminal, too_wide
from vaka.core.errors import VakaError

GAME = vaka.load("raiatea")
CODES = re.compile(r"\{'|\['|\b[a-z]+_[a-z_]+\b|\b(?:SM|FM|RN|RF)\d\d\b|\bT\d-\d\d\b")
#: A choice row: its number, the action text a player types, the note.
CHOICE = re.compile(r"^\s+\d+\s{2,}(\S+(?: \S+)?)(\s{2,}|$)")
#: The table's lines at most, so that choices and the prompt share a 40-line screen.
TABLE_LINES = 35


def without_typed_texts(line: str) -> str:
    """A line with the action text of a choice row blanked: that text is what a player
    types, ids and all (``keep RN19``); everything else must be words."""
    found = CHOICE.match(line)
    if found is None:
        return line
    try:
        GAME.parse_action(found.group(1))
    except VakaError:
        return line
    return line[: found.start(1)] + line[found.end(1) :]


def test_a_whole_game_fits_80_by_40_and_shows_no_codes() -> None:
    args = ("play", "raiatea", "-p", "4", "--seed", "3", "--bots", "random")
    with Terminal(*args, columns=80, lines=40) as term:
        decisions = 0
        while True:
            chunk = term.expect(r"your move> ", r"Final scores", timeout=120)
            if "your move>" not in chunk:
                break
            decisions += 1
            term.line("board" if decisions == 3 else "1")
        assert term.wait() == 0
        lines = term.text.splitlines()
    assert decisions > 20
    assert not too_wide(lines, 80)
    tables = []
    start = None
    for i, line in enumerate(lines):
        if line.startswith("Raiatea — "):
            start = i
        elif line.startswith("Now: ") and start is not None:
            tables.append(i - start + 1)
            start = None
    assert len(tables) == decisions  # a table before every prompt ("board" draws it again)
    assert max(tables) <= TABLE_LINES
    assert any("Points" in line for line in lines) and any("Latest " in line for line in lines)
    shown = [without_typed_texts(line) for line in lines]
    assert not [line for line in shown if CODES.search(line)]
    assert "Final scores" in term.text and "winner" in term.text


def test_the_seat_help_does_not_say_seat_0_starts() -> None:
    done = run("play", "--help")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "start player" not in text.replace("draws the start player", "")
    assert "who starts is the game's own rule" in text


def test_show_opens_one_part_of_the_table_in_full() -> None:
    done = run(
        "play", "raiatea", "-p", "3", "--seed", "3", "--bots", "random",
        stdin="show prices\nshow missions\nshow\nshow nothing\nhelp\nquit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Price charts: a sale takes any one bonus" in out
    assert out.count("Show which part? prices, missions, players, rituals") == 2
    assert "show PART    one part of the table in full: prices, missions" in out
