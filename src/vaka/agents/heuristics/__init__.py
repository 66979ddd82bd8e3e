"""Game knowledge for bots, by game id: a function estimating each seat's final score.

Heuristic agents look one decision ahead with it; the search agent uses it to end its
rollouts early. A game without an entry can still be searched with full random rollouts.
"""

from __future__ import annotations

from collections.abc import Callable

from vaka.agents.heuristics import atua, raiatea, rapanui
from vaka.core.state import State

Values = Callable[[State], list[float]]

VALUES: dict[str, Values] = {
    "rapa-nui": rapanui.values,
    "raiatea": raiatea.values,
    "atua": atua.values,
}

#: How many random actions a search rollout plays before the value estimate judges it, where
#: a game needs other than the search's default: an Atua action often lays a card, and a
#: laid card makes a new island whose candidate placements cost milliseconds.
ROLLOUT_DEPTH: dict[str, int] = {"atua": 3}


def advantage(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead of its strongest rival (negative when behind)."""
    rivals = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - max(rivals) if rivals else values[seat]
