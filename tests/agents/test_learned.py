"""Learned win chances: the shipped models load, read positions from a seat's side and
predict in range; on games they never saw they are calibrated and beat the hand-written
reading of the estimate; a damaged model file is refused with a typed error."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from typing import Any

import numpy as np
import pytest

from vaka.agents import make_agent
from vaka.agents.learned import (
    HAND_WRITTEN,
    ModelError,
    features,
    from_json,
    model_file,
    shipped,
    tanh_chance,
)
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.sim.match import apply_decided, decide_together
from vaka.sim.review_judge import evaluation

MODELS = resources.files("vaka.agents").joinpath("models")
SHIPPED = sorted(
    (
        name.removesuffix(".json").rsplit("-", 1)[0],
        int(name.removesuffix("p.json").rsplit("-", 1)[1]),
    )
    for name in (p.name for p in MODELS.iterdir())
    if name.endswith("p.json")
)
#: Seeds of games no model was fitted or measured on (scripts/learn_values.py used 1 and 2).
UNSEEN = 9_000


def positions(game_id: str, players: int, games: int, every: int) -> list[tuple[State, int, float]]:
    """Every ``every``-th position of medium bots' games, each seat's side with its result."""
    found: list[tuple[State, int, float]] = []
    for g in range(games):
        seed = derive_seed(UNSEEN, g)
        state = load(game_id).new_state(players, seed)
        bots = {s: make_agent("medium", game_id, derive_seed(seed, s)) for s in range(players)}
        kept: list[State] = []
        step = 0
        while state.to_move:
            if step % every == 0:
                kept.append(state.clone())
            apply_decided(state, decide_together(state, bots))
            step += 1
        winners = state.winners()
        for position in kept:
            for seat in range(players):
                found.append((position, seat, 1 / len(winners) if seat in winners else 0.0))
    return found


def test_models_are_shipped_for_every_game() -> None:
    assert {g for g, _ in SHIPPED} == {"rapa-nui", "raiatea", "atua"}, SHIPPED


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_a_shipped_model_loads_and_predicts_in_range(game_id: str, players: int) -> None:
    model = shipped(game_id, players)
    assert model is not None and model.game == game_id and model.players == players
    assert model.version.startswith(f"{game_id}-{players}p.")
    # the figures it was shipped with: measured on other games than it was fitted on
    figures = model.figures
    assert figures["tested_on"]["seed"] not in figures["trained_on"]["seeds"]
    assert figures["brier"] < figures["hand_written"]["brier"]
    state = load(game_id).new_state(players, 5)
    bots = {s: make_agent("medium", game_id, s) for s in range(players)}
    for _ in range(6):
        apply_decided(state, decide_together(state, bots))
    for seat in range(players):
        chance = model.win_chance(state, seat, seed=seat)
        assert 0.0 < chance < 1.0
    # a finished game is read as its result
    while state.to_move:
        apply_decided(state, decide_together(state, bots))
    shares = [model.win_chance(state, s) for s in range(players)]
    if players == 1:  # alone: beaten Tahuma, or not
        assert shares == [1.0 if state.winners() else 0.0]
    else:
        assert sum(shares) == pytest.approx(1.0) and set(shares) <= {0.0, 1.0, 0.5, 1 / 3}
    assert evaluation(game_id, players)[1] == f"learned win chance ({model.version})"


def test_on_unseen_games_the_learned_chance_is_calibrated_and_beats_the_hand_written() -> None:
    """A small sample (30 two-player Rapa Nui games of medium bots, seeds no model saw):
    the learned chances average about what the seats won, and score a lower Brier than the
    hand-written reading of the estimate on the same positions."""
    model = shipped("rapa-nui", 2)
    assert model is not None
    rows = positions("rapa-nui", 2, 30, 12)
    xs = np.stack([features(state, seat, seed=i) for i, (state, seat, _) in enumerate(rows)])
    won = np.asarray([w for _, _, w in rows])
    learned = model.predict(xs)
    hand = np.asarray([tanh_chance(10 * x[-3]) for x in xs])
    assert abs(learned.mean() - won.mean()) < 0.1
    assert np.mean((learned - won) ** 2) < np.mean((hand - won) ** 2)
    assert np.mean((learned - won) ** 2) < 0.2


def test_features_are_the_seats_own_view() -> None:
    """Two states the seat cannot tell apart give it the same features (the estimate is
    read on a deal of what it cannot see, the same deal for the same seed)."""
    state = load("rapa-nui").new_state(2, 11)
    bots = {s: make_agent("medium", "rapa-nui", s) for s in range(2)}
    for _ in range(10):
        apply_decided(state, decide_together(state, bots))
    other = state.determinize(0, 99)  # the rival's hidden cards dealt otherwise
    assert np.array_equal(features(state, 0, seed=3), features(other, 0, seed=3))


def _good() -> dict[str, Any]:
    text = MODELS.joinpath(model_file("rapa-nui", 2)).read_text()
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.mark.parametrize(
    "damage",
    [
        {"format": "something else"},
        {"version": 99},
        {"features": 0},
        {"coef": [1.0, 2.0]},
        {"scale": None},
        {"intercept": "x"},
        {"intercept": float("nan")},
    ],
)
def test_a_damaged_model_is_refused(damage: dict[str, Any]) -> None:
    data = _good() | damage
    with pytest.raises(ModelError):
        from_json(data)
    broken = _good()
    broken["scale"] = [0.0] * len(broken["scale"])
    with pytest.raises(ModelError):
        from_json(broken)


def test_a_file_without_a_calibration_reads_as_the_regression_alone() -> None:
    """An older file (no "calibration") predicts the logistic of its own weighted sum, and
    writes no calibration back."""
    data = _good()
    data.pop("calibration", None)
    model = from_json(data)
    assert (model.slope, model.shift, model.calibrated_on) == (1.0, 0.0, "")
    xs = np.stack(
        [features(state, seat, seed=1) for state, seat, _ in positions("rapa-nui", 2, 2, 5)]
    )
    assert np.allclose(model.predict(xs), 1 / (1 + np.exp(-model.logits(xs))))
    assert "calibration" not in model.to_json()


def test_a_calibration_in_the_file_is_applied_to_the_logit() -> None:
    """sigmoid(a * logit + b): a slope under 1 pulls chances toward a half, a shift moves
    them all; the calibration survives writing the model out and reading it again."""
    plain = from_json(_good())
    xs = np.stack(
        [features(state, seat, seed=2) for state, seat, _ in positions("rapa-nui", 2, 2, 5)]
    )
    calibrated = from_json(_good() | {"calibration": {"a": 0.5, "b": 0.25, "fitted_on": "seed 9"}})
    z = plain.logits(xs)
    assert np.allclose(calibrated.predict(xs), 1 / (1 + np.exp(-(0.5 * z + 0.25))))
    assert not np.allclose(calibrated.predict(xs), plain.predict(xs))
    again = from_json(json.loads(json.dumps(calibrated.to_json())))
    assert (again.slope, again.shift, again.calibrated_on) == (0.5, 0.25, "seed 9")
    assert np.array_equal(again.predict(xs), calibrated.predict(xs))


@pytest.mark.parametrize(
    "calibration",
    [
        {"a": 0.0, "b": 0.0},
        {"a": -1.0, "b": 0.0},
        {"a": float("nan"), "b": 0.0},
        {"a": 1.0, "b": float("inf")},
        {"a": 1.0},
        None,
        "x",
    ],
)
def test_a_calibration_that_is_damaged_or_reverses_the_order_is_refused(calibration: Any) -> None:
    with pytest.raises(ModelError):
        from_json(_good() | {"calibration": calibration})


def test_without_a_model_the_judge_says_it_uses_the_hand_written_estimate() -> None:
    assert shipped("rapa-nui", 5) is None
    model, words = evaluation("rapa-nui", 5)
    assert model is None and words.startswith(HAND_WRITTEN) and "no learned model" in words
    model, words = evaluation("rapa-nui", 2, learned=False)
    assert model is None and words == f"{HAND_WRITTEN} (asked for)"


def test_reading_a_model_needs_nothing_of_the_judge_extra() -> None:
    """The review and the models load without scikit-learn (the ``judge`` extra is for
    fitting only): a process that reads and uses a model has never imported it."""
    code = (
        "import sys\n"
        "from vaka.agents.learned import shipped\n"
        "from vaka.core.registry import load\n"
        "m = shipped('rapa-nui', 2)\n"
        "p = m.win_chance(load('rapa-nui').new_state(2, 1), 0)\n"
        "assert 0 < p < 1 and 'sklearn' not in sys.modules, p\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


@pytest.mark.parametrize(("game_id", "players"), [("rapa-nui", 2), ("raiatea", 3)])
def test_a_search_can_judge_its_leaves_by_the_learned_chance(game_id: str, players: int) -> None:
    from vaka.agents import search_agent
    from vaka.agents.base import Observation

    model = shipped(game_id, players)
    assert model is not None
    state = load(game_id).new_state(players, 11)
    bots = {s: make_agent("medium", game_id, s) for s in range(players)}
    for _ in range(5):
        apply_decided(state, decide_together(state, bots))
    # every seat's chance at once is each seat's own reading of the same dealt world
    world = state.determinize(0, 3)
    together = model.win_chances(world)
    alone = [model.win_chance(world, s, determinized=True) for s in range(players)]
    assert together == pytest.approx(alone)
    # the search asks the judge at its leaves, and still picks a legal action
    asked: list[State] = []

    def judge(leaf: State) -> list[float]:
        asked.append(leaf)
        return model.win_chances(leaf)

    seat = state.to_move[0]
    agent = search_agent(game_id, 1, iterations=30, judge=judge)
    action = agent.act(Observation(state, seat))
    assert action in state.legal_actions(seat)
    assert len(asked) >= 20  # nearly every iteration ends at a leaf the judge weighs
