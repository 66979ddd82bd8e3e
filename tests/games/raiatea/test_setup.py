"""Setup, steps 1-16 ("Setup" in shared/rules/raiatea.txt)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.games.raiatea.helpers import fresh, labels, new, phase
from vaka.games.raiatea.params import MISSION_SLOTS, STATUES, TOO_POOL, TOOS
from vaka.games.raiatea.state import RaiateaState


@pytest.mark.parametrize("players", [3, 4, 5])
def test_5_mana_and_4_pearls_behind_each_screen(players: int) -> None:
    st = fresh(players)
    assert st.mana == [5] * players and st.pearls == [4] * players


def test_random_starting_player_and_clockwise_order() -> None:
    starts = {fresh(4, seed).start for seed in range(30)}
    assert starts == {0, 1, 2, 3}
    st = fresh(4, 3)
    assert st.order == [(st.start + i) % 4 for i in range(4)]  # setup 16: cubes in order


def test_markets_and_price_markers() -> None:
    st = fresh(3)
    assert st.asst_market == [6, 6, 6, 6]  # setup 4
    assert st.comm_market == [1, 1, 1, 1]  # setup 5
    assert st.price == [1, 1, 1, 1]  # setup 6: second space (U1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_starting_mask_each_rest_form_the_mask_market(players: int) -> None:
    st = fresh(players)
    assert all(len(m) == 1 and m[0].startswith("SM") for m in st.masks)
    assert len(st.mask_market) == 8 - players


@pytest.mark.parametrize("players", [3, 4, 5])
def test_forest_supply_is_players_plus_one(players: int) -> None:
    st = fresh(players)
    assert len(st.display) == players + 1
    assert len(st.forest) == 72 - players - 1


def test_tattoo_on_raatira_and_priests_on_zero() -> None:
    st = fresh(5)
    assert st.tattoo == [0] * 5 and st.priests == [0] * 5


def test_too_tokens_by_statue_only_statue_1_face_up() -> None:
    st = fresh(3)
    assert st.face_up == [True, False, False]
    for i, (statue, _, _) in enumerate(MISSION_SLOTS):
        assert TOOS[st.slots[i]]["vp"] == statue + 1
    for statue in range(3):
        assert len(st.box[statue]) == len(TOO_POOL[statue]) - sum(STATUES[statue])


def test_face_down_statues_are_hidden_in_the_view() -> None:
    st = fresh(3)
    view = st.view(0)
    assert all(t != "?" for row in view["statues"][0]["rows"] for t in row)
    assert all(t == "?" for row in view["statues"][1]["rows"] for t in row)


def _kept(players: int, seed: int = 0) -> tuple[dict[int, int], RaiateaState]:
    st = new(players, seed)
    return {s: len(st.hand[s]) for s in range(players)}, st


def test_each_player_draws_5_normal_rituals_and_keeps_2() -> None:
    st = fresh(3)
    assert phase(st) == "keep"
    seat = st.to_move[0]
    assert seat == st.start
    assert len(st.drawn[seat]) == 5
    assert all(r.startswith("RN") for r in st.drawn[seat])
    st.apply(seat, labels(st)[0])
    assert st.to_move == (seat,)  # a second keep
    kept, st = _kept(3)
    assert kept == {0: 2, 1: 2, 2: 2}
    assert len(st.discards["normal"]) == 9  # cards not kept go to the discard pile


def test_four_players_player_1_keeps_only_1() -> None:
    kept, st = _kept(4, seed=2)
    assert kept[st.start] == 1
    assert sorted(kept.values()) == [1, 2, 2, 2]


def test_five_players_player_5_repeats_and_has_4() -> None:
    kept, st = _kept(5, seed=1)
    assert kept[(st.start + 4) % 5] == 4
    assert sorted(kept.values()) == [2, 2, 2, 2, 4]


def test_forbidden_deck_is_separate_and_full() -> None:
    st = new(3)
    assert len(st.piles["forbidden"]) == 32
    assert Counter(st.piles["forbidden"]) == Counter(
        r for r in st.piles["forbidden"] if r.startswith("RF")
    )


def test_game_waits_for_the_starting_player_to_claim() -> None:
    st = new(4, 5)
    assert phase(st) == "claim" and st.to_move == (st.start,)
    assert len(labels(st)) == 6
