"""Raiatea's printed components as JSON-ready data, for clients that draw the table.

A view names cards by id (``RN05``, ``FM03``, ``T1-02``); this is what is printed on them.
Everything comes from the data files (via params); nothing here is a rule.
"""

from __future__ import annotations

from typing import Any

from vaka.games.raiatea.names import bonus, mission
from vaka.games.raiatea.params import (
    BOARD,
    CHARTS,
    COLOURS,
    MASKS,
    PRIEST_MAX,
    RANKS,
    RITUAL_DATA,
    RITUALS,
    STATUES,
    TATTOO_MAX,
    TOOS,
)

GIFT_TEXT = {"tattoo": "1 tattoo", "commodity": "1 commodity", "pearls": "2 pearls"}


def components() -> dict[str, Any]:
    rituals = {
        rid: {
            "name": r["name"],
            "deck": r["deck"],
            "type": r["type"],
            "mana": int(r["cost"]["mana"]),
            "price": {k: v for k, v in r["cost"].items() if k != "mana"},
            "text": r["text"],
        }
        for rid, r in RITUALS.items()
    }
    return {
        "rituals": rituals,
        "ritual_types": {k: t["name"] for k, t in RITUAL_DATA["types"].items()},
        "masks": {mid: {"name": m["name"], "text": m["text"]} for mid, m in MASKS.items()},
        "toos": {
            tid: {"vp": t["vp"], "kind": t["kind"], "text": mission(tid)} for tid, t in TOOS.items()
        },
        "locations": [
            {k: loc[k] for k in ("id", "name", "action", "kahuna")} for loc in BOARD["locations"]
        ],
        "commodities": [{"id": c["id"], "name": c["name"]} for c in BOARD["commodities"]],
        "assistants": [
            {k: a[k] for k in ("id", "name", "a", "b")} for a in BOARD["assistant_types"]
        ],
        "charts": [[bonus(space) for space in chart] for chart in CHARTS],
        "ranks": [{k: r[k] for k in ("id", "name", "space", "vp")} for r in RANKS],
        "tattoo_max": TATTOO_MAX,
        "priest_max": PRIEST_MAX,
        "round_track": BOARD["round_track"],
        "statues": [list(rows) for rows in STATUES],
        "colours": list(COLOURS),
        "gifts": GIFT_TEXT,
    }
