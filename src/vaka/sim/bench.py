"""Throughput of random playouts: how fast the engine runs a game, legal moves included."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from vaka.core.registry import load
from vaka.core.rng import Rng


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    games: int
    actions: int
    seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["actions_per_second"] = round(self.actions_per_second)
        data["games_per_second"] = round(self.games_per_second, 2)
        return data


def random_playouts(game_id: str, players: int, seconds: float, seed: int = 0) -> BenchResult:
    """Play random games back to back for about ``seconds`` on this core.

    Each step asks for ``to_move`` and ``legal_actions`` and applies one of them by its
    value, as an agent would; the new game's set-up is counted too.
    """
    game = load(game_id)
    rng = Rng(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_state(players, rng.next64() >> 1)
        while True:
            to_move = state.to_move
            if not to_move:
                break
            for seat in to_move:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                actions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    return BenchResult(game_id, players, games, actions, time.perf_counter() - start)


@dataclass(frozen=True)
class SearchSpeed:
    game: str
    players: int
    moment: str  # "start" or "middle"
    iterations: int
    seconds: float

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["iterations_per_second"] = round(self.iterations_per_second)
        return data


def search_speed(game_id: str, players: int, seconds: float, seed: int = 0) -> list[SearchSpeed]:
    """ISMCTS iterations per second (determinize, select, expand, rollout, back up) for the
    first decision of a game and for one halfway through a random game."""
    from vaka.agents import Observation, search_agent

    game = load(game_id)
    rng = Rng(seed)
    start = game.new_state(players, seed)
    finished = start.clone()
    moves: list[tuple[int, Any]] = []
    while not finished.is_over:
        seat = finished.to_move[0]
        action = rng.choice(finished.legal_actions(seat))
        moves.append((seat, action))
        finished.apply(seat, action)
    middle = start.clone()
    for seat, action in moves[: len(moves) // 2]:
        middle.apply(seat, action)
    results = []
    for moment, state in (("start", start), ("middle", middle)):
        agent = search_agent(game_id, seed, iterations=1, seconds=seconds)
        began = time.perf_counter()
        agent.analyse(Observation(state, state.to_move[0]))
        elapsed = time.perf_counter() - began
        results.append(SearchSpeed(game_id, players, moment, agent.last_iterations, elapsed))
    return results
