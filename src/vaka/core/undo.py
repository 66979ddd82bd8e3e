"""How far an undo may go back: one policy for online tables and games against bots.

Taking an action back is fair only while nothing hidden or random has come to light
since: otherwise the player would choose again knowing the card drawn or the die rolled.
Online, only the seat's own last action can be taken back, until another seat acts.
Against bots, the bots' actions that followed it are taken back with it (they decide
again, from the same position, when the player has chosen again).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from vaka.core.errors import VakaError
from vaka.i18n import _

#: One action in effect, for the policy: the seat that took it, and whether it showed
#: the seat asking anything hidden or random (``State.reveals``).
Step = tuple[int, bool]


class CannotUndo(VakaError):
    """An undo the policy refuses; the message says why."""


def takeback(steps: Sequence[Step], seat: int, along: Collection[int] = ()) -> int:
    """How many of the last ``steps`` an undo by ``seat`` takes back: its own last action
    and every action after it, all of which must be by seats in ``along`` (bots playing
    against it) and none of which may have revealed anything.

    Raises :class:`CannotUndo` with the reason otherwise.
    """
    for count, (who, revealed) in enumerate(reversed(steps), 1):
        if who != seat and who not in along:
            raise CannotUndo(_("seat {seat} has acted since your last action").format(seat=who))
        if revealed:
            raise CannotUndo(
                (
                    _(
                        "your last action showed something hidden or random (a card drawn, "
                        "a die rolled, sealed choices opened): taking it back would let you "
                        "choose again knowing it"
                    )
                    if who == seat
                    else _(
                        "seat {seat}'s action after yours showed something hidden or random "
                        "(a card drawn, a die rolled, sealed choices opened): taking it back "
                        "would let you choose again knowing it"
                    )
                ).format(seat=who)
            )
        if who == seat:
            return count
    raise CannotUndo(_("you have taken no action that could be taken back"))
