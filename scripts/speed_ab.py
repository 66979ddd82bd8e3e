#!/usr/bin/env python3
"""A game's speed, side by side: a base commit's code against this checkout, in one run.

Usage: scripts/speed_ab.py GAME [--base REF] [--players 3,4,5] [--games 8]
                           [--iterations 300] [--rounds 3]

The base commit's ``src`` is exported (``git archive``) into a temporary folder, and each
measurement runs in a subprocess with ``PYTHONPATH`` at one side's sources, the sides
alternating, so both meet the same load; the best of the rounds is kept. Measured, in CPU
time (what this process used, whoever else runs on the shared machine): random playouts
(actions per CPU second over ``--games`` seeded games per player count) and the hard bot's
ISMCTS iterations per CPU second halfway through a seeded game (``--iterations``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in the subprocess, against whichever sources PYTHONPATH names.
_MEASURE = r"""
import json, sys, time
from vaka import load
from vaka.agents import Observation, search_agent
from vaka.core.rng import Rng
game_id, players, games, iterations = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = load(game_id)
out = {}
for p in map(int, players.split(",")):
    rng, actions, lengths = Rng(1), 0, []
    began = time.process_time()
    for _ in range(games):
        st = game.new_state(p, rng.next64() >> 1)
        n = 0
        while st.to_move:
            for seat in st.to_move:
                st.apply(seat, rng.choice(st.legal_actions(seat)))
                n += 1
        actions += n
        lengths.append(n)
    out[f"{p}p random actions/s"] = actions / (time.process_time() - began)
    st, rng = game.new_state(p, 7), Rng(7)
    for _ in range(lengths[0] // 2):
        seat = st.to_move[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    agent = search_agent(game_id, 7, iterations=iterations, seconds=None)
    began = time.process_time()
    agent.analyse(Observation(st, st.to_move[0]))
    out[f"{p}p ISMCTS it/s (middle)"] = agent.last_iterations / (time.process_time() - began)
print(json.dumps(out))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--base", default="HEAD")
    parser.add_argument("--players", default="3")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as base:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.base, "src"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", base], input=archive, check=True)
        sides = {"base": str(Path(base) / "src"), "this": str(ROOT / "src")}
        best: dict[str, dict[str, float]] = {side: {} for side in sides}
        for _ in range(args.rounds):
            for side, path in sides.items():
                command = [sys.executable, "-c", _MEASURE, args.game, args.players,
                           str(args.games), str(args.iterations)]  # fmt: skip
                done = subprocess.run(
                    command, env={**os.environ, "PYTHONPATH": path}, check=True,
                    capture_output=True, text=True,
                )  # fmt: skip
                for key, value in json.loads(done.stdout.splitlines()[-1]).items():
                    best[side][key] = max(best[side].get(key, 0.0), value)
    for key, before in best["base"].items():
        after = best["this"][key]
        print(f"{args.game} {key:26s} {args.base}: {before:9,.0f}  this: {after:9,.0f}  "
              f"{100 * (after - before) / before:+.1f}%")  # fmt: skip


if __name__ == "__main__":
    main()
