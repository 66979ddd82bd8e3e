"""Atua draws its islands for people: one SVG per seat, the viewer's choices in a picture of
their own (one small picture each, numbered as in the list), the table, and a key."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

import vaka
from tests.games.atua.game_helpers import new, play_first
from tests.games.atua.svg_helpers import NS, star_discs, terrain_areas, text_box, transform
from vaka.games.atua import GAME
from vaka.games.atua.candidates import candidates
from vaka.games.atua.geometry import Island
from vaka.games.atua.placement import Placement
from vaka.games.atua.render import placement_gain
from vaka.games.atua.svg import render_svg, render_table_svg


def _placing(players: int, seed: int, turns: int = 0) -> tuple[vaka.State, int, list[Placement]]:
    """A game whose next decision is a placement, after about ``turns`` turns."""
    st = new(players, seed)
    for _ in range(turns):
        play_first(st, until_phase="place")
        seat = st.to_move[0]
        st.apply(seat, st.legal_actions(seat)[0])
    play_first(st, until_phase="place")
    seat = st.to_move[0]
    legal = st.legal_actions(seat)
    assert legal and all(isinstance(a, Placement) for a in legal)
    return st, seat, [a for a in legal if isinstance(a, Placement)]


def test_pictures_show_every_island_and_number_the_viewers_placements() -> None:
    state, seat, legal = _placing(2, seed=3)
    drawn = GAME.pictures(state.view(seat), legal)
    assert set(drawn) == {"atua-table.svg", "atua-seat0.svg", "atua-seat1.svg", "atua-choices.svg"}
    root = ET.fromstring(drawn["atua-choices.svg"])
    tiles = [g for g in root.iter(f"{NS}g") if g.get("class") == "choice"]
    assert [g.get("data-choice") for g in tiles] == [str(n) for n in range(1, len(legal) + 1)]
    view = state.view(seat)
    for tile, p in zip(tiles, legal, strict=True):
        texts = [t.text or "" for t in tile.iter(f"{NS}text")]
        number = next(t for t in tile.iter(f"{NS}text") if t.get("class") == "number")
        assert number.text == tile.get("data-choice")
        assert f"{placement_gain(view, p).points:+d} point" in " ".join(texts)
    for name in ("atua-seat0.svg", "atua-seat1.svg"):  # the islands carry no numbers
        assert 'class="number"' not in drawn[name]


def test_the_choices_picture_lists_the_best_by_points() -> None:
    state, seat, legal = _placing(3, seed=3, turns=6)
    view = state.view(seat)
    points = [placement_gain(view, p).points for p in legal]
    texts = [
        t.text or ""
        for t in ET.fromstring(GAME.pictures(view, legal)["atua-choices.svg"]).iter(f"{NS}text")
    ]
    listed = [t for t in texts if t[:1].isdigit() and ": " in t and " point" in t]
    assert 1 <= len(listed) <= 5
    numbers = [int(t.split(":")[0]) for t in listed]
    assert [points[n - 1] for n in numbers] == sorted(points, reverse=True)[: len(numbers)]


@pytest.mark.parametrize(("players", "seed", "turns"), [(2, 3, 0), (3, 3, 6), (1, 5, 8)])
def test_choice_numbers_never_overlap_each_other_nor_a_star(
    players: int, seed: int, turns: int
) -> None:
    """Every number's box (a generous estimate from its font size) against every other
    number and every star drawn anywhere in the picture, in the picture's own pixels."""
    state, seat, legal = _placing(players, seed, turns)
    root = ET.fromstring(GAME.pictures(state.view(seat), legal)["atua-choices.svg"])
    island = next(g for g in root.iter(f"{NS}g") if g.get("id") == "island")
    numbers, stars = [], []
    for tile in (g for g in root.iter(f"{NS}g") if g.get("class") == "choice"):
        tx, ty, _ = transform(tile)
        number = next(t for t in tile.iter(f"{NS}text") if t.get("class") == "number")
        numbers.append(text_box(number, tx, ty))
        drawing = next(g for g in tile.iter(f"{NS}g") if g.get("class") == "drawing")
        dx, dy, k = transform(drawing)
        # the island's stars (drawn once, used by each picture) and the card's own
        stars += star_discs(island, k, tx + dx, ty + dy)
        stars += star_discs(drawing, k, tx + dx, ty + dy)
    assert len(numbers) == len(legal) and stars
    for a, b in combinations(numbers, 2):
        assert not a.intersects(b)
    for box in numbers:
        assert not any(box.intersects(s) for s in stars)


def _volcano_island() -> Island:
    """v1 with c11, then the volcano c53 where it fits."""
    isl = Island("v1")
    isl.place(Placement("c11", 400, -295, 0))
    isl.place(candidates(isl, "c53")[0])
    assert len(isl.stars) == 2
    return isl


def test_no_label_on_an_island_covers_a_star() -> None:
    """Symbol letters and card numbers (a volcano's letters once sat on its star)."""
    for isl in (_volcano_island(), Island("v3")):
        root = ET.fromstring(render_svg(isl, title="seat 0"))
        stars = star_discs(root)
        assert len(stars) >= len(isl.stars)
        labels = [t for t in root.iter(f"{NS}text") if t.get("class") in ("symbol", "card")]
        assert {t.text for t in labels if t.get("class") == "card"} == set(isl.card_ids)
        island_stars = stars[: len(isl.stars)]  # the key draws one more, beside its words
        for t in labels:
            assert not any(text_box(t).intersects(s) for s in island_stars), t.text


def test_the_island_picture_has_a_key_to_every_symbol() -> None:
    texts = [t.text or "" for t in ET.fromstring(render_svg(Island("v1"))).iter(f"{NS}text")]
    assert any(t.startswith("Key") for t in texts)
    for name in ("fisherman", "fish", "huntress", "bird", "canoe", "palm", "coconut",
                 "volcano", "mainland", "beach", "sea", "star: never covered",
                 "moon (totem)", "tribal mask (totem)"):  # fmt: skip
        assert name in texts, name


# 4 players, seed 2, random bots: a union of this island's visible mainland pieces lost
# about 1,420 mm² of it (shapely's union_all of the pieces; the rules never form it)
UNION_LOSES = [
    "place c16 at -687,-434 angle 3150",
    "place c47 at -1251,-364 angle 2400",
    "place c53 at -612,146 angle 300",
    "place c46 at 604,599 angle 900",
    "place c44 at 903,-97 angle 1500",
    "place c9 at -1547,-56 angle 1500",
    "place c38 at -2256,-252 angle 900",
    "place c51 at 834,-588 angle 1200",
    "place c41 at 1103,-668 angle 1800",
]


def test_the_picture_draws_all_the_terrain_the_rules_see() -> None:
    isl = Island("v3")
    for text in UNION_LOSES:
        isl.add(Placement.parse(text))
    rules_area = {t: sum(g.area for g in pieces) for t, pieces in isl.pieces.items()}
    # the scene still shows the trouble: a union of the pieces falls short
    assert isl.visible_terrain("mainland").area < rules_area["mainland"] - 100_000
    drawn = terrain_areas(render_svg(isl))
    for terrain, area in rules_area.items():
        # coordinates are written to 0.1 (a hundredth of a millimetre): a few mm² at most
        assert drawn[terrain] == pytest.approx(area, abs=500), terrain


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


def test_at_the_end_nothing_waits_to_be_placed() -> None:
    st = new(2, seed=4)
    play_first(st)
    drawn = GAME.pictures(st.view(0), [])
    assert "to place:" not in drawn["atua-table.svg"]
    assert "The game is over." in drawn["atua-choices.svg"]
    for seat in (0, 1):
        root = ET.fromstring(drawn[f"atua-seat{seat}.svg"])
        cards = {p.get("data-card") for p in root.iter(f"{NS}path") if p.get("data-card")}
        shown = {c for c in st.islands[seat].card_ids}
        assert cards <= shown and st.islands[seat].card_ids[-1] in cards
