"""What a person reads of Rapa Nui and Atua in the terminal over whole bot games: the table,
the log and the choices' notes name things (no Python data, no ``_``-joined ids) and fit
80 columns. Raiatea's screen has its own, stricter test (tests/games/raiatea/test_screen.py)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

import vaka
from vaka.core.rng import Rng

#: Python's dicts, lists and tuples, and ids joined by "_" ("tribal_mask", "first_game").
CODES = re.compile(r"\{'|\['|\('|\b[a-z]+_[a-z_]+\b")


def shown(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


@pytest.mark.parametrize(
    ("game_id", "players", "seed"),
    [("rapa-nui", 2, 3), ("rapa-nui", 4, 4), ("atua", 3, 5), ("atua", 1, 6)],
)
def test_whole_bot_games_name_things_on_screen(game_id: str, players: int, seed: int) -> None:
    game = vaka.load(game_id)
    st = game.new_state(players, seed)
    rng = Rng(seed)
    step = looked = 0
    while not st.is_over:
        seat = rng.choice(st.to_move)
        legal = st.legal_actions(seat)
        if step % 7 == 0:
            view = st.view(seat)
            table = shown(game.render(view))
            assert all(len(line) <= 80 for line in table.splitlines()), table
            notes = [game.describe_choice(view, a) or "" for a in legal[:12]]
            for text in [table, *notes]:  # (the choices' notes wrap in the list)
                assert not CODES.search(text), text
            looked += 1
        st.apply(seat, rng.choice(legal))
        step += 1
    final = st.view(None)
    for entry in final["log"]:
        assert not CODES.search(entry["text"]), entry["text"]
    assert not CODES.search(shown(game.render(final)))
    assert looked > 5
