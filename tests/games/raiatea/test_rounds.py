"""The round track, action rounds and their end ("Game Play", "A. Action Round")."""

from __future__ import annotations

import pytest

from tests.games.raiatea.helpers import fresh, labels, new, phase
from vaka.core import Rng
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.params import round_track


def _random_game(players: int, seed: int):  # type: ignore[no-untyped-def]
    st = fresh(players, seed)
    rng = Rng(seed + 7)
    while not st.is_over:
        seat = rng.choice(st.to_move)
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


@pytest.mark.parametrize(("players", "actions"), [(3, 6), (4, 5), (5, 4)])
def test_round_track_by_player_count(players: int, actions: int) -> None:
    track = round_track(players)
    assert [k for k, _ in track].count("action") == actions
    assert [k for k, _ in track].count("ceremony") == 3
    assert track[-1] == ("ceremony", 3)
    st = _random_game(players, 1)
    rounds = [(e.kind, e.number) for e in st.log if type(e) is ev.RoundBegins]
    assert rounds == list(track)  # played in the order of the track, then the game ends
    assert st.log[-1] == ev.FinalScoring() and st.is_over


def test_three_player_order_is_1_ceremony_2_ceremony_3_ceremony() -> None:
    kinds = [k for k, _ in round_track(3)]
    assert kinds == ["action", "ceremony"] + ["action"] * 2 + ["ceremony"] + ["action"] * 3 + [
        "ceremony"
    ]


def test_each_player_claims_one_location_and_is_its_kahuna() -> None:
    st = new(4, 2)
    first = st.start
    st.apply(first, "claim reef")
    assert st.kahuna == first and st.tiles == ["reef"]
    assert st.to_move == ((first + 1) % 4,) and phase(st) == "claim"
    assert "claim reef" not in labels(st)  # a claimed tile is gone for this round
    assert len(labels(st)) == 5


def test_end_of_round_start_player_passes_left_and_forest_is_refreshed() -> None:
    st = new(3, 4)
    start = st.start
    display = list(st.display)
    markets = (list(st.comm_market), list(st.asst_market), list(st.mask_market))
    for i in range(3):  # three claims of locations without decisions or with passes
        seat = st.to_move[0]
        st.apply(seat, ["claim reef", "claim path", "claim neighbourhood"][i])
        while phase(st) != "claim" and st.track[st.space][0] == "action" and st.space == 0:
            s = st.to_move[0]
            st.apply(s, labels(st, s)[0])
        if st.space:
            break
    assert st.space == 1 and st.tiles == []  # tiles returned, marker advanced
    assert st.start == (start + 1) % 3
    # leftover forest cards went to their markets, and 4 new ones are shown
    assert len(st.display) == 4
    gone = len(display)
    added = (
        sum(st.comm_market) - sum(markets[0])
        + sum(st.asst_market) - sum(markets[1])
        + len(st.mask_market) - len(markets[2])
    )  # fmt: skip
    assert added <= gone  # (neighbourhood may move masks; nothing is lost: check())
    assert st.ceremony == 1  # ceremony 1 follows action round 1


def test_game_ends_after_the_third_ceremony_with_scores() -> None:
    for players in (3, 4, 5):
        st = _random_game(players, 3)
        assert st.ceremony == 3 and st.to_move == ()
        assert len(st.winners()) == 1
        view = st.view(None)
        assert all("score" in s for s in view["seats"])
