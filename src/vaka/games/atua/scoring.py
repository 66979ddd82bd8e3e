"""Atua's scoring: the six harmony sources, residents, fate tiles, the beach and coconut
bonuses, the tie-breaks, and Tahuma's score in the solo game."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from vaka.games.atua.cards import CARDS
from vaka.games.atua.measures import beach_cards, longest_beach, volcano_points
from vaka.games.atua.params import (
    BEACH_BONUS,
    COCONUT_BONUS,
    PAIRS,
    SOURCES,
    TAHUMA_VOLCANO_POINTS,
    TOTEM_POINTS,
)
from vaka.games.atua.tiles import FATES, RESIDENTS

if TYPE_CHECKING:
    from vaka.games.atua.geometry import Island
    from vaka.games.atua.state import AtuaState


def pair_points(first: int, second: int, per_pair: int, tahuma: bool = False) -> int:
    """Points per pair of (first, second); more of the first than the second scores 0
    (Tahuma instead scores half of the first, rounded down, as pairs).

    >>> pair_points(2, 3, 2), pair_points(3, 2, 2), pair_points(3, 2, 2, tahuma=True)
    (4, 0, 2)
    """
    if first > second:
        return per_pair * (first // 2) if tahuma else 0
    return per_pair * first


def totem_points(kinds: Counter[str], count_identical: bool = False) -> int:
    """Points for the unique, different totems (a kind seen twice counts for neither);
    the solo player counts every totem instead.

    >>> totem_points(Counter({"moon": 1, "tiki": 1, "shark": 2}))
    2
    >>> totem_points(Counter({"moon": 1, "tiki": 1, "shark": 2}), count_identical=True)
    7
    """
    n = sum(kinds.values()) if count_identical else sum(1 for v in kinds.values() if v == 1)
    return TOTEM_POINTS[min(n, len(TOTEM_POINTS) - 1)]


def island_counts(island: Island) -> tuple[Counter[str], Counter[str]]:
    """Visible symbols on an island by kind, and visible totems by totem kind."""
    kinds: Counter[str] = Counter()
    totems: Counter[str] = Counter()
    for s in island.visible_symbols():
        kinds[s.kind] += 1
        if s.kind == "totem" and s.symbol.totem:
            totems[s.symbol.totem] += 1
    return kinds, totems


def counts(st: AtuaState, seat: int) -> Counter[str]:
    """Everything a seat has for scoring: visible symbols, its revealed resident's symbols,
    ``coconuts`` (supply and resident) and ``beach_cards``."""
    kinds, _ = island_counts(st.islands[seat])
    kinds["coconuts"] = coconut_count(st, seat)
    kinds.update(resident_symbols(st, seat))
    kinds["beach_cards"] = beach_cards(st.islands[seat])
    return kinds


def coconut_count(st: AtuaState, seat: int) -> int:
    """Coconuts in the supply plus those shown on a revealed resident."""
    n = st.coconuts[seat]
    if st.revealed[seat]:
        n += sum(k for kind, k in RESIDENTS[st.residents[seat]].adds if kind == "coconut")
    return n


def source_points(st: AtuaState, seat: int, source: str) -> int:
    """What scoring ``source`` would bring the seat now."""
    if source == "coconuts":
        return coconut_count(st, seat)
    return island_points(st.islands[seat], source, resident_symbols(st, seat), st.solo)


def resident_symbols(st: AtuaState, seat: int) -> Counter[str]:
    """The symbols (not coconuts) a revealed resident adds to the seat's island."""
    if not st.revealed[seat]:
        return Counter()
    return symbols_of_resident(st.residents[seat])


def symbols_of_resident(resident: str) -> Counter[str]:
    return Counter({kind: n for kind, n in RESIDENTS[resident].adds if kind != "coconut"})


def island_points(island: Island, source: str, extra: Counter[str], solo: bool) -> int:
    """What scoring ``source`` (any but coconuts) would bring an island now, with ``extra``
    symbols (a revealed resident's): the one computation behind the scorings and the notes
    on placements."""
    if source in PAIRS:
        kinds, _ = island_counts(island)
        a, b, per = PAIRS[source]
        return pair_points(kinds[a] + extra[a], kinds[b] + extra[b], per)
    if source == "totems":
        _, totems = island_counts(island)
        return totem_points(totems, count_identical=solo)
    assert source == "volcanoes", source
    return volcano_points(island)


def fate_points(st: AtuaState, seat: int, fate_id: str) -> int:
    fate = FATES[fate_id]
    all_counts = [counts(st, s) for s in range(st.players)]
    held = sum(
        1 for cat in fate.categories if all(all_counts[seat][cat] >= c[cat] for c in all_counts)
    )
    if held == len(fate.categories):
        return fate.win
    if held and fate.partial is not None:
        return fate.partial
    return -fate.lose


def _tied_best(values: list[int]) -> list[int]:
    best = max(values)
    return [s for s, v in enumerate(values) if v == best]


def tahuma_breakdown(st: AtuaState) -> dict[str, int]:
    """Tahuma's score (solo): all symbols of all his cards, his special rules."""
    kinds: Counter[str] = Counter()
    totems: Counter[str] = Counter()
    for cid in st.tahuma:
        for s in CARDS[cid].symbols:
            kinds[s.kind] += 1
            if s.kind == "totem" and s.totem:
                totems[s.totem] += 1
    out = {"start": st.level}
    for source, (a, b, per) in PAIRS.items():
        out[source] = pair_points(kinds[a], kinds[b], per, tahuma=True)
    out["coconuts"] = st.hut
    out["totems"] = totem_points(totems)
    mine, _ = island_counts(st.islands[0])
    out["volcanoes"] = TAHUMA_VOLCANO_POINTS if kinds["volcano"] > mine["volcano"] else 0
    beach = tahuma_beach(st)
    out["beach"] = BEACH_BONUS if beach >= longest_beach(st.islands[0]) and beach > 0 else 0
    out["total"] = sum(out.values())
    return out


def tahuma_beach(st: AtuaState) -> int:
    """Tahuma's cards with a beach, as one connected beach."""
    return sum(1 for cid in st.tahuma if CARDS[cid].beaches)


def breakdown(st: AtuaState) -> list[dict[str, int]]:
    """Each seat's points by category: sources scored so far; once the game is over, also
    fate tiles and the bonuses."""
    out = []
    for seat in range(st.players):
        b = {s: st.scored[seat].get(s, 0) for s in SOURCES}
        b["resident"] = st.resident_points[seat]
        out.append(b)
    if st.over:
        beaches = [longest_beach(isl) for isl in st.islands]
        if st.solo:
            tahuma = tahuma_beach(st)
            out[0]["fate"] = 0
            out[0]["beach"] = BEACH_BONUS if beaches[0] >= tahuma and beaches[0] > 0 else 0
            out[0]["coconut_bonus"] = 0  # ignored in the solo game
        else:
            best_beach = _tied_best(beaches) if max(beaches) > 0 else []
            best_nuts = _tied_best([coconut_count(st, s) for s in range(st.players)])
            for seat in range(st.players):
                out[seat]["fate"] = sum(fate_points(st, seat, f) for f in st.fates_owned[seat])
                out[seat]["beach"] = BEACH_BONUS if seat in best_beach else 0
                out[seat]["coconut_bonus"] = COCONUT_BONUS if seat in best_nuts else 0
    for b in out:
        b["total"] = sum(b.values())
    return out


def winners(st: AtuaState, totals: list[int]) -> list[int]:
    """Most points; a tie goes to the most coconuts; still tied, shared. Solo: the player
    wins unless Tahuma has more points, or as many and more coconuts (then ``[]``)."""
    if st.solo:
        tahuma = tahuma_breakdown(st)["total"]
        mine = totals[0]
        if mine > tahuma or (mine == tahuma and coconut_count(st, 0) >= st.hut):
            return [0]
        return []
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    nuts = [coconut_count(st, s) for s in tied]
    return [s for s, n in zip(tied, nuts, strict=True) if n == max(nuts)]


def row_pairs(cards: list[str], what: str) -> int:
    """How many of ``what`` (a symbol kind, or ``beach_cards``) the row's cards show."""
    if what == "beach_cards":
        return sum(1 for c in cards if CARDS[c].beaches)
    return sum(1 for c in cards for s in CARDS[c].symbols if s.kind == what)
