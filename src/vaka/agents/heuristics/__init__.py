"""Game knowledge for bots, by game id: a function estimating each seat's final score.

Heuristic agents look one decision ahead with it; the search agent uses it to end its
rollouts early. A game without an entry can still be searched with full random rollouts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import Any

from vaka.core.state import State

Values = Callable[[State], list[float]]


class _ByModule(Mapping[str, Values]):
    """Each game's ``values``, imported from its module when first asked for: a game's
    knowledge imports the game's rules (Atua's geometry, say), which a server loads only
    once a table of that game needs them."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules

    def __getitem__(self, game_id: str) -> Values:
        module = self._modules[game_id]
        found: Values = import_module(f"{__name__}.{module}").values
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


VALUES: Mapping[str, Values] = _ByModule(
    {"rapa-nui": "rapanui", "raiatea": "raiatea", "atua": "atua"}
)

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
