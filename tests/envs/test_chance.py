"""The scripted random stream behind OpenSpiel's chance nodes: it draws exactly what a real
stream with the same outcomes draws, and asks for what it has not been given."""

from __future__ import annotations

import pytest

from vaka.core import load
from vaka.core.rng import Rng
from vaka.envs.chance import NeedDraw, ScriptedRng, max_outcomes, new_state


def test_a_scripted_shuffle_is_the_real_shuffle_with_the_same_draws() -> None:
    real, items, twin = Rng(3), list(range(20)), Rng(3)
    draws = [twin.below(i + 1) for i in range(19, 0, -1)]
    real.shuffle(items)
    scripted, mine = ScriptedRng(draws, 20), list(range(20))
    scripted.shuffle(mine)
    assert mine == items and scripted.state == len(draws)


def test_missing_draws_are_asked_for_with_their_sizes_and_nothing_is_drawn() -> None:
    rng = ScriptedRng([4], 10)
    with pytest.raises(NeedDraw) as asked:
        rng.shuffle(list("abcdef"))
    assert asked.value.sizes == (5, 4, 3, 2)  # below(6) is chosen: 4
    assert rng.state == 0
    assert rng.below(7) == 4
    with pytest.raises(NeedDraw) as asked:
        rng.choice("xyz")
    assert asked.value.sizes == (3,)


def test_an_outcome_out_of_range_or_a_draw_above_the_bound_is_refused() -> None:
    with pytest.raises(ValueError, match="not in range"):
        ScriptedRng([5], 10).below(5)
    with pytest.raises(RuntimeError, match="bound"):
        ScriptedRng([0], 10).below(11)
    with pytest.raises(RuntimeError, match="bound"):
        ScriptedRng([], 10).shuffle(list(range(11)))
    with pytest.raises(TypeError):
        ScriptedRng([], 10).next64()


def test_a_copy_carries_on_from_the_same_place() -> None:
    rng = ScriptedRng([1, 2, 0], 5)
    assert rng.below(3) == 1
    twin = rng.copy()
    assert (twin.below(3), twin.below(3)) == (2, 0)
    assert rng.below(4) == 2


@pytest.mark.parametrize("game", ["rapa-nui", "raiatea", "atua"])
def test_a_state_built_on_a_given_stream_is_the_seeds_game(game: str) -> None:
    engine = load(game)
    players = max(engine.min_players, 2)
    state = new_state(engine, players, engine.check_options({}), Rng(42))
    assert state.view(None) == engine.new_state(players, 42).view(None)
    assert max_outcomes(game, players) >= players
