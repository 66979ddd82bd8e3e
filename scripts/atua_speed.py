#!/usr/bin/env python3
"""Atua's speed, side by side: a base commit's code against this checkout, in one run.

Usage: scripts/atua_speed.py [--base 1679ddb] [--new REF] [--seconds 1.0] [--rounds 2]
                             [--only playouts|candidates|search]

The base commit (and ``--new``, else this checkout) is checked out into a temporary folder
(``git worktree``, removed at the end) and each measurement runs in a subprocess with
``PYTHONPATH`` at one side's sources, the sides alternating, so both meet the same load.
Measured: random playouts (games per CPU second, solo and 2-6 players, at least two seeded
games each), candidate placements for one card on a mid-game island (median CPU
milliseconds over the cards not on it, caches cleared), and the hard bot's ISMCTS
iterations per CPU second at the start (60 iterations) and middle (200) of a 4-player game
(the positions of ``vaka.sim.bench.search_speed``). CPU time, not wall time, because the
machine is shared: it is what this process used, whoever else runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in the subprocess, against whichever sources PYTHONPATH names.
_MEASURE = r"""
import json, statistics, sys, time
from vaka.games.atua.cards import ISLAND_IDS
from vaka.games.atua.geometry import Island
from vaka.games.atua.placement import Placement
try:
    from vaka.games.atua.candidates import candidates
except ImportError:  # older commits keep the search in geometry
    from vaka.games.atua.geometry import candidates
from vaka.sim.bench import random_playouts

what, seconds = sys.argv[1], float(sys.argv[2])
out = {}
random_playouts("atua", 2, 0.01)  # loads what loads once (compiled code) before timing
if what == "playouts":  # CPU time of the same seeded random games: steadier under load
    from vaka.core.registry import load
    from vaka.core.rng import Rng

    game = load("atua")
    for n in (1, 2, 3, 4, 5, 6):
        rng, games = Rng(n), 0
        began = time.process_time()
        while games < 2 or time.process_time() - began < seconds:
            state = game.new_state(n, rng.next64() >> 1)
            while state.to_move:
                for seat in state.to_move:
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
            games += 1
        out[f"games/s {n}p"] = games / (time.process_time() - began)
elif what == "candidates":
    island = Island(sys.argv[3])
    for text in json.loads(sys.argv[4]):
        island.add(Placement.parse(text))
    times = []
    cards = [c for c in ISLAND_IDS if c not in island.card_ids]
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for card in cards:
            fresh = island.copy()
            for name in ("_edges", "_visible", "_searches", "_raw", "_cover", "_kernel"):
                if hasattr(fresh, name):
                    setattr(fresh, name, {} if name != "_kernel" else None)
            began = time.process_time()
            candidates(fresh, card)
            times.append(time.process_time() - began)
    out["candidates median ms"] = 1000 * statistics.median(times)
elif what == "search":  # as vaka.sim.bench.search_speed, a fixed count of iterations, CPU
    from vaka.agents import Observation, search_agent
    from vaka.core.registry import load
    from vaka.core.rng import Rng

    game, rng = load("atua"), Rng(0)
    start = game.new_state(4, 0)
    middle = start.clone()
    moves = []
    finished = start.clone()
    while not finished.is_over:
        seat = finished.to_move[0]
        action = rng.choice(finished.legal_actions(seat))
        moves.append((seat, action))
        finished.apply(seat, action)
    for seat, action in moves[: len(moves) // 2]:
        middle.apply(seat, action)
    for moment, state, n in (("start", start, 60), ("middle", middle, 200)):
        agent = search_agent("atua", 0, iterations=n)
        began = time.process_time()
        agent.analyse(Observation(state, state.to_move[0]))
        out[f"ISMCTS it/s {moment}"] = agent.last_iterations / (time.process_time() - began)
print(json.dumps(out))
"""


def _mid_island(src: Path) -> tuple[str, list[str]]:
    """The village and the first six placements of player 0 in a random 4-player game
    (this checkout's rules), for both sides to rebuild the same island."""
    code = r"""
import json
from vaka.core.registry import load
from vaka.core.rng import Rng
game = load("atua"); rng = Rng(3); st = game.new_state(4, 11)
while st.to_move and len(st.islands[0].placements) < 7:
    seat = st.to_move[0]; st.apply(seat, rng.choice(st.legal_actions(seat)))
isl = st.islands[0]
print(json.dumps([isl.placements[0].card, [str(p) for p in isl.placements[1:]]]))
"""
    village, placed = json.loads(_run(src, ["-c", code]))
    return village, placed


def _run(src: Path, args: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="1679ddb")
    parser.add_argument("--new", help="a commit to measure instead of this checkout")
    parser.add_argument("--seconds", type=float, default=1.0, help="per figure")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", choices=("playouts", "candidates", "search"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"base": args.base, **({"now": args.new} if args.new else {})}
        for side, ref in trees.items():
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", f"{tmp}/{side}", ref],
                check=True,
            )
        try:
            sides = {"base": Path(tmp) / "base" / "src", "now": ROOT / "src"}
            if args.new:
                sides["now"] = Path(tmp) / "now" / "src"
            village, placed = _mid_island(ROOT / "src")
            figures: dict[str, dict[str, list[float]]] = {s: {} for s in sides}
            for _ in range(args.rounds):
                for what in ("playouts", "candidates", "search"):
                    if args.only and what != args.only:
                        continue
                    extra = [village, json.dumps(placed)] if what == "candidates" else []
                    for side, src in sides.items():
                        line = _run(src, ["-c", _MEASURE, what, str(args.seconds), *extra])
                        for k, v in json.loads(line).items():
                            figures[side].setdefault(k, []).append(v)
        finally:
            for side in trees:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", f"{tmp}/{side}"]
                )
    print(f"load average at the end: {os.getloadavg()[0]:.2f} (2 cores shared)")
    print(f"{'figure':24} {'base':>10} {'now':>10} {'speed-up':>9}")
    for key in figures["now"]:
        b = statistics.median(figures["base"][key])
        n = statistics.median(figures["now"][key])
        gain = b / n if "ms" in key else n / b
        print(f"{key:24} {b:10.2f} {n:10.2f} {gain:8.2f}x")


if __name__ == "__main__":
    main()
