#!/usr/bin/env python3
"""Find positions whose right label is clear, for the review's tests (tests/sim/planted.json),
and measure how often the review labels such a library right.

In games of medium bots (game i seeded ``game_seed(seed, i)``), decisions with two to four
legal actions are played on from what their seat could know: every legal action, in
``--plays`` deals of the cards the seat could not see (the same deals for every action), by
hard bots. (From the true position instead, an action can lose for a reason the seat could
not see: the review, which judges from the seat's view, is right not to call it a mistake.)
Where one action wins at least ``1 - margin`` of its plays and another at most ``margin``,
the second is planted as a mistake (the review must label it a mistake or a blunder) and the
first is kept as a good move (the review must not call it a mistake or a blunder). Medium
bots play first, cheaply, to pick the positions worth the hard bots' time.

Which decisions: by default the last ``--last`` of each game; ``--span 0.3:0.8`` looks
between those fractions of the game instead (``--tries`` of them per game, at random), for
positions from the middle of games, where the review's playouts stop at the horizon and
the value estimate speaks. At most one position is kept per game: the library stays varied.

    python scripts/plant_positions.py rapa-nui -p 2 -n 40 --seed 5 --out tests/sim/planted.json
    python scripts/plant_positions.py raiatea -p 3 -n 300 --span .3:.8 --tries 6 -j 2 --out mid.json
    python scripts/plant_positions.py --review tests/sim/planted.json mid.json -j 2
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from vaka.agents import make_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.sim.match import play, play_game
from vaka.sim.planted import verdict
from vaka.sim.review import Budget
from vaka.sim.runner import game_seed
from vaka.sim.stats import wilson_interval


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


def looked_at(args: argparse.Namespace, seed: int, length: int) -> list[int]:
    """The decisions of a game of ``length`` actions worth looking at, in order."""
    if args.span is None:
        return list(range(max(0, length - args.last), length))
    lo, hi = (float(x) for x in args.span.split(":"))
    span = list(range(int(lo * length), int(hi * length)))
    if args.tries and len(span) > args.tries:
        span = sorted(random.Random(derive_seed(seed, "tries")).sample(span, args.tries))
    return span


def one_game(args: argparse.Namespace, i: int, deadline: float) -> dict[str, Any] | None:
    """The first clear position of game ``i``, or None (also once past the deadline)."""
    if time.time() > deadline:
        return None
    seed = game_seed(args.seed, i)
    actions = play_game(args.game, ["medium"] * args.players, seed).record()["actions"]
    for at in looked_at(args, seed, len(actions)):
        if time.time() > deadline:
            return None
        seat, taken = actions[at]
        before = load(args.game).new_state(args.players, seed)
        for s, a in actions[:at]:
            before.apply(s, a)
        legal = [str(a) for a in before.legal_actions(seat)]
        if not 2 <= len(legal) <= 4:
            continue
        quick = {a: wins(before, seat, a, "medium", args.plays, seed) for a in legal}
        if max(quick.values()) - min(quick.values()) < args.prefilter * args.plays:
            continue
        hard = {}
        for a in legal:  # hard bots' games are long: the deadline is looked at between them
            if time.time() > deadline:
                return None
            hard[a] = wins(before, seat, a, "hard", args.plays, seed)
        good = [a for a in legal if hard[a] >= args.plays * (1 - args.margin)]
        bad = [a for a in legal if hard[a] <= args.plays * args.margin]
        if good and bad:
            return {
                "game": args.game,
                "players": args.players,
                "seed": seed,
                "at": at,
                "of": len(actions),
                "seat": seat,
                "taken": str(taken),
                "good": good[0],
                "bad": bad[0],
                "hard_wins": hard,
                "plays": args.plays,
            }
    return None


def find(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    deadline = time.time() + args.seconds
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(one_game, args, i, deadline) for i in range(args.games)]
        for job in jobs:
            if (entry := job.result()) is not None:
                print(json.dumps(entry), flush=True)
                yield entry


def reviewed(entry: dict[str, Any], playouts: int) -> dict[str, Any]:
    found = verdict(entry, Budget(playouts=playouts), seed=1)
    return {
        "entry": entry,
        "bad": [found.bad.label, round(found.bad.loss, 3)],
        "good": [found.good.label, round(found.good.loss, 3)],
        "bad_found": found.bad_found,
        "good_kept": found.good_kept,
    }


def review(paths: Iterable[str], jobs: int, playouts: int) -> list[dict[str, Any]]:
    """Review every position of the libraries at ``paths``; print and return the verdicts."""
    entries = [e for p in paths for e in json.loads(Path(p).read_text())]
    unique = list({(e["seed"], e["at"], e["bad"], e["good"]): e for e in entries}.values())
    with ProcessPoolExecutor(jobs) as pool:
        verdicts = list(pool.map(reviewed, unique, [playouts] * len(unique)))
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for v in verdicts:
        e = v["entry"]
        where = "end" if e["at"] >= e.get("of", e["at"] + 1) - 12 else "middle"
        groups[f"{e['game']} {e['players']}p, {where}"].append(v)
        groups["all"].append(v)
        print(
            f"{e['game']} seed {e['seed']} at {e['at']}: bad {e['bad']!r} {v['bad']}; "
            f"good {e['good']!r} {v['good']}",
            flush=True,
        )
    print("\n| positions | number | losing move a mistake or blunder | winning move not one |")
    print("|---|---|---|---|")
    for name, vs in sorted(groups.items(), key=lambda g: (g[0] == "all", g[0])):
        n = len(vs)
        found = sum(v["bad_found"] for v in vs)
        kept = sum(v["good_kept"] for v in vs)
        lo, hi = wilson_interval(found, n)
        print(
            f"| {name} | {n} | {found} ({found / n:.0%}) [{lo:.0%}, {hi:.0%}] | "
            f"{kept} ({kept / n:.0%}) |"
        )
    return verdicts


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", nargs="?", help="rapa-nui, raiatea or atua (not with --review)")
    parser.add_argument("-p", "--players", type=int, default=2, help="seats (default 2)")
    parser.add_argument("-n", "--games", type=int, default=20, help="medium bots' games to read")
    parser.add_argument("--seed", type=int, default=5, help="the games' seed (default 5)")
    parser.add_argument("--last", type=int, default=12, help="decisions looked at per game")
    parser.add_argument("--span", help="look between these fractions of a game, e.g. 0.3:0.8")
    parser.add_argument("--tries", type=int, default=0, help="with --span: decisions per game")
    parser.add_argument("--plays", type=int, default=6, help="plays per action")
    parser.add_argument(
        "--margin",
        type=float,
        default=1 / 6,
        help="the share of plays (below 0.5) the winning action may lose and the losing one win",
    )
    parser.add_argument(
        "--prefilter",
        type=float,
        default=(6 - 2) / 6,
        help="how far apart (a share of the plays, 0-1) medium bots' win shares after the "
        "actions must lie before hard bots play them (0: hard bots always)",
    )
    parser.add_argument("--seconds", type=float, default=900, help="stop looking after this")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="processes")
    parser.add_argument("--out", help="the library to add the positions found to")
    parser.add_argument("--review", nargs="+", metavar="LIBRARY", help="review these instead")
    parser.add_argument(
        "--playouts",
        type=int,
        default=Budget().playouts,
        help="with --review: the review's playouts a decision (default: its own)",
    )
    parser.add_argument("--verdicts", help="with --review: write every verdict here")
    args = parser.parse_args()
    if not 0 <= args.prefilter <= 1:
        parser.error(
            f"--prefilter is a share of the plays, 0 to 1 (2 of 6: {2 / 6:.2f}), "
            f"not {args.prefilter:g}"
        )
    if not 0 <= args.margin < 0.5:
        parser.error(f"--margin is a share of the plays below 0.5, not {args.margin:g}")
    if args.review:
        verdicts = review(args.review, args.jobs, args.playouts)
        if args.verdicts:
            Path(args.verdicts).write_text(json.dumps(verdicts, indent=1) + "\n")
        return
    if not args.game or not args.out:
        parser.error("name a game and --out (or --review libraries)")
    path = Path(args.out)
    kept = json.loads(path.read_text()) if path.exists() else []
    found = 0
    for entry in find(args):
        found += 1
        if entry not in kept:
            kept.append(entry)
            path.write_text(json.dumps(kept, indent=1) + "\n")
    print(f"{found} positions found; {len(kept)} in {path}")


if __name__ == "__main__":
    main()
