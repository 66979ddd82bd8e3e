"""What the learned judge costs at a search's leaf: microseconds per
``ValueModel.win_chances`` call, before (the per-seat formula it replaced, kept here as the
reference: each seat's whole view, its log included, encoded and weighed) and now, for
every game and player count with a shipped model.

The leaves are made as the hard bot makes them: positions of random bots' games, each
dealt afresh from the view of the seat to move (as the search deals a world) and played on
by as many random actions as the game's search plays out (``ROLLOUT``; none in Atua).
Every call gets its own copy of a leaf, whose log no view has described yet, as in the
search. Each figure is the median over ``--rounds`` of the mean over all leaves, in CPU
time (the machine may be shared). Both ways must give the same chances to a relative
1e-12, checked first; the largest relative difference is printed.
The copies share what the estimate keeps of a leaf (Atua's measured islands), warm after
the first call for both ways alike: a search meets new islands at its leaves.

With ``--in-search N`` it plays instead one game of hard bots at N iterations per decision
judging by each way in turn, and by the hand-written reading of the estimate, and prints
the judge's calls, µs per call and share of the game's CPU time (the games part once the
chances' last bits differ).

    python -m benchmarks.judge_leaf
    python -m benchmarks.judge_leaf --games 4 --rounds 5 --only raiatea
    python -m benchmarks.judge_leaf --in-search 30 --only rapa-nui --players 2
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from importlib import resources

import numpy as np

from vaka.agents import search_agent
from vaka.agents.ismcts import ROLLOUT
from vaka.agents.learned import ValueModel, _encoder, shipped, tanh_chance
from vaka.agents.values import advantage, search_settings, values_for
from vaka.core.registry import load
from vaka.core.rng import Rng, derive_seed
from vaka.core.state import State
from vaka.sim.match import play


def reference(model: ValueModel, state: State) -> list[float]:
    """``win_chances`` as it was: every seat's whole view (with the log) encoded, all
    numbers standardized and weighed."""
    encoder = _encoder(state.game.id, state.players)
    assert encoder is not None
    values = state.game.estimate()
    scores = values(state) if values is not None else [float(s) for s in state.scores()]
    rows = []
    for seat in range(state.players):
        lead = advantage(scores, seat)
        rivals = [v for s, v in enumerate(scores) if s != seat]
        above = scores[seat] - (sum(rivals) / len(rivals) if rivals else 0.0)
        view = encoder.encode(state.view(seat)).astype(np.float64)
        extra = np.asarray([lead / 10.0, tanh_chance(lead), above / 10.0])
        rows.append(np.concatenate([view, extra]))
    return [float(p) for p in model.predict(np.stack(rows))]


def hand_written(game_id: str, state: State) -> list[float]:
    """The hard bot's own reading of a leaf, for comparison: the estimate's leads."""
    values = values_for(game_id)
    assert values is not None
    scores = values(state)
    return [tanh_chance(advantage(scores, seat)) for seat in range(state.players)]


def leaves(game_id: str, players: int, games: int, every: int, seed: int = 1) -> list[State]:
    """Leaves of the search's kind (see the module's docstring) along random bots' games."""
    found: list[State] = []
    depth = search_settings(game_id).get("rollout_depth", ROLLOUT)
    for g in range(games):
        state = load(game_id).new_state(players, derive_seed(seed, "judge-leaf", g))
        rng = Rng(derive_seed(seed, "moves", g))
        step = 0
        while state.to_move:
            if step % every == 0:
                world = state.determinize(state.to_move[0], derive_seed(seed, g, step))
                for _ in range(depth):
                    if not world.to_move:
                        break
                    for seat in world.to_move:
                        world.apply(seat, rng.choice(world.legal_actions(seat)))
                if world.to_move:
                    found.append(world)
            for seat in state.to_move:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    return found


def per_call(judge: Callable[[State], list[float]], found: list[State], rounds: int) -> float:
    """Microseconds per call: the median over rounds of the mean over fresh copies."""
    means = []
    for _ in range(rounds):
        fresh = [leaf.clone() for leaf in found]
        began = time.process_time()
        for leaf in fresh:
            judge(leaf)
        means.append((time.process_time() - began) / len(fresh) * 1e6)
    return statistics.median(means)


def in_search(game_id: str, players: int, judge: Callable[[State], list[float]], its: int) -> str:
    """One game of hard bots judging by ``judge``: its calls, µs a call, share of the time."""
    spent, calls = 0.0, 0

    def timed(leaf: State) -> list[float]:
        nonlocal spent, calls
        began = time.process_time()
        chances = judge(leaf)
        spent += time.process_time() - began
        calls += 1
        return chances

    bots = [search_agent(game_id, seat, iterations=its, judge=timed) for seat in range(players)]
    began = time.process_time()
    play(load(game_id).new_state(players, derive_seed(1, "judge-leaf", "search")), bots)
    total = time.process_time() - began
    return f"{calls:,} | {spent / calls * 1e6:,.0f} | {spent / total:.0%}"


def shipped_models() -> list[tuple[str, int]]:
    names = resources.files("vaka.agents").joinpath("models").iterdir()
    found = []
    for name in (p.name for p in names if p.name.endswith("p.json")):
        game_id, players = name.removesuffix("p.json").rsplit("-", 1)
        found.append((game_id, int(players)))
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per model")
    parser.add_argument("--every", type=int, default=4, help="a leaf every this many moves")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=[], help="these games alone")
    parser.add_argument("--players", nargs="*", type=int, default=[], help="these counts alone")
    parser.add_argument("--in-search", type=int, metavar="N", help="hard bots' iterations")
    args = parser.parse_args()

    def wanted(game_id: str, players: int) -> bool:
        return (not args.only or game_id in args.only) and (
            not args.players or players in args.players
        )

    if args.in_search:
        print("| game | players | judge | calls | µs per call | share of the game's time |")
        print("| --- | --- | --- | --- | --- | --- |")
        for game_id, players in shipped_models():
            model = shipped(game_id, players)
            if not wanted(game_id, players) or players == 1 or model is None:
                continue
            judges: dict[str, Callable[[State], list[float]]] = {
                "before": partial(reference, model),
                "now": model.win_chances,
                "hand-written": partial(hand_written, game_id),
            }
            for name, judge in judges.items():
                row = in_search(game_id, players, judge, args.in_search)
                print(f"| {game_id} | {players} | {name} | {row} |", flush=True)
        return
    print(
        "| game | players | leaves | µs per call before | now | faster "
        "| largest relative difference |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game_id, players in shipped_models():
        if not wanted(game_id, players):
            continue
        model = shipped(game_id, players)
        assert model is not None
        found = leaves(game_id, players, args.games, args.every)
        before = np.array([reference(model, leaf.clone()) for leaf in found])
        now = np.array([model.win_chances(leaf.clone()) for leaf in found])
        assert np.allclose(now, before, rtol=1e-12, atol=0.0), "the chances differ"
        differs = float(np.max(np.abs(now - before) / before))
        old = per_call(partial(reference, model), found, args.rounds)
        new = per_call(model.win_chances, found, args.rounds)
        print(
            f"| {game_id} | {players} | {len(found)} | {old:,.0f} | {new:,.0f} "
            f"| {old / new:.0f}× | {differs:.0e} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
