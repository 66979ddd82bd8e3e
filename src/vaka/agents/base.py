"""What an agent is, and what it is shown.

An agent never holds the true state. It gets an :class:`Observation`: its seat's view, its
legal actions, and ``sample(seed)``, a determinized state (hidden cards re-dealt, the random
stream reseeded) to search in when it wants to look ahead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from vaka.core.game import Action, Game
    from vaka.core.state import Seat, State


class Observation:
    """One seat's window on a game at the moment it must act."""

    __slots__ = ("_state", "_view", "legal_actions", "seat")

    def __init__(self, state: State, seat: Seat) -> None:
        self._state = state
        self._view: dict[str, Any] | None = None
        self.seat = seat
        self.legal_actions: list[Action] = state.legal_actions(seat)

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def view(self) -> dict[str, Any]:
        """What this seat may know (built on first use: many agents never read it)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def sample(self, seed: int) -> State:
        """A full state consistent with this seat's view, for search."""
        return self._state.determinize(self.seat, seed)


class Agent(Protocol):
    """Anything that picks one of the legal actions from an observation."""

    name: str

    def act(self, obs: Observation) -> Action: ...
