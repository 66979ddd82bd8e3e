"""The OpenSpiel games: OpenSpiel's own random-simulation test, every draw of the engine a
chance node, and information states that hold only what the seat may know."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel

from vaka.core import load
from vaka.core.errors import VakaError
from vaka.core.rng import Rng
from vaka.core.state import win_shares
from vaka.envs import openspiel as ops
from vaka.envs.chance import max_outcomes, new_state
from vaka.envs.layouts import encoder
from vaka.games.raiatea import events as raiatea_events

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
    assert game.max_chance_outcomes() == max_outcomes("rapa-nui", 4)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    state = game.new_initial_state()
    ops.resolve_chance(state, Rng(0))
    assert state.engine_state.options["rows"] == "top-only"
    solo = ops.load_game("atua", 1, level="hard")
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert pyspiel.load_game("vaka_raiatea").num_players() == 3


@pytest.mark.parametrize(
    "params",
    [{"players": 7}, {"players": 2, "colour": "red"}, {"players": 2, "deals": 10}],
)
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(Exception, match=r"players|parameter|deals"):
        pyspiel.load_game("vaka_atua", params)


class Recording(Rng):
    """A real stream that writes down every draw: (n, outcome)."""

    __slots__ = ("draws",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws: list[tuple[int, int]] = []

    def below(self, n: int) -> int:
        k = super().below(n)
        self.draws.append((n, k))
        return k


def test_the_setup_is_a_run_of_uniform_chance_nodes_one_per_draw() -> None:
    game = ops.load_game("atua", 2)
    state = game.new_initial_state()
    engine = load("atua")
    recording = Recording(9)
    new_state(engine, 2, engine.check_options({}), recording)
    assert len(recording.draws) > 50  # every step of every shuffle
    for n, k in recording.draws:
        assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
        assert state.legal_actions() == list(range(n))
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(n))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert max(p for _, p in outcomes) == min(p for _, p in outcomes)
        assert n <= game.max_chance_outcomes()
        assert state.information_state_string(0) == json.dumps({"seat": 0, "dealt": False})
        state.apply_action(k)
    assert not state.is_chance_node()
    assert state.engine_state.view(None) == engine.new_state(2, 9).view(None)


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 2), ("raiatea", 3), ("atua", 3)])
def test_chance_outcomes_chosen_as_a_seeds_draws_play_the_engines_game_for_that_seed(
    game: str, players: int
) -> None:
    """Play a seeded engine game whose stream records its draws; feed those draws to the
    OpenSpiel game as chance outcomes, with the same players' actions: every chance node
    asks for exactly the next recorded draw, and the two games end equal."""
    engine, seed = load(game), 11
    recording = Recording(seed)
    truth = new_state(engine, players, engine.check_options({}), recording)
    assert truth.view(None) == engine.new_state(players, seed).view(None)
    rng = random.Random(5)
    while not truth.is_over:
        seat = min(truth.to_move)  # OpenSpiel asks a sealed choice lowest seat first
        truth.apply(seat, rng.choice(truth.legal_actions(seat)))
    spiel = ops.load_game(game, players)
    state, codec = spiel.new_initial_state(), ops.config_of(spiel).codec
    draws, moves, chance_nodes = iter(recording.draws), iter(truth.history), 0
    while not state.is_terminal():
        if state.is_chance_node():
            n, k = next(draws)
            assert len(state.chance_outcomes()) == n
            state.apply_action(k)
            chance_nodes += 1
            continue
        seat, action = next(moves)
        assert seat == state.current_player()
        state.apply_action(codec.encode(state.engine_state, seat, action))
    assert next(draws, None) is None and next(moves, None) is None
    assert chance_nodes == len(recording.draws)
    assert chance_nodes <= spiel.max_chance_nodes_in_history()
    assert state.engine_state.view(None) == truth.view(None)
    assert state.engine_state.history == truth.history
    assert state.returns() == win_shares(truth.winners(), players)


def test_raiatea_rolls_its_die_at_a_chance_node_in_the_middle_of_the_game() -> None:
    from vaka.games.raiatea.params import DIE_SIDES

    spiel = ops.load_game("raiatea", 3)
    state = spiel.new_initial_state()
    ops.resolve_chance(state, Rng(3))
    rng = random.Random(3)
    while not (state.is_chance_node() and state.waiting.size == DIE_SIDES):
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    waiting = state.waiting
    assert waiting.before is state.engine_state and waiting.outcomes == ()
    mover = waiting.seat
    assert state.current_player() == pyspiel.PlayerId.CHANCE and not state.is_terminal()
    before = state.information_state_string(mover)
    rolls = set()
    for k in range(DIE_SIDES):
        child = state.child(k)
        while child.is_chance_node():  # another draw in the same move, if any
            child.apply_action(0)
        events = child.engine_state.log[len(state.engine_state.log) :]
        rolls.add(next(e.value for e in events if isinstance(e, raiatea_events.Die)))
        assert child.information_state_string(mover) != before  # the roll is shown
    assert rolls == set(range(1, DIE_SIDES + 1))
    with pytest.raises(ValueError, match="not in range"):
        state.apply_action(DIE_SIDES)
    assert state.is_chance_node() and state.waiting is waiting


@pytest.mark.parametrize("game", ["raiatea", "atua"])
def test_guesses_at_chance_nodes_keep_the_seats_information_state(game: str) -> None:
    """During the setup, and inside a move (Raiatea's die), a guess of what a seat cannot
    know keeps its information state and chooses its own draws."""
    spiel = ops.load_game(game, 3)
    state = spiel.new_initial_state()
    for _ in range(10):
        state.apply_action(0)
    guess = state.resample_from_infostate(1, _uniform())
    assert guess.is_chance_node() and len(guess.waiting.outcomes) == 10
    assert guess.information_state_string(1) == state.information_state_string(1)
    assert guess.waiting.outcomes != state.waiting.outcomes
    if game != "raiatea":
        return
    ops.resolve_chance(state, Rng(8))
    rng = random.Random(8)
    while not state.is_chance_node():
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    mover = state.waiting.seat
    for seat in range(3):
        guess = state.resample_from_infostate(seat, _uniform())
        assert guess.information_state_string(seat) == state.information_state_string(seat)
        assert guess.observation_string(seat) == state.observation_string(seat)
        assert guess.is_chance_node() == (seat == mover)
    ops.resolve_chance(state, Rng(1))
    guess = state.resample_from_infostate(state.current_player(), _uniform())
    assert guess.engine_state.rng.outcomes == ()  # the future is drawn at chance nodes


def _random_play(state: object, rng: random.Random, steps: int | None = None) -> None:
    """``steps`` decisions at random (all of them: ``None``), and the draws after them."""
    done = 0
    while not state.is_terminal():  # type: ignore[attr-defined]
        if state.is_chance_node():  # type: ignore[attr-defined]
            state.apply_action(rng.randrange(len(state.chance_outcomes())))  # type: ignore[attr-defined]
            continue
        if steps is not None and done >= steps:
            return
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
    _random_play(state, rng, steps=0)
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
    ops.resolve_chance(state, Rng(4))
    rng = random.Random(0)
    while not (
        len(state.engine_state.to_move) > 1
        and state.engine_state.view(None)["decision"]["phase"] in ("offer", "auction")
    ):
        _random_play(state, rng, steps=1)
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
    ops.resolve_chance(state, Rng(1))
    rng = random.Random(2)
    while state.engine_state.view(None)["decision"]["phase"] != "place":
        _random_play(state, rng, steps=1)
    seat = state.current_player()
    slots = spiel_codec_slots(state, seat)
    assert state.legal_actions() == sorted(slots)
    assert state.action_to_string(seat, 0) == f"slot 0: {slots[0]}"
    rapa = ops.load_game("rapa-nui", 2)
    assert rapa.new_initial_state().action_to_string(0, 3) == str(load("rapa-nui").actions[3])


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 2), ("atua", 2)])
def test_an_illegal_action_is_refused_and_changes_nothing(game: str, players: int) -> None:
    state = ops.load_game(game, players).new_initial_state()
    ops.resolve_chance(state, Rng(0))
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    before = (state.history(), state.information_state_string(0), str(state))
    with pytest.raises(Exception, match=r"not (allowed|legal)"):
        state.apply_action(illegal)
    assert (state.history(), state.information_state_string(0), str(state)) == before


def test_a_game_whose_draws_were_chosen_refuses_to_give_a_record() -> None:
    """Its seed did not make its draws, so a record (seed and actions) would replay
    another game; the engine's own games still have records."""
    state = ops.load_game("rapa-nui", 2).new_initial_state()
    ops.resolve_chance(state, Rng(3))
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(VakaError, match="chosen, not seeded"):
        state.engine_state.record()
    assert load("rapa-nui").new_state(2, 3).record()["seed"] == 3
