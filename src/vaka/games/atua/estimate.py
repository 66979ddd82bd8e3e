"""Atua game knowledge for bots: what a position is worth to each seat, in harmony points.

The estimate is the score a seat would have if the game ended now (the sources it has
scored, its resident's points, each source not yet scored as it stands, the fate tiles and
the beach and coconut bonuses; before the end ``scoring.breakdown`` holds only the first
two) plus what its island should still turn into. Every card it
will still take is projected as a share of an average island card's symbols: a half-
finished pair (a fish without a fisherman) may be completed, a duplicate totem covered, a
new totem climbs the totems table, a volcano reaches the ruler. The card in hand counts with
its symbols. A source with more of the first symbol than the second keeps hope only while
cards remain to cover the extra or bring the match. Majorities (fate tiles, beach, coconuts)
are probabilities that sharpen as the piles run out; a face-down resident is worth the best
row it can still hope for. With no cards left to take, the sources are exact and the
majorities all but certain; once the game is over the values are the final scores.

Solo: the single value is the seat's expected score minus Tahuma's: his cards (the one about
to go to him included), the cards still to come to him as average cards (his pairs the
expectation of his halving rule over how they may fall), the hut, and his volcano and beach
comparisons with the seat. At the end it is exactly the final score minus
Tahuma's final score (the seat wins at 0 when it has at least as many coconuts as the hut).

Island measures (symbol counts, volcano points, the longest beach) are cached per island: a
game replaces an island when a card is laid and never changes one it holds, so only islands
new since the last call cost geometry. So is each seat's own part of the value (all but the
majorities, which compare the seats), by the few other things it reads: the positions a
search judges one step ahead differ in one seat's island and pieces alone.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from vaka.games.atua import rules
from vaka.games.atua.cards import CARDS, ISLAND_IDS, TOTEMS
from vaka.games.atua.measures import beach_cards, longest_beach, volcano_points
from vaka.games.atua.params import (
    BEACH_BONUS,
    COCONUT_BONUS,
    PAIRS,
    PILES,
    ROUNDS,
    ROW_SIZE,
    TAHUMA_VOLCANO_POINTS,
    TOTEM_POINTS,
    VOLCANO_BANDS,
)
from vaka.games.atua.scoring import (
    breakdown,
    pair_points,
    row_pairs,
    tahuma_breakdown,
)
from vaka.games.atua.tiles import FATES, RESIDENTS, Fate

if TYPE_CHECKING:
    from vaka.core.state import State
    from vaka.games.atua.geometry import Island
    from vaka.games.atua.state import AtuaState

# ---------------------------------------------------------------------------- weights
#: Of an average island card's symbols, the share a future card adds to what a seat
#: collects: it picks one of four row cards (or of two, solo) for what it needs, but each
#: placement must cover at least one symbol and no card serves every source at once.
GROWTH = 0.5
#: The spread of a projected count, per symbol projected: the smooth minimum of a pair's two
#: projected counts and the majorities use it, so a lone fish is worth part of a pair
#: and a lead of one is not yet a sure majority.
SPREAD = 1.0
#: A source with too many of its first symbol (more fishermen than fish) scores only if
#: each extra is covered or matched before the source is scored: the chance of each fix.
FIX = 0.7
#: Likewise a duplicate totem kind: covering the extras brings its one totem back.
TOTEM_FIX = 0.7
#: Ruler points expected of a volcano in hand: placements are chosen, and the ruler pays
#: 3-5 in its middle bands, but the first cards lie close to the village.
HELD_VOLCANO = 2.5
#: A coconut in supply buys a better row card (or a fate tile) on a turn to come: worth
#: this much at the start, shrinking with the seat's cards left to take, besides the point
#: it scores while the coconut source is open and its weight in the coconut majorities.
COCONUT_SPEND = 0.4
#: Coconuts a seat is expected to gain per card still to take (the coconuts left on row
#: cards it takes), for the coconut source while it is open.
COCONUT_INCOME = 0.3
#: The counts' uncertainty floor: with no card left, a majority's margin of 0 is a tie
#: (which wins), of -1 a loss, almost surely.
MAJORITY_FLOOR = 0.25
#: Points per card still to take that the projections above leave out: a seat picks its
#: cards for what it collects, so its sources grow faster than average cards suggest.
#: Measured: medium bots' estimates fell short of their final scores by about this much
#: per card left; the same for every action of a decision, it only calibrates.
FUTURE_CARD = 1.0
#: The rows a face-down resident may still see, per card still to take: the row changes by
#: a card or more per turn, so successive rows are far from independent.
ROW_FRESHNESS = 0.5

CARDS_EACH = ROUNDS  # cards a seat takes in a game of 2-6
SOLO_TURNS = sum(PILES[1]) // 2  # 18: two cards a turn, one for the player, one for Tahuma


def _per_card() -> tuple[dict[str, float], float, float]:
    """Mean symbols of each kind on an island card, the share of cards with a beach and
    the totems per card of each totem kind."""
    kinds: Counter[str] = Counter()
    beach = 0
    for cid in ISLAND_IDS:
        for s in CARDS[cid].symbols:
            kinds[s.kind] += 1
        beach += bool(CARDS[cid].beaches)
    n = len(ISLAND_IDS)
    return {k: v / n for k, v in kinds.items()}, beach / n, kinds["totem"] / n / len(TOTEMS)


PER_CARD, BEACH_SHARE, PER_TOTEM_KIND = _per_card()
MEAN_VOLCANO = sum(p for _, p in VOLCANO_BANDS) / len(VOLCANO_BANDS)  # off the ruler: 0
FUTURE_VOLCANO = GROWTH * PER_CARD["volcano"] * MEAN_VOLCANO  # per card still to take


def _row_count_distribution(what: str) -> list[float]:
    """P(k of ``what`` in a row of four cards), cards drawn independently."""
    per: Counter[int] = Counter()
    for cid in ISLAND_IDS:
        per[row_pairs([cid], what)] += 1
    one = [per[k] / len(ISLAND_IDS) for k in range(max(per) + 1)]
    dist = [1.0]
    for _ in range(ROW_SIZE):
        nxt = [0.0] * (len(dist) + len(one) - 1)
        for i, p in enumerate(dist):
            for j, q in enumerate(one):
                nxt[i + j] += p * q
        dist = nxt
    return dist


def _best_row_table(res_id: str) -> list[float]:
    """Expected resident points of the best of n rows, n = 0..SOLO_TURNS."""
    res = RESIDENTS[res_id]
    dist = _row_count_distribution(res.pairs)
    points = [res.points * (k // 2) for k in range(len(dist))]
    levels = sorted(set(points))
    table = []
    for n in range(SOLO_TURNS + 1):
        # E[max] = sum over the steps between point levels of P(max above the step) * step
        total = 0.0
        for lo, hi in pairwise(levels):
            below = sum(p for p, v in zip(dist, points, strict=True) if v <= lo)
            total += (1.0 - below**n) * (hi - lo) if n else 0.0
        table.append(total)
    return table


RESIDENT_HOPE = {r: _best_row_table(r) for r in RESIDENTS}

# per pair source, keyed by its points per pair (2, 3, 4: one each): projected firsts and
# seconds per card still to take
PER_CARD_A = {per: GROWTH * PER_CARD.get(a, 0.0) for a, _, per in PAIRS.values()}
PER_CARD_B = {per: GROWTH * PER_CARD.get(b, 0.0) for _, b, per in PAIRS.values()}
assert len(PER_CARD_A) == len(PAIRS), "pair sources are told apart by points per pair"


# ---------------------------------------------------------------------------- islands
@dataclass(frozen=True, slots=True)
class Measured:
    """What scoring needs of one island, measured once."""

    kinds: dict[str, int]  # visible symbols by kind
    totems: dict[str, int]  # visible totems by totem kind
    volcano_points: int
    beach_cards: int  # island cards still showing beach (measures.beach_cards)
    longest_beach: int
    # a seat's own part of the estimate on this island, by what else it depends on
    # (``_own``): a search judges many positions that differ in one seat's island alone
    own: dict[tuple[object, ...], Own] = field(default_factory=dict, compare=False)


_MEASURED: WeakKeyDictionary[Island, Measured] = WeakKeyDictionary()


def measured(island: Island) -> Measured:
    """The island's measures, from the cache when this island was measured before."""
    found = _MEASURED.get(island)
    if found is None:
        kinds: Counter[str] = Counter()
        totems: Counter[str] = Counter()
        for s in island.visible_symbols():
            kinds[s.kind] += 1
            if s.symbol.totem:
                totems[s.symbol.totem] += 1
        found = Measured(
            dict(kinds),
            dict(totems),
            volcano_points(island),
            beach_cards(island),
            longest_beach(island),
        )
        _MEASURED[island] = found
    return found


# ---------------------------------------------------------------------------- helpers
def _majority(margin: float, spread: float) -> float:
    """The chance that a margin (mine minus the best rival's) ends at 0 or more."""
    return 1.0 / (1.0 + math.exp(-(margin + 0.5) / spread))


def _smin(x: float, y: float, spread: float) -> float:
    """A smooth minimum: min(x, y) less the expected shortfall when both are uncertain."""
    return (x + y - math.sqrt((x - y) ** 2 + spread)) / 2


def _pairs(a: int, b: int, per: int, cards: float) -> float:
    """Expected points of a pair source (a firsts, b seconds) with ``cards`` still to take."""
    if cards <= 0:
        return float(per * a) if a <= b else 0.0
    da, db = cards * PER_CARD_A[per], cards * PER_CARD_B[per]
    hoped = _smin(a + da, b + db, SPREAD * (da + db))
    if a <= b:
        return per * max(float(a), hoped)
    return per * max(float(b), hoped) * FIX ** (a - b)


def _totem_table(n: float) -> float:
    """The totems table, read between its steps."""
    top = len(TOTEM_POINTS) - 1
    if n >= top:
        return float(TOTEM_POINTS[top])
    low = int(n)
    return TOTEM_POINTS[low] + (n - low) * (TOTEM_POINTS[low + 1] - TOTEM_POINTS[low])


def _totems(totems: dict[str, int], cards: float, identical: bool) -> float:
    """Expected totem points: unique kinds, duplicates that may be covered, new kinds."""
    if identical:  # solo: every totem counts
        return _totem_table(sum(totems.values()) + cards * GROWTH * PER_CARD["totem"])
    unique = sum(1 for v in totems.values() if v == 1)
    if cards <= 0:
        return float(TOTEM_POINTS[min(unique, len(TOTEM_POINTS) - 1)])
    dup = sum(TOTEM_FIX ** (v - 1) for v in totems.values() if v > 1)
    unseen = len(TOTEMS) - len(totems)
    new = cards * GROWTH * PER_CARD["totem"] * unseen / len(TOTEMS)
    exact = float(TOTEM_POINTS[min(unique, len(TOTEM_POINTS) - 1)])
    return max(exact, _totem_table(unique + dup + new))


# ---------------------------------------------------------------------------- the estimate
def values(state: State) -> list[float]:
    """Each seat's expected final score (solo: one value, the seat's minus Tahuma's)."""
    st: AtuaState = state  # type: ignore[assignment]
    if st.over:
        totals = [float(b["total"]) for b in breakdown(st)]
        if st.solo:
            return [totals[0] - tahuma_breakdown(st)["total"]]
        return totals
    players = st.players
    per_seat = SOLO_TURNS if st.solo else CARDS_EACH
    holder = st.active if st.held is not None else -1
    pending_resident = {s for phase, s, _ in st.queue if phase == rules.RESIDENT}
    seats = [_own(st, seat, holder, per_seat, seat in pending_resident) for seat in range(players)]

    spread = MAJORITY_FLOOR + SPREAD * GROWTH * sum(s[3] for s in seats) / players
    margins: dict[str, list[float]] = {}
    if not st.solo:  # each seat's lead over its best rival, in what majorities compare
        margins["longest beach"] = _margins([s[4] for s in seats])
        for owned in st.fates_owned:
            for fid in owned:
                for cat in FATES[fid].categories:
                    if cat not in margins:
                        margins[cat] = _margins([s[0].get(cat, 0) for s in seats])
        if "coconuts" not in margins:
            margins["coconuts"] = _margins([s[0]["coconuts"] for s in seats])
    result = []
    for seat, (_, _, _, cards, beach, value) in enumerate(seats):
        if not st.solo:
            value += _resident(st, seat, cards, seat in pending_resident)
            for fid in st.fates_owned[seat]:
                value += _fate(FATES[fid], margins, seat, spread)
            if beach > 0 or cards > 0:  # the bonus needs a beach
                value += BEACH_BONUS * _majority(margins["longest beach"][seat], spread)
            value += COCONUT_BONUS * _majority(margins["coconuts"][seat], spread)
        result.append(value)
    if st.solo:
        kinds, _, _, cards, beach, _ = seats[0]
        return [result[0] + _against_tahuma(st, kinds.get("volcano", 0), beach, cards)]
    return result


#: A seat's counts (symbols by kind, with coconuts and beach cards; totems by kind), volcano
#: points, cards still to take, longest beach, and its value before the majorities.
Own = tuple[dict[str, int], dict[str, int], float, float, int, float]


def _own(st: AtuaState, seat: int, holder: int, per_seat: int, pending: bool) -> Own:
    """What the estimate needs of one seat alone, kept per island by what else it reads."""
    island = st.islands[seat]
    m = measured(island)
    held = st.held if seat == holder else None
    scored = st.scored[seat]
    key = (
        held,
        len(st.set_aside[seat]),
        st.coconuts[seat],
        st.residents[seat],
        st.revealed[seat],
        pending,
        tuple(scored.items()),
        st.resident_points[seat],
        per_seat,
        st.solo,
    )
    found = m.own.get(key)
    if found is not None:
        return found
    kinds = dict(m.kinds)
    totems = m.totems
    volcano = float(m.volcano_points)
    taken = len(island.placements) - 1 + len(st.set_aside[seat])
    if held is not None:
        totems = dict(totems)
        for s in CARDS[held].symbols:
            kinds[s.kind] = kinds.get(s.kind, 0) + 1
            if s.totem:
                totems[s.totem] = totems.get(s.totem, 0) + 1
            if s.kind == "volcano":
                volcano += HELD_VOLCANO
        taken += 1
    cards = float(max(0, per_seat - taken))
    nuts = st.coconuts[seat]
    res_id = st.residents[seat]
    if bool(res_id) and (st.revealed[seat] or cards > 0 or pending):  # it may be revealed
        for kind, n in RESIDENTS[res_id].adds:
            if kind == "coconut":
                nuts += n
            else:
                kinds[kind] = kinds.get(kind, 0) + n
    kinds["coconuts"] = nuts
    kinds["beach_cards"] = m.beach_cards
    value = float(sum(scored.values()) + st.resident_points[seat])
    for source, (a, b, per) in PAIRS.items():
        if source not in scored:
            value += _pairs(kinds.get(a, 0), kinds.get(b, 0), per, cards)
    if "totems" not in scored:
        value += _totems(totems, cards, st.solo)
    if "volcanoes" not in scored:
        value += volcano + cards * FUTURE_VOLCANO
    if "coconuts" not in scored:
        value += kinds["coconuts"] + cards * COCONUT_INCOME
    value += st.coconuts[seat] * COCONUT_SPEND * cards / per_seat + cards * FUTURE_CARD
    found = m.own[key] = (kinds, totems, volcano, cards, m.longest_beach, value)
    return found


def _margins(counts: list[int]) -> list[float]:
    """Each seat's count less the best of the other seats' counts."""
    top, second = sorted(counts, reverse=True)[:2]
    return [float(c - (second if c == top else top)) for c in counts]


def _resident(st: AtuaState, seat: int, cards: float, pending: bool) -> float:
    """A face-down resident: its points now (if it may still be played this turn) or the
    best row it can hope for on the turns to come."""
    res_id = st.residents[seat]
    if st.revealed[seat] or not res_id:
        return 0.0
    hope = 0.0
    if cards > 0:
        hope = RESIDENT_HOPE[res_id][min(SOLO_TURNS, max(1, round(cards * ROW_FRESHNESS)))]
    if pending:
        res = RESIDENTS[res_id]
        return max(hope, float(res.points * (row_pairs(st.row, res.pairs) // 2)))
    return hope


def _fate(fate: Fate, margins: dict[str, list[float]], seat: int, spread: float) -> float:
    """Expected points of a fate tile held: each of its categories a soft majority."""
    chances = [_majority(margins[cat][seat], spread) for cat in fate.categories]
    if len(chances) == 1:
        p = chances[0]
        return p * fate.win - (1 - p) * fate.lose
    p, q = chances
    partial = fate.partial if fate.partial is not None else -fate.lose
    one = p * (1 - q) + q * (1 - p)
    return p * q * fate.win + one * partial - (1 - p) * (1 - q) * fate.lose


@cache
def _tahuma_pairs(have_a: int, have_b: int, a: str, b: str, future: int) -> float:
    """Tahuma's expected pairs of one source (``scoring.pair_points``: all his firsts when
    he has no more of them than seconds, else half of them), with the ``future`` cards
    still to come to him bringing each symbol as a Poisson count of an average card's. The
    expectation, not the rule applied to expected counts: early on, when both counts are
    uncertain, the rule's kink costs him points (a reading of the counts alone overrated
    him by ~10)."""
    if future <= 0:
        return float(pair_points(have_a, have_b, 1, tahuma=True))
    pa = _poisson(future * PER_CARD.get(a, 0.0))
    pb = _poisson(future * PER_CARD.get(b, 0.0))
    return sum(
        p * q * pair_points(have_a + i, have_b + j, 1, tahuma=True)
        for i, p in enumerate(pa)
        for j, q in enumerate(pb)
    )


def _poisson(lam: float) -> list[float]:
    """P(k) of a Poisson count, k = 0 .. well past its mean (the tail left out is tiny)."""
    top = int(lam + 6 * math.sqrt(lam) + 6)
    out = [math.exp(-lam)]
    for k in range(1, top + 1):
        out.append(out[-1] * lam / k)
    return out


def _against_tahuma(st: AtuaState, my_volcanoes: int, my_beach: int, cards: float) -> float:
    """Solo: the seat's beach bonus less Tahuma's expected final score."""
    future = float(SOLO_TURNS - st.turns - (0 if st.offer else 1))  # cards still to him
    his = (*st.tahuma, *([st.other] if st.other is not None else []))
    terms, volcanoes, beach = _tahuma_own(his, future)
    score = float(st.level + st.hut)
    for term in terms:  # added in the same order as ever, so to the same bits
        score += term
    spread = MAJORITY_FLOOR + SPREAD * GROWTH * (cards + future) / 2
    his_volcanoes = volcanoes + future * PER_CARD["volcano"]
    mine = my_volcanoes + cards * GROWTH * PER_CARD["volcano"]
    score += TAHUMA_VOLCANO_POINTS * _majority(his_volcanoes - mine - 1, spread)
    his_beach = beach + future * BEACH_SHARE
    # Tahuma's bonus needs a beach of his; the seat's, one of its own
    mine_beach = float(my_beach)
    mine_gets = _majority(mine_beach - his_beach, spread) if my_beach > 0 or cards > 0 else 0.0
    his_gets = _majority(his_beach - mine_beach, spread) if his_beach > 0 else 0.0
    return BEACH_BONUS * (mine_gets - his_gets) - score


@lru_cache(maxsize=4096)
def _tahuma_own(cards: tuple[str, ...], future: float) -> tuple[tuple[float, ...], int, int]:
    """What of Tahuma's estimate depends on his cards alone: the expected points of each
    pair source and of his unique totems (in the order they are added), his volcanoes and
    his beach cards. A search judges many positions where only the seat's island differs."""
    kinds: Counter[str] = Counter()
    totems: Counter[str] = Counter()
    beach = 0
    for cid in cards:
        card = CARDS[cid]
        beach += bool(card.beaches)
        for s in card.symbols:
            kinds[s.kind] += 1
            if s.totem:
                totems[s.totem] += 1
    terms = [
        per * _tahuma_pairs(kinds[a], kinds[b], a, b, int(future)) for a, b, per in PAIRS.values()
    ]
    # unique totem kinds: each kind ends with exactly one copy (Poisson arrivals)
    lam = future * PER_TOTEM_KIND
    unique = 0.0
    for kind in TOTEMS:
        have = totems[kind]
        if have == 0:
            unique += lam * math.exp(-lam)
        elif have == 1:
            unique += math.exp(-lam)
    terms.append(_totem_table(unique))
    return tuple(terms), kinds["volcano"], beach
