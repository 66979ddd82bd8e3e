"""What the terminal shows of Raiatea: the table fits 80 columns and leaves room for the
choices in 40 lines, and every text a person reads names things (no ids, no Python data)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

import vaka
from vaka.core.rng import Rng
from vaka.core.words import counted
from vaka.games.raiatea import events as ev
from vaka.games.raiatea import scoring
from vaka.games.raiatea.names import mission
from vaka.games.raiatea.render import LATEST, details, render
from vaka.games.raiatea.state import RaiateaState

GAME = vaka.load("raiatea")
#: What must never reach a person: dicts and lists printed by Python, ids joined by "_"
#: ("mahi_mahi", "pearl_diver"), mask, ritual and To'o token codes.
CODES = re.compile(r"\{'|\['|\b[a-z]+_[a-z_]+\b|\b(?:SM|FM|RN|RF)\d\d\b|\bT\d-\d\d\b")
#: The table's lines at most: with the choices and the prompt, a 40-line screen.
TABLE_LINES = 35


def text(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


def bot_game(players: int, seed: int, every: int = 9) -> tuple[RaiateaState, list[tuple[Any, Any]]]:
    """A whole game of random choices, with a seat's view and choices every ``every``."""
    st = GAME.new_state(players, seed)
    assert isinstance(st, RaiateaState)
    rng = Rng(seed)
    seen = []
    step = 0
    while not st.is_over:
        seat = rng.choice(st.to_move)
        legal = st.legal_actions(seat)
        if step % every == 0:
            seen.append((st.view(seat), legal))
        st.apply(seat, rng.choice(legal))
        step += 1
    return st, seen


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12), (5, 13), (5, 14)])
def test_whole_bot_games_fit_the_screen_and_name_things(players: int, seed: int) -> None:
    st, seen = bot_game(players, seed)
    assert len(seen) > 20
    for view, legal in seen:
        lines = text(render(view)).splitlines()
        assert max(map(len, lines)) <= 80, "\n".join(lines)
        assert len(lines) <= TABLE_LINES, "\n".join(lines)
        for line in lines:
            assert not CODES.search(line), line
        for action in legal:
            note = GAME.describe_choice(view, action) or ""
            assert not CODES.search(note), (str(action), note)
            if CODES.search(str(action)):  # a typed id ("keep RN19") is named in its note
                assert note, str(action)
            # the label says what the choice is, by name, as a command
            label = GAME.label_choice(view, action) or ""
            assert label[:1].isupper() and not CODES.search(label), (str(action), label)
            assert not label.split()[0].endswith("ing"), (str(action), label)
    for viewer in (None, *range(players)):
        final = st.view(viewer)
        for entry in final["log"]:
            assert not CODES.search(entry["text"]), entry["text"]
        shown = text(render(final))
        assert "Final scores" in shown and not CODES.search(shown)
        assert max(map(len, shown.splitlines())) <= 80


def test_face_down_statues_fold_into_one_line() -> None:
    view = GAME.new_state(4, 3).view(0)
    shown = text(render(view))
    assert "?" not in shown
    folded = [line for line in shown.splitlines() if "face down" in line]
    assert len(folded) == 1 and "2 VP: 16 face down · 3 VP: 14 face down" in folded[0]


def test_alike_missions_are_counted_once() -> None:
    view = GAME.new_state(4, 3).view(0)
    tokens = [t for row in view["statues"][0]["rows"] for t in row]
    auctions = sum(1 for t in tokens if mission(t) == "mana auction")
    assert auctions > 1
    line = next(x for x in text(render(view)).splitlines() if "To'o 1 VP" in x)
    rest = "\n".join(text(render(view)).splitlines())
    assert f"mana auction ×{auctions}" in rest and rest.count("mana auction") == 1, line


def test_points_column_is_each_seats_score_so_far() -> None:
    st, _ = bot_game(4, 21, every=1000)
    assert st.is_over
    seats = st.view(1)["seats"]
    assert [s["points"] for s in seats] == [b["total"] for b in scoring.breakdown(st)]
    assert len({s["points"] for s in seats}) > 1  # the column tells the seats apart


def test_latest_events_stand_just_above_the_prompt() -> None:
    st, _ = bot_game(4, 5, every=1000)
    st = GAME.new_state(4, 5)
    rng = Rng(5)
    while 0 not in st.to_move or len(st.log) < 30:
        seat = rng.choice(st.to_move)
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    view = st.view(0)
    lines = text(render(view)).splitlines()
    assert lines[-1].startswith("Now: You — ")
    newest = [e["text"] for e in view["log"][-LATEST:]]
    shown = lines[-1 - LATEST : -1]
    assert shown[0].startswith("Latest ")
    for line, entry in zip(shown, newest, strict=True):
        assert line[7:].rstrip() == entry[: len(line[7:].rstrip())], (line, entry)


def test_log_and_notes_speak_in_words() -> None:
    st = GAME.new_state(3, 2)
    describe = st._describe  # the log in words, for a viewer
    assert describe(ev.Gain(1, "pearls", 1), 0) == "Seat 1 gains 1 pearl"
    assert describe(ev.Gain(0, "mana", 3), 0) == "You gain 3 mana"
    assert describe(ev.Pay(1, "haari", 1), 0) == "Seat 1 pays 1 Ha'ari"
    gave = describe(ev.GiveMask(1, "SM02"), 0)
    assert gave == "Seat 1 puts Mask of Fa'ahotu into the Mask Market"
    assert describe(ev.Keep(0, "RN19"), 0) == "You keep Hand of Hiro (2 mana)"
    assert describe(ev.Recruit(2, 1, 1), 0) == "Seat 2 recruits 1 priest for 1 pearl"
    assert describe(ev.Offering((2, 0, 1), (0, 2, 1)), 0) == (
        "Mana offered: seat 0: 2, seat 1: 0, seat 2: 1; ceremonial order: seat 0, seat 2, seat 1"
    )
    assert mission("T1-05") == "pay 1 Mahi-mahi" and mission("T2-06") == "pay 2 commodities alike"
    assert mission("T1-11") == "be Ariki or higher"
    view = st.view(0)
    take = GAME.parse_action("take mahi_mahi")
    assert GAME.describe_choice(view, take) == "Mahi-mahi"  # the typed text stays an id
    assert GAME.label_choice(view, GAME.parse_action("keep RN19")) == "Keep Hand of Hiro (2 mana)"
    assert GAME.label_choice(view, take) == "Take Mahi-mahi from the market"
    keep = GAME.describe_choice(view, GAME.parse_action("keep RN19"))
    assert keep is not None and keep.startswith("Hand of Hiro (interactive, 2 mana): ")
    assert counted(1, "To'o token") == "1 To'o token"


def test_the_score_categories_are_words() -> None:
    st, _ = bot_game(3, 4, every=1000)
    assert list(st.breakdown()[0]) == ["rank", "rituals", "missions", "masks", "total"]


def test_details_show_what_the_table_folds() -> None:
    st, _ = bot_game(4, 8, every=1000)
    view = st.view(0)
    charts = text(details(view, "prices"))
    assert "Mahi-mahi" in charts and "To'o" in charts and "*+" in charts
    statues = text(details(view, "missions"))
    assert "1.1.1 " in statues and "?" not in statues
    assert "points" in text(details(view, "players"))
    assert "discards" in text(details(view, "rituals"))
    assert details(view, "weather") is None
    for topic in ("prices", "missions", "players", "rituals"):
        assert not CODES.search(text(details(view, topic)))
