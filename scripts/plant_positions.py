#!/usr/bin/env python3
"""Find positions whose right label is clear, for the review's tests (tests/sim/planted.json).

In games of medium bots (game i seeded ``game_seed(seed, i)``), each decision of the last
``--last`` with two to four legal actions is played on from what its seat could know:
every legal action, in ``--plays`` deals of the cards the seat could not see (the same
deals for every action), by hard bots. (From the true position instead, an action can lose
for a reason the seat could not see: the review, which judges from the seat's view, is
right not to call it a mistake.)
Where one action wins at least ``1 - margin`` of its plays and another at most ``margin``,
the second is planted as a mistake (the review must label it a mistake or a blunder) and the
first is kept as a good move (the review must not call it a mistake or a blunder). Medium
bots play first, cheaply, to pick the positions worth the hard bots' time.

    python scripts/plant_positions.py rapa-nui -p 2 -n 40 --seed 5 --out tests/sim/planted.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from vaka.agents import make_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.sim.match import play, play_game
from vaka.sim.runner import game_seed


def wins(before: State, seat: int, action: str, level: str, plays: int, seed: int) -> int:
    """How often ``seat`` wins after ``action``, ``level`` bots playing every seat on, in
    ``plays`` deals of what the seat could not see (the same deals for every action)."""
    won = 0
    for k in range(plays):
        state = before.determinize(seat, derive_seed(seed, "deal", k))
        state.apply(seat, action)
        bots = [
            make_agent(level, before.game.id, derive_seed(seed, "plant", k, s))
            for s in range(before.players)
        ]
        play(state, bots)
        won += seat in state.winners()
    return won


def find(args: argparse.Namespace) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    began = time.time()
    for i in range(args.games):
        if time.time() - began > args.seconds:
            print(f"stopped after {i} games ({args.seconds} s)")
            break
        seed = game_seed(args.seed, i)
        final = play_game(args.game, ["medium"] * args.players, seed)
        record = final.record()
        actions = record["actions"]
        start = max(0, len(actions) - args.last)
        for at in range(start, len(actions)):
            seat, taken = actions[at]
            before = load(args.game).new_state(args.players, seed)
            for s, a in actions[:at]:
                before.apply(s, a)
            legal = [str(a) for a in before.legal_actions(seat)]
            if not 2 <= len(legal) <= 4:
                continue
            quick = {a: wins(before, seat, a, "medium", args.plays, seed) for a in legal}
            if max(quick.values()) < args.plays - 1 or min(quick.values()) > 1:
                continue
            hard = {a: wins(before, seat, a, "hard", args.plays, seed) for a in legal}
            good = [a for a in legal if hard[a] >= args.plays * (1 - args.margin)]
            bad = [a for a in legal if hard[a] <= args.plays * args.margin]
            if not good or not bad:
                continue
            entry = {
                "game": args.game,
                "players": args.players,
                "seed": seed,
                "at": at,
                "seat": seat,
                "taken": str(taken),
                "good": good[0],
                "bad": bad[0],
                "hard_wins": hard,
                "plays": args.plays,
            }
            found.append(entry)
            print(json.dumps(entry), flush=True)
            break  # one position per game: the library stays varied
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--last", type=int, default=12, help="decisions looked at per game")
    parser.add_argument("--plays", type=int, default=6, help="plays per action")
    parser.add_argument("--margin", type=float, default=1 / 6)
    parser.add_argument("--seconds", type=float, default=900, help="stop looking after this")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    found = find(args)
    path = Path(args.out)
    kept = json.loads(path.read_text()) if path.exists() else []
    kept += [e for e in found if e not in kept]
    path.write_text(json.dumps(kept, indent=1) + "\n")
    print(f"{len(found)} positions found; {len(kept)} in {path}")


if __name__ == "__main__":
    main()
