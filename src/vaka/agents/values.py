"""Game knowledge for bots, asked of the game itself (:meth:`Game.estimate`,
:attr:`Game.search_settings`): a function estimating each seat's final score.

Heuristic agents look one decision ahead with it; the search agent uses it to end its
rollouts early. A game without an estimate can still be searched with full random rollouts.
"""

from __future__ import annotations

from typing import Any

from vaka.core.game import Values
from vaka.core.registry import load
from vaka.core.state import State


def values_for(game_id: str) -> Values | None:
    """The value estimate of the game with this id, None where it has none."""
    return load(game_id).estimate()


def score_so_far(state: State) -> list[float]:
    """The estimate of a game that declares none: each seat's score as it stands."""
    return state.scores()


def search_settings(game_id: str) -> dict[str, Any]:
    """The hard bot's search settings the game asks for (``IsmctsAgent``'s arguments)."""
    return dict(load(game_id).search_settings)


def advantage(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead of its strongest rival (negative when behind)."""
    rivals = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - max(rivals) if rivals else values[seat]


__all__ = ["Values", "advantage", "score_so_far", "search_settings", "values_for"]
