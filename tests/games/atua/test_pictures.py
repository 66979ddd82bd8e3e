"""Atua draws its islands for people: one SVG per seat, the viewer's choices numbered."""

from __future__ import annotations

import vaka
from vaka.games.atua import GAME
from vaka.games.atua.geometry import Placement


def test_pictures_show_every_island_and_number_the_viewers_placements() -> None:
    state = GAME.new_state(2, seed=3)
    seat = state.to_move[0]
    state.apply(seat, state.legal_actions(seat)[0])  # take a card: now it must be placed
    legal = state.legal_actions(seat)
    assert legal and all(isinstance(a, Placement) for a in legal)
    drawn = GAME.pictures(state.view(seat), legal)
    assert set(drawn) == {"atua-seat0.svg", "atua-seat1.svg"}
    mine = drawn[f"atua-seat{seat}.svg"]
    assert mine.startswith("<svg") and mine.rstrip().endswith("</svg>")
    assert f">{len(legal)}<" in mine  # the last candidate's number is drawn
    other = drawn[f"atua-seat{1 - seat}.svg"]
    assert f">{len(legal)}<" not in other


def test_games_without_pictures_draw_none() -> None:
    state = vaka.load("rapa-nui").new_state(2, seed=1)
    assert vaka.load("rapa-nui").pictures(state.view(0), state.legal_actions(0)) == {}
