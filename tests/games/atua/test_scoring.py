"""The six sources, fate tiles, bonuses and tie-breaks (rulebook: Sources, Final Scoring)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.games.atua.game_helpers import new
from tests.games.atua.helpers import island
from vaka.games.atua import scoring
from vaka.games.atua.cards import CARDS
from vaka.games.atua.placement import Placement
from vaka.games.atua.scoring import fate_points, pair_points, totem_points


@pytest.mark.parametrize(
    ("first", "second", "per", "points"),
    [(2, 3, 2, 4), (3, 3, 3, 9), (4, 3, 4, 0), (0, 5, 2, 0)],
)
def test_pairs_and_more_of_the_first_scores_zero(
    first: int, second: int, per: int, points: int
) -> None:
    assert pair_points(first, second, per) == points


def test_totem_table_and_identical_totems_excluded() -> None:
    table = [0, 0, 2, 4, 7, 11, 16, 22]
    kinds = ["moon", "tiki", "shark", "turtle", "manta", "salamander", "tribal_mask"]
    for n in range(8):
        assert totem_points(Counter(kinds[:n])) == table[n]
    assert totem_points(Counter({"moon": 2, "tiki": 1, "shark": 1})) == 2


def _finish(players: int, seed: int = 3):  # type: ignore[no-untyped-def]
    st = new(players, seed)
    while not st.is_over:
        seat = st.to_move[0]
        st.apply(seat, st.legal_actions(seat)[0])
    return st


def test_final_breakdown_adds_up_and_every_source_once() -> None:
    st = _finish(3)
    for seat, b in enumerate(st.breakdown()):
        parts = {k: v for k, v in b.items() if k != "total"}
        assert sum(parts.values()) == b["total"]
        assert set(st.scored[seat]) == set(scoring.SOURCES)
    assert st.scores() == [b["total"] for b in st.breakdown()]


def test_fate_majority_ties_count_and_otherwise_lose() -> None:
    st = _finish(2)
    c0, c1 = scoring.counts(st, 0), scoring.counts(st, 1)
    for fate in ("f4", "f7", "f6"):
        cat = scoring.FATES[fate].categories[0]
        win, lose = scoring.FATES[fate].win, -scoring.FATES[fate].lose
        assert fate_points(st, 0, fate) == (win if c0[cat] >= c1[cat] else lose)
        assert fate_points(st, 1, fate) == (win if c1[cat] >= c0[cat] else lose)
    # f3: two categories, 10 / 2 / -8
    held = sum(c0[c] >= c1[c] for c in ("bird", "canoe"))
    assert fate_points(st, 0, "f3") == {2: 10, 1: 2, 0: -8}[held]


def test_beach_and_coconut_bonus_go_to_every_tied_player(monkeypatch: pytest.MonkeyPatch) -> None:
    st = _finish(3)
    monkeypatch.setattr(scoring, "longest_beach", lambda island: 4)
    st.coconuts = [7, 7, 2]
    b = scoring.breakdown(st)
    assert [x["beach"] for x in b] == [5, 5, 5]
    nuts = [scoring.coconut_count(st, s) for s in range(3)]
    assert [x["coconut_bonus"] for x in b] == [5 if n == max(nuts) else 0 for n in nuts]


def test_a_tie_on_points_goes_to_the_most_coconuts_then_is_shared() -> None:
    st = _finish(3)
    st.revealed = [False, False, False]
    st.coconuts = [4, 6, 6]
    assert scoring.winners(st, [30, 30, 20]) == [1]
    assert scoring.winners(st, [20, 30, 30]) == [1, 2]
    assert scoring.winners(st, [31, 30, 30]) == [0]


def test_resident_coconuts_count_for_scoring_not_for_paying() -> None:
    st = new(2)
    mine = st.residents[0]
    if mine == "r4":
        pass
    elif "r4" in st.resident_box:
        st.resident_box = sorted([*(r for r in st.resident_box if r != "r4"), mine])
    else:
        st.residents[1] = mine
    st.residents[0] = "r4"  # Tiare: 1 palm and 2 coconuts
    st.check()
    st.revealed[0] = True
    res = scoring.RESIDENTS[st.residents[0]]
    extra = sum(n for k, n in res.adds if k == "coconut")
    assert scoring.coconut_count(st, 0) == st.coconuts[0] + extra
    assert scoring.source_points(st, 0, "coconuts") == st.coconuts[0] + extra


def test_the_most_beach_cards_leaves_the_village_out() -> None:
    """Fate tile: "If you have the most beach cards, receive 6 points. Otherwise lose 4
    points." The village card is not counted (as in the longest beach, "the one consisting
    of the most island cards"): a village's beach does not beat a village without one."""
    st = new(2)
    st.islands = [island(Placement("v1", 0, 0, 0)), island(Placement("v4", 0, 0, 0))]
    assert CARDS["v1"].beaches and not CARDS["v4"].beaches
    assert [scoring.counts(st, s)["beach_cards"] for s in (0, 1)] == [0, 0]
    assert fate_points(st, 1, "f5") == scoring.FATES["f5"].win  # a tie counts as the most
    st.islands[1] = island(Placement("v4", 0, 0, 0), Placement("c11", 0, 700, 1800))
    assert [scoring.counts(st, s)["beach_cards"] for s in (0, 1)] == [0, 1]
    assert fate_points(st, 0, "f5") == -scoring.FATES["f5"].lose
