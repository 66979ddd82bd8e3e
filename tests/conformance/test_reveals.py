"""Each game's own answer to ``State.reveals`` (``_reveals``, read off its rules) against
the generic one that plays the action in determinized guesses (``reveals_by_sampling``),
over positions of random games of every game and player count, for every viewer.

The two must agree. The one difference allowed is a miss of the guesses: the game says
"revealed" where 8 guesses all happened to match the truth; then 200 guesses must find
one that does not (the viewer could not have known). ``VAKA_SOAK=1`` looks at more
positions and seeds.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import vaka
from vaka.core import Rng, State

SOAK = bool(os.environ.get("VAKA_SOAK"))
SEEDS = range(int(os.environ.get("VAKA_SOAK_SEEDS", 20)) if SOAK else 1)
#: Look at every n-th decision of a game (a Raiatea or Atua guess is slow to play).
EVERY = {"rapa-nui": 2, "atua": 5, "raiatea": 12}
#: The least share of the acting seat's questions a game answers itself (Raiatea leaves its
#: draws and its plays from a hidden hand to the guesses).
ANSWERED = {"rapa-nui": 0.9, "atua": 0.9, "raiatea": 0.4}
CASES = [
    pytest.param(game_id, players, {}, id=f"{game_id}-{players}")
    for game_id in vaka.game_ids()
    for players in range(vaka.load(game_id).min_players, vaka.load(game_id).max_players + 1)
] + [
    pytest.param("rapa-nui", players, {"rows": "top-only"}, id=f"rapa-nui-{players}-top-only")
    for players in (2, 3, 4)
]


def positions(game_id: str, players: int, seed: int, options: dict[str, Any]):
    """(state, seat, action) at decisions of a random game: up to three actions each."""
    state = vaka.load(game_id).new_state(players, seed, **options)
    rng = Rng(seed + 7)
    every = 1 if SOAK else EVERY.get(game_id, 1)
    step = 0
    while not state.is_over:
        if step % every == 0:
            for seat in state.to_move:
                legal = state.legal_actions(seat)
                picked = legal if len(legal) <= 3 else [rng.choice(legal) for _ in range(3)]
                for action in dict.fromkeys(picked):
                    yield state, seat, action
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


def agree(state: State, seat: int, action: Any, viewer: int, where: str) -> bool:
    """The game's answer, once checked against the guesses'."""
    fast = state.reveals(seat, action, viewer=viewer)
    sampled = state.reveals_by_sampling(seat, action, viewer=viewer)
    where = f"{where}: {action} by seat {seat}, viewer {viewer}"
    if fast != sampled:
        assert fast, f"{where}: the game says nothing came to light, a guess differs"
        more = state.reveals_by_sampling(seat, action, samples=200, viewer=viewer)
        assert more, f"{where}: the game says something came to light; no guess differs"
    return fast


def answered(state: State, seat: int, action: Any, viewer: int) -> bool:
    """Whether the game itself answered (the random stream did not decide it first)."""
    after = state.clone()
    after.apply(seat, action)
    return after.rng.state == state.rng.state and state._reveals(after, seat, viewer) is not None


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_the_games_answer_is_the_sampled_one(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> None:
    own = total = 0
    for state, seat, action in positions(game_id, players, seed, options):
        # the acting seat is what the service asks; one other seat is what a game against
        # bots asks (every seat when soaking)
        viewers = range(players) if SOAK else sorted({seat, (seat + 1) % players})
        for viewer in viewers:
            agree(state, seat, action, viewer, f"{game_id} {players}p seed {seed}")
            if viewer == seat:
                total += 1
                own += answered(state, seat, action, viewer)
    assert total
    if game_id in ANSWERED:  # the real games answer the service's questions themselves
        assert own >= ANSWERED[game_id] * total, f"the game answered {own} of {total}"


def test_sealed_choices_fall_back_to_the_guesses() -> None:
    """A game without an answer of its own (the test-only sealed-bid) keeps the guesses."""
    state = vaka.load("sealed-bid").new_state(3, seed=4)
    after = state.clone()
    after.apply(0, "bid 2")
    assert state._reveals(after, 0, 0) is None
    assert not state.reveals(0, "bid 2")
    state.apply(0, "bid 2")
    state.apply(1, "bid 1")
    assert state.reveals(2, "bid 0") and state.reveals_by_sampling(2, "bid 0")


def test_rapa_nui_face_down_kinds_show_where_they_decide() -> None:
    """Rare in random play, so sought out: once a seat has laid a card face down, the
    others no longer know which sacrifice cards it holds, and its next face-up sacrifice
    (chosen, or taken for it) may tell them. The game leaves those to the guesses."""
    from vaka.games.rapanui import actions as A
    from vaka.games.rapanui import view
    from vaka.games.rapanui.params import MOAI

    news = 0
    for seed in range(60):
        state = vaka.load("rapa-nui").new_state(3, seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if any(view._has_hidden(state, s) for s in range(3)):
                for action in legal:
                    if action.verb != A.SACRIFICE and (action.verb, action.arg) != (A.LAY, MOAI):
                        continue
                    for viewer in range(3):
                        fast = agree(state, seat, action, viewer, f"rapa-nui 3p seed {seed}")
                        news += fast and viewer != seat and action.verb == A.SACRIFICE
            state.apply(seat, rng.choice(legal))
    assert news  # some face-up sacrifice told another seat about a hidden kind
