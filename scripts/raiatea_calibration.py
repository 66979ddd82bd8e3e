"""Raiatea's content measured with medium bots in every seat (docs/rules/raiatea-content.md §6).

Plays the games ``vaka simulate raiatea -p N --agents medium -n G --seed S`` plays (game i
seeded ``game_seed(S, i)``, the simulator's own seeding, so its seat win rates agree game for
game) and reports what the content is tuned against: the winning score (mean, median,
p10-p90, the share in the published 25-40), where the winner's points come from, the mean
score of all seats, and win rates by seat and by place after the starting player, with 95%
Wilson intervals (a shared win counts 1/k to each of k winners).

    python scripts/raiatea_calibration.py -p 3 -n 200 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from vaka.games.raiatea.state import RaiateaState
from vaka.sim.match import play_game
from vaka.sim.runner import game_seed
from vaka.sim.stats import wilson_interval

LOW, HIGH = 25, 40  # the rulebook's typical winning scores (the content's target)


def play_one(players: int, seed: int) -> dict[str, Any]:
    """One all-medium game as its numbers."""
    state = play_game("raiatea", ["medium"] * players, seed)
    assert isinstance(state, RaiateaState)
    return {
        "scores": state.scores(),
        "winners": list(state.winners()),
        "breakdown": state.breakdown(),
        "start": state.start,
    }


def rate(wins: float, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{wins / games:.3f} [{low:.2f},{high:.2f}]"


def report(players: int, games: Sequence[dict[str, Any]]) -> str:
    n = len(games)
    best = sorted(max(g["scores"]) for g in games)
    deciles = statistics.quantiles(best, n=10)
    inside = sum(LOW <= b <= HIGH for b in best)
    over = sum(b > HIGH for b in best)
    seat_wins = [0.0] * players
    place_wins = [0.0] * players
    winner_parts: dict[str, float] = {}
    for g in games:
        share = 1 / len(g["winners"])
        for w in g["winners"]:
            seat_wins[w] += share
            place_wins[(w - g["start"]) % players] += share
            for part, points in g["breakdown"][w].items():
                if part != "total":
                    winner_parts[part] = winner_parts.get(part, 0.0) + share * points
    all_scores = [s for g in games for s in g["scores"]]
    parts = " / ".join(f"{k} {v / n:.1f}" for k, v in winner_parts.items())
    return "\n".join(
        [
            f"{players} players, {n} games (medium in every seat)",
            f"  winning score: mean {statistics.fmean(best):.1f} / median "
            f"{statistics.median(best):g} (p10-p90 {deciles[0]:g}-{deciles[-1]:g})",
            f"  in {LOW}-{HIGH}: {100 * inside / n:.1f} % ({over} over {HIGH})",
            f"  winner's points: {parts}",
            f"  mean score, all seats: {statistics.fmean(all_scores):.1f}",
            "  seats: " + " ".join(rate(w, n) for w in seat_wins) + f" (fair {1 / players:.3f})",
            "  places after the starting player: " + " ".join(rate(w, n) for w in place_wins),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-p", "--players", type=int, default=3)
    parser.add_argument("-n", "--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(play_one, [args.players] * len(seeds), seeds, chunksize=4))
    print(report(args.players, games))


if __name__ == "__main__":
    main()
