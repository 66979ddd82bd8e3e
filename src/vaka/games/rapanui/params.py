"""Rapa Nui's numbers: the rulebook's constants and the component data, loaded once."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any, Final

# Card kinds, as small ints for speed. Hunter-gatherers come first so that a hunter's kind
# is also the index of its resource (and of the matching sacrifice card).
FISH, GRAIN, MULBERRY, POTATO, WOODCUTTER, PRIEST, MOAI = range(7)
RESOURCES: Final = (FISH, GRAIN, MULBERRY, POTATO)
KINDS: Final = tuple(range(7))
KIND_NAMES: Final = ("fish", "grain", "mulberry", "potato", "woodcutter", "priest", "moai")
KIND_BY_NAME: Final = {name: kind for kind, name in enumerate(KIND_NAMES)}

ROWS: Final = 4  # the display: 4 rows of 4 cards, only the top card of each visible
ROW_SIZE: Final = 4
HAND_SIZE: Final = 3  # draw until you hold 3 cards again
SACRIFICE_COST: Final = 5  # wood, less 1 per hunter-gatherer of that resource laid out
MOAI_COST: Final = 7  # wood
MOAI_FAME: Final = 4  # fame points per Moai at the end
WOOD_PER_FAME: Final = 5  # 5 wood = 1 fame point at the end
HUNTERS_COST: Final = (0, 0, 1, 2)  # wood to lay 1, 2 or 3 identical hunters at once (by count)
MAX_SAME_HUNTERS: Final = 3
MAJORITY_MIN: Final = 2  # the bonus needs at least 2 cards and the sole majority
TOP_SACRIFICE_VALUE: Final = 3  # the kind most often on the stone; each next kind 1 less


def _load() -> dict[str, Any]:
    text = files("vaka.games.rapanui").joinpath("data/components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


COMPONENTS: Final = _load()
DECK: Final = tuple(
    KIND_BY_NAME[name] for name, n in COMPONENTS["rapa_nui_cards"].items() for _ in range(n)
)
SACRIFICE_SUPPLY: Final = tuple(COMPONENTS["sacrifice_cards"][KIND_NAMES[r]] for r in RESOURCES)
STARTING_WOOD: Final = tuple(COMPONENTS["starting_wood"])
STARTING_SETS: Final = tuple(
    (s["colour"], s["woodcutter"], tuple(KIND_BY_NAME[n] for n in s["hand"]))
    for s in COMPONENTS["starting_sets"]
)
