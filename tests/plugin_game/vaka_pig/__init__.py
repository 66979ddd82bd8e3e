"""Pig, the folk dice game, written from vaka's "Adding a game" guide alone.

On your turn roll the die as often as you like, adding each roll to the turn's total; a 1
loses that total and ends the turn; ``hold`` banks the total and passes the die. The first
to bank ``goal`` points (20 by default) wins at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from vaka.core import Game, MalformedAction, Option, Seat, State
from vaka.core.events import event
from vaka.i18n import N_, NP_
from vaka.i18n.said import Said
from vaka.i18n.said import seat as said_seat


@dataclass(frozen=True)
class Move:
    word: str

    def __str__(self) -> str:
        return self.word


ROLL, HOLD = Move("roll"), Move("hold")


# The log's entries, each a small record that says itself: Said is English on the wire,
# said again from the game's own catalog on a screen.
@event
class Rolled:
    seat: int
    roll: int

    def said(self, viewer: Seat | None, over: bool) -> Said:
        if self.roll == 1:
            return Said(N_("{seat} rolls 1, losing the turn"), seat=said_seat(self.seat))
        return Said(N_("{seat} rolls {n}"), seat=said_seat(self.seat), n=self.roll)


@event
class Banked:
    seat: int
    points: int

    def said(self, viewer: Seat | None, over: bool) -> Said:
        return Said(N_("{seat} banks {n}"), seat=said_seat(self.seat), n=self.points)


class PigState(State):
    log: list[Rolled | Banked]

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        self.banked = [0] * players
        self.turn_total = 0
        self.seat = 0
        self.won: Seat | None = None

    @property
    def to_move(self) -> tuple[Seat, ...]:
        return () if self.won is not None else (self.seat,)

    def _legal(self, seat: Seat) -> list[Any]:
        return [ROLL, HOLD] if self.turn_total else [ROLL]

    def _apply(self, seat: Seat, action: Any) -> None:
        if action == HOLD:
            self.banked[seat] += self.turn_total
            self.log.append(Banked(seat, self.turn_total))
            if self.banked[seat] >= self.options["goal"]:
                self.won = seat
            self._pass()
            return
        roll = 1 + self.rng.below(6)
        self.log.append(Rolled(seat, roll))
        if roll == 1:
            self._pass()
        else:
            self.turn_total += roll

    def _pass(self) -> None:
        self.turn_total = 0
        self.seat = (self.seat + 1) % self.players

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        return {
            "banked": list(self.banked),
            "turn_total": self.turn_total,
            "goal": self.options["goal"],
        }

    def breakdown(self) -> Sequence[Mapping[str, float]]:
        return [{"total": b} for b in self.banked]

    def winners(self) -> list[Seat]:
        return [] if self.won is None else [self.won]

    def _copy_mutables(self) -> None:
        self.banked = list(self.banked)

    def _redeal_hidden(self, seat: Seat) -> None:
        """Nothing is hidden in Pig but the future rolls, which come from ``self.rng``."""


class Pig(Game):
    id = "pig"
    name = "Pig"
    locale = "locale"  # its own catalogs: locale/<lang>/LC_MESSAGES/pig.mo beside this file
    min_players = 2
    max_players = 4
    options: ClassVar[Mapping[str, Option]] = {
        "goal": Option(
            20,
            "points to bank to win",
            choices=(10, 20, 50, 100),
            label=NP_("game option", "winning score"),  # said from the game's own catalog
        )
    }
    board = "web"  # its browser board: web/board.js beside this module

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return PigState(self, players, seed, options)

    @property
    def actions(self) -> Sequence[Any]:
        return (ROLL, HOLD)

    def parse_action(self, text: str) -> Any:
        for move in (ROLL, HOLD):
            if isinstance(text, str) and text.strip().lower() == move.word:
                return move
        raise MalformedAction(f"{text!r} is not a move of Pig; try 'roll' or 'hold'")

    def chance_outcomes(self, players: int) -> int:
        return 6  # one die


GAME = Pig()
