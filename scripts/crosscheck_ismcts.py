"""Cross-check vaka's bots against OpenSpiel's own ISMCTS, an independent implementation.

OpenSpiel's ISMCTS bot (open_spiel.python.algorithms.ismcts, random-rollout evaluator)
plays the game through ``vaka.envs.openspiel`` against vaka's ``hard`` bot (its ISMCTS) and
``medium`` bot (one step ahead with the game's value estimate). Both searches get the same
wall-clock time per decision (``--seconds``); seats alternate from game to game. Prints
OpenSpiel ISMCTS's win rate against each bot with a 95% interval.

    python scripts/crosscheck_ismcts.py rapa-nui --players 2 --games 20 --seconds 0.05
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from vaka.agents import AGENTS, Agent, Observation, search_agent
from vaka.core.rng import Rng, derive_seed
from vaka.envs import openspiel as ops
from vaka.sim.stats import WinRate, win_shares


class TimedIsmcts(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS, searching until ``seconds`` have passed instead of for a fixed
    number of simulations (at least until the root has been visited once)."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        rng = np.random.RandomState(seed % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        super().__init__(game, evaluator, uct_c=2.0, max_simulations=1, random_state=rng)
        self.seconds = seconds
        self.simulations = 0
        self.searches = 0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        self.searches += 1
        deadline = time.perf_counter() + self.seconds
        while True:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
            if time.perf_counter() >= deadline and self._root_node.total_visits > 0:
                break
        return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]


def vaka_agent(name: str, game_id: str, seconds: float, seed: int) -> Agent:
    if name == "hard":
        return search_agent(game_id, seed, seconds=seconds, iterations=10**9)
    return AGENTS[name](game_id, seed)


def play_one(
    game: Any, seed: int, spiel_seat: int, bot: TimedIsmcts, other: Agent, searches: list[int]
) -> float:
    """One game, its chance outcomes drawn as the engine's game for ``seed`` draws them;
    OpenSpiel's bot's share of the win. The vaka bot's iterations per search go to
    ``searches``."""
    state = game.new_initial_state()
    chance = Rng(seed)
    codec = ops.config_of(game).codec
    bot.reset()
    while not state.is_terminal():
        if state.is_chance_node():
            ops.resolve_chance(state, chance)
            continue
        seat = state.current_player()
        if seat == spiel_seat:
            action = int(bot.step(state))
        else:
            engine = state.engine_state
            action = codec.encode(engine, seat, other.act(Observation(engine, seat)))
            if len(engine.legal_actions(seat)) > 1 and hasattr(other, "last_iterations"):
                searches.append(other.last_iterations)
        state.apply_action(action)
    return win_shares(state.engine_state.winners(), game.num_players())[spiel_seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(ops.SHORT_NAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20, help="games against each bot")
    parser.add_argument("--seconds", type=float, default=0.05, help="search time per decision")
    parser.add_argument("--opponents", default="hard,medium")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.players != 2:
        parser.error("the cross-check seats one OpenSpiel bot against one vaka bot: --players 2")
    game = ops.load_game(args.game, args.players)
    print(f"{args.game}, {args.players} players, {args.seconds} s per decision")
    print("OpenSpiel ISMCTS vs  games  its win rate  95% interval   its sims  vaka's sims")
    for name in args.opponents.split(","):
        wins = 0.0
        started = time.monotonic()
        bot = TimedIsmcts(game, args.seconds, derive_seed(args.seed, "spiel", name))
        searches: list[int] = []
        for i in range(args.games):
            deal = derive_seed(args.seed, name, i)
            other = vaka_agent(name, args.game, args.seconds, derive_seed(args.seed, "vaka", i))
            wins += play_one(game, deal, i % 2, bot, other, searches)
        rate = WinRate.of(wins, args.games)
        sims = bot.simulations / max(1, bot.searches)
        theirs = f"{sum(searches) / len(searches):11.0f}" if searches else f"{'-':>11}"
        print(
            f"{name:19}  {rate.games:5}  {rate.rate:12.3f}  [{rate.low:.3f}, {rate.high:.3f}]"
            f"  {sims:8.0f}  {theirs}   ({time.monotonic() - started:.0f} s)"
        )


if __name__ == "__main__":
    main()
