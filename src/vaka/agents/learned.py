"""Learned win chances: a model per game and player count, fitted on self-play.

A model reads a position from one seat's side (:func:`features`: the seat's encoded view,
the game's :meth:`Game.estimate` of the position and how far the game has gone) and says
the chance that the seat wins. It is a logistic regression over standardized features,
fitted by ``scripts/learn_values.py`` (scikit-learn, the ``judge`` extra) and shipped as a
small JSON file in ``vaka/agents/models``, so reading it needs numpy only. A file may
carry a recalibration fitted afterwards on games the model was not trained on (Platt
scaling: the chance is ``sigmoid(a * logit + b)``; a file without one reads as a = 1,
b = 0). Where a game
has no model for its player count, callers keep the hand-written reading of the estimate
(:func:`tanh_chance`) and say so (:func:`evaluation_name`).

The state given must be one the seat could be in: a true state is first re-dealt from the
seat's view (``determinized=False``); a world the review or the search already dealt from
the seat's view (``determinized=True``) is read as it is.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from vaka.agents.values import advantage
from vaka.core.errors import VakaError
from vaka.core.observation import Encoder, Part
from vaka.core.registry import load
from vaka.core.state import State
from vaka.i18n import N_, _

#: The file format's name and the version this code reads.
FORMAT = "vaka-value-model"
VERSION = 1
#: How the features are made; a model fitted on other features is refused.
FEATURES = 2
#: How many numbers follow the encoded view.
EXTRA = 3
#: A lead of this many estimated points reads as 88% (``0.5 + 0.5 tanh(1)``): the hard
#: bot's reading of the value estimate, the fallback where no model is shipped.
LEAD_SCALE = 5.0
#: What a review or a search says it judged by without a model.
HAND_WRITTEN = N_("hand-written estimate")


class ModelError(VakaError):
    """A model file that is damaged or made for other features or another game."""


def tanh_chance(lead: float) -> float:
    """The hand-written reading of an estimated lead as a win chance."""
    return 0.5 + 0.5 * math.tanh(lead / LEAD_SCALE)


def estimate_lead(state: State, seat: int) -> tuple[float, list[float]]:
    """The game's estimate of ``seat``'s final lead over its strongest rival, and every
    seat's estimated score (the scores so far in a game without an estimate)."""
    values = state.game.estimate()
    scores = values(state) if values is not None else [float(s) for s in state.scores()]
    return advantage(scores, seat), scores


@cache
def _encoder(game_id: str, players: int) -> Encoder | None:
    layout = load(game_id).observation_layout()
    return None if layout is None else Encoder(layout, players)


def features(
    state: State, seat: int, seed: int = 0, determinized: bool = False
) -> npt.NDArray[np.float64]:
    """The numbers a model reads for ``seat`` (see the module's docstring): the seat's
    encoded view, then its estimated lead, that lead read as a win chance, and its
    estimated score above the rivals' mean. (Nothing from the history: a dealt world
    starts its history anew.)"""
    encoder = _encoder(state.game.id, state.players)
    if encoder is None:
        raise ModelError(f"{state.game.id} declares no observation layout to learn from")
    view = encoder.encode(state.view(seat, log=False)).astype(np.float64)
    world = state if determinized or state.is_over else state.determinize(seat, seed)
    lead, scores = estimate_lead(world, seat)
    rivals = [v for s, v in enumerate(scores) if s != seat]
    above = scores[seat] - (sum(rivals) / len(rivals) if rivals else 0.0)
    extra = [lead / 10.0, tanh_chance(lead), above / 10.0]
    return np.concatenate([view, np.asarray(extra, dtype=np.float64)])


@cache
def _part(game_id: str, players: int, slots: tuple[int, ...]) -> Part:
    encoder = _encoder(game_id, players)
    assert encoder is not None
    return encoder.part(slots)


@dataclass(frozen=True)
class _Leaf:
    """A model's weights over the slots it weighs (``slots``, numbered as the encoder's)
    and the extras: a search's leaf reads these alone."""

    slots: tuple[int, ...]
    mean: npt.NDArray[np.float64]
    scale: npt.NDArray[np.float64]
    coef: npt.NDArray[np.float64]


@dataclass(frozen=True)
class ValueModel:
    """A fitted model: standardize, then the logistic of a weighted sum."""

    game: str
    players: int
    version: str  # the model's own version, e.g. "rapa-nui-2p.1"
    mean: npt.NDArray[np.float64]
    scale: npt.NDArray[np.float64]
    coef: npt.NDArray[np.float64]
    intercept: float
    figures: dict[str, Any]
    #: Platt scaling of the logit, fitted on games the model was not trained on (see
    #: ``learn_values.py recalibrate``); 1 and 0 leave the regression's chance as it is.
    slope: float = 1.0
    shift: float = 0.0
    #: Where the recalibration was fitted, in words ("" where there is none).
    calibrated_on: str = ""

    def logits(self, x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The regression's own log-odds of rows of features, before any recalibration."""
        z = ((np.atleast_2d(x) - self.mean) / self.scale) @ self.coef + self.intercept
        return np.asarray(z, dtype=np.float64)

    def predict(self, x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Win chances (0-1) of rows of features, recalibrated where the file says so."""
        z = self.slope * self.logits(x) + self.shift
        return np.asarray(1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0))), dtype=np.float64)

    def win_chance(
        self, state: State, seat: int, seed: int = 0, determinized: bool = False
    ) -> float:
        """The chance that ``seat`` wins from ``state``, read from its side."""
        if state.is_over:
            winners = state.winners()
            return 1 / len(winners) if seat in winners else 0.0
        return float(self.predict(features(state, seat, seed, determinized))[0])

    def win_chances(self, state: State) -> list[float]:
        """Every seat's chance to win from a dealt world (a search's leaf), read from each
        seat's side: the estimate is made once for all of them, and of each seat's view
        only the fields that the model weighs are encoded (the same chances as
        ``predict(features(state, seat, determinized=True))`` seat by seat)."""
        leaf = self._leaf
        part = _part(self.game, self.players, leaf.slots)
        values = state.game.estimate()
        scores = values(state) if values is not None else [float(s) for s in state.scores()]
        rows = np.empty((state.players, part.size + EXTRA), dtype=np.float64)
        for seat in range(state.players):
            lead = advantage(scores, seat)
            rivals = [v for s, v in enumerate(scores) if s != seat]
            above = scores[seat] - (sum(rivals) / len(rivals) if rivals else 0.0)
            rows[seat, : part.size] = part.encode(state.view(seat, log=False))
            rows[seat, part.size :] = (lead / 10.0, tanh_chance(lead), above / 10.0)
        z = ((rows - leaf.mean) / leaf.scale) @ leaf.coef + self.intercept
        z = self.slope * z + self.shift
        chances = 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))
        return [float(p) for p in chances]

    @cached_property
    def _leaf(self) -> _Leaf:
        """What :meth:`win_chances` reads, worked out once: the encoder's slots with a
        weight other than zero, and the model's numbers for them and the extras."""
        encoder = _encoder(self.game, self.players)
        assert encoder is not None  # a shipped model has one (see shipped)
        slots = tuple(
            j
            for j, slot in enumerate(encoder.slots)
            if np.any(self.coef[slot.offset : slot.offset + slot.size] != 0)
        )
        part = _part(self.game, self.players, slots)
        columns = np.concatenate([part.index, encoder.size + np.arange(EXTRA)])
        return _Leaf(slots, self.mean[columns], self.scale[columns], self.coef[columns])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "features": FEATURES,
            "model": self.version,
            "game": self.game,
            "players": self.players,
            "kind": "logistic",
            "mean": self.mean.tolist(),
            "scale": self.scale.tolist(),
            "coef": self.coef.tolist(),
            "intercept": self.intercept,
            "figures": self.figures,
        }
        if self.calibrated_on or (self.slope, self.shift) != (1.0, 0.0):
            data["calibration"] = {
                "a": self.slope,
                "b": self.shift,
                "fitted_on": self.calibrated_on,
            }
        return data


def from_json(data: Any) -> ValueModel:
    """A model from its JSON form; a damaged one raises :class:`ModelError`."""
    try:
        if data["format"] != FORMAT or data["version"] != VERSION:
            raise ModelError(f"not a {FORMAT} file of version {VERSION}")
        if data["features"] != FEATURES:
            raise ModelError(f"the model reads features {data['features']}, not {FEATURES}")
        mean, scale, coef = (
            np.asarray(data[k], dtype=np.float64) for k in ("mean", "scale", "coef")
        )
        intercept = float(data["intercept"])
        game, players, version = str(data["game"]), int(data["players"]), str(data["model"])
        figures = dict(data.get("figures", {}))
        calibration = data.get("calibration", {"a": 1.0, "b": 0.0})
        slope, shift = float(calibration["a"]), float(calibration["b"])
        calibrated_on = str(calibration.get("fitted_on", ""))
    except (KeyError, TypeError, ValueError) as e:
        raise ModelError(f"a damaged value model: {e}") from e
    if not (mean.ndim == 1 and mean.shape == scale.shape == coef.shape):
        raise ModelError("a damaged value model: its arrays differ in length")
    if not (np.all(np.isfinite(mean)) and np.all(scale > 0) and np.all(np.isfinite(coef))):
        raise ModelError("a damaged value model: numbers out of range")
    if not math.isfinite(intercept):
        raise ModelError("a damaged value model: its intercept is not a number")
    if not (math.isfinite(slope) and slope > 0 and math.isfinite(shift)):
        raise ModelError("a damaged value model: its calibration must keep the order of chances")
    return ValueModel(
        game, players, version, mean, scale, coef, intercept, figures, slope, shift, calibrated_on
    )


def model_file(game_id: str, players: int) -> str:
    """The name of the shipped model of a game at a player count."""
    return f"{game_id}-{players}p.json"


@cache
def shipped(game_id: str, players: int) -> ValueModel | None:
    """The model shipped for a game at a player count, None where there is none."""
    path = resources.files("vaka.agents").joinpath("models", model_file(game_id, players))
    if not path.is_file():
        return None
    model = from_json(json.loads(path.read_text()))
    if model.game != game_id or model.players != players:
        raise ModelError(f"{model_file(game_id, players)} holds a model of another game")
    encoder = _encoder(game_id, players)
    if encoder is None or model.mean.size != encoder.size + EXTRA:
        raise ModelError(f"{model_file(game_id, players)} was fitted on other features")
    return model


def evaluation_name(model: ValueModel | None) -> str:
    """How positions are judged, in words: the learned model's version, or the
    hand-written estimate."""
    if model is None:
        return _(HAND_WRITTEN)
    return _("learned win chance ({model})").format(model=model.version)


__all__ = [
    "HAND_WRITTEN",
    "ModelError",
    "ValueModel",
    "estimate_lead",
    "evaluation_name",
    "features",
    "from_json",
    "model_file",
    "shipped",
    "tanh_chance",
]
