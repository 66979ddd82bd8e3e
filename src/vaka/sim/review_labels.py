"""The review's labels and accuracy, from the win chance a decision gave up (0-1).

The thresholds are lichess-like and written down in docs/REVIEW.md; they are to be set
from the calibration described there.
"""

from __future__ import annotations

import math

#: Win-chance loss (0-1) from which a decision is an inaccuracy, a mistake, a blunder.
#: lichess uses drops of 5, 10 and 15 points of its win percentage; playout estimates are
#: noisier than a chess engine's (docs/REVIEW.md), so the thresholds are twice as wide.
INACCURACY = 0.10
MISTAKE = 0.20
BLUNDER = 0.30
#: An action taken that is the best by at least this much win chance over every other
#: candidate is an "only move": the seat found the one good answer.
ONLY_MOVE_GAP = 0.25
#: Alone (Atua against Tahuma) the chance to win is the same for every candidate in a game
#: clearly won or lost, so a solo decision is labelled by the points it gave up instead (of
#: its final lead over the game's own opponent): ``SOLO_POINTS`` of them count as a whole
#: win chance (``solo_loss``), so
#: the thresholds above are 3, 6 and 9 points. Not yet calibrated (docs/REVIEW.md).
SOLO_POINTS = 30.0
#: Labels, best to worst; "forced" decisions had one legal action and are not judged.
LABELS = ("only move", "good", "inaccuracy", "mistake", "blunder")
FORCED = "forced"
#: The labels a summary points out (a graph marks them).
MARKED = ("only move", "inaccuracy", "mistake", "blunder")


def label(loss: float, gap: float | None = None) -> str:
    """The label of a decision that gave up ``loss`` win chance (0-1) against the best;
    ``gap``: by how much the best stood above every other candidate."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    if loss <= 0 and gap is not None and gap >= ONLY_MOVE_GAP:
        return "only move"
    return "good"


def move_accuracy(loss: float) -> float:
    """lichess's accuracy of a move from its win-percentage drop, 0-100: a move that gives
    up nothing scores 100, a drop of 10 points about 64, of 30 points about 24."""
    drop = max(0.0, loss) * 100
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


def solo_loss(points: float) -> float:
    """A solo decision's loss (0-1) from the points of final lead it gave up."""
    return min(1.0, max(0.0, points / SOLO_POINTS))
