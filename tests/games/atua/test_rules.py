"""Each placement rule alone, legal and illegal, square to the table and on diagonals.

Every scene is also checked turned as a whole (45, 30 and 135 degrees): turning the table
changes no rule's answer.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from tests.cli.pseudo import untranslated
from tests.games.atua.helpers import island, over, turned
from vaka.core import Rng
from vaka.games.atua import GAME
from vaka.games.atua import geometry as g
from vaka.games.atua.cards import CARDS
from vaka.games.atua.params import BORDER_MIN
from vaka.games.atua.placement import IllegalPlacement, Placement
from vaka.i18n import using

TURNS = [0, 450, 300, 1350]
V1 = Placement("v1", 0, 0, 0)  # coast: mainland above, beach across, sea below
V4 = Placement("v4", 0, 0, 0)  # all mainland
HUNTRESS = next((s.x, s.y) for s in CARDS["v4"].symbols if s.kind == "huntress")
# c11: a straight coast; beach from y=-30 to 120 in card coordinates, sea below, mainland above
JOINED = Placement("c11", 400, -295, 0)  # its beach continues v1's beach to the right


def _reason(rule: g.Rule, scene: list[Placement], new: Placement, turn: int) -> str | None:
    return rule(island(*scene, angle=turn), turned(new, turn))


# ---------------------------------------------------------------- a whole legal placement
@pytest.mark.parametrize("turn", TURNS)
def test_a_legal_placement_breaks_no_rule(turn: int) -> None:
    isl = island(V1, angle=turn)
    p = turned(JOINED, turn)
    assert g.explain(isl, p) == []
    isl.place(p)
    assert isl.card_ids == ["v1", "c11"]
    assert [s.kind for s in isl.visible_symbols()].count("fisherman") == 1  # v1's is covered


def test_place_refuses_and_changes_nothing() -> None:
    isl = island(V4)
    with pytest.raises(IllegalPlacement, match="covers no symbol"):
        isl.place(Placement("c1", 3000, 0, 0))
    assert isl.card_ids == ["v4"]


def test_preconditions() -> None:
    isl = island(V1, JOINED)
    assert "already on the island" in (g.check(isl, Placement("c11", 0, 900, 0)) or "")
    assert "village" in (g.check(isl, Placement("v2", 0, 900, 0)) or "")
    with pytest.raises(IllegalPlacement, match="no card"):
        g.check(isl, Placement("c99", 0, 0, 0))


# ---------------------------------------------------------------- (a) cover a symbol
@pytest.mark.parametrize("turn", TURNS)
def test_a_covering_a_symbol_completely(turn: int) -> None:
    new = over("c1", HUNTRESS, (-240, -360))  # the huntress well inside c1's corner
    assert _reason(g.covers_a_symbol, [V4], new, turn) is None
    assert g.explain(island(V4, angle=turn), turned(new, turn)) == []


@pytest.mark.parametrize("turn", TURNS)
def test_a_covering_nothing(turn: int) -> None:
    reason = _reason(g.covers_a_symbol, [V4], Placement("c1", 2000, 0, 0), turn)
    assert reason is not None and "covers no symbol" in reason


@pytest.mark.parametrize("turn", TURNS)
def test_a_half_a_symbol_is_not_covered(turn: int) -> None:
    new = over("c1", HUNTRESS, (-315, -360))  # the card edge through the huntress
    assert _reason(g.covers_a_symbol, [V4], new, turn) is not None


def test_a_diagonal_card_on_a_square_island() -> None:
    new = over("c1", HUNTRESS, (-150, -250), angle=450)
    assert g.explain(island(V4), new) == []
    far = over("c1", HUNTRESS, (-150, -600), angle=450)  # the huntress off the card
    assert g.covers_a_symbol(island(V4), far) is not None


# ---------------------------------------------------------------- (b) whole symbols
@pytest.mark.parametrize("turn", TURNS)
def test_b_part_of_a_symbol(turn: int) -> None:
    new = over("c1", HUNTRESS, (-315, -360))
    reason = _reason(g.symbols_whole, [V4], new, turn)
    assert reason is not None and "huntress on v4" in reason


@pytest.mark.parametrize("turn", TURNS)
def test_b_whole_symbols(turn: int) -> None:
    assert _reason(g.symbols_whole, [V4], over("c1", HUNTRESS, (-240, -360)), turn) is None


@pytest.mark.parametrize(("overlap", "legal"), [(1, True), (2, True), (5, False), (20, False)])
def test_b_tolerance(overlap: int, legal: bool) -> None:
    # the huntress (radius 45) lies just left of c1, its disc under the card by ``overlap``
    new = over("c1", HUNTRESS, (-315 - 45 + overlap, -360))
    assert (g.symbols_whole(island(V4), new) is None) is legal


# ---------------------------------------------------------------- (c) stars
@pytest.mark.parametrize("turn", TURNS)
@pytest.mark.parametrize(("edge", "legal"), [(60, True), (38, True), (36, False), (-100, False)])
def test_c_star(turn: int, edge: int, legal: bool) -> None:
    # c1's left edge at x = edge; v4's star (radius 4 mm) sits at the origin
    new = Placement("c1", edge + 315, 0, 0)
    reason = _reason(g.stars_free, [V4], new, turn)
    assert (reason is None) is legal
    if not legal:
        assert reason is not None and "star on v4" in reason


def test_c_volcano_star() -> None:
    # a volcano's disc holds its star, so covering the volcano is always illegal
    isl = island(V4, Placement("c53", 1500, 0, 0))
    reason = g.stars_free(isl, Placement("c2", 1500, 300, 450))
    assert reason is not None and "star on c53" in reason


# ---------------------------------------------------------------- (d) beach ends
@pytest.mark.parametrize("turn", TURNS)
def test_d_joining_a_beach(turn: int) -> None:
    assert _reason(g.beach_ends_open, [V1], JOINED, turn) is None


@pytest.mark.parametrize("turn", TURNS)
def test_d_sticking_out_over_the_table(turn: int) -> None:
    assert _reason(g.beach_ends_open, [V1], Placement("c11", 0, -1000, 0), turn) is None


@pytest.mark.parametrize("turn", TURNS)
@pytest.mark.parametrize(("y", "terrain"), [(0, "mainland"), (-420, "sea")])
def test_d_beach_end_runs_into(turn: int, y: int, terrain: str) -> None:
    reason = _reason(g.beach_ends_open, [V1], Placement("c11", 400, y, 0), turn)
    assert reason is not None and f"runs into {terrain}" in reason


@pytest.mark.parametrize("turn", TURNS)
@pytest.mark.parametrize(("x", "strip"), [(0, 0), (-1, 1), (-2, 2), (-5, 5)])
def test_d_beach_end_on_a_sliver_of_mainland(turn: int, x: int, strip: int) -> None:
    """ "Beach ends may border neither the mainland directly nor the sea": c11 laid over the
    all-mainland village with its right beach end ``strip`` tenths of a mm inside the
    village's edge leaves a strip of mainland beside that end, the table beyond it. A strip
    narrower than the probe's distance still borders; an edge laid flush leaves none."""
    reason = _reason(g.beach_ends_open, [V4], Placement("c11", x, 0, 0), turn)
    if strip:
        assert reason is not None and "runs into mainland" in reason
    else:
        assert reason is None


def test_d_no_beach_no_ends() -> None:
    assert g.beach_ends_open(island(V1), Placement("c1", 400, 0, 0)) is None


# ---------------------------------------------------------------- (e) sea and mainland
@pytest.mark.parametrize("turn", TURNS)
def test_e_sea_on_mainland(turn: int) -> None:
    reason = _reason(g.sea_apart_from_mainland, [V4], Placement("c11", 0, 700, 0), turn)
    assert reason is not None and "its sea would border the island's mainland" in reason


@pytest.mark.parametrize("turn", TURNS)
def test_e_mainland_side_down(turn: int) -> None:
    assert _reason(g.sea_apart_from_mainland, [V4], Placement("c11", 0, 700, 1800), turn) is None


@pytest.mark.parametrize("turn", TURNS)
def test_e_mainland_on_sea(turn: int) -> None:
    reason = _reason(g.sea_apart_from_mainland, [V1], Placement("c1", 400, -700, 0), turn)
    assert reason is not None and "its mainland would border the island's sea" in reason


# 3 players, seed 2, seat 1: c17 laid square below v1's coast; the headland c46, turned,
# over it with its lower (sea) edge 0.2 mm inside c17's, so c17's mainland shows as a strip
# 0.2 mm wide and 18 mm long beside c46's sea, the table beyond it
SLIVER_SCENE = [V1, Placement("c17", -606, -622, 900)]
SLIVER = Placement("c46", -1149, -620, 2700)


@pytest.mark.parametrize("turn", TURNS)
def test_e_sea_on_a_sliver_of_mainland(turn: int) -> None:
    """ "If you add a sea section to your island, the water must not border the mainland
    directly": also not a strip of mainland narrower than the probe's distance."""
    assert g.check(island(V1, angle=turn), turned(SLIVER_SCENE[1], turn)) is None
    reason = _reason(g.sea_apart_from_mainland, SLIVER_SCENE, SLIVER, turn)
    assert reason is not None and "its sea would border the island's mainland" in reason
    p = turned(SLIVER, turn)  # the vectorized test (candidates) refuses it as well
    ints = [np.array([v], dtype=np.int64) for v in (p.x, p.y, p.angle)]
    assert not g.legal_mask(island(*SLIVER_SCENE, angle=turn), CARDS["c46"], *ints)[0]


@pytest.mark.parametrize("turn", TURNS)
def test_e_separated_by_beach(turn: int) -> None:
    assert _reason(g.sea_apart_from_mainland, [V1], JOINED, turn) is None


# ---------------------------------------------------------------- the island's bookkeeping
def test_covered_symbols_stay_covered_and_visible_terrain_shrinks() -> None:
    isl = island(V4)
    before = isl.visible_terrain("mainland").area
    isl.place(over("c1", HUNTRESS, (-240, -360)))
    kinds = [(s.kind, s.card) for s in isl.visible_symbols()]
    assert ("huntress", "v4") not in kinds
    assert ("huntress", "c1") in kinds
    assert isl.visible_terrain("mainland").area < before + CARDS["c1"].outline.area
    total = sum(isl.visible_terrain(t).area for t in ("mainland", "beach", "sea"))
    assert total == pytest.approx(isl.footprint.area, rel=1e-6)
    twin = isl.copy()
    twin.add(Placement("c2", 3000, 0, 0))
    assert isl.card_ids == ["v4", "c1"]


# ---------------------------------------------------------------- the invariants in play
@pytest.mark.parametrize("seed", [1, 2])
def test_no_placement_in_play_lets_sea_border_mainland(seed: int) -> None:
    """ "Sea must not border mainland": in whole random games, no placement adds 1 mm
    (``BORDER_MIN``) or more of border between the island's visible sea and mainland, as
    shapely measures it on the island afterwards."""

    def border(isl: g.Island) -> float:
        sea, land = isl.visible_terrain("sea"), isl.visible_terrain("mainland")
        if sea.is_empty or land.is_empty:
            return 0.0
        return float(shapely.intersection(sea.boundary, land.boundary).length)

    state, rng = GAME.new_state(4, seed), Rng(seed)
    before, placed = [0.0] * 4, 0
    while not state.is_over:
        seat = state.to_move[0]
        laid = len(state.islands[seat].placements)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if len(state.islands[seat].placements) > laid:
            after = border(state.islands[seat])
            assert after - before[seat] < BORDER_MIN, state.islands[seat].placements[-1]
            before[seat], placed = after, placed + 1
    assert placed >= 30


# ---------------------------------------------------------------- in the reader's language
#: A scene for each rule that breaks it, and the rule's words in German.
BROKEN = [
    (g.covers_a_symbol, [V4], Placement("c1", 2000, 0, 0), "überdeckt kein Symbol vollständig"),
    (g.symbols_whole, [V4], over("c1", HUNTRESS, (-315, -360)), "Symbol Jägerin auf v4"),
    (g.stars_free, [V4], Placement("c1", 215, 0, 0), "den Stern auf v4"),
    (g.beach_ends_open, [V1], Placement("c11", 400, 0, 0), "stößt an Festland"),
    (g.sea_apart_from_mainland, [V4], Placement("c11", 0, 700, 0), "Meer würde an das Festland"),
]


@pytest.mark.parametrize(("rule", "scene", "new", "german"), BROKEN)
def test_a_rule_is_said_in_the_readers_language(
    rule: g.Rule, scene: list[Placement], new: Placement, german: str
) -> None:
    """The refusal a placing player reads (the service asks in the socket's language,
    the terminal in its own): German words, and in the pseudo-language no English word
    but the card ids."""
    english = rule(island(*scene), new)
    with using("de"):
        said = rule(island(*scene), new)
    with using("en_XA"):
        pseudo = rule(island(*scene), new)
    assert english is not None and said is not None and pseudo is not None
    assert german in said and said != english
    assert untranslated(pseudo) == [], pseudo
    assert rule(island(*scene), new) == english  # English again outside the block


def test_preconditions_in_german() -> None:
    isl = island(V1, JOINED)
    with using("de"):
        assert g.check(isl, Placement("c11", 0, 900, 0)) == "c11 liegt schon auf der Insel"
        with pytest.raises(IllegalPlacement, match="es gibt keine Karte 'c99'"):
            g.check(isl, Placement("c99", 0, 0, 0))
