"""What each placement gains, as its note and its picture say: measured by the scoring
itself on the island with the card laid."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.games.atua.game_helpers import new, play_first
from vaka.games.atua import GAME
from vaka.games.atua.candidates import candidates
from vaka.games.atua.gains import gain
from vaka.games.atua.geometry import covered_by
from vaka.games.atua.measures import longest_beach, volcanoes
from vaka.games.atua.params import PAIRS, SOURCES
from vaka.games.atua.placement import Placement
from vaka.games.atua.render import placement_gain
from vaka.games.atua.scoring import island_counts, source_points
from vaka.games.atua.state import AtuaState


def _placing(players: int, seed: int, turns: int) -> AtuaState:
    st = new(players, seed)
    for _ in range(turns):
        play_first(st, until_phase="place")
        seat = st.to_move[0]
        st.apply(seat, st.legal_actions(seat)[0])
    play_first(st, until_phase="place")
    return st


@pytest.mark.parametrize(("players", "seed", "turns"), [(3, 3, 7), (2, 5, 4), (1, 2, 6)])
def test_the_points_now_are_what_the_scorings_would_add(
    players: int, seed: int, turns: int
) -> None:
    """Laid for real in a copy of the game, each placement changes the sources not yet
    scored by the points its note gives; a revealed resident's symbols count too."""
    st = _placing(players, seed, turns)
    seat = st.to_move[0]
    st.scored[seat]["canoes"] = 0  # scored already: it brings nothing more
    if st.tiles:
        st.revealed[seat] = True
    view = st.view(seat)
    left = [s for s in SOURCES if s not in st.scored[seat]]
    before = {s: source_points(st, seat, s) for s in left}
    for p in st.legal_actions(seat):
        assert isinstance(p, Placement)
        g = placement_gain(view, p)
        twin = st.clone()
        assert isinstance(twin, AtuaState)
        twin.apply(seat, p)
        assert g.points == sum(source_points(twin, seat, s) - before[s] for s in left)
        note = GAME.describe_choice(view, p)
        assert note is not None and note.startswith(f"{g.points:+d} point")
        names = [s.symbol.name for s in covered_by(st.islands[seat], p)]
        assert note.endswith(f"covers {', '.join(names)}")


def test_pairs_totems_volcano_and_beach_are_named() -> None:
    """Over many placements of many cards: each named gain is the island's own count."""
    st = _placing(3, 3, 9)
    seat = st.to_move[0]
    island = st.islands[seat]
    seen = Counter[str]()
    for card in ("c53", "c54", "c1", "c11", "c3", "c5", "c21", "c30", "c40", "c12"):
        if card in island.card_ids:
            continue
        for p in candidates(island, card)[:12]:
            g = gain(island, p, Counter(), False, {})
            after = island.with_card(p)
            kinds = [island_counts(isl)[0] for isl in (island, after)]
            for source, (a, b, _) in PAIRS.items():
                # a pair is one of each; more of the first than the second counts none
                made = [k[a] if k[a] <= k[b] else 0 for k in kinds]
                change = dict(g.pairs).get(source, 0)
                assert change == made[1] - made[0], source
                if change:
                    seen["pairs"] += 1
                    assert f"{change:+d} {source} pair" in g.note()
            laid = [s for s in after.symbols_by_card()[-1] if s.kind == "totem"]
            assert list(g.totems) == [s.symbol.name for s in laid]
            seen["totems"] += bool(g.totems)
            mine = [v for v in volcanoes(after) if v.card == card]
            if mine:
                seen["volcano"] += 1
                assert g.volcano == (mine[0].distance / 100, mine[0].points)
                assert f"volcano {mine[0].distance / 100:.1f} cm from the village" in g.note()
            else:
                assert g.volcano is None
            assert g.beach == (longest_beach(island), longest_beach(after))
            seen["beach"] += g.beach[0] != g.beach[1]
            assert (f"joins {g.joins} beaches" in g.note()) == (g.joins >= 2)
    assert seen["pairs"] and seen["volcano"] and seen["totems"] and seen["beach"], seen
