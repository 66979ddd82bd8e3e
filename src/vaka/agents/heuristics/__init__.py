"""Game knowledge for bots, by game id: a function estimating each seat's final score.

Heuristic agents look one decision ahead with it; the search agent uses it to end its
rollouts early. A game without an entry can still be searched with full random rollouts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vaka.agents.heuristics import atua, raiatea, rapanui
from vaka.core.state import State

Values = Callable[[State], list[float]]

VALUES: dict[str, Values] = {
    "rapa-nui": rapanui.values,
    "raiatea": raiatea.values,
    "atua": atua.values,
}

#: The search's settings where a game needs other than :class:`IsmctsAgent`'s defaults.
#: Atua: random actions after a leaf only add noise to a value estimate that already looks
#: ahead (and every card they lay makes a new island whose candidate placements cost
#: milliseconds), so the estimate judges the leaf itself; and a placement is one of up to 40
#: of unequal worth, so the root starts from the estimate one step ahead (docs/AGENTS.md).
SEARCH: dict[str, dict[str, Any]] = {"atua": {"rollout_depth": 0, "prior_visits": 10}}


def advantage(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead of its strongest rival (negative when behind)."""
    rivals = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - max(rivals) if rivals else values[seat]
