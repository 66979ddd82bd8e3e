"""Candidate placements: legal, bounded, varied (diagonals), deterministic, and the fast
vectorized test agrees with the rule functions placement by placement."""

from __future__ import annotations

import random

import numpy as np
import pytest

from vaka.games.atua import candidates as C
from vaka.games.atua import geometry as g
from vaka.games.atua.cards import CARDS, ISLAND_IDS, VILLAGE_IDS
from vaka.games.atua.params import CANDIDATE_ANGLES, CANDIDATE_LIMIT


def grown(seed: int, cards: int = 6) -> tuple[g.Island, list[str]]:
    """An island grown by laying random candidates; returns it and the unused cards."""
    rng = random.Random(seed)
    deck = list(ISLAND_IDS)
    rng.shuffle(deck)
    isl = g.Island(rng.choice(VILLAGE_IDS))
    while len(isl.placements) <= cards:
        cid = deck.pop()
        options = C.candidates(isl, cid)
        if options:
            isl.place(rng.choice(options))
    return isl, deck


@pytest.mark.parametrize("seed", [1, 2])
def test_every_candidate_is_legal_and_some_are_diagonal(seed: int) -> None:
    isl, deck = grown(seed)
    seen_diagonal = False
    for cid in deck[:4]:
        options = C.candidates(isl, cid)
        assert len(options) <= CANDIDATE_LIMIT
        assert len(set(options)) == len(options)
        for p in options:
            assert p.card == cid
            assert g.explain(isl, p) == [], p
        seen_diagonal |= any(p.diagonal for p in options)
    assert seen_diagonal


def test_vectorized_test_agrees_with_the_rules() -> None:
    isl, deck = grown(3)
    card = CARDS[deck[0]]
    px, py, pa = C.raw_candidates(isl, card)
    pick = np.random.default_rng(0).choice(len(px), size=150, replace=False)
    mask = g.legal_mask(isl, card, px[pick], py[pick], pa[pick])
    assert 0 < mask.sum() < len(pick)  # both kinds are tested
    for ok, x, y, a in zip(mask, px[pick], py[pick], pa[pick], strict=True):
        p = g.Placement(card.id, int(x), int(y), int(a))
        assert ok == g.is_legal(isl, p), (p, g.explain(isl, p))


def test_candidates_are_deterministic_and_spread() -> None:
    isl, deck = grown(4)
    first = C.candidates(isl, deck[0])
    assert first == C.candidates(isl.copy(), deck[0])
    assert len({p.angle for p in first}) >= 5


def test_no_candidates_for_a_card_already_laid_or_a_village() -> None:
    isl, _ = grown(5, cards=2)
    assert C.candidates(isl, isl.card_ids[1]) == []
    assert C.candidates(isl, "v1") == []


@pytest.mark.parametrize("village", VILLAGE_IDS)
def test_every_card_fits_on_a_village_with_a_coast(village: str) -> None:
    isl = g.Island(village)
    misfits = {cid for cid in ISLAND_IDS if not C.candidates(isl, cid, limit=1)}
    if CARDS[village].beaches:
        assert misfits == set()
    else:
        # an all-mainland village (Marae) takes no card whose mainland is walled in by sea
        # until a coast is laid: the headlands, sandbars and reefs
        assert {CARDS[c].template for c in misfits} == {"headland", "sandbar", "reef"}
        assert len(misfits) == 8


def test_the_same_card_laid_the_same_way_makes_one_shared_island() -> None:
    isl, deck = grown(3, cards=3)
    before = [str(p) for p in isl.placements], isl.covered.copy()
    options = C.candidates(isl, deck[0])
    child = isl.with_card(options[0])
    assert isl.with_card(options[0]) is child  # shared: measured and searched once
    assert isl.with_card(options[1]) is not child
    fresh = isl.copy()
    fresh.add(options[0])
    assert [str(p) for p in child.placements] == [str(p) for p in fresh.placements]
    assert (child.covered == fresh.covered).all()
    assert C.candidates(child, deck[1]) == C.candidates(fresh, deck[1])
    # the island it was made from is unchanged, and a copy of it shares nothing
    assert ([str(p) for p in isl.placements], list(isl.covered)) == (before[0], list(before[1]))
    assert isl.copy().with_card(options[0]) is not child


def test_an_island_keeps_a_bounded_number_of_islands_made_from_it() -> None:
    isl, deck = grown(4, cards=2)
    made = [isl.with_card(p) for cid in deck[:8] for p in C.candidates(isl, cid)]
    assert len(made) > g.CHILDREN_KEPT  # enough to overflow
    assert len(isl._children) == g.CHILDREN_KEPT
    assert isl.with_card(made[-1].placements[-1]) is made[-1]  # the latest are kept


def test_raw_candidates_are_found_once_for_every_card_of_a_size() -> None:
    """Every island card has the same size, so every card's search reads one set of raw
    placements, in the search's order; a new card laid finds them anew."""
    isl, deck = grown(6)

    def fresh(card: str) -> list[np.ndarray]:
        px, py, pa = C.raw_candidates(isl, CARDS[card])
        order = C._order(len(px))
        return [px[order], py[order], pa[order]]

    first = C._ordered(isl, CARDS[deck[0]], CANDIDATE_ANGLES)
    assert C._ordered(isl, CARDS[deck[1]], CANDIDATE_ANGLES) is first
    assert all(map(np.array_equal, first, fresh(deck[1])))
    isl.place(C.candidates(isl, deck[0])[0])
    again = C._ordered(isl, CARDS[deck[1]], CANDIDATE_ANGLES)
    assert again is not first
    assert all(map(np.array_equal, again, fresh(deck[2])))


def test_a_search_asked_in_steps_finds_what_one_ask_finds() -> None:
    """Asked for one legal placement, then a few, then all: the same placements, in the same
    order, as one search asked for all at once."""
    isl, deck = grown(7)
    for card in deck[:6]:
        whole = C._Search(isl, card, CANDIDATE_ANGLES).find(isl, 10_000)
        steps = C._Search(isl, card, CANDIDATE_ANGLES)
        assert steps.find(isl, 1) == whole[:1]
        assert steps.find(isl, 7) == whole[:7]
        assert steps.find(isl, 10_000) == whole
