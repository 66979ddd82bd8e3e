"""Game review of Raiatea and Atua: planted blunders found, reviews repeat for a seed, and
playouts stop at their horizon (see vaka.sim.review_judge)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.sim.test_review import PLANT_AT, PLANT_SEAT
from tests.sim.test_review import planted as planted_rapa_nui
from vaka.agents import Observation, make_agent
from vaka.core.errors import VakaError
from vaka.core.record import replay
from vaka.core.registry import load
from vaka.core.rng import Rng, derive_seed
from vaka.sim.match import apply_decided, decide_together, play
from vaka.sim.review import MISTAKE, Budget, review_decision, review_game
from vaka.sim.review_judge import HORIZON, _horizon, _play_on, judge


def medium_actions(game_id: str, players: int, seed: int, count: int) -> dict[str, Any]:
    """The record of the first ``count`` actions of a game between medium bots, seeded as
    ``vaka play`` seeds its bots."""
    state = load(game_id).new_state(players, seed)
    bots = {s: make_agent("medium", game_id, derive_seed(seed, s)) for s in range(players)}
    while len(state.history) < count:
        apply_decided(state, decide_together(state, bots))
    return state.record()


# In the three-player Raiatea game of seed 11 between medium bots, at action 127 seat 2
# fulfils a mission worth 3 VP; the planted blunder passes instead. In the two-player Atua
# game of seed 11, at action 34 seat 1 takes the first card of the row, worth about 10
# points more than the fourth by the estimate; the planted blunder takes the fourth.
PLANTS = [("raiatea", 3, 126, "pass"), ("atua", 2, 33, "take 4")]


def planted(game_id: str, players: int, index: int, bad: str) -> tuple[dict[str, Any], str]:
    record = medium_actions(game_id, players, 11, index + 1)
    seat, good = record["actions"][index]
    before = replay(record, upto=index)
    assert good != bad and before.game.parse_action(bad) in before.legal_actions(seat)
    record["actions"][index] = [seat, bad]
    return record, good


@pytest.mark.parametrize(("game_id", "players", "index", "bad"), PLANTS)
def test_a_planted_blunder_is_found_and_labelled(
    game_id: str, players: int, index: int, bad: str
) -> None:
    record, good = planted(game_id, players, index, bad)
    decision = review_decision(record, index, Budget(playouts=3), seed=3)
    assert decision.taken == bad
    assert decision.label in ("mistake", "blunder"), decision
    assert decision.loss >= MISTAKE and decision.margin_loss > 0
    assert decision.best is not None and decision.best.action != bad
    by_action = {e.action: e for e in decision.estimates}
    assert good in by_action and by_action[good].win > by_action[bad].win


@pytest.mark.parametrize(("game_id", "players"), [("raiatea", 3), ("atua", 2)])
def test_a_review_repeats_for_its_seed(game_id: str, players: int) -> None:
    """Mid-game decisions of a random game (judged at the horizon): the same seed, the
    same review."""
    state = load(game_id).new_state(players, 2)
    rng = Rng(2)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = state.record()
    middle = len(record["actions"]) // 2
    only = range(middle, middle + 2)
    budget = Budget(playouts=1, iterations=20)
    one = review_game(record, budget=budget, seed=5, only=only)
    assert one == review_game(record, budget=budget, seed=5, only=only)
    assert [d.index for d in one.decisions] == list(only)
    assert any(not d.forced for d in one.decisions)


def test_a_playout_stops_at_its_horizon_and_plays_to_the_end_near_it() -> None:
    """Early in a game a decision's playouts stop after ``HORIZON`` steps; where every
    candidate's game ends within ``END_WITHIN`` horizons they go to the end, as the full
    method's do, and the judgement is the full method's."""
    game = load("rapa-nui").new_state(2, 3)
    play(game, [make_agent("medium", "rapa-nui", derive_seed(3, s)) for s in range(2)])
    record = game.record()
    budget = Budget(playouts=2)
    early = replay(record, upto=10)
    obs = Observation(early, early.to_move[0])
    assert _horizon(obs, obs.legal_actions, budget, 1) == HORIZON
    after = _play_on(early.clone(), 1, HORIZON)
    assert len(after.history) == len(early.history) + HORIZON and not after.is_over
    near, _ = planted_rapa_nui()  # four actions before the end of the game
    obs = Observation(replay(near, upto=PLANT_AT), PLANT_SEAT)
    assert _horizon(obs, obs.legal_actions, budget, 1) is None
    taken = obs.legal_actions[0]
    assert judge(obs, taken, budget, 1) == judge(obs, taken, Budget(playouts=2, horizon=None), 1)


def test_a_bad_horizon_is_refused() -> None:
    with pytest.raises(VakaError):
        Budget(horizon=-1)
    assert Budget(horizon=0).horizon == 0 and Budget(horizon=None).horizon is None
