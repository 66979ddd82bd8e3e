"""Raiatea's observation: the round, the markets, the statues' missions and every seat.

What lies behind another seat's screen (pearls, mana, goods, rituals in hand, To'o tokens,
sealed bids) is not in its view until the end, so those fields stay 0 (with
``private_known`` 0) for the other seats.
"""

from __future__ import annotations

from typing import Any

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
    seats_multihot,
)
from vaka.games.raiatea.params import (
    ASSISTANTS,
    COMMODITIES,
    DECKS,
    FOREST_IDS,
    GIFTS,
    LOCATIONS,
    MASK_IDS,
    MAX_BID,
    MISSION_SLOTS,
    RANK_IDS,
    RITUAL_IDS,
    TOOS,
)
from vaka.games.raiatea.rules import PROMPTS, SEALED_PROMPTS

PHASES = (*PROMPTS, *SEALED_PROMPTS)
TOKENS = tuple(TOOS)
ROUND_KINDS = ("action", "ceremony")


def _slots(v: View) -> list[str]:
    """The 48 mission spaces in MISSION_SLOTS order: token id, "?" (face down) or ""."""
    out = []
    for statue, row, space in MISSION_SLOTS:
        out.append(v["statues"][statue]["rows"][row][space])
    return out


def _visible(v: View, statue: int) -> list[float]:
    tokens = [t for t in _rows_of(v, statue) if t not in ("", "?")]
    return counts(tokens, TOKENS)


def _rows_of(v: View, statue: int) -> list[str]:
    return [t for row in v["statues"][statue]["rows"] for t in row]


def _order(s: View, v: View) -> list[float]:
    order: list[int] = v["order"]
    return [float(order.index(s["seat"]) + 1) if s["seat"] in order else 0.0]


def _private(s: View, key: str, keys: tuple[str, ...]) -> list[float]:
    value: Any = s.get(key)
    return per(value, keys)


LAYOUT = Layout(
    table=(
        *common_fields(PHASES, "one-hot of the seat deciding (not set for a sealed choice)"),
        Field(
            "decision.seats",
            -1,
            1,
            "sealed choice: the seats still to choose",
            lambda v: seats_multihot((v.get("decision") or {}).get("seats") or [], v),
        ),
        Field(
            "decision.mission",
            len(MISSION_SLOTS),
            1,
            "mana auction: one-hot of the mission space auctioned",
            lambda v: [
                1.0
                if (v.get("decision") or {}).get("mission") == f"{a + 1}.{b + 1}.{c + 1}"
                else 0.0
                for a, b, c in MISSION_SLOTS
            ],
        ),
        Field(
            "round.kind",
            2,
            1,
            "one-hot: action round, ceremony",
            lambda v: onehot(v["round"]["kind"], ROUND_KINDS),
        ),
        Field(
            "round.number",
            1,
            10,
            "the round's number within its kind",
            lambda v: [float(v["round"]["number"])],
        ),
        Field(
            "round.ceremony",
            1,
            10,
            "ceremonies held so far",
            lambda v: [float(v["round"]["ceremony"])],
        ),
        Field(
            "start_player",
            -1,
            1,
            "one-hot of the start player",
            lambda v: seat_onehot(v["start_player"], v),
        ),
        Field(
            "kahuna",
            -1,
            1,
            "one-hot of the Kahuna (none: all 0)",
            lambda v: seat_onehot(v["kahuna"], v),
        ),
        Field(
            "tiles",
            len(LOCATIONS),
            1,
            "location tiles out: " + ", ".join(LOCATIONS),
            lambda v: counts(v["tiles"], LOCATIONS),
        ),
        Field("die", 1, 6, "the die", lambda v: [float(v["die"])]),
        Field(
            "display",
            len(FOREST_IDS),
            4,
            "forest display: cards per forest card id",
            lambda v: counts(v["display"], FOREST_IDS),
        ),
        Field(
            "revealed",
            len(FOREST_IDS),
            4,
            "forest cards revealed by a ritual",
            lambda v: counts(v["revealed"], FOREST_IDS),
        ),
        Field(
            "forest_pile",
            1,
            100,
            "cards left in the forest pile",
            lambda v: [float(v["forest_pile"])],
        ),
        Field(
            "commodities_market",
            len(COMMODITIES),
            20,
            "commodities in the market: " + ", ".join(COMMODITIES),
            lambda v: per(v["commodities_market"], COMMODITIES),
        ),
        Field(
            "assistant_market",
            len(ASSISTANTS),
            10,
            "assistants in the market: " + ", ".join(ASSISTANTS),
            lambda v: per(v["assistant_market"], ASSISTANTS),
        ),
        Field(
            "mask_market",
            len(MASK_IDS),
            4,
            "masks in the Mask Market per mask id",
            lambda v: counts(v["mask_market"], MASK_IDS),
        ),
        Field(
            "prices",
            len(COMMODITIES),
            10,
            "commodity prices",
            lambda v: per(v["prices"], COMMODITIES),
        ),
        Field(
            "statues.face_up",
            3,
            1,
            "1 for each statue (1, 2, 3 VP) turned face up",
            lambda v: [float(s["face_up"]) for s in v["statues"]],
        ),
        Field(
            "statues.occupied",
            len(MISSION_SLOTS),
            1,
            "1 for each mission space (statue.row.space order) that still holds a To'o",
            lambda v: [0.0 if t == "" else 1.0 for t in _slots(v)],
        ),
        *(
            Field(
                f"statues[{i}].tokens",
                len(TOKENS),
                6,
                f"statue {i + 1}: visible To'o tokens per token id",
                lambda v, i=i: _visible(v, i),  # type: ignore[misc]
            )
            for i in range(3)
        ),
        Field(
            "ritual_piles",
            len(DECKS),
            100,
            "rituals left per deck (normal, forbidden)",
            lambda v: per(v["ritual_piles"], DECKS),
        ),
        Field(
            "discards",
            len(RITUAL_IDS),
            4,
            "rituals in the discard piles per ritual id",
            lambda v: counts([c for d in DECKS for c in v["discards"][d]], RITUAL_IDS),
        ),
        Field(
            "gifts_left",
            len(GIFTS),
            5,
            "gifts left: " + ", ".join(GIFTS),
            lambda v: counts(v["gifts_left"], GIFTS),
        ),
        Field(
            "blessing.open",
            1,
            1,
            "1 while the bag is open (Divine Blessings)",
            lambda v: [1.0 if "blessing" in v else 0.0],
        ),
        Field(
            "blessing.mana",
            1,
            100,
            "mana in the open bag",
            lambda v: [float(v.get("bag_mana") or 0)],
        ),
        Field(
            "blessing.rituals",
            len(RITUAL_IDS),
            4,
            "rituals in the open bag per ritual id",
            lambda v: counts([r for r, _ in v.get("blessing") or []], RITUAL_IDS),
        ),
    ),
    seat=(
        SeatField("order", 1, 10, "place in the turn order (1 first; 0 not in it)", _order),
        SeatField("tattoo", 1, 20, "tattoo track", lambda s, v: [float(s["tattoo"])]),
        SeatField(
            "rank",
            len(RANK_IDS),
            1,
            "one-hot rank: " + ", ".join(RANK_IDS),
            lambda s, v: onehot(s["rank"], RANK_IDS),
        ),
        SeatField("priests", 1, 20, "priests", lambda s, v: [float(s["priests"])]),
        SeatField(
            "masks",
            len(MASK_IDS),
            4,
            "masks per mask id",
            lambda s, v: counts(s["masks"], MASK_IDS),
        ),
        SeatField(
            "mask_pairs", 1, 10, "pairs of masks", lambda s, v: [float(len(s["mask_pairs"]))]
        ),
        SeatField(
            "assistants",
            len(ASSISTANTS),
            10,
            "ready assistants per type",
            lambda s, v: per(s["assistants"], ASSISTANTS),
        ),
        SeatField(
            "turned",
            len(ASSISTANTS),
            10,
            "turned assistants per type",
            lambda s, v: per(s["turned"], ASSISTANTS),
        ),
        SeatField(
            "blue",
            len(RITUAL_IDS),
            4,
            "blue rituals in front of the seat",
            lambda s, v: counts(s["blue"], RITUAL_IDS),
        ),
        SeatField(
            "counted_types",
            len(ASSISTANTS),
            1,
            "assistant types counted this round",
            lambda s, v: counts(s["counted_types"], ASSISTANTS),
        ),
        SeatField(
            "drawn",
            len(DECKS),
            10,
            "rituals drawn, not yet kept, per deck",
            lambda s, v: per(s["drawn"], DECKS),
        ),
        SeatField(
            "commodities",
            1,
            40,
            "commodities behind the screen (number)",
            lambda s, v: [float(s["commodities"])],
        ),
        SeatField("toos", 1, 40, "To'o tokens (number)", lambda s, v: [float(s["toos"])]),
        SeatField(
            "prepared.clipped",
            len(DECKS),
            10,
            "clipped rituals prepared per deck",
            lambda s, v: per(s["prepared"]["clipped"], DECKS),
        ),
        SeatField(
            "private_known",
            1,
            1,
            "1 if the fields below are shown (the observer's own, or all at the end)",
            lambda s, v: [1.0 if "hand" in s else 0.0],
        ),
        SeatField(
            "rituals",
            len(DECKS),
            20,
            "rituals in hand per deck",
            lambda s, v: _private(s, "rituals", DECKS),
        ),
        SeatField(
            "prepared.general",
            len(DECKS),
            10,
            "general rituals prepared per deck",
            lambda s, v: per(s["prepared"].get("general"), DECKS),
        ),
        SeatField("pearls", 1, 100, "pearls", lambda s, v: [float(s.get("pearls") or 0)]),
        SeatField("mana", 1, 100, "mana", lambda s, v: [float(s.get("mana") or 0)]),
        SeatField(
            "goods",
            len(COMMODITIES),
            20,
            "commodities per kind",
            lambda s, v: _private(s, "goods", COMMODITIES),
        ),
        SeatField(
            "hand",
            len(RITUAL_IDS),
            4,
            "rituals in hand per id",
            lambda s, v: counts(s.get("hand") or [], RITUAL_IDS),
        ),
        SeatField(
            "drawn_cards",
            len(RITUAL_IDS),
            4,
            "rituals drawn, not yet kept, per id",
            lambda s, v: counts(s.get("drawn_cards") or [], RITUAL_IDS),
        ),
        SeatField(
            "too_tokens",
            len(TOKENS),
            6,
            "To'o tokens per token id",
            lambda s, v: counts(s.get("too_tokens") or [], TOKENS),
        ),
        SeatField(
            "prepared_cards",
            len(RITUAL_IDS),
            4,
            "rituals prepared per id",
            lambda s, v: counts(s.get("prepared_cards") or [], RITUAL_IDS),
        ),
        SeatField(
            "bid.made",
            1,
            1,
            "1 once this seat's sealed choice is in",
            lambda s, v: [1.0 if "my_bid" in s else 0.0],
        ),
        SeatField(
            "bid",
            1,
            MAX_BID,
            "the sealed bid or offer made (a number; 0 otherwise)",
            lambda s, v: [float(s["my_bid"]) if isinstance(s.get("my_bid"), int) else 0.0],
        ),
    ),
)
