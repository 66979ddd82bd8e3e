"""The conformance suite's checks, run on Atua without registering it.

The suite now copes with Atua's two peculiarities (a vocabulary of 3.3e14 exact placements,
which it samples; a solo game Tahuma wins, which has no winning seat). What keeps Atua out of
the registry, and so out of the suite's own parametrization, is cost: every check computes
candidate placements, and the suite at six players takes minutes. Here the suite's test
functions run at the small player counts (all six with VAKA_SOAK=1).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

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


@pytest.mark.parametrize("players", range(1, 7))
def test_random_play(players: int) -> None:
    for seed in range(2):
        tc.test_random_play_keeps_the_contract("atua", players, seed)


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


def test_vocabulary_round_trips() -> None:
    tc.test_action_vocabulary_round_trips("atua")
    assert len(GAME.actions) == A.SIZE
    assert GAME.actions[-1] == GAME.action_from_index(A.SIZE - 1)
    assert not GAME.is_action(object()) and not GAME.is_action("take 1")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_bad_input_is_refused_and_changes_nothing(players: int) -> None:
    tc.test_bad_input_is_refused_and_changes_nothing("atua", players)
