"""Building Atua game states for rule tests."""

from __future__ import annotations

from typing import Any

from vaka.games.atua import GAME
from vaka.games.atua.state import AtuaState


def new(players: int, seed: int = 1, **options: Any) -> AtuaState:
    st = GAME.new_state(players, seed, **options)
    assert isinstance(st, AtuaState)
    return st


def play_first(st: AtuaState, until_phase: str | None = None, steps: int = 10_000) -> None:
    """Play the first legal action until the decision's phase is ``until_phase``."""
    for _ in range(steps):
        if st.is_over:
            return
        if until_phase is not None and st.view(None)["decision"]["phase"] == until_phase:
            return
        seat = st.to_move[0]
        st.apply(seat, st.legal_actions(seat)[0])
