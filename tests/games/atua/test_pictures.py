"""Atua draws its islands for people: one SVG per seat, the viewer's choices numbered."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import vaka
from vaka.games.atua import GAME
from vaka.games.atua.geometry import Placement
from vaka.games.atua.svg import render_table_svg

NS = "{http://www.w3.org/2000/svg}"


def test_pictures_show_every_island_and_number_the_viewers_placements() -> None:
    state = GAME.new_state(2, seed=3)
    seat = state.to_move[0]
    state.apply(seat, state.legal_actions(seat)[0])  # take a card: now it must be placed
    legal = state.legal_actions(seat)
    assert legal and all(isinstance(a, Placement) for a in legal)
    drawn = GAME.pictures(state.view(seat), legal)
    assert set(drawn) == {"atua-table.svg", "atua-seat0.svg", "atua-seat1.svg"}
    mine = drawn[f"atua-seat{seat}.svg"]
    assert mine.startswith("<svg") and mine.rstrip().endswith("</svg>")
    assert f">{len(legal)}<" in mine  # the last candidate's number is drawn
    other = drawn[f"atua-seat{1 - seat}.svg"]
    assert f">{len(legal)}<" not in other


def test_games_without_pictures_draw_none() -> None:
    state = vaka.load("rapa-nui").new_state(2, seed=1)
    assert vaka.load("rapa-nui").pictures(state.view(0), state.legal_actions(0)) == {}


def test_the_table_picture_shows_the_row_the_card_to_place_and_the_fate_tiles() -> None:
    state = GAME.new_state(3, seed=5)
    state.row_coconuts[1] += 1  # type: ignore[attr-defined]
    state.coconut_box -= 1  # type: ignore[attr-defined]
    state.apply(0, "take 1")
    view = state.view(0)
    root = ET.fromstring(GAME.pictures(view, [])["atua-table.svg"])
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    row = view["row"]
    assert f"1: {row[0]['card']}, 1 coconut" in texts  # the card slid left with its coconut
    assert f"2: {row[1]['card']}" in texts
    assert f"to place: {view['holding']}" in texts
    cards = root.findall(f"{NS}rect")[1:]  # after the background: one frame per card
    assert len(cards) == len(row) + 1 == 4  # the row refills once the card is placed
    assert "Fate tiles" in texts
    for f in view["fates_open"]:
        assert f"{f['id']}: {f['text']}" in texts


def test_the_solo_table_shows_the_two_cards_drawn() -> None:
    state = GAME.new_state(1, seed=5)
    view = state.view(0)
    texts = [t.text or "" for t in ET.fromstring(render_table_svg(view)).iter(f"{NS}text")]
    left, right = view["solo_game"]["offer"]
    assert f"left: {left}" in texts and f"right: {right}" in texts
    assert "Fate tiles" not in texts
