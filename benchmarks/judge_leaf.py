"""What the learned judge costs at a search's leaf: microseconds per
``ValueModel.win_chances`` call, before (the per-seat formula it replaced, kept here as the
reference: each seat's whole view, its log included, encoded and weighed) and now, for
every game and player count with a shipped model.

The leaves are made as the hard bot makes them: positions of random bots' games, each
dealt afresh from the view of the seat to move (as the search deals a world) and played
on by ``ROLLOUT`` random actions. Every call gets its own copy of a leaf, whose log no
view has described yet, as in the search. Each figure is the median over ``--rounds``
of the mean over all leaves; both ways must give the same chances (checked first).

    python -m benchmarks.judge_leaf
    python -m benchmarks.judge_leaf --games 4 --rounds 5 --only raiatea
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from importlib import resources

import numpy as np

from vaka.agents.ismcts import ROLLOUT
from vaka.agents.learned import ValueModel, _encoder, shipped, tanh_chance
from vaka.agents.values import advantage
from vaka.core.registry import load
from vaka.core.rng import Rng, derive_seed
from vaka.core.state import State


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


def leaves(game_id: str, players: int, games: int, every: int, seed: int = 1) -> list[State]:
    """Leaves of the search's kind (see the module's docstring) along random bots' games."""
    found: list[State] = []
    for g in range(games):
        state = load(game_id).new_state(players, derive_seed(seed, "judge-leaf", g))
        rng = Rng(derive_seed(seed, "moves", g))
        step = 0
        while state.to_move:
            if step % every == 0:
                world = state.determinize(state.to_move[0], derive_seed(seed, g, step))
                for _ in range(ROLLOUT):
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
        began = time.perf_counter()
        for leaf in fresh:
            judge(leaf)
        means.append((time.perf_counter() - began) / len(fresh) * 1e6)
    return statistics.median(means)


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
    args = parser.parse_args()
    print("| game | players | leaves | µs per call before | now | faster |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game_id, players in shipped_models():
        if args.only and game_id not in args.only:
            continue
        model = shipped(game_id, players)
        assert model is not None
        found = leaves(game_id, players, args.games, args.every)
        before = np.array([reference(model, leaf.clone()) for leaf in found])
        now = np.array([model.win_chances(leaf.clone()) for leaf in found])
        assert np.allclose(now, before, rtol=1e-12, atol=0.0), "the chances differ"
        old = per_call(partial(reference, model), found, args.rounds)
        new = per_call(model.win_chances, found, args.rounds)
        print(
            f"| {game_id} | {players} | {len(found)} | {old:,.0f} | {new:,.0f} "
            f"| {old / new:.0f}× |",
            flush=True,
        )


if __name__ == "__main__":
    main()
