"""How often does a bot beat Tahuma at each solo level? One run answers for every level.

The bots play the same whatever Tahuma's starting score (it adds a constant to his total,
which changes no comparison between choices), and a game's deal depends only on its seed,
so game i is the same game at every level. Each game is played once and kept as the
player's score, Tahuma's points without his start, and both coconut counts (the tie-break);
the player wins at starting score S when ``lead > S``, or ``lead == S`` and the player has
at least as many coconuts as Tahuma's hut. Games are seeded as ``vaka simulate`` seeds them
(game i of seed s is ``game_seed(s, i)``), so ``--first`` lets a long run be split.

    python scripts/solo_levels.py medium -n 200 --seed 11 --out solo-medium.jsonl
    python scripts/solo_levels.py hard -n 12 --seed 11 --out solo-hard.jsonl   # ~2 min a game
    python scripts/solo_levels.py --table solo-random.jsonl solo-medium.jsonl solo-hard.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from vaka.agents import make_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.games.atua import scoring
from vaka.games.atua.params import SOLO_LEVELS, SOLO_LEVELS_PRINTED
from vaka.games.atua.state import AtuaState
from vaka.sim.match import play
from vaka.sim.runner import game_seed
from vaka.sim.stats import Summary, wilson_interval


def play_one(agent: str, seed: int, **options: str) -> dict[str, Any]:
    """One solo game (at any level: the play does not depend on it) as its numbers."""
    state = load("atua").new_state(1, seed, **options)
    assert isinstance(state, AtuaState)
    play(state, [make_agent(agent, "atua", derive_seed(seed, "agent", 0))])
    tahuma = scoring.tahuma_breakdown(state)
    return {
        "agent": agent,
        "seed": seed,
        "score": state.scores()[0],
        "tahuma": tahuma["total"] - tahuma["start"],
        "coconuts": scoring.coconut_count(state, 0),
        "hut": state.hut,
    }


def wins_at(game: Mapping[str, Any], start: int) -> bool:
    """Whether the player beat Tahuma starting at ``start`` (a tie on points goes to the
    most coconuts, a tie on both to the player)."""
    lead = game["score"] - game["tahuma"]
    return bool(lead > start or (lead == start and game["coconuts"] >= game["hut"]))


def table(games: Iterable[Mapping[str, Any]], levels: Mapping[str, int]) -> list[str]:
    """Markdown rows: per agent, games, mean lead, and the win rate at each level with its
    95% Wilson interval."""
    by_agent: dict[str, list[Mapping[str, Any]]] = {}
    for g in games:
        by_agent.setdefault(g["agent"], []).append(g)
    names = list(levels)
    rows = [
        "| agent | games | lead over Tahuma's own points | "
        + " | ".join(f"{n} ({levels[n]})" for n in names)
        + " |",
        "|---|---|---|" + "---|" * len(names),
    ]
    for agent, played in by_agent.items():
        leads = Summary.of([g["score"] - g["tahuma"] for g in played])
        cells = []
        for name in names:
            won = sum(wins_at(g, levels[name]) for g in played)
            low, high = wilson_interval(won, len(played))
            cells.append(f"{100 * won / len(played):.0f}% [{100 * low:.0f}, {100 * high:.0f}]")
        rows.append(
            f"| {agent} | {len(played)} | {leads.mean:.1f} ({leads.min:.0f} to {leads.max:.0f}) | "
            + " | ".join(cells)
            + " |"
        )
    return rows


def shifted(
    reference: list[Mapping[str, Any]], rate: float, start: int, levels: Mapping[str, int]
) -> tuple[float, dict[str, float]]:
    """An estimate for an agent measured at one start only: the reference agent's leads,
    all moved by the one amount (the smallest, in half points) at which they win ``rate``
    of the games at ``start`` (ties on points read as losses), and read at every level;
    returns the move and the win rates."""
    leads = [g["score"] - g["tahuma"] for g in reference]
    moves = [k / 2 for k in range(-120, 121)]
    move = min(moves, key=lambda m: (abs(sum(x + m > start for x in leads) / len(leads) - rate), m))
    return move, {name: sum(x + move > s for x in leads) / len(leads) for name, s in levels.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("agent", nargs="?", help="the agent to play (random, medium, hard)")
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--out", type=Path, help="append one JSON line per game here")
    parser.add_argument("--level", default="medium", help="to check that it changes nothing")
    parser.add_argument("--tahuma", default="calibrated", help="the same")
    parser.add_argument("--table", nargs="+", type=Path, help="sum up these files instead")
    parser.add_argument(
        "--anchor",
        metavar="AGENT=WINS/GAMES@START",
        help="with --table: estimate AGENT at every level from medium's leads, moved to win "
        "WINS of GAMES at START (and at the ends of that rate's 95%% interval)",
    )
    args = parser.parse_args(argv)
    if args.table:
        games = [json.loads(line) for p in args.table for line in p.read_text().splitlines()]
        for title, levels in (("levels", SOLO_LEVELS), ("printed", SOLO_LEVELS_PRINTED)):
            print(f"\n{title}:")
            print("\n".join(table(games, {k: v for k, v in levels.items() if k != "expert"})))
        if args.anchor:
            agent, rest = args.anchor.split("=")
            won, rest = rest.split("/")
            played, start = (int(x) for x in rest.split("@"))
            reference = [g for g in games if g["agent"] == "medium"]
            levels = {k: v for k, v in SOLO_LEVELS.items() if k != "expert"}
            low, high = wilson_interval(int(won), played)
            for label, rate in (("low", low), ("rate", int(won) / played), ("high", high)):
                move, found = shifted(reference, rate, start, levels)
                cells = ", ".join(f"{k} {100 * v:.0f}%" for k, v in found.items())
                print(
                    f"{agent} estimated ({label} {100 * rate:.1f}% at {start}, medium's leads "
                    f"{move:+} points): {cells}"
                )
        for agent in sorted({g["agent"] for g in games}):
            own = [g["tahuma"] for g in games if g["agent"] == agent]
            print(
                f"{agent}: Tahuma's own points {statistics.fmean(own):.1f} "
                f"({min(own)}-{max(own)}), {len(own)} games"
            )
        return 0
    if not args.agent:
        parser.error("name an agent, or --table FILES")
    out = args.out.open("a") if args.out else sys.stdout
    for i in range(args.first, args.first + args.games):
        began = time.perf_counter()
        game = play_one(args.agent, game_seed(args.seed, i), level=args.level, tahuma=args.tahuma)
        game["index"] = i
        game["seconds"] = round(time.perf_counter() - began, 1)
        print(json.dumps(game), file=out, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
