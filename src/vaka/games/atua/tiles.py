"""Atua's fate tiles and residents (data/tiles.json), partly reconstructed.

>>> len(FATES), len(RESIDENTS), FATES["f4"].categories, RESIDENTS["r1"].name
(10, 6, ('totem',), 'Akroa')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Final


@dataclass(frozen=True, slots=True)
class Fate:
    id: str
    cost: int
    categories: tuple[str, ...]
    win: int  # majority in every category (ties count as majority)
    partial: int | None  # two categories: majority in exactly one
    lose: int  # otherwise: this many points are lost

    def describe(self) -> str:
        cats = " and ".join(c.replace("_", " ") for c in self.categories)
        part = f", +{self.partial} for one of them" if self.partial is not None else ""
        return f"most {cats}: +{self.win}{part}, else -{self.lose} (costs {self.cost})"


@dataclass(frozen=True, slots=True)
class Resident:
    id: str
    name: str
    adds: tuple[tuple[str, int], ...]  # symbol kind (or coconut), count
    pairs: str  # what is counted in the row
    points: int  # per two of them in the row

    def describe(self) -> str:
        adds = ", ".join(f"{n} {k}" for k, n in self.adds)
        return (
            f"{self.name}: adds {adds}; {self.points} points per 2 "
            f"{self.pairs.replace('_', ' ')} in the row"
        )


def _load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        files("vaka.games.atua").joinpath("data/tiles.json").read_text("utf-8")
    )
    return data


_RAW: Final = _load()
CATEGORIES: Final[tuple[str, ...]] = tuple(_RAW["categories"])
FATES: Final = {
    f["id"]: Fate(f["id"], f["cost"], tuple(f["categories"]), f["win"], f.get("partial"), f["lose"])
    for f in _RAW["fates"]
}
RESIDENTS: Final = {
    r["id"]: Resident(r["id"], r["name"], tuple(r["adds"].items()), r["pairs"], r["points"])
    for r in _RAW["residents"]
}
FATE_IDS: Final = tuple(FATES)
RESIDENT_IDS: Final = tuple(RESIDENTS)
