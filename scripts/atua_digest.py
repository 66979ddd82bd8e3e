#!/usr/bin/env python3
"""A digest of Atua's behaviour, to compare before and after a change that must not change it.

Usage: PYTHONPATH=src scripts/atua_digest.py [GAMES]   (default 6: 1 to 6 players)

Prints two hashes and two counts: every legal-action list and every log (in words, as a
spectator reads it at the end) of GAMES random games (players 1-6 in turn, fixed seeds),
and the legal mask of all raw candidates of every ninth card not yet laid on each final
island (with the number of legal placements among them and of islands). Equal lines before
and after: the same placements, the same games.
"""

from __future__ import annotations

import hashlib
import sys

from vaka.core.registry import load
from vaka.core.rng import Rng
from vaka.games.atua import candidates as C
from vaka.games.atua import geometry as G
from vaka.games.atua.cards import CARDS, ISLAND_IDS


def main(games: int) -> None:
    game = load("atua")
    plays, masks = hashlib.sha256(), hashlib.sha256()
    islands: list[G.Island] = []
    for g in range(games):
        rng = Rng(100 + g)
        state = game.new_state(1 + g % 6, 1000 + g)
        while state.to_move:
            for seat in state.to_move:
                actions = state.legal_actions(seat)
                plays.update(repr([str(a) for a in actions]).encode())
                state.apply(seat, rng.choice(actions))
        told = [(e["seat"], str(e["text"])) for e in state.view(None)["log"]]
        plays.update(repr(told).encode())  # the log as read, whatever its entries' form
        islands.extend(state.islands)  # type: ignore[attr-defined]
    legal = 0
    for island in islands:
        for card_id in [c for c in ISLAND_IDS if c not in island.card_ids][::9]:
            card = CARDS[card_id]
            px, py, pa = C.raw_candidates(island, card)
            ok = G.legal_mask(island, card, px, py, pa)
            legal += int(ok.sum())
            masks.update(ok.tobytes())
            masks.update(px.tobytes())
    print(plays.hexdigest()[:16], masks.hexdigest()[:16], legal, len(islands))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
