"""Cross-check vaka's bots against OpenSpiel's own searches, independent implementations.

One OpenSpiel bot plays the game through ``vaka.envs.openspiel`` against vaka's ``hard``
bot (its ISMCTS) or ``medium`` bot (one step ahead with the game's value estimate), which
fills every other seat. The OpenSpiel bot is (``--bot``):

* ``ismcts``: open_spiel.python.algorithms.ismcts, random-rollout evaluator, UCT c = 2;
* ``pimc``: Perfect Information Monte Carlo: at each decision it samples
  ``--determinizations`` states the seat cannot tell apart from the real one
  (``resample_from_infostate``), runs open_spiel.python.algorithms.mcts.MCTSBot
  (random rollouts, UCT c = 2, MCTS-Solver as it comes) on each for an equal share of the
  time, and plays the action most of them choose (ties: the most visits over all of them).
  The chance nodes after the root (every later draw) MCTS samples as it descends.

Every search gets the same wall-clock time per decision (``--seconds``; OpenSpiel's loops
run to a deadline instead of a number of simulations). The OpenSpiel bot sits in seat
``i mod players`` in game ``i``. Prints its win rate against each vaka bot with a 95%
interval, beside the fair share 1/players.

    python scripts/crosscheck_ismcts.py rapa-nui --players 2 --games 20 --seconds 0.05
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any, Protocol

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from vaka.agents import AGENTS, Agent, Observation, hard_agent
from vaka.core.rng import Rng, derive_seed
from vaka.envs import openspiel as ops
from vaka.sim.stats import WinRate, win_shares

BOTS = ("ismcts", "pimc")


class SpielBot(Protocol):
    @property
    def simulations(self) -> int: ...

    @property
    def searches(self) -> int: ...

    def reset(self) -> None: ...

    def step(self, state: Any) -> int: ...


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


class TimedMcts(mcts.MCTSBot):  # type: ignore[misc]
    """OpenSpiel's MCTS on one (perfect-information) state, searching until ``deadline``
    (at least two simulations: the first only evaluates the root, the second expands it).
    Its own loop runs a fixed number of simulations but ends
    once the root has an outcome (MCTS-Solver), so once the deadline has passed the root is
    given a placeholder outcome: the simulation under way is the last."""

    def __init__(self, game: Any, rng: np.random.RandomState) -> None:
        evaluator = _Rollouts(self, rng)
        super().__init__(game, 2.0, 10**9, evaluator, random_state=rng)
        self.deadline = 0.0
        self.simulations = 0
        self._root: Any = None
        self._stop = np.zeros(game.num_players())

    def stop_if_late(self) -> None:
        root = self._root
        late = time.perf_counter() >= self.deadline
        if late and root.explore_count > 0 and root.outcome is None:
            root.outcome = self._stop

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        self._root = root
        self.simulations += 1
        path, leaf = super()._apply_tree_policy(root, state)
        if leaf.is_terminal():  # no rollout follows: the deadline is looked at here
            self.stop_if_late()
        return path, leaf


class _Rollouts(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """OpenSpiel's random rollout, then a look at the search's deadline."""

    def __init__(self, search: TimedMcts, rng: np.random.RandomState) -> None:
        super().__init__(n_rollouts=1, random_state=rng)
        self.search = search

    def evaluate(self, state: Any) -> Any:
        value = super().evaluate(state)
        self.search.stop_if_late()
        return value


class Pimc:
    """Perfect Information Monte Carlo over OpenSpiel's MCTS (see the module's docstring)."""

    def __init__(self, game: Any, seconds: float, determinizations: int, seed: int) -> None:
        self.rng = np.random.RandomState(seed % 2**32)
        self.mcts = TimedMcts(game, self.rng)
        self.seconds = seconds
        self.determinizations = determinizations
        self.searches = 0

    @property
    def simulations(self) -> int:
        return self.mcts.simulations

    def reset(self) -> None:
        pass

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        self.searches += 1
        player = state.current_player()
        votes: Counter[int] = Counter()
        visits: Counter[int] = Counter()
        start, share = time.perf_counter(), self.seconds / self.determinizations
        for k in range(self.determinizations):
            guess = state.resample_from_infostate(player, self.rng.random_sample)
            self.mcts.deadline = start + share * (k + 1)
            root = self.mcts.mcts_search(guess)
            votes[int(root.best_child().action)] += 1
            for child in root.children:
                visits[int(child.action)] += child.explore_count
        return max(votes, key=lambda a: (votes[a], visits[a], -a))


def spiel_bot(kind: str, game: Any, seconds: float, determinizations: int, seed: int) -> SpielBot:
    if kind == "pimc":
        return Pimc(game, seconds, determinizations, seed)
    return TimedIsmcts(game, seconds, seed)


def vaka_agent(name: str, game_id: str, seconds: float, seed: int) -> Agent:
    if name == "hard":
        return hard_agent(game_id, seed, seconds=seconds, iterations=10**9)  # its judge too
    return AGENTS[name](game_id, seed)


def play_one(
    game: Any, seed: int, spiel_seat: int, bot: SpielBot, others: list[Agent], searches: list[int]
) -> float:
    """One game, its chance outcomes drawn as the engine's game for ``seed`` draws them;
    OpenSpiel's bot's share of the win. ``others`` holds a vaka bot for every seat (the
    one in ``spiel_seat`` is unused); their iterations per search go to ``searches``."""
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
            engine, other = state.engine_state, others[seat]
            action = codec.encode(engine, seat, other.act(Observation(engine, seat)))
            if len(engine.legal_actions(seat)) > 1 and hasattr(other, "last_iterations"):
                searches.append(other.last_iterations)
        state.apply_action(action)
    return win_shares(state.engine_state.winners(), game.num_players())[spiel_seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(ops.GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20, help="games against each bot")
    parser.add_argument("--seconds", type=float, default=0.05, help="search time per decision")
    parser.add_argument("--opponents", default="hard,medium")
    parser.add_argument("--bot", choices=BOTS, default="ismcts", help="OpenSpiel's bot")
    parser.add_argument(
        "--determinizations", type=int, default=4, help="states sampled per decision (pimc)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.players < 2:
        parser.error("the cross-check needs a vaka bot at the table: --players 2 or more")
    if args.determinizations < 1:
        parser.error("--determinizations must be at least 1")
    game = ops.load_game(args.game, args.players)
    players = args.players
    label = f"OpenSpiel {args.bot.upper()} vs"
    share = f"fair share {1 / players:.3f}"
    print(f"{args.game}, {players} players, {args.seconds} s per decision, {share}")
    print(f"{label:19}  games  its win rate  95% interval   its sims  vaka's sims")
    for name in args.opponents.split(","):
        wins = 0.0
        started = time.monotonic()
        bot = spiel_bot(
            args.bot,
            game,
            args.seconds,
            args.determinizations,
            derive_seed(args.seed, "spiel", name),
        )
        searches: list[int] = []
        for i in range(args.games):
            deal = derive_seed(args.seed, name, i)
            others = [
                vaka_agent(name, args.game, args.seconds, derive_seed(args.seed, "vaka", i, s))
                for s in range(players)
            ]
            wins += play_one(game, deal, i % players, bot, others, searches)
        rate = WinRate.of(wins, args.games)
        sims = bot.simulations / max(1, bot.searches)
        theirs = f"{sum(searches) / len(searches):11.0f}" if searches else f"{'-':>11}"
        print(
            f"{name:19}  {rate.games:5}  {rate.rate:12.3f}  [{rate.low:.3f}, {rate.high:.3f}]"
            f"  {sims:8.0f}  {theirs}   ({time.monotonic() - started:.0f} s)"
        )


if __name__ == "__main__":
    main()
