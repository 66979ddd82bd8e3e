"""The OpenSpiel games: OpenSpiel's own random-simulation test, and that information states
hold only what the seat may know."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel

from vaka.core import load
from vaka.envs import openspiel as ops
from vaka.envs.layouts import encoder
from vaka.sim.stats import win_shares

TABLES = [
    (g, n)
    for g in ("rapa-nui", "raiatea", "atua")
    for n in range(load(g).min_players, load(g).max_players + 1)
]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_openspiels_random_simulation_test(game: str, players: int) -> None:
    pyspiel.random_sim_test(ops.load_game(game, players), num_sims=1, serialize=True, verbose=False)


def test_the_games_load_by_name_with_players_and_options_as_parameters() -> None:
    game = pyspiel.load_game("vaka_rapa_nui", {"players": 4, "rows": "top-only"})
    assert game.num_players() == 4
    assert game.num_distinct_actions() == len(load("rapa-nui").actions)
    assert game.max_chance_outcomes() == ops.DEALS
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.engine_state.options["rows"] == "top-only"
    solo = ops.load_game("atua", 1, level="hard")
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert pyspiel.load_game("vaka_raiatea").num_players() == 3
    assert ops.load_game("atua", 2, deals=5).max_chance_outcomes() == 5


@pytest.mark.parametrize(
    "params",
    [{"players": 7}, {"players": 2, "colour": "red"}, {"players": 2, "deals": 0}],
)
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(Exception, match=r"players|parameter|deals"):
        pyspiel.load_game("vaka_atua", params)


def test_the_single_chance_node_picks_the_engines_seed() -> None:
    game = ops.load_game("raiatea", 3, deals=50)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [k for k, _ in outcomes] == list(range(50))
    assert all(p == pytest.approx(1 / 50) for _, p in outcomes)
    state.apply_action(17)
    assert not state.is_chance_node()
    assert state.engine_state.seed == 17
    twin = load("raiatea").new_state(3, 17)
    assert state.engine_state.view(None) == twin.view(None)


def _random_play(state: object, rng: random.Random, steps: int | None = None) -> None:
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):  # type: ignore[attr-defined]
        if state.is_chance_node():  # type: ignore[attr-defined]
            state.apply_action(rng.randrange(len(state.chance_outcomes())))  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
        done += 1


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 3), ("raiatea", 4), ("atua", 2)])
def test_returns_are_the_shared_win_and_tensors_are_the_pettingzoo_encoding(
    game: str, players: int
) -> None:
    spiel = ops.load_game(game, players)
    state = spiel.new_initial_state()
    rng = random.Random(3)
    enc = encoder(game, players)
    checked = 0
    while not state.is_terminal():
        _random_play(state, rng, steps=1)
        if state.engine_state is not None and rng.random() < 0.2:
            for seat in range(players):
                expected = enc.encode(state.engine_state.view(seat))
                assert np.array_equal(np.array(state.observation_tensor(seat)), expected)
                assert np.array_equal(np.array(state.information_state_tensor(seat)), expected)
                checked += 1
    assert checked > players
    engine = state.engine_state
    assert state.returns() == win_shares(engine.winners(), players)
    assert sum(state.returns()) == pytest.approx(1.0)
    assert max(state.returns()) > 0


def _uniform() -> object:
    return pyspiel.UniformProbabilitySampler(0.0, 1.0)


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 4), ("raiatea", 3), ("atua", 3)])
def test_information_states_do_not_differ_between_deals_the_seat_cannot_tell_apart(
    game: str, players: int
) -> None:
    """Re-deal everything hidden from a seat (and the future draws): the seat's information
    state and observation stay the same, while the truth, and what others would see of it,
    really changed."""
    spiel = ops.load_game(game, players)
    state = spiel.new_initial_state()
    rng = random.Random(4)
    _random_play(state, rng, steps=1)
    checked = truth_changed = others_changed = 0
    skip = {"seed", "rng", "history", "log", "determinized", "_legal_cache"}
    while not state.is_terminal() and checked < 30:
        for seat in range(players):
            guess = state.resample_from_infostate(seat, _uniform())
            assert guess.information_state_string(seat) == state.information_state_string(seat)
            assert guess.observation_string(seat) == state.observation_string(seat)
            assert guess.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert guess.legal_actions(seat) == state.legal_actions(seat)
            real = {k: v for k, v in vars(state.engine_state).items() if k not in skip}
            fake = {k: v for k, v in vars(guess.engine_state).items() if k not in skip}
            truth_changed += real != fake
            others_changed += any(
                guess.observation_string(other) != state.observation_string(other)
                for other in range(players)
                if other != seat
            )
            checked += 1
        _random_play(state, rng, steps=3)
    assert checked >= 30
    assert truth_changed > checked // 2  # the guesses really are other deals
    if game != "rapa-nui":  # Rapa Nui's hands are public; the pile is hidden from everyone
        assert others_changed > 0  # ... which the other seats could tell apart


def test_information_states_recall_the_seats_own_actions() -> None:
    spiel = ops.load_game("raiatea", 3)
    state = spiel.new_initial_state()
    _random_play(state, random.Random(1), steps=20)
    seat = state.current_player()
    slots = spiel_codec_slots(state, seat)
    first, last = state.legal_actions()[0], state.legal_actions()[-1]
    after = []
    for action in (first, last):
        text = state.child(action).information_state_string(seat)
        assert json.loads(text)["own_actions"][-1] == str(slots[action])
        after.append(text)
    assert after[0] != after[1]


def spiel_codec_slots(state: object, seat: int) -> dict[int, object]:
    return ops.config_of(state.get_game()).codec.slot_actions(state.engine_state, seat)  # type: ignore[attr-defined]


def test_sealed_choices_are_sequential_and_hidden_from_the_seats_after() -> None:
    spiel = ops.load_game("raiatea", 3)
    state = spiel.new_initial_state()
    state.apply_action(4)
    rng = random.Random(0)
    while not (
        len(state.engine_state.to_move) > 1
        and state.engine_state.view(None)["decision"]["phase"] in ("offer", "auction")
    ):
        state.apply_action(rng.choice(state.legal_actions()))
    first, later = sorted(state.engine_state.to_move)[:2]
    assert state.current_player() == first
    choices = state.legal_actions()
    assert len(choices) > 1
    seen, own = [], []
    for choice in (choices[0], choices[-1]):
        child = state.child(choice)
        while child.current_player() == first:  # more to the same sealed choice
            legal = child.legal_actions()
            child.apply_action(1 if 1 in legal else legal[0])  # 1 is "done"
        assert child.current_player() == later
        seen.append(child.information_state_string(later))
        own.append(child.information_state_string(first))
    assert seen[0] == seen[1]
    assert own[0] != own[1]


def test_atua_actions_are_named_by_their_slot() -> None:
    spiel = ops.load_game("atua", 2)
    state = spiel.new_initial_state()
    state.apply_action(1)
    rng = random.Random(2)
    while state.engine_state.view(None)["decision"]["phase"] != "place":
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    slots = spiel_codec_slots(state, seat)
    assert state.legal_actions() == sorted(slots)
    assert state.action_to_string(seat, 0) == f"slot 0: {slots[0]}"
    rapa = ops.load_game("rapa-nui", 2)
    assert rapa.new_initial_state().action_to_string(0, 3) == str(load("rapa-nui").actions[3])


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 2), ("atua", 2)])
def test_an_illegal_action_is_refused_and_changes_nothing(game: str, players: int) -> None:
    state = ops.load_game(game, players).new_initial_state()
    state.apply_action(0)
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    before = (state.history(), state.information_state_string(0), str(state))
    with pytest.raises(Exception, match=r"not (allowed|legal)"):
        state.apply_action(illegal)
    assert (state.history(), state.information_state_string(0), str(state)) == before
