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
