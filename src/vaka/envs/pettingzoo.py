"""PettingZoo environments of the three games (``pip install vaka[rl]``).

``env("atua", players=3)`` is an AEC environment: the agents ``player_0``.. are the seats,
``agent_selection`` is the seat to move, and a sealed simultaneous choice (several seats to
move) is asked seat by seat in seat order, each seat seeing only its own view (the engine
holds the choices already made and shows them to nobody). Observations are
``{"observation": float32 vector, "action_mask": int8 vector}`` encoded from the agent's
own view (:mod:`vaka.envs.layouts`, docs/ENVIRONMENTS.md); actions are integers
(:mod:`vaka.envs.actions`).

Rewards come once, at the end: ``reward="win"`` gives 1 to a sole winner, 1/k to each of k
tied winners, 0 to the others (a solo game lost to Tahuma: 0); ``reward="margin"`` gives
the seat's score minus the best other score (solo: minus Tahuma's). ``reset(seed=s)``
plays the engine's game ``new_state(players, s)``, so a seed reproduces a game exactly.

``parallel_env`` is a simultaneous-move view of the same game for libraries that want one:
every live agent sends an action each step, the seats to move play theirs, the others' are
ignored.

Rendering (``render_mode``): ``"ansi"`` returns the terminal picture of the whole table (a
spectator's view: no seat's secrets). Atua, the game that draws pictures, also offers
``"svg"`` (a dict of SVG files: the table and every island) and ``"rgb_array"``: an
(H, W, 3) uint8 array of the whole table, the row and the card to place across the top and
every seat's island under it, drawn from the same geometry as the SVG with matplotlib's Agg
canvas (:mod:`vaka.games.atua.raster`). Its size depends only on the number of players
(560 x 960 up to three, 920 x 960 up to six), the same state gives the same array, and a
frame costs tens of milliseconds (an island is drawn again only when a card is laid on it).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from vaka.core.errors import IllegalAction
from vaka.core.registry import load
from vaka.core.state import Seat, State
from vaka.envs.actions import Codec
from vaka.envs.layouts import encoder

REWARDS = ("win", "margin")
ILLEGAL = ("terminate", "wrap")
ILLEGAL_REWARD = -1.0

Obs = dict[str, Any]


@runtime_checkable
class DrawsArrays(Protocol):
    """A game that draws its table as pixels (Atua)."""

    def picture_array(self, view: Mapping[str, Any]) -> Any: ...


def final_rewards(state: State, reward: str) -> list[float]:
    """Each seat's reward for a finished game (see the module's docstring)."""
    if reward == "win":
        winners = state.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
    scores = state.scores()
    if state.players == 1:
        solo = state.view(0).get("solo_game") or {}
        other = float((solo.get("tahuma_score") or {}).get("total", 0))
        return [scores[0] - other]
    return [
        scores[s] - max(x for i, x in enumerate(scores) if i != s) for s in range(state.players)
    ]


class _Table:
    """What the AEC and parallel environments share: the game, its encoder and codec."""

    def __init__(self, game: str, players: int, reward: str, options: dict[str, Any]) -> None:
        self.game = load(game)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.options = self.game.check_options(options)
        self.game.new_state(players, 0, **self.options)  # refuses a bad player count early
        self.players = players
        self.reward = reward
        self.encoder = encoder(self.game.id, players)
        self.codec = Codec(self.game.id)
        self.agent_names = [f"player_{i}" for i in range(players)]
        box = gymnasium.spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.codec.size,), dtype=np.int8)
        self.obs_spaces = {
            a: gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
            for a in self.agent_names
        }
        self.act_spaces = {a: gymnasium.spaces.Discrete(self.codec.size) for a in self.agent_names}
        self.state: State = self.game.new_state(players, 0, **self.options)
        self.np_random = np.random.default_rng()

    def new_game(self, seed: int | None) -> None:
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self.np_random.integers(0, 2**62))
        self.state = self.game.new_state(self.players, game_seed, **self.options)

    def observe(self, seat: Seat) -> Obs:
        return {
            # no field reads the log, the costliest part of a view to build
            "observation": self.encoder.encode(self.state.view(seat, log=False)),
            "action_mask": self.codec.mask(self.state, seat),
        }

    def render_text(self) -> str:
        from rich.console import Console

        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        console.print(self.game.render(self.state.view(None)))
        return out.getvalue()

    def pictures(self) -> dict[str, str]:
        view = self.state.view(None)
        return self.game.pictures(view, [])

    def picture_array(self) -> np.ndarray[Any, np.dtype[np.uint8]]:
        assert isinstance(self.game, DrawsArrays)
        return np.asarray(self.game.picture_array(self.state.view(None)), dtype=np.uint8)

    def render_modes(self) -> list[str]:
        probe = self.game.new_state(self.players, 0, **self.options)
        modes = ["ansi"]
        if self.game.pictures(probe.view(None), []):
            modes.append("svg")
        if isinstance(self.game, DrawsArrays):
            modes.append("rgb_array")
        return modes


class _Seated:
    """What both environment classes do alike: set up the table and its spaces, and
    render."""

    table: _Table
    metadata: dict[str, Any]
    possible_agents: list[str]
    render_mode: str | None
    max_cycles: int | None

    def _seat_table(
        self,
        game: str,
        players: int,
        render_mode: str | None,
        reward: str,
        max_cycles: int | None,
        options: dict[str, Any],
        parallel: bool,
    ) -> None:
        self.table = _Table(game, players, reward, options)
        modes = self.table.render_modes()
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {modes}")
        self.metadata = {
            "name": f"vaka_{game.replace('-', '_')}_v0",
            "render_modes": modes,
            "is_parallelizable": parallel,
        }
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = list(self.table.agent_names)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.table.obs_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.table.act_spaces[agent]

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return self.table.render_text()
        if self.render_mode == "svg":
            return self.table.pictures()
        if self.render_mode == "rgb_array":
            return self.table.picture_array()
        return None

    def close(self) -> None:
        pass


class raw_env(_Seated, AECEnv[str, Obs, int]):
    """The AEC environment of one game for a fixed number of players."""

    def __init__(
        self,
        game: str,
        players: int,
        render_mode: str | None = None,
        reward: str = "win",
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self._seat_table(game, players, render_mode, reward, max_cycles, options, False)
        self.agents: list[str] = []
        self._decisions = 0

    @property
    def state_now(self) -> State:
        """The engine's game (the whole truth: for tests and tools, not for agents)."""
        return self.table.state

    def slot_actions(self, agent: str) -> dict[int, Any]:
        """The legal actions of ``agent`` now by integer (Atua's slots, named)."""
        return self.table.codec.slot_actions(self.table.state, self._seat(agent))

    def _seat(self, agent: str) -> Seat:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._decisions = 0
        self.agent_selection = self.possible_agents[self.table.state.to_move[0]]

    def observe(self, agent: str) -> Obs:
        return self.table.observe(self._seat(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must send an action, not None")
        state = self.table.state
        seat = self._seat(agent)
        self._cumulative_rewards[agent] = 0.0
        state.apply(seat, self.table.codec.decode(state, seat, int(action)))
        self._decisions += 1
        if state.is_over:
            for a, r in zip(self.agents, final_rewards(state, self.table.reward), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        elif self.max_cycles is not None and self._decisions >= self.max_cycles * len(self.agents):
            self.truncations = dict.fromkeys(self.agents, True)
        if not state.is_over:
            self.agent_selection = self.possible_agents[state.to_move[0]]
        self._accumulate_rewards()
        self._deads_step_first()


def env(game: str, players: int, **kwargs: Any) -> AECEnv[str, Obs, int]:
    """The AEC environment with PettingZoo's usual wrappers: an action outside the mask
    ends the game with reward -1 for its seat; out-of-range actions are refused; the
    order of calls is enforced."""
    wrapped: AECEnv[str, Obs, int] = raw_env(game, players, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class parallel_env(_Seated, ParallelEnv[str, Obs, int]):
    """Every live agent sends an action each step; the seats to move when the step begins
    play theirs (in seat order), the others' are ignored. ``max_cycles`` cuts the game
    (truncation) after that many steps. An action outside a moving seat's mask ends the game
    with reward -1 for it (``illegal="terminate"``), or, with ``illegal="wrap"``, plays that
    seat's legal action number ``action mod count`` (in integer order): for samplers that
    cannot read a mask."""

    def __init__(
        self,
        game: str,
        players: int,
        render_mode: str | None = None,
        reward: str = "win",
        max_cycles: int | None = None,
        illegal: str = "terminate",
        **options: Any,
    ) -> None:
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self._seat_table(game, players, render_mode, reward, max_cycles, options, True)
        self.illegal = illegal
        self.agents: list[str] = []
        self._steps = 0

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, Obs]:
        return {
            a: self.table.observe(i) for i, a in enumerate(self.possible_agents) if a in self.agents
        }

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        state = self.table.state
        codec = self.table.codec
        rewards = dict.fromkeys(self.agents, 0.0)
        terminated = truncated = False
        for seat in sorted(state.to_move):
            agent = self.possible_agents[seat]
            legal = codec.slot_actions(state, seat)
            choice = actions.get(agent)
            if choice is None or int(choice) not in legal:
                if self.illegal == "terminate":
                    rewards[agent] = ILLEGAL_REWARD
                    terminated = True
                    break
                keys = sorted(legal)
                choice = keys[int(choice or 0) % len(keys)]
            try:
                state.apply(seat, legal[int(choice)])
            except IllegalAction:  # pragma: no cover - the codec offers only legal actions
                raise
        self._steps += 1
        if state.is_over:
            terminated = True
            rewards = dict(zip(self.agents, final_rewards(state, self.table.reward), strict=True))
        elif not terminated and self.max_cycles is not None and self._steps >= self.max_cycles:
            truncated = True
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, terminated)
        truncations = dict.fromkeys(self.agents, truncated)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if terminated or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
