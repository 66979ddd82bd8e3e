"""Finding where a card may lie on an island: a bounded, well-spread list of legal
placements (``candidates``) and whether there is any (``fits``), searched in a fixed order
of raw placements so that the answer is the same however it was asked for."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from vaka.games.atua.cards import CARDS, Card
from vaka.games.atua.geometry import Ints, Island
from vaka.games.atua.masks import legal_prefix
from vaka.games.atua.params import CANDIDATE_ANGLES, CANDIDATE_LIMIT, CANDIDATE_MARGIN
from vaka.games.atua.placement import Placement


def raw_candidates(
    island: Island, card: Card, angles: Sequence[int] = CANDIDATE_ANGLES
) -> tuple[Ints, Ints, Ints]:
    """Placements that put one coverable visible symbol well inside the card, at one of
    eight spots (corners and mid-sides of the card), at each angle: (x, y, angle) arrays,
    in a fixed order, without repeats."""
    targets = island._coverable
    if not len(targets):
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), empty.copy()
    from vaka.games.atua.kernels import raw_poses  # numba, imported when first needed

    m = island._sr[targets] + CANDIDATE_MARGIN
    ang = np.array(angles, dtype=np.int64)
    px, py, pa, keys = raw_poses(
        island._sx[targets], island._sy[targets], m, card.width / 2, card.height / 2, ang
    )
    ordered = np.sort(keys)
    if (ordered[1:] != ordered[:-1]).all():  # no repeats (nearly always): a plain sort tells
        return px, py, pa
    _, first = np.unique(keys, return_index=True)
    keep = np.sort(first)
    return px[keep], py[keep], pa[keep]


def candidates(
    island: Island,
    card_id: str,
    limit: int = CANDIDATE_LIMIT,
    angles: Sequence[int] = CANDIDATE_ANGLES,
) -> list[Placement]:
    """A bounded list of legal placements of the card, spread over the symbols it can cover
    and the angles (diagonals included), in a fixed order for a given island."""
    return list(_search(island, card_id, angles).placements(island, limit))


def fits(island: Island, card_id: str) -> bool:
    """Whether ``candidates`` finds the card a place: the same search, stopped at the first
    legal placement (and taken up from there if the card is then placed)."""
    return bool(_search(island, card_id, CANDIDATE_ANGLES).find(island, 1))


def _search(island: Island, card_id: str, angles: Sequence[int]) -> _Search:
    key = (card_id, tuple(angles))
    found = island._searches.get(key)
    if found is None:
        found = island._searches[key] = _Search(island, card_id, angles)
    return found


@lru_cache(maxsize=4096)
def _order(n: int) -> Ints:
    """The fixed, well-mixed order in which a search tests n raw placements (read-only)."""
    order = np.random.default_rng(n).permutation(n)
    order.setflags(write=False)
    return order


def _ordered(island: Island, card: Card, angles: Sequence[int]) -> tuple[Ints, Ints, Ints]:
    """The raw placements in the order a search tests them (not to be written). They depend
    on the card's size alone, and every island card has the same: an island finds them once
    for all its cards."""
    key = (card.width, card.height, tuple(angles))
    found = island._raw.get(key)
    if found is None:
        px, py, pa = raw_candidates(island, card, angles)
        order = _order(len(px))
        found = island._raw[key] = (px[order], py[order], pa[order])
    return found


class _Search:
    """The legal placements of one card on one island, in a fixed, well-mixed order of the
    raw placements, found as far as anyone has asked.

    The raw placements are tested in that order until enough are legal: the first
    ``limit`` legal ones are a spread-out sample (all targets, angles and spots mixed),
    found without testing them all, and the same however far each ask went.
    """

    def __init__(self, island: Island, card_id: str, angles: Sequence[int]) -> None:
        self.card_id, self.card = card_id, CARDS[card_id]
        if self.card.kind != "island" or card_id in island.card_ids:
            self.px = self.py = self.pa = np.zeros(0, dtype=np.int64)
        else:
            self.px, self.py, self.pa = _ordered(island, self.card, angles)
        self.start = 0  # the placements tested so far (in order)...
        self.chosen: list[int] = []  # ...and the legal ones among them
        self.lists: dict[int, list[Placement]] = {}

    def find(self, island: Island, want: int) -> list[int]:
        """The first ``want`` legal placements (positions in the order), or all there are:
        one compiled test of the placements not tested yet, which stops at the want-th."""
        if self.start < len(self.px) and len(self.chosen) < want:
            s = self.start
            ok = legal_prefix(
                island, self.card, self.px[s:], self.py[s:], self.pa[s:], want - len(self.chosen)
            )
            self.chosen.extend((np.flatnonzero(ok) + s).tolist())
            self.start += len(ok)
        return self.chosen[:want]

    def placements(self, island: Island, limit: int) -> list[Placement]:
        found = self.lists.get(limit)
        if found is None:
            at = self.find(island, limit)
            found = self.lists[limit] = [
                Placement(self.card_id, x, y, a)
                for x, y, a in zip(
                    self.px[at].tolist(), self.py[at].tolist(), self.pa[at].tolist(), strict=True
                )
            ]
        return found
