"""Raiatea's numbers: the rulebook's constants and the component data (data/*.json), loaded once.

Cards are named by their content id (``RN05``, ``FM03``, ``T1-02``); copies of a card are
the same value, so hands and piles are lists of ids and ``check`` counts ids.
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any, Final


def _load(name: str) -> dict[str, Any]:
    text = files("vaka.games.raiatea").joinpath(f"data/{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


BOARD: Final = _load("board")
RITUAL_DATA: Final = _load("rituals")
FOREST_DATA: Final = _load("forest")
STARTING_DATA: Final = _load("starting")
TOO_DATA: Final = _load("toos")
EFFECT_KINDS: Final = frozenset(_load("effects")["kinds"])

# ------------------------------------------------------------------ board
COMMODITIES: Final = tuple(c["id"] for c in BOARD["commodities"])  # index = commodity number
COMMODITY_NAMES: Final = {c["id"]: c["name"] for c in BOARD["commodities"]}
ASSISTANTS: Final = tuple(a["id"] for a in BOARD["assistant_types"])
ASSISTANT_NAMES: Final = {a["id"]: a["name"] for a in BOARD["assistant_types"]}
DIE_LOCATION: Final = {a["die_location"]: i for i, a in enumerate(BOARD["assistant_types"])}
PEARL_DIVER_PEARLS: Final = int(BOARD["assistant_types"][3]["a_pearls"])
LOCATIONS: Final = tuple(loc["id"] for loc in BOARD["locations"])
LOCATION_NAMES: Final = {loc["id"]: loc["name"] for loc in BOARD["locations"]}
LOC: Final = {loc["id"]: loc for loc in BOARD["locations"]}
HIRE_PEARLS: Final = int(BOARD["hire_assistant_pearls"])
DIE_SIDES: Final = int(BOARD["die"]["sides"])

SETUP: Final = BOARD["setup"]
START_MANA: Final = int(SETUP["mana"])
START_PEARLS: Final = int(SETUP["pearls"])
START_RITUALS: Final = SETUP["starting_rituals"]

PRICE_START: Final = int(BOARD["price_charts"]["start_space"])
CHARTS: Final = tuple(tuple(BOARD["price_charts"]["charts"][c]) for c in COMMODITIES)
PRICE_TOP: Final = len(CHARTS[0]) - 1

RANKS: Final = tuple(BOARD["tattoo_track"]["ranks"])
TATTOO_MAX: Final = int(BOARD["tattoo_track"]["spaces"]) - 1
RANK_IDS: Final = tuple(r["id"] for r in RANKS)

PRIEST_MAX: Final = int(BOARD["priest_track"]["max"])
RECRUIT_PEARLS: Final = {int(k): int(v) for k, v in BOARD["priest_track"]["recruit_pearls"].items()}

BUY_RITUAL_MANA: Final = int(BOARD["ceremony"]["buy_rituals_mana"])
GIFTS: Final = ("tattoo", "commodity", "pearls")
GIFT_EFFECTS: Final = tuple(tuple(g) for g in BOARD["ceremony"]["gifts"])
GIFTS_BY_PLAYERS: Final = {int(k): int(v) for k, v in BOARD["ceremony"]["gifts_by_players"].items()}

STATUES: Final = tuple(tuple(s["rows"]) for s in BOARD["statues"]["layouts"])
MAX_CLIPS: Final = int(BOARD["colours"]["per_colour"]["ritual_clips"])
COLOURS: Final = tuple(BOARD["colours"]["names"])


def round_track(players: int) -> tuple[tuple[str, int], ...]:
    """The round track's spaces for a player count: ("action", n) or ("ceremony", n)."""
    last = int(BOARD["round_track"]["action_rounds"][str(players)])
    return tuple(
        (s["kind"], int(s["round"]))
        for s in BOARD["round_track"]["spaces"]
        if s["kind"] == "ceremony" or s["round"] <= last
    )


# ------------------------------------------------------------------ rituals
RITUALS: Final = {r["id"]: r for r in RITUAL_DATA["rituals"]}
RITUAL_IDS: Final = tuple(r["id"] for r in RITUAL_DATA["rituals"])
NORMAL_DECK: Final = tuple(
    r["id"] for r in RITUAL_DATA["rituals"] if r["deck"] == "normal" for _ in range(r["copies"])
)
FORBIDDEN_DECK: Final = tuple(
    r["id"] for r in RITUAL_DATA["rituals"] if r["deck"] == "forbidden" for _ in range(r["copies"])
)
DECKS: Final = ("normal", "forbidden")


def cost(ritual: str) -> int:
    return int(RITUALS[ritual]["cost"]["mana"])


def is_general(ritual: str) -> bool:
    return bool(RITUALS[ritual]["type"] == "general")


def deck_of(ritual: str) -> str:
    return str(RITUALS[ritual]["deck"])


# ------------------------------------------------------------------ forest and starting cards
MASKS: Final = {m["id"]: m for m in STARTING_DATA["masks"] + FOREST_DATA["masks"]}
MASK_IDS: Final = tuple(MASKS)
STARTING_MASKS: Final = tuple(m["id"] for m in STARTING_DATA["masks"] for _ in range(m["copies"]))
FOREST_DECK: Final = tuple(
    [m["id"] for m in FOREST_DATA["masks"] for _ in range(m["copies"])]
    + [c["commodity"] for c in FOREST_DATA["commodities"] for _ in range(c["copies"])]
    + [a["assistant"] for a in FOREST_DATA["assistants"] for _ in range(a["copies"])]
)
FOREST_IDS: Final = tuple(sorted(set(FOREST_DECK), key=FOREST_DECK.index))
START_ASSISTANTS: Final = tuple(
    sum(a["copies"] for a in STARTING_DATA["assistants"] if a["assistant"] == t) for t in ASSISTANTS
)
START_COMMODITIES: Final = tuple(
    sum(c["copies"] for c in STARTING_DATA["commodities"] if c["commodity"] == t)
    for t in COMMODITIES
)

# ------------------------------------------------------------------ To'o tokens
TOOS: Final = {t["id"]: t for t in TOO_DATA["tokens"]}
TOO_POOL: Final = tuple(
    tuple(t["id"] for t in TOO_DATA["tokens"] if t["vp"] == vp for _ in range(t["copies"]))
    for vp in (1, 2, 3)
)
MISSION_SLOTS: Final = tuple(
    (statue, row, slot)
    for statue, rows in enumerate(STATUES)
    for row, size in enumerate(rows)
    for slot in range(size)
)
MAX_BID: Final = 60  # R12: bids above this are not in the vocabulary
