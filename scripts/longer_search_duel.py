#!/usr/bin/env python3
"""The hard bot searching ``--times`` as long against the hard bot, as each ships.

One seat is the hard bot with ``--times`` its iterations (its judge as the hard bot's for
the game and player count: ``vaka.agents.hard``), the others the hard bot; seats rotated,
games seeded as ``vaka simulate`` seeds them. Each game is one line of ``--out`` (JSON)
with both sides' CPU seconds and iterations per decision; ``--table`` reads runs back: the
longer search's win share against its fair share, with 95% Wilson intervals. It tells
whether more time buys strength, which a level above hard would need.

    python scripts/longer_search_duel.py rapa-nui -p 2 --times 4 -n 60 --out rn2-x4.jsonl
    python scripts/longer_search_duel.py --table rn2-x4.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from vaka.agents import Observation, hard_agent
from vaka.core.game import Action
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import win_shares
from vaka.sim.match import play
from vaka.sim.runner import game_seed, seating
from vaka.sim.stats import wilson_interval

LONGER, HARD = "longer", "hard"


class Timed:
    """An agent whose decisions with a choice are timed in CPU seconds and counted in
    search iterations."""

    def __init__(self, agent: Any) -> None:
        self.agent, self.name = agent, agent.name
        self.seconds = 0.0
        self.decisions = 0
        self.iterations = 0

    def act(self, obs: Observation) -> Action:
        if len(obs.legal_actions) == 1:
            return obs.legal_actions[0]
        began = time.process_time()
        action: Action = self.agent.act(obs)
        self.seconds += time.process_time() - began
        self.decisions += 1
        self.iterations += self.agent.last_iterations
        return action


def play_one(game: str, players: int, seed: int, index: int, times: float) -> dict[str, Any]:
    """Game ``index``: the longer search in one seat (rotated), the hard bot in the rest."""
    names = seating([LONGER] + [HARD] * (players - 1), index)
    s = game_seed(seed, index)
    timed = [
        Timed(hard_agent(game, derive_seed(s, "agent", seat), times=times if name == LONGER else 1))
        for seat, name in enumerate(names)
    ]
    state = play(load(game).new_state(players, s), timed)  # type: ignore[arg-type]
    seat = names.index(LONGER)
    rivals = [t for k, t in enumerate(timed) if k != seat]
    hard_decisions = max(1, sum(t.decisions for t in rivals))
    return {
        "game": game,
        "players": players,
        "index": index,
        "seat": seat,
        "times": times,
        "win": win_shares(state.winners(), players)[seat],
        "longer_cpu": timed[seat].seconds / max(1, timed[seat].decisions),
        "hard_cpu": sum(t.seconds for t in rivals) / hard_decisions,
        "longer_iterations": timed[seat].iterations / max(1, timed[seat].decisions),
        "hard_iterations": sum(t.iterations for t in rivals) / hard_decisions,
    }


def table(paths: list[Path]) -> None:
    print(
        "| game | players | games | times | iterations hard / longer | longer's win share "
        "| fair share | CPU s per decision hard / longer |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for path in paths:
        rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        if not rows:
            continue
        n = len(rows)
        wins = sum(r["win"] for r in rows)
        lo, hi = wilson_interval(wins, n)
        mean = {k: sum(r[k] for r in rows) / n for k in rows[0] if k.endswith(("_cpu", "ions"))}
        print(
            f"| {rows[0]['game']} | {rows[0]['players']} | {n} | {rows[0]['times']:g} "
            f"| {mean['hard_iterations']:.0f} / {mean['longer_iterations']:.0f} "
            f"| {wins / n:.1%} [{lo:.1%}, {hi:.1%}] | {1 / rows[0]['players']:.1%} "
            f"| {mean['hard_cpu']:.3f} / {mean['longer_cpu']:.3f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--times", type=float, default=4.0, help="the longer search's iterations")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path, nargs="+")
    args = parser.parse_args()
    if args.table:
        table(args.table)
        return
    if not args.game:
        parser.error("name a game (or --table FILES)")
    out = args.out.open("a") if args.out else sys.stdout
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [
            pool.submit(play_one, args.game, args.players, args.seed, i, args.times)
            for i in range(args.games)
        ]
        for done, future in enumerate(futures, 1):
            print(json.dumps(future.result()), file=out, flush=True)
            print(f"\r{done}/{args.games}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


if __name__ == "__main__":
    main()
