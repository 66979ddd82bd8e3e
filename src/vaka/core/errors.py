"""Typed errors, named for what went wrong.

Every error a caller can provoke with bad input is a :class:`VakaError`. Moves that are
refused are :class:`IllegalAction` (a :class:`ValueError`), so ``except ValueError`` is enough
for code that only needs to know "that did not work"; the subclasses say why.
"""

from __future__ import annotations


class VakaError(Exception):
    """Base class of every error vaka raises on purpose."""


class UnknownGame(VakaError, LookupError):
    """A game id that no installed game answers to."""

    def __init__(self, game_id: object, known: list[str]) -> None:
        self.game_id = game_id
        self.known = known
        super().__init__(f"unknown game {game_id!r}; known games: {', '.join(known) or 'none'}")

    def __str__(self) -> str:  # LookupError would quote the message otherwise
        return str(self.args[0])

    def __reduce__(self) -> tuple[type[UnknownGame], tuple[object, list[str]]]:
        return UnknownGame, (self.game_id, self.known)  # crosses process boundaries


class InvalidOptions(VakaError, ValueError):
    """Player count or game options that the game does not support."""


class IllegalAction(VakaError, ValueError):
    """An action that is not allowed now. The state is left exactly as it was."""


class MalformedAction(IllegalAction):
    """Text (or a value) that is not an action of this game at all."""


class InvalidSeat(IllegalAction):
    """A seat that does not exist in this game (or is not a seat number)."""


class NotYourTurn(IllegalAction):
    """A real seat that is not among the seats to move."""


class GameOver(IllegalAction):
    """An action sent after the game has ended."""


class InvalidRecord(VakaError, ValueError):
    """A game record (e.g. a saved file) that is damaged or does not replay."""
