"""Train an agent for two-player Rapa Nui through the PettingZoo interface, then measure it.

The agent is a small neural policy in plain numpy (one hidden layer, a softmax over the 38
actions with the illegal ones masked out), trained by REINFORCE with a baseline: after each
batch of games, every decision of a game is made more likely when the game went better than
the baseline (the mean result of the batch) and less likely when it went worse. The
training signal is the final score difference (``reward="margin"``), denser than the win. The
opponent is vaka's random or medium bot in turn, and the agent's seat alternates.

At the end it plays ``--eval-games`` games against each of the random and medium bots
(choosing its most likely action) and prints its win rate with a 95% interval.

    pip install -e ".[rl]"
    python examples/train_rapanui.py                    # ~3,000 training games: a few minutes
    python examples/train_rapanui.py --games 200 --eval-games 50 --seed 1
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from vaka.agents import Agent, Observation, make_agent
from vaka.core.rng import derive_seed
from vaka.envs.pettingzoo import raw_env
from vaka.sim.stats import WinRate

GAME = "rapa-nui"
PLAYERS = 2
Array = npt.NDArray[np.float64]


class Policy:
    """A one-hidden-layer network: observation -> logits over the actions, masked."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0, 1 / np.sqrt(inputs), (hidden, inputs)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.01, (actions, hidden)),
            "b2": np.zeros(actions),
        }
        self.adam = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def probabilities(self, x: Array, mask: npt.NDArray[np.int8]) -> tuple[Array, Array]:
        """The action probabilities (0 where illegal), and the hidden layer."""
        h = np.tanh(self.params["w1"] @ x + self.params["b1"])
        logits = self.params["w2"] @ h + self.params["b2"]
        logits = np.where(mask > 0, logits, -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum(), h

    def update(self, decisions: Sequence[tuple[Array, Any, int, float]], lr: float) -> None:
        """One Adam step up the gradient of sum(advantage * log pi(action | observation))."""
        grads = {k: np.zeros_like(v) for k, v in self.params.items()}
        for x, mask, action, advantage in decisions:
            p, h = self.probabilities(x, mask)
            dlogits = -p * advantage
            dlogits[action] += advantage  # d log softmax / d logits = onehot - p
            grads["w2"] += np.outer(dlogits, h)
            grads["b2"] += dlogits
            dh = (self.params["w2"].T @ dlogits) * (1 - h * h)
            grads["w1"] += np.outer(dh, x)
            grads["b1"] += dh
        self.steps += 1
        for k, g in grads.items():
            g = g / max(1, len(decisions))
            m, v = self.adam[k]
            m[:] = 0.9 * m + 0.1 * g
            v[:] = 0.999 * v + 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            self.params[k] += lr * m_hat / (np.sqrt(v_hat) + 1e-8)  # ascent


def play(
    env: raw_env,
    policy: Policy,
    scale: Array,
    seat: int,
    opponent: Agent,
    seed: int,
    rng: np.random.Generator | None,
) -> tuple[list[tuple[Array, Any, int]], float]:
    """One game: the policy at ``seat`` (sampling if ``rng`` is given, else its most likely
    action), ``opponent`` at the other seat. Returns the policy's decisions and its reward."""
    env.reset(seed=seed)
    me = f"player_{seat}"
    decisions: list[tuple[Array, Any, int]] = []
    reward = 0.0
    for agent in env.agent_iter():
        obs, last_reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            if agent == me:
                reward = float(last_reward)
            env.step(None)
            continue
        if agent == me:
            x = obs["observation"].astype(np.float64) / scale
            p, _ = policy.probabilities(x, obs["action_mask"])
            action = int(rng.choice(len(p), p=p)) if rng is not None else int(np.argmax(p))
            decisions.append((x, obs["action_mask"], action))
        else:
            state, other = env.state_now, int(agent.split("_")[1])
            chosen = opponent.act(Observation(state, other))
            action = env.table.codec.encode(state, other, chosen)
        env.step(action)
    return decisions, reward


def main(argv: Sequence[str] | None = None) -> dict[str, WinRate]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000, help="training games")
    parser.add_argument("--eval-games", type=int, default=200, help="games against each bot")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument(
        "--reward",
        choices=("margin", "win"),
        default="margin",
        help="training signal: final score difference (denser), or the win itself",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    env = raw_env(GAME, PLAYERS, reward=args.reward)
    space = env.observation_space("player_0")["observation"]
    scale = np.maximum(np.asarray(space.high, np.float64), 1.0)
    rng = np.random.default_rng(args.seed)
    policy = Policy(space.shape[0], env.action_space("player_0").n, args.hidden, rng)
    opponents = [make_agent(name, GAME, args.seed) for name in ("random", "medium")]

    start = time.monotonic()
    batch: list[tuple[list[tuple[Array, Any, int]], float]] = []
    recent: list[float] = []
    for game in range(args.games):
        seed = derive_seed(args.seed, "train", game)
        batch.append(play(env, policy, scale, game % 2, opponents[game % 4 // 2], seed, rng))
        if len(batch) == args.batch or game == args.games - 1:
            results = np.array([r for _, r in batch])
            spread = float(results.std()) or 1.0
            steps = [(x, m, a, (r - results.mean()) / spread) for d, r in batch for x, m, a in d]
            policy.update(steps, args.lr)
            recent = (recent + [r for _, r in batch])[-500:]
            batch = []
        if (game + 1) % 500 == 0:
            print(f"game {game + 1}: mean {args.reward}, last 500 games: {np.mean(recent):.3f}")
    print(f"trained on {args.games} games in {time.monotonic() - start:.0f} s\n")

    env = raw_env(GAME, PLAYERS, reward="win")
    rates: dict[str, WinRate] = {}
    print("opponent  games  win rate  95% interval")
    for name in ("random", "medium"):
        opponent = make_agent(name, GAME, derive_seed(args.seed, "eval", name))
        wins = 0.0
        for game in range(args.eval_games):
            seed = derive_seed(args.seed, "eval", name, game)
            wins += play(env, policy, scale, game % 2, opponent, seed, None)[1]
        rate = rates[name] = WinRate.of(wins, args.eval_games)
        print(f"{name:8}  {rate.games:5}  {rate.rate:8.3f}  [{rate.low:.3f}, {rate.high:.3f}]")
    return rates


if __name__ == "__main__":
    main()
