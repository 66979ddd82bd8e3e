"""Atua's observation: the row, the piles, the fate tiles and every seat's island in counts.

An island's geometry (where each card lies) is summed up by its symbol and totem counts,
the numbers the scoring reads; the candidate placements are told by the action mask (see
the slot scheme in :mod:`vaka.envs.pettingzoo`). Another seat's face-down resident is not
in its view, so that field stays 0 until it is revealed.
"""

from __future__ import annotations

from vaka.core.observation import (
    Field,
    Layout,
    SeatField,
    View,
    common_fields,
    counts,
    onehot,
    per,
    seat_onehot,
)
from vaka.games.atua.cards import ISLAND_IDS, VILLAGE_IDS, load_raw
from vaka.games.atua.params import ROW_SIZE, SOLO_TABLES, SOURCES
from vaka.games.atua.rules import PHASE_NAMES, PILE_NAMES
from vaka.games.atua.tiles import FATE_IDS, RESIDENTS

_RAW = load_raw()
SYMBOLS: tuple[str, ...] = tuple(_RAW["symbol_kinds"])
TOTEMS: tuple[str, ...] = tuple(_RAW["totems"])
RESIDENT_IDS = tuple(RESIDENTS)
TOP_LEVEL = max(start for table in SOLO_TABLES.values() for start in table.values())


def _row(v: View, i: int) -> View:
    row = v["row"]
    return row[i] if i < len(row) else {"card": None, "coconuts": 0}


def _solo(v: View) -> View:
    return v.get("solo_game") or {}


def _fates(s: View) -> list[str]:
    return list(s["fates"])


LAYOUT = Layout(
    table=(
        *common_fields(PHASE_NAMES),
        Field(
            "decision.pile",
            len(PILE_NAMES),
            1,
            "interim scoring: one-hot of the pile that ran out (A, B, C)",
            lambda v: onehot((v.get("decision") or {}).get("pile"), PILE_NAMES),
        ),
        Field("solo", 1, 1, "1 in the solo game", lambda v: [float(v["solo"])]),
        Field("turn", 1, 200, "the turn number", lambda v: [float(v["turn"])]),
        Field(
            "active",
            -1,
            1,
            "one-hot of the seat whose turn it is",
            lambda v: seat_onehot(v["active"], v),
        ),
        *(
            f
            for i in range(ROW_SIZE)
            for f in (
                Field(
                    f"row[{i}].card",
                    len(ISLAND_IDS),
                    1,
                    f"one-hot of the row's card {i + 1} (island card id c1..c{len(ISLAND_IDS)})",
                    lambda v, i=i: onehot(_row(v, i)["card"], ISLAND_IDS),  # type: ignore[misc]
                ),
                Field(
                    f"row[{i}].coconuts",
                    1,
                    20,
                    f"coconuts on the row's card {i + 1}",
                    lambda v, i=i: [float(_row(v, i)["coconuts"])],  # type: ignore[misc]
                ),
            )
        ),
        Field(
            "piles",
            len(PILE_NAMES),
            30,
            "cards left in piles A, B, C",
            lambda v: per(v["piles"], PILE_NAMES),
        ),
        Field(
            "holding",
            len(ISLAND_IDS),
            1,
            "one-hot of the card taken, to place",
            lambda v: onehot(v["holding"], ISLAND_IDS),
        ),
        Field(
            "fates_open",
            len(FATE_IDS),
            1,
            "fate tiles on offer: " + ", ".join(FATE_IDS),
            lambda v: counts([f["id"] for f in v["fates_open"]], FATE_IDS),
        ),
        Field(
            "solo.level",
            1,
            TOP_LEVEL,
            "solo: Tahuma's starting score",
            lambda v: [float(_solo(v).get("level") or 0)],
        ),
        Field(
            "solo.hut",
            1,
            60,
            "solo: coconuts in the hut",
            lambda v: [float(_solo(v).get("hut") or 0)],
        ),
        Field(
            "solo.offer",
            len(ISLAND_IDS),
            1,
            "solo: the two cards on offer",
            lambda v: counts(_solo(v).get("offer") or [], ISLAND_IDS),
        ),
        Field(
            "solo.other",
            len(ISLAND_IDS),
            1,
            "solo: one-hot of the card not taken (to spare or give)",
            lambda v: onehot(_solo(v).get("other"), ISLAND_IDS),
        ),
        Field(
            "solo.tahuma",
            len(ISLAND_IDS),
            1,
            "solo: the cards in Tahuma's pile",
            lambda v: counts(_solo(v).get("tahuma") or [], ISLAND_IDS),
        ),
        Field(
            "solo.spared",
            1,
            60,
            "solo: cards spared from Tahuma",
            lambda v: [float(len(_solo(v).get("spared") or []))],
        ),
    ),
    seat=(
        SeatField(
            "village",
            len(VILLAGE_IDS),
            1,
            "one-hot of the village card",
            lambda s, v: onehot(s["village"], VILLAGE_IDS),
        ),
        SeatField(
            "cards", 1, 60, "island cards placed", lambda s, v: [float(len(s["placements"]))]
        ),
        SeatField(
            "symbols",
            len(SYMBOLS),
            60,
            "symbols on the island: " + ", ".join(SYMBOLS),
            lambda s, v: per(s["symbols"], SYMBOLS),
        ),
        SeatField(
            "totems",
            len(TOTEMS),
            20,
            "totems per kind: " + ", ".join(TOTEMS),
            lambda s, v: per(s["totems"], TOTEMS),
        ),
        SeatField("coconuts", 1, 60, "coconuts in supply", lambda s, v: [float(s["coconuts"])]),
        SeatField(
            "coconuts_counted",
            1,
            100,
            "coconuts as scored",
            lambda s, v: [float(s["coconuts_counted"])],
        ),
        SeatField(
            "fates", len(FATE_IDS), 1, "fate tiles owned", lambda s, v: counts(_fates(s), FATE_IDS)
        ),
        SeatField(
            "resident",
            len(RESIDENT_IDS),
            1,
            "one-hot of the resident (own, or once revealed)",
            lambda s, v: onehot(s["resident"], RESIDENT_IDS),
        ),
        SeatField(
            "resident_revealed",
            1,
            1,
            "1 once the resident is played",
            lambda s, v: [float(s["resident_revealed"])],
        ),
        SeatField(
            "resident_points",
            1,
            50,
            "points from the resident",
            lambda s, v: [float(s["resident_points"])],
            -50,
        ),
        SeatField(
            "scored",
            len(SOURCES),
            100,
            "interim scoring per source",
            lambda s, v: per(s["scored"], SOURCES),
            -50,
        ),
        SeatField("set_aside", 1, 60, "cards set aside", lambda s, v: [float(len(s["set_aside"]))]),
    ),
)
