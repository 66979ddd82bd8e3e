"""Golden playthroughs: a seeded random game written out step by step as plain text.

Files made by this module live in ``tests/playthroughs``; the tests play the same games
again and compare, so any change in a game's behaviour shows up as a readable diff.
Regenerate them with ``python scripts/regen_playthroughs.py`` when a change is intended.
"""

from __future__ import annotations

import json

from vaka.core.registry import game_ids, load
from vaka.core.rng import Rng

#: The games written out, as each game declares them (``Game.playthroughs``):
#: (game id, players, seed).
GOLDEN: tuple[tuple[str, int, int], ...] = tuple(
    (game_id, players, seed)
    for game_id in game_ids()
    for players, seed in load(game_id).playthroughs
)


def filename(game_id: str, players: int, seed: int) -> str:
    return f"{game_id}-{players}p-seed{seed}.txt"


def playthrough(game_id: str, players: int, seed: int) -> str:
    """The text of one random game: each decision's legal actions and the one taken,
    then the spectator's final view."""
    state = load(game_id).new_state(players, seed)
    rng = Rng(seed)
    lines = [f"# {game_id}, {players} players, seed {seed}; actions chosen by Rng({seed})"]
    step = 0
    while not state.is_over:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        step += 1
        lines.append(f"{step} seat {seat} [{' | '.join(map(str, legal))}] -> {action}")
        state.apply(seat, action)
    lines.append(f"scores {state.scores()} winners {state.winners()}")
    lines.append(json.dumps(state.view(None), sort_keys=True, indent=1))
    return "\n".join(lines) + "\n"
