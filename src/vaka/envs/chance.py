"""The engine's draws as chance outcomes chosen from outside (for OpenSpiel's chance nodes).

A game draws inside its moves from its own stream ``State.rng``, and every draw is one
``below(n)``: ``choice`` and ``shuffle`` are built on it (a Fisher-Yates shuffle of m items
is ``below(i + 1)`` for i from m - 1 down to 1). :class:`ScriptedRng` answers each
``below(n)`` with the next of the outcomes already chosen and, once they run out, stops the
move with :class:`NeedDraw`: the caller then chooses one more outcome in ``range(n)`` (all
equally likely, as ``Rng.below`` is uniform) and plays the move again from a copy taken
before it. The engine is unchanged, and normal play keeps the plain, fast ``Rng``.
"""

from __future__ import annotations

import functools
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from vaka.core.game import Game
from vaka.core.registry import load
from vaka.core.rng import Rng
from vaka.core.state import State

T = TypeVar("T")


class NeedDraw(BaseException):
    """Draws that no outcome has been chosen for yet: their sizes, ``n`` of ``below(n)``,
    in order (one, or the rest of a shuffle, whose sizes are known in advance). A
    ``BaseException`` so that no ``except Exception`` in a game or an agent can swallow it
    half-way through a move: the move is abandoned, and played again once the outcomes
    are chosen."""

    def __init__(self, sizes: tuple[int, ...]) -> None:
        super().__init__(sizes)
        self.sizes = sizes


class ScriptedRng(Rng):
    """A random stream whose draws are chosen in advance. ``state`` counts the draws made
    (so that it changes with every draw, as a real stream's does)."""

    __slots__ = ("bound", "outcomes")

    def __init__(self, outcomes: Sequence[int], bound: int) -> None:
        super().__init__(0)
        self.outcomes = tuple(outcomes)
        self.bound = bound

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self._check(n)
        i = self.state
        if i >= len(self.outcomes):
            raise NeedDraw((n,))
        k = self.outcomes[i]
        if not 0 <= k < n:
            raise ValueError(f"chance outcome {k} is not in range({n})")
        self.state = i + 1
        return k

    def shuffle(self, items: MutableSequence[T]) -> None:
        """``Rng.shuffle``'s draws, ``below(i + 1)`` for i from m - 1 down to 1; when some
        are not chosen yet, all of their sizes are asked at once, so that the move is not
        played again for each (a setup shuffles dozens of cards)."""
        sizes = range(len(items), 1, -1)
        chosen = len(self.outcomes) - self.state
        if chosen < len(sizes):
            for n in sizes:
                self._check(n)
            raise NeedDraw(tuple(sizes[max(chosen, 0) :]))
        super().shuffle(items)

    def _check(self, n: int) -> None:
        if n > self.bound:  # the game's max_chance_outcomes would be a lie
            raise RuntimeError(
                f"a draw of {n} outcomes; the bound is {self.bound} (Game.chance_outcomes)"
            )

    def next64(self) -> int:
        raise TypeError("a scripted stream draws only through below()")

    def copy(self) -> ScriptedRng:
        twin = ScriptedRng(self.outcomes, self.bound)
        twin.state = self.state
        return twin


@functools.cache
def _state_class(game_id: str) -> type[State]:
    engine = load(game_id)
    return type(engine.new_state(max(engine.min_players, 1), 0))


def new_state(engine: Game, players: int, options: dict[str, Any], rng: Rng) -> State:
    """``engine.new_state(players, 0, **options)``, its setup drawing from ``rng`` instead
    of the seed's stream (``State.__init__`` keeps a stream set before it runs). ``options``
    must be complete and checked (``Game.check_options``); the seed kept is 0, and on a
    scripted stream the state's ``record()`` refuses: its draws are not the seed's."""
    cls = _state_class(engine.id)
    state = cls.__new__(cls)
    state.rng = rng
    cls.__init__(state, engine, players, 0, options)
    return state


#: The chance bound of a game that declares none (:meth:`Game.chance_outcomes`): generous
#: for a small game; a larger draw is refused by :class:`ScriptedRng`, naming the hook.
DEFAULT_OUTCOMES = 1000


def max_outcomes(game_id: str, players: int) -> int:
    """The largest ``n`` any draw of the game can ask ``below(n)`` for, as the game
    declares it (:meth:`Game.chance_outcomes`). :class:`ScriptedRng` refuses a draw above
    it, so a wrong bound cannot go unnoticed."""
    declared = load(game_id).chance_outcomes(players)
    return DEFAULT_OUTCOMES if declared is None else declared
