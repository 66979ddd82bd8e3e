#!/usr/bin/env python3
"""The hard bot's search judging its leaves by the learned win chance, against the same
search judging them by the hand-written estimate ("today's": the hard bot's judge wherever
``vaka.agents.hard.LEARNED_JUDGE`` names no game and player count, as the duels that
filled that table found it), at an equal CPU time per decision.

The learned judge costs more per leaf (every seat's view encoded and weighed), so at equal
time it searches less: ``--iterations`` gives today's hard bot its count, and the learned
one gets as many as fit in the same CPU time, measured first on ``--calibrate`` games of
its own (or ``--learned-iterations`` given). One seat is the learned bot, the others
today's, seats rotated; games seeded as ``vaka simulate`` seeds them. Each game is one
line of ``--out`` (JSON) with both sides' CPU seconds per decision; ``--table`` reads runs
back: the learned bot's win share against its fair share, with 95% Wilson intervals.

    python scripts/learned_search_duel.py rapa-nui -p 2 -n 200 --jobs 2 --out rn2.jsonl
    python scripts/learned_search_duel.py --table rn2.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from vaka.agents import Agent, Observation, search_agent
from vaka.agents.learned import shipped
from vaka.core.game import Action
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import win_shares
from vaka.sim.match import play
from vaka.sim.runner import game_seed, seating
from vaka.sim.stats import wilson_interval

LEARNED, HAND = "learned", "hand"


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


def bot(kind: str, game: str, players: int, seed: int, iterations: int) -> Agent:
    if kind == HAND:
        return search_agent(game, seed, iterations=iterations)
    model = shipped(game, players)
    if model is None:
        raise SystemExit(f"no learned model is shipped for {game} at {players} players")
    return search_agent(game, seed, iterations=iterations, judge=model.win_chances)


def play_one(game: str, players: int, seed: int, index: int, its: dict[str, int]) -> dict[str, Any]:
    """Game ``index``: the learned bot in one seat (rotated), today's hard bot in the rest."""
    names = seating([LEARNED] + [HAND] * (players - 1), index)
    s = game_seed(seed, index)
    timed = [
        Timed(bot(name, game, players, derive_seed(s, "agent", seat), its[name]))
        for seat, name in enumerate(names)
    ]
    state = play(load(game).new_state(players, s), timed)  # type: ignore[arg-type]
    seat = names.index(LEARNED)
    rivals = [t for k, t in enumerate(timed) if k != seat]
    return {
        "game": game,
        "players": players,
        "index": index,
        "seat": seat,
        "win": win_shares(state.winners(), players)[seat],
        "iterations": its,
        "learned_cpu": timed[seat].seconds / max(1, timed[seat].decisions),
        "hand_cpu": sum(t.seconds for t in rivals) / max(1, sum(t.decisions for t in rivals)),
        "learned_iterations": timed[seat].iterations / max(1, timed[seat].decisions),
    }


def calibrate(game: str, players: int, seed: int, iterations: int, games: int) -> int:
    """The learned bot's iterations that take the CPU time today's take at ``iterations``,
    from ``games`` games where both search ``iterations`` times."""
    rows = [
        play_one(game, players, seed + 10_000, i, {LEARNED: iterations, HAND: iterations})
        for i in range(games)
    ]
    ratio = sum(r["hand_cpu"] for r in rows) / sum(r["learned_cpu"] for r in rows)
    return max(10, round(iterations * ratio))


def table(paths: list[Path]) -> None:
    print(
        "| game | players | games | iterations today / learned | learned's win share "
        "| fair share | CPU s per decision today / learned |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for path in paths:
        rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        if not rows:
            continue
        wins = sum(r["win"] for r in rows)
        lo, hi = wilson_interval(wins, len(rows))
        its = rows[0]["iterations"]
        hand = sum(r["hand_cpu"] for r in rows) / len(rows)
        learned = sum(r["learned_cpu"] for r in rows) / len(rows)
        print(
            f"| {rows[0]['game']} | {rows[0]['players']} | {len(rows)} "
            f"| {its[HAND]} / {its[LEARNED]} "
            f"| {wins / len(rows):.1%} [{lo:.1%}, {hi:.1%}] | {1 / rows[0]['players']:.1%} "
            f"| {hand:.3f} / {learned:.3f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--iterations", type=int, default=300, help="today's hard bot's")
    parser.add_argument("--learned-iterations", type=int, help="default: equal CPU time")
    parser.add_argument("--calibrate", type=int, default=4, help="games to measure CPU on")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path, nargs="+")
    args = parser.parse_args()
    if args.table:
        table(args.table)
        return
    if not args.game:
        parser.error("name a game (or --table FILES)")
    learned = args.learned_iterations or calibrate(
        args.game, args.players, args.seed, args.iterations, args.calibrate
    )
    print(f"learned bot: {learned} iterations, today's: {args.iterations}", file=sys.stderr)
    its = {HAND: args.iterations, LEARNED: learned}
    out = args.out.open("a") if args.out else sys.stdout
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [
            pool.submit(play_one, args.game, args.players, args.seed, i, its)
            for i in range(args.games)
        ]
        for done, future in enumerate(futures, 1):
            print(json.dumps(future.result()), file=out, flush=True)
            print(f"\r{done}/{args.games}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


if __name__ == "__main__":
    main()
