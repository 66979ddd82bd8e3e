"""Integer actions for learning libraries: the games' stable indices, or Atua's slots.

Rapa Nui and Raiatea have small fixed vocabularies, and an action's integer is the game's
own stable :meth:`~vaka.core.Game.action_index`. Atua's exact placements are far too many
to number (:mod:`vaka.games.atua.actions`), so its integers are *slots*, as the game says
through :meth:`~vaka.core.Game.action_slots`:

* slots ``0 .. CANDIDATE_LIMIT - 1``: the k-th legal placement, the legal placements taken
  in the game's stable action-index order (card, x, y, angle);
* slot ``CANDIDATE_LIMIT + i``: the i-th short action of ``vaka.games.atua.actions.SMALL``
  (take 1-4, take left/right, set aside, spare, give, buy f1-f10, reveal, pass, score ...).

A slot's meaning thus depends on the moment; :meth:`Codec.slot_actions` names them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from vaka.core.errors import IllegalAction
from vaka.core.game import Action
from vaka.core.registry import load
from vaka.core.state import Seat, State


class Codec:
    """Turns a seat's legal actions into a mask and integers back into actions."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        game = load(game_id)
        slotted = game.action_slots()
        if slotted is not None:
            self.slots, fixed = slotted
            self.small = {a: self.slots + i for i, a in enumerate(fixed)}
            self.size = self.slots + len(fixed)
        else:
            self.slots = 0
            self.small = {}
            self.size = len(game.actions)

    def slot_actions(self, state: State, seat: Seat) -> dict[int, Action]:
        """Every legal action of ``seat`` now, by its integer."""
        legal = state.legal_actions(seat)
        if not self.slots:
            return {state.game.action_index(a): a for a in legal}
        out: dict[int, Action] = {}
        placements = sorted((a for a in legal if a not in self.small), key=state.game.action_index)
        if len(placements) > self.slots:
            raise AssertionError(f"{len(placements)} placements exceed the {self.slots} slots")
        for k, a in enumerate(placements):
            out[k] = a
        for a in legal:
            if a in self.small:
                out[self.small[a]] = a
        return out

    def mask(self, state: State, seat: Seat) -> npt.NDArray[np.int8]:
        """1 for every integer that is a legal action of ``seat`` now (all 0 if not to move)."""
        out = np.zeros(self.size, np.int8)
        if seat in state.to_move:
            out[list(self.slot_actions(state, seat))] = 1
        return out

    def decode(self, state: State, seat: Seat, index: int) -> Action:
        """The action an integer stands for now; :class:`IllegalAction` if none."""
        found = self.slot_actions(state, seat).get(int(index))
        if found is None:
            raise IllegalAction(f"action {index} is not legal for seat {seat} now")
        return found

    def encode(self, state: State, seat: Seat, action: Action) -> int:
        """The integer of a legal action of ``seat`` now."""
        for i, a in self.slot_actions(state, seat).items():
            if a == action:
                return i
        raise IllegalAction(f"{action} is not legal for seat {seat} now")
