#!/usr/bin/env python3
"""Atua's hard bot with other search settings, against medium bots: does a setting help?

Plays the search (``search_agent`` with the settings given, e.g. ``iterations=450`` or
``rollout_depth=1``) in one seat and medium bots in the others (alone, against Tahuma at the
default level: his total is the rival's score), seats rotated and games
seeded as ``vaka simulate`` seeds them (game i of seed s is ``game_seed(s, i)``; the bots'
seeds as ``play_game`` derives them), so a run with the default settings plays the games of
``vaka simulate atua --agents hard,medium``. Each game is one line of ``--out`` (JSON), with
the search's CPU seconds per decision, so runs at different settings can be compared at
an equal time per move; ``--table`` reads such files back.

    python scripts/atua_search_trial.py -p 2 -n 40 --seed 12 --out hard.jsonl
    python scripts/atua_search_trial.py -p 2 -n 40 --seed 12 --set iterations=450 --out i450.jsonl
    python scripts/atua_search_trial.py --table hard.jsonl i450.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from vaka.agents import Agent, Observation, make_agent, search_agent
from vaka.cli.common import parse_options
from vaka.core.game import Action
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.games.atua.scoring import tahuma_breakdown
from vaka.games.atua.state import AtuaState
from vaka.sim.match import play
from vaka.sim.runner import game_seed, seating
from vaka.sim.stats import Summary, mean_interval, wilson_interval, win_shares

SEARCH = "search"


class Timed:
    """An agent whose decisions are timed in CPU seconds (those with a choice only)."""

    def __init__(self, agent: Agent) -> None:
        self.agent, self.name = agent, agent.name
        self.seconds: list[float] = []

    def act(self, obs: Observation) -> Action:
        if len(obs.legal_actions) == 1:
            return obs.legal_actions[0]
        began = time.process_time()
        action = self.agent.act(obs)
        self.seconds.append(time.process_time() - began)
        return action


def play_one(players: int, seed: int, index: int, settings: dict[str, Any]) -> dict[str, Any]:
    """Game ``index`` of a run: the search in one seat (rotated), medium in the others."""
    names = seating([SEARCH] + ["medium"] * (players - 1), index)
    s = game_seed(seed, index)
    state = load("atua").new_state(players, s)
    agents: list[Any] = []
    timed = None
    for seat, name in enumerate(names):
        agent_seed = derive_seed(s, "agent", seat)
        if name == SEARCH:
            timed = Timed(search_agent("atua", agent_seed, **settings))
            agents.append(timed)
        else:
            agents.append(make_agent(name, "atua", agent_seed))
    play(state, agents)
    seat = names.index(SEARCH)
    assert timed is not None and isinstance(state, AtuaState)
    tahuma = float(tahuma_breakdown(state)["total"]) if players == 1 else 0.0  # solo's rival
    return {
        "index": index,
        "seat": seat,
        "win": win_shares(state.winners(), players)[seat],
        "score": state.scores()[seat],
        "rivals": [v for k, v in enumerate(state.scores()) if k != seat] or [tahuma],
        "decisions": len(timed.seconds),
        "cpu": sum(timed.seconds),
    }


def _lead(row: dict[str, Any]) -> float:
    return float(row["score"] - max(row["rivals"]))


def table(paths: list[Path]) -> None:
    """One row per run; the lead (the search's score less its best rival's) is compared
    with the first run's game by game: the same games, so the deal's luck cancels."""
    runs = {p: [json.loads(x) for x in p.read_text().splitlines() if x.strip()] for p in paths}
    first = {r["index"]: _lead(r) for r in runs[paths[0]]}
    print(
        "| run | games | search wins | mean score search / medium | mean lead "
        f"| lead less {paths[0].stem}'s, same games | CPU s per decision |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for path, rows in runs.items():
        if not rows:
            continue
        wins = sum(r["win"] for r in rows)
        lo, hi = wilson_interval(wins, len(rows))
        theirs = statistics.fmean(v for r in rows for v in r["rivals"])
        lead = Summary.of([_lead(r) for r in rows])
        diffs = [_lead(r) - first[r["index"]] for r in rows if r["index"] in first]
        paired = "-"
        if path != paths[0] and len(diffs) > 1:
            low, high = mean_interval(diffs)
            paired = f"{statistics.fmean(diffs):+.2f} [{low:+.2f}, {high:+.2f}] ({len(diffs)})"
        per = sum(r["cpu"] for r in rows) / max(1, sum(r["decisions"] for r in rows))
        print(
            f"| {path.stem} | {len(rows)} | {wins / len(rows):.1%} [{lo:.1%}, {hi:.1%}] "
            f"| {statistics.fmean(r['score'] for r in rows):.1f} / {theirs:.1f} "
            f"| {lead.mean:+.2f} | {paired} | {per:.3f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="first game index (to split runs)")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--set", action="append", default=[], help="a search setting, k=v")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path, nargs="+")
    args = parser.parse_args()
    if args.table:
        table(args.table)
        return
    settings = parse_options(args.set)  # as vaka's --option reads name=value
    out = args.out.open("a") if args.out else sys.stdout
    for index in range(args.first, args.first + args.games):
        row = play_one(args.players, args.seed, index, settings)
        print(json.dumps(row), file=out, flush=True)


if __name__ == "__main__":
    main()
