"""What the terminal says about Atua's choices and the end of a game."""

from __future__ import annotations

from rich.console import Console

from tests.games.atua.game_helpers import new, play_first
from vaka.games.atua import GAME
from vaka.games.atua.geometry import covered_by
from vaka.games.atua.placement import Placement


def test_take_notes_say_the_cost() -> None:
    st = new(3)
    view = st.view(0)
    notes = [GAME.describe_choice(view, a) for a in st.legal_actions(0)]
    assert notes[:3] == ["free", "costs 1 coconut", "costs 2 coconuts"]


def test_placement_notes_say_the_points_and_what_the_card_covers() -> None:
    st = new(2, seed=3)
    st.apply(0, "take 1")
    view = st.view(0)
    for p in st.legal_actions(0):
        assert isinstance(p, Placement)
        note = GAME.describe_choice(view, p)
        names = [s.symbol.name for s in covered_by(st.islands[0], p)]
        assert names  # a legal placement covers at least one symbol
        assert note is not None and note.endswith(f"; covers {', '.join(names)}")
        assert " now; " in note


def test_the_end_shows_the_scoring_sheet_and_the_winner() -> None:
    st = new(3, seed=2)
    play_first(st)
    console = Console(width=100, record=True)
    console.print(GAME.render(st.view(1)))
    text = console.export_text()
    assert "Game over: final scoring" in text and "seat 1 (you)" in text
    totals = [str(b["total"]) for b in st.breakdown()]
    total_line = next(line for line in text.splitlines() if line.startswith("│ total"))
    assert [cell.strip() for cell in total_line.strip("│ ").split("│")][1:] == totals
    assert f"Winner{'s' if len(st.winners()) > 1 else ''}: seat {st.winners()[0]}" in text


def test_the_solo_end_shows_tahuma_beside_you() -> None:
    st = new(1, seed=2, level="easy")
    play_first(st)
    console = Console(width=100, record=True)
    console.print(GAME.render(st.view(0)))
    text = console.export_text()
    assert "Tahuma" in text and "start" in text
    assert ("You beat Tahuma" in text) == bool(st.winners())


def test_the_log_speaks_to_you_of_your_own_moves() -> None:
    st = new(2, seed=3)
    st.apply(0, "take 1")
    st.apply(0, str(st.legal_actions(0)[0]))
    while st.to_move == (0,):  # the fate tile and the resident: pass them by
        st.apply(0, "pass")
    mine = [e["text"] for e in st.view(0)["log"] if e["seat"] == 0]
    theirs = [e["text"] for e in st.view(1)["log"] if e["seat"] == 0]
    assert mine[0].startswith("You take ") and ", pay 0, gain " in mine[0], mine
    assert "You pass (fate)" in mine and not any("passes" in t for t in mine), mine
    assert theirs[0].startswith("seat 0 takes ") and "seat 0 passes (fate)" in theirs, theirs


def test_a_totem_named_as_its_card_names_it_is_said_in_german() -> None:
    from vaka.games.atua.words import symbol
    from vaka.i18n import using

    with using("de"):  # cards name it "tribal mask", the data's lists "tribal_mask"
        assert symbol("tribal mask") == symbol("tribal_mask") == "Stammesmaske"
