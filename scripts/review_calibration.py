"""Do the review's labels mean something? Play bot games, review every seat, and relate.

For each game of a run (seeded and seated as ``vaka simulate`` does: game i is seeded
``game_seed(seed, i)`` and seats the agent list rotated by i) the game is played, its record
reviewed for every seat, and each seat-game kept as (agent, accuracy, label counts, win
share). The summary shows, per agent, how often its decisions get each label (with 95%
Wilson intervals), and how often a seat-game with accuracy above the run's median wins
against one below it. Hours of CPU at the default budget: see docs/REVIEW.md.

    python scripts/review_calibration.py rapa-nui -p 2 -n 200 -a hard,medium --jobs 2 \
        --out calibration-rapa-nui.json

A saved run can be summed up again (``--read``), and its decisions labelled another way:
``--points P`` counts a decision's loss as the larger of the win chance it gave up and
the estimated final lead it gave up over ``P`` points (``Game.review_points``, so that a
seat far behind or far ahead, whose win chance hardly moves, is still judged; at half
weight where the best candidate already won, as the review counts it), and
``--points 0`` the win chance alone. Runs saved before every candidate was kept are
labelled again from the best candidate and the action taken ("only move" then reads as
good).

    python scripts/review_calibration.py --read calibration-rapa-nui.json --points 20
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from vaka.agents import make_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.sim.match import play
from vaka.sim.review import LABELS, Budget, review_game
from vaka.sim.review_judge import Estimate, loss_of, only_gap, parse_horizon
from vaka.sim.review_labels import WON, Yardstick, label, move_accuracy
from vaka.sim.runner import game_seed, seating
from vaka.sim.stats import mean_interval, wilson_interval, win_shares


def play_record(game_id: str, agents: tuple[str, ...], seed: int) -> dict[str, Any]:
    state = load(game_id).new_state(len(agents), seed)
    bots = [make_agent(a, game_id, derive_seed(seed, "agent", s)) for s, a in enumerate(agents)]
    return play(state, bots).record()


def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.perf_counter()
    names = args.agents.split(",")
    names = names * args.players if len(names) == 1 else names
    budget = Budget(playouts=args.budget, horizon=parse_horizon(args.horizon))
    rows: list[dict[str, Any]] = []
    decisions: list[dict[str, Any]] = []
    result = save(args, rows, decisions, started)
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        agents = seating(names, i)
        record = play_record(args.game, agents, seed)
        review = review_game(record, budget=budget, seed=seed, jobs=args.jobs)
        shares = win_shares(list(review.winners), review.players)
        for report in review.seat_reports():
            rows.append(
                {
                    "game": i,
                    "seat": report.seat,
                    "agent": agents[report.seat],
                    "accuracy": report.accuracy,
                    "labels": report.labels,
                    "win": shares[report.seat],
                    "score": review.scores[report.seat],
                }
            )
        for d in review.decisions:  # each judged decision, to weigh other labellings
            if not d.forced and d.best is not None and d.chosen is not None:
                decisions.append(
                    {
                        "game": i,
                        "seat": d.seat,
                        "agent": agents[d.seat],
                        "label": d.label,
                        "loss": d.loss,
                        "margin_loss": d.margin_loss,
                        "spread": d.spread,
                        "best": [d.best.win, d.best.margin],
                        "taken": [d.chosen.win, d.chosen.margin],
                        # every candidate, best first, to rank them another way
                        "candidates": [[e.win, e.margin] for e in d.estimates],
                        "taken_at": d.estimates.index(d.chosen),
                    }
                )
        print(f"game {i + 1}/{args.games} reviewed", flush=True)
        # saved after every game, so that a long run stopped early still counts
        result = save(args, rows, decisions, started)
    return result


def save(
    args: argparse.Namespace,
    rows: list[dict[str, Any]],
    decisions: list[dict[str, Any]],
    started: float,
) -> dict[str, Any]:
    """The run so far (written to ``--out`` when given), with the seconds it took."""
    settings = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}
    result = {
        "args": settings,
        "rows": rows,
        "summary": summarise(rows),
        "decisions": decisions,
        "seconds": time.perf_counter() - started,
    }
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return result


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    by_agent: dict[str, Any] = {}
    for agent in dict.fromkeys(r["agent"] for r in rows):
        mine = [r for r in rows if r["agent"] == agent]
        judged = sum(sum(r["labels"][k] for k in LABELS) for r in mine)
        by_agent[agent] = {
            label: {
                "share": sum(r["labels"][label] for r in mine) / judged if judged else 0.0,
                "ci95": wilson_interval(sum(r["labels"][label] for r in mine), judged),
            }
            for label in LABELS
        }
    rated = [r for r in rows if r["accuracy"] is not None]
    median = statistics.median(r["accuracy"] for r in rated) if rated else 0.0
    results = {}
    for agent in by_agent:
        mine = [r for r in rated if r["agent"] == agent]
        inner = statistics.median(r["accuracy"] for r in mine) if mine else 0.0
        results[agent] = {
            "mean accuracy": statistics.fmean(r["accuracy"] for r in mine) if mine else None,
            # over seat-games: random's interval must lie below sound play's
            "accuracy ci95": mean_interval([r["accuracy"] for r in mine]) if mine else None,
            **_won(mine),
            # within the agent: do its more accurate games win more often?
            "above its median": _won([r for r in mine if r["accuracy"] > inner]),
            "at or below its median": _won([r for r in mine if r["accuracy"] <= inner]),
        }
    halves = {
        "above median": _won([r for r in rated if r["accuracy"] > median]),
        "at or below median": _won([r for r in rated if r["accuracy"] <= median]),
    }
    return {
        "labels per agent": by_agent,
        "results per agent": results,
        "median accuracy": median,
        "win by accuracy": halves,
    }


def _won(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """How often these seat-games won (a shared win counts its share), with its interval."""
    wins = sum(r["win"] for r in rows)
    return {
        "seat-games": len(rows),
        "win rate": wins / len(rows) if rows else 0.0,
        "ci95": wilson_interval(wins, len(rows)),
    }


def relabel(saved: dict[str, Any], points: float) -> list[dict[str, Any]]:
    """A saved run's seat-games labelled again from its decisions (see ``--points``)."""
    measure = Yardstick(points=points or None, won=WON if points else None)
    by_seat: dict[tuple[int, int], list[tuple[float, float | None]]] = {}
    for d in saved["decisions"]:
        if "candidates" in d:  # every candidate kept: rank them again, as the review does
            kept = [Estimate(str(i), w, m) for i, (w, m) in enumerate(d["candidates"])]
            loss = loss_of(kept, str(d["taken_at"]), measure)
            gap: float | None = only_gap(kept, measure)
        else:  # an older run kept the best and the action taken only
            parts = measure.parts(d["loss"], d["margin_loss"], d["best"][0])
            loss, gap = min(1.0, max(0.0, *parts)), None
        by_seat.setdefault((d["game"], d["seat"]), []).append((loss, gap))
    rows = []
    for row in saved["rows"]:
        judged = by_seat.get((row["game"], row["seat"]), [])
        labels = dict.fromkeys(LABELS, 0)
        for loss, gap in judged:
            labels[label(loss, gap)] += 1
        accuracy = statistics.fmean(move_accuracy(loss) for loss, _ in judged) if judged else None
        rows.append({**row, "labels": labels, "accuracy": accuracy})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="the game to play and review (not with --read)")
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("-a", "--agents", default="hard,medium")
    parser.add_argument("-s", "--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=Budget().playouts)
    parser.add_argument(
        "--horizon", default=str(Budget().horizon), help="steps per playout, or 'full'"
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--read", type=Path, default=None, help="sum up a saved run instead")
    parser.add_argument("--points", type=float, default=None, help="label again (see above)")
    args = parser.parse_args()
    if args.read is not None:
        saved = json.loads(args.read.read_text(encoding="utf-8"))
        if args.points is not None and "decisions" not in saved:
            parser.error(f"{args.read} keeps no decisions to label again")
        rows = saved["rows"] if args.points is None else relabel(saved, args.points)
        print(json.dumps(summarise(rows), indent=1))
        return
    if args.game is None:
        parser.error("name the game to play and review, or --read a saved run")
    result = run(args)
    print(json.dumps(result["summary"], indent=1))


if __name__ == "__main__":
    main()
