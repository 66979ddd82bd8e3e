"""Raiatea's invariants: every card and token is somewhere exactly once, no count negative."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from vaka.games.raiatea.params import (
    ASSISTANTS,
    COMMODITIES,
    FORBIDDEN_DECK,
    FOREST_DECK,
    MAX_CLIPS,
    NORMAL_DECK,
    PRICE_TOP,
    START_ASSISTANTS,
    START_COMMODITIES,
    STARTING_MASKS,
    STATUES,
    TATTOO_MAX,
    TOO_POOL,
)

if TYPE_CHECKING:
    from vaka.games.raiatea.state import RaiateaState


def check(st: RaiateaState) -> None:
    """Every card and token is somewhere, exactly once; no count is negative."""

    rituals: Counter[str] = Counter()
    for seat in range(st.players):
        for where in (st.hand, st.drawn, st.blue, st.prepared, st.generals):
            rituals.update(where[seat])
    for deck in ("normal", "forbidden"):
        rituals.update(st.piles[deck])
        rituals.update(st.discards[deck])
    rituals.update(r for r, _ in st.blessing)
    rituals.update(st.performing)
    assert rituals == Counter(NORMAL_DECK + FORBIDDEN_DECK), "ritual cards lost or doubled"

    forest: Counter[str] = Counter(st.forest + st.display + st.revealed + st.mask_market)
    for seat in range(st.players):
        forest.update(st.masks[seat])
        for i, c in enumerate(COMMODITIES):
            forest[c] += st.comms[seat][i]
        for i, t in enumerate(ASSISTANTS):
            forest[t] += st.ready[seat][i] + st.turned[seat][i]
    for i, c in enumerate(COMMODITIES):
        forest[c] += st.comm_market[i]
    for i, t in enumerate(ASSISTANTS):
        forest[t] += st.asst_market[i]
    expected: Counter[str] = Counter(FOREST_DECK + STARTING_MASKS)
    for i, c in enumerate(COMMODITIES):
        expected[c] += START_COMMODITIES[i]
    for i, t in enumerate(ASSISTANTS):
        expected[t] += START_ASSISTANTS[i]
    assert forest == expected, f"forest/starting cards: {forest - expected} {expected - forest}"

    toos: Counter[str] = Counter(t for t in st.slots if t)
    for seat in range(st.players):
        toos.update(st.toos[seat])
    for box in st.box:
        toos.update(box)
    assert toos == Counter(sum(TOO_POOL, ())), "To'o tokens lost or doubled"
    assert sum(STATUES[0]) + sum(STATUES[1]) + sum(STATUES[2]) == len(st.slots)

    for values in (st.pearls, st.mana, st.priests, st.comm_market, st.asst_market, st.price):
        assert min(values) >= 0, f"negative count in {values}"
    assert st.bag_mana >= 0
    for seat in range(st.players):
        assert min(st.comms[seat]) >= 0 and min(st.ready[seat]) >= 0
        assert min(st.turned[seat]) >= 0
        assert len(st.prepared[seat]) <= MAX_CLIPS
    assert all(0 <= p <= PRICE_TOP for p in st.price)
    assert all(0 <= t <= TATTOO_MAX for t in st.tattoo)
