"""The view's ``this_round``: what the board shows of the round so far (who claimed which
location, the sealed bids revealed last), read from the round's events rather than from
the log's words, which are in the reader's language."""

from __future__ import annotations

import random

from tests.games.raiatea.helpers import new
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.actions import slot_text
from vaka.games.raiatea.params import MISSION_SLOTS


def test_claims_and_reveals_follow_the_round_and_start_again_with_the_next() -> None:
    st = new(players=4, seed=5)
    rng = random.Random(5)
    seen = {"claim": 0, "offering": 0, "auction": 0, "reset": 0}
    claims: dict[str, int] = {}
    revealed = None
    while not st.over:
        seat = st.to_move[0]
        before = len(st.log)
        st.apply(seat, rng.choice(st.legal_actions(seat)))
        for event in st.log[before:]:
            if isinstance(event, ev.RoundBegins):
                claims, revealed = {}, None
                seen["reset"] += 1
            elif isinstance(event, ev.Claim):
                claims.setdefault(event.location, event.seat)
                seen["claim"] += 1
            elif isinstance(event, ev.Offering):
                revealed = {"kind": "offering", "bids": list(event.bids),
                            "order": list(event.order)}  # fmt: skip
                seen["offering"] += 1
            elif isinstance(event, ev.Auction):
                won = event.seat is not None and event.seat >= 0
                revealed = {
                    "kind": "auction",
                    "mission": slot_text(MISSION_SLOTS[event.slot]),
                    "bids": list(event.bids),
                    "winner": event.seat if won else None,
                }
                seen["auction"] += 1
        for viewer in (None, *range(st.players)):
            shown = st.view(viewer)["this_round"]
            assert shown["claims"] == claims
            if revealed is None:
                assert shown["revealed"] is None
            else:
                assert {k: shown["revealed"][k] for k in revealed} == revealed
    assert seen["claim"] and seen["offering"] and seen["reset"] > 3, seen
