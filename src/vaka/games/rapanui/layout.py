"""Rapa Nui's observation: the display, the supply, the stone and every seat's tableau.

Another seat's hand, sacrifice cards and face-down sacrifices are not in its view until
the end, so their fields stay 0 (with ``private_known`` 0) for the other seats.
"""

from __future__ import annotations

from vaka.core.observation import (
    Field,
    Layout,
    SeatField,
    by_seat,
    common_fields,
    counts,
    onehot,
    per,
    seat_onehot,
)
from vaka.games.rapanui.params import KIND_NAMES, RESOURCES, ROWS
from vaka.games.rapanui.rules import PHASE_NAMES

KINDS = KIND_NAMES
RES = tuple(KIND_NAMES[r] for r in RESOURCES)


def _row_fields(i: int) -> tuple[Field, ...]:
    return (
        Field(
            f"rows[{i}].cards", 1, 10, f"cards in row {i + 1}", lambda v: [v["rows"][i]["cards"]]
        ),
        Field(
            f"rows[{i}].top",
            len(KINDS),
            1,
            f"one-hot of row {i + 1}'s top card ({', '.join(KINDS)})",
            lambda v: onehot(v["rows"][i]["top"], KINDS),
        ),
        Field(
            f"rows[{i}].kinds",
            len(KINDS),
            10,
            f"cards of each kind in row {i + 1} (fanned rows; with rows=top-only only at the end)",
            lambda v: counts(v["rows"][i].get("kinds") or [], KINDS),
        ),
    )


LAYOUT = Layout(
    table=(
        *common_fields(PHASE_NAMES),
        Field(
            "decision.amount",
            1,
            20,
            "Moai scoring: the wood/fame left to split",
            lambda v: [float((v.get("decision") or {}).get("amount") or 0)],
        ),
        Field("turn", 1, 200, "the turn number", lambda v: [float(v["turn"])]),
        Field(
            "active",
            -1,
            1,
            "one-hot of the seat whose turn it is",
            lambda v: seat_onehot(v["active"], v),
        ),
        *(f for i in range(ROWS) for f in _row_fields(i)),
        Field("pile", 1, 100, "cards left in the draw pile", lambda v: [float(v["pile"])]),
        Field(
            "supply",
            len(RES),
            30,
            "sacrifice cards left in the supply per resource",
            lambda v: per(v["supply"], RES),
        ),
        Field(
            "stone.face_up",
            len(RES),
            40,
            "sacrifice cards face up on the stone per resource",
            lambda v: per(v["stone"]["face_up"], RES),
        ),
        Field(
            "stone.face_down",
            -1,
            40,
            "face-down sacrifice cards on the stone per seat (kinds hidden)",
            lambda v: by_seat(v["stone"]["face_down"], v),
        ),
        Field(
            "sacrifice_values",
            len(RES),
            5,
            "fame a sacrifice card in hand is worth now, per resource",
            lambda v: per(v["sacrifice_values"], RES),
        ),
    ),
    seat=(
        SeatField("wood", 1, 100, "wood", lambda s, v: [float(s["wood"])]),
        SeatField("fame", 1, 300, "fame (score so far)", lambda s, v: [float(s["fame"])]),
        SeatField(
            "laid", len(KINDS), 30, "cards laid out per kind", lambda s, v: per(s["laid"], KINDS)
        ),
        SeatField("hand_size", 1, 10, "cards in hand", lambda s, v: [float(s["hand_size"])]),
        SeatField(
            "sacrifice_cards",
            1,
            40,
            "sacrifice cards held",
            lambda s, v: [float(s["sacrifice_cards"])],
        ),
        SeatField(
            "face_down",
            1,
            40,
            "sacrifice cards laid face down",
            lambda s, v: [float(s["face_down"])],
        ),
        SeatField(
            "private_known",
            1,
            1,
            "1 if the fields below are shown (the observer's own, or all at the end)",
            lambda s, v: [1.0 if "hand" in s else 0.0],
        ),
        SeatField(
            "hand",
            len(KINDS),
            10,
            "cards in hand per kind",
            lambda s, v: counts(s.get("hand") or [], KINDS),
        ),
        SeatField(
            "sacrifice",
            len(RES),
            40,
            "sacrifice cards held per resource",
            lambda s, v: per(s.get("sacrifice"), RES),
        ),
        SeatField(
            "face_down_cards",
            len(RES),
            40,
            "own face-down sacrifices per resource",
            lambda s, v: per(s.get("face_down_cards"), RES),
        ),
    ),
)
