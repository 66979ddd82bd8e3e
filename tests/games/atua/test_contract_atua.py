"""The conformance suite's checks, run on Atua without registering it.

Atua is not in ``pyproject.toml`` yet: two conformance tests walk the whole action
vocabulary (``list(game.actions)``), and Atua's has 3.3e14 placements. Here every other
conformance test runs as written, at every player count, and those two run on a sample of
the vocabulary (every short action and placements spread over the index range).
"""

from __future__ import annotations

import json
import os
import pickle
from collections.abc import Iterator
from typing import Any

import pytest

import vaka
from tests.conformance import test_contract as tc
from vaka.core import registry
from vaka.games.atua import GAME
from vaka.games.atua import actions as A

# Every player count with VAKA_SOAK=1; by default the small ones (a 6-player game costs
# minutes in the clone and determinization checks).
PLAYERS = range(1, 7) if os.environ.get("VAKA_SOAK") else range(1, 3)


@pytest.fixture(autouse=True)
def atua_registered() -> Iterator[None]:
    registry.register(GAME)
    yield
    registry._registered.pop("atua", None)


@pytest.mark.parametrize("players", range(2, 7))
def test_random_play(players: int) -> None:
    for seed in range(2):
        tc.test_random_play_keeps_the_contract("atua", players, seed)


def test_random_solo_play_keeps_the_contract_but_may_be_lost() -> None:
    """The suite's loop, except that a solo game Tahuma wins has no winning seat (the
    suite expects ``winners()`` never empty once over: see docs/rules/atua.md)."""
    for seed in range(2):
        for state, _step in tc.random_game("atua", 1, seed):
            state.check()
            assert bool(state.legal_actions(0)) == (0 in state.to_move)
            for action in state.legal_actions(0):
                assert GAME.parse_action(str(action)) == action
                assert GAME.action_from_index(GAME.action_index(action)) == action
            for seat in (None, 0):
                json.dumps(state.view(seat))
        assert state.is_over and _step > 0
        assert state.winners() in ([], [0])
        assert len(state.scores()) == 1


@pytest.mark.parametrize("players", PLAYERS)
def test_every_legal_action_is_accepted(players: int) -> None:
    tc.test_every_legal_action_is_accepted("atua", players)


@pytest.mark.parametrize("players", PLAYERS)
def test_clones_are_independent(players: int) -> None:
    tc.test_clones_are_independent("atua", players)


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_game(players: int) -> None:
    tc.test_same_seed_and_actions_give_the_same_game("atua", players, 0)


@pytest.mark.parametrize("players", PLAYERS)
def test_record_replays_exactly(players: int) -> None:
    tc.test_record_replays_exactly("atua", players)


@pytest.mark.parametrize("players", PLAYERS)
def test_views_do_not_leak_hidden_information(players: int) -> None:
    tc.test_views_do_not_leak_hidden_information("atua", players)


@pytest.mark.parametrize("players", PLAYERS)
def test_determinize_depends_only_on_what_the_seat_may_know(players: int) -> None:
    tc.test_determinize_depends_only_on_what_the_seat_may_know("atua", players)


@pytest.mark.parametrize("players", PLAYERS)
def test_player_counts_and_options_are_checked(players: int) -> None:
    tc.test_player_counts_and_options_are_checked("atua", players)


def _sample_vocabulary() -> list[Any]:
    step = (A.SIZE - len(A.SMALL)) // 97
    return [*A.SMALL, *(A.ACTIONS[len(A.SMALL) + k * step + k] for k in range(97))]


def test_vocabulary_sample_round_trips() -> None:
    sample = _sample_vocabulary()
    assert len(GAME.actions) == A.SIZE
    for action in sample:
        i = GAME.action_index(action)
        assert GAME.action_from_index(i) == action
        assert GAME.parse_action(str(action)) == action
        assert action in GAME.actions and GAME.is_action(action)
    assert GAME.actions[-1] == GAME.action_from_index(A.SIZE - 1)
    for bad in (-1, A.SIZE, "0", None):
        with pytest.raises(vaka.MalformedAction):
            GAME.action_from_index(bad)  # type: ignore[arg-type]
    assert not GAME.is_action(object()) and not GAME.is_action("take 1")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_bad_input_is_refused_and_changes_nothing(players: int) -> None:
    sample = _sample_vocabulary()
    for state, _ in tc.random_game("atua", players, seed=2, check_every=7):
        before = pickle.dumps(state)
        for seat in range(players):
            legal = state.legal_actions(seat)
            for action in [*(a for a in sample if a not in legal), "no such action", "", 42]:
                with pytest.raises(vaka.IllegalAction) as info:
                    state.apply(seat, action)
                assert str(info.value)
        for bad in tc.BAD_SEATS:
            with pytest.raises(vaka.IllegalAction):
                state.apply(bad, sample[0])
        assert pickle.dumps(state) == before
