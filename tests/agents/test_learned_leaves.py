"""The learned judge at a search's leaf: ``ValueModel.win_chances`` reads only the fields
a model weighs, from views without the log, and gives the chances the model's own formula
gives seat by seat (``predict(features(...))``), on positions of every game and shipped
player count; an encoder's part reads only its own fields and gives the full encoding's
numbers."""

from __future__ import annotations

import dataclasses
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from vaka.agents.learned import ValueModel, _encoder, features, shipped
from vaka.core.observation import Encoder, Field, Layout, SeatField, onehot
from vaka.core.registry import load
from vaka.core.rng import Rng, derive_seed
from vaka.core.state import State

SHIPPED = sorted(
    (game_id, int(players))
    for game_id, players in (
        p.name.removesuffix("p.json").rsplit("-", 1)
        for p in resources.files("vaka.agents").joinpath("models").iterdir()
        if p.name.endswith("p.json")
    )
)


def positions(game_id: str, players: int, every: int) -> list[State]:
    """Dealt worlds along one random game (each from the view of the seat to move, as a
    search deals them), and its end."""
    state = load(game_id).new_state(players, derive_seed(41, game_id, players))
    rng = Rng(players)
    found: list[State] = []
    step = 0
    while state.to_move:
        if step % every == 0:
            found.append(state.determinize(state.to_move[0], step))
        for seat in state.to_move:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    return [*found, state]


def by_formula(model: ValueModel, state: State) -> list[float]:
    """Each seat's chance as the model's formula gives it, one seat at a time."""
    return [
        float(model.predict(features(state, seat, determinized=True))[0])
        for seat in range(state.players)
    ]


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_the_leaf_chances_are_the_models_formula(game_id: str, players: int) -> None:
    model = shipped(game_id, players)
    assert model is not None
    found = positions(game_id, players, every=7 if game_id == "raiatea" else 3)
    assert len(found) >= 8
    now = np.array([model.win_chances(state.clone()) for state in found])
    before = np.array([by_formula(model, state.clone()) for state in found])
    assert np.allclose(now, before, rtol=1e-12, atol=0.0), np.max(np.abs(now - before))
    # what features reads without the log is what the whole view encodes to
    encoder = _encoder(game_id, players)
    assert encoder is not None
    for state in found[:: max(1, len(found) // 4)]:
        for seat in range(players):
            whole = encoder.encode(state.clone().view(seat)).astype(np.float64)
            assert np.array_equal(features(state, seat, determinized=True)[:-3], whole)


def test_a_model_with_other_weights_and_a_calibration_reads_its_own() -> None:
    """The weights a leaf reads are worked out per model: a model with many weights set to
    zero and others changed, and a recalibration, still gives its formula's chances."""
    shipped_model = shipped("raiatea", 4)
    assert shipped_model is not None
    rng = np.random.default_rng(5)
    coef = shipped_model.coef * rng.normal(1.0, 0.5, shipped_model.coef.size)
    coef[rng.random(coef.size) < 0.6] = 0.0
    model = dataclasses.replace(shipped_model, coef=coef, slope=1.3, shift=-0.2)
    assert model._leaf.slots != shipped_model._leaf.slots
    for state in positions("raiatea", 4, every=25):
        now = model.win_chances(state.clone())
        assert np.allclose(now, by_formula(model, state), rtol=1e-12, atol=0.0)


def _boom(*_: object) -> list[float]:
    raise AssertionError("a field left out was read")


LAYOUT = Layout(
    table=(
        Field("a", 2, 9, "", lambda v: [v["a"], 20.0]),
        Field("skipped", 1, 1, "", _boom),
        Field("b", -1, 1, "", lambda v: [float(v["seat"] == s) for s in range(v["players"])]),
    ),
    seat=(
        SeatField("x", 1, 5, "", lambda e, v: [e["x"]], low=-5),
        SeatField("y", 2, 5, "", lambda e, v: [e["x"] * 2, -e["x"] * 2], low=-5),
    ),
)


def test_an_encoders_part_reads_its_fields_alone_and_gives_the_same_numbers() -> None:
    encoder = Encoder(LAYOUT, 3)
    assert [s.name for s in encoder.slots][:3] == ["a", "skipped", "b"]
    view = {"seat": 1, "players": 3, "a": 3.3, "seats": [{"x": 1.5}, {"x": 2.7}, {"x": -4}]}
    every_slot_but_one = [j for j in range(len(encoder.slots)) if j != 1]
    whole = _whole(encoder, view)
    assert whole[0] == np.float32(3.3) and whole[1] == 9.0  # clipped to the field's range
    for kept in (every_slot_but_one, [0], [2, 5, 6], [8, 3], []):
        part = encoder.part(kept)
        got = part.encode(view)
        assert got.dtype == np.float32
        assert np.array_equal(got, whole[part.index])
        assert part.size == sum(encoder.slots[j].size for j in kept)
    with pytest.raises(ValueError, match="spectator"):
        encoder.part([0]).encode({**view, "seat": None})
    with pytest.raises(ValueError, match="numbered"):
        encoder.part([len(encoder.slots)])


def _whole(encoder: Encoder, view: dict[str, Any]) -> npt.NDArray[np.float32]:
    """The full encoding, with the field that must not be read answering 0."""
    quiet = Layout(
        tuple(
            dataclasses.replace(f, read=lambda v: [0.0]) if f.name == "skipped" else f
            for f in LAYOUT.table
        ),
        LAYOUT.seat,
    )
    out = Encoder(quiet, encoder.players).encode(view)
    assert out.size == encoder.size
    return out


@pytest.mark.parametrize("vocab", [("a", "b", None, 3), ("a", "a"), ([1], 2), ["a", "b"]])
def test_a_onehot_looked_up_is_the_onehot_compared(vocab: Any) -> None:
    """``onehot`` finds a word of a tuple by its place, as comparing each word would."""
    for value in ("a", "b", None, 3, 3.0, True, 1, "z", [1], {"x": 1}, 2):
        assert onehot(value, vocab) == [1.0 if v == value else 0.0 for v in vocab]
