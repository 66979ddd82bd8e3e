"""The review's labels and accuracy, from what a decision gave up (0-1): win chance, and
in some games also estimated final lead (:class:`Yardstick`).

The thresholds are lichess-like and written down in docs/REVIEW.md with the calibration
that set the games' yardsticks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from vaka.i18n import NP_, pgettext

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
#: win chance (:func:`yardstick`), so the thresholds above are 3, 6 and 9 points. Not yet
#: calibrated (docs/REVIEW.md).
SOLO_POINTS = 30.0
#: Where the best candidate already wins at least this surely, the points of lead given up
#: no longer change the result: they count at half. A player who plays to win, as the hard
#: bot does, spends points there that it does not need (docs/REVIEW.md, "Between hard
#: bots"); behind, points still count in full: they are a place, and a hope.
WON = 0.95
#: Labels, best to worst; "forced" decisions had one legal action and are not judged.
LABELS = ("only move", "good", "inaccuracy", "mistake", "blunder")
FORCED = "forced"
#: The labels a summary points out (a graph marks them).
MARKED = ("only move", "inaccuracy", "mistake", "blunder")
#: Each label as people read it (``pgettext("review label", ...)``): the JSON keeps these.
LABEL_WORDS = {
    "only move": NP_("review label", "only move"),
    "good": NP_("review label", "good"),
    "inaccuracy": NP_("review label", "inaccuracy"),
    "mistake": NP_("review label", "mistake"),
    "blunder": NP_("review label", "blunder"),
    FORCED: NP_("review label", "forced"),
}


def label_words(label: str) -> str:
    """A label in the current language ("blunder", German "Patzer")."""
    return pgettext("review label", LABEL_WORDS.get(label, label))


@dataclass(frozen=True)
class Yardstick:
    """What a decision gives up, in one game: win chance (``win``), estimated final lead
    of which ``points`` count as a whole win chance (``points``), or the larger of the two.

    Win chance alone cannot see a seat far behind or far ahead: every candidate leaves it
    near 0 or 1. Where the game's lead estimates are steady enough, the lead given up
    still shows its errors (docs/REVIEW.md, "Calibration"); where the best candidate wins
    at least ``won``, at half weight (``points`` doubled)."""

    win: bool = True
    points: float | None = None
    won: float | None = None

    def points_at(self, top_win: float) -> float | None:
        """The points of lead that count as a whole win chance at a decision whose best
        candidate wins with ``top_win``."""
        if self.points is None:
            return None
        return 2 * self.points if self.won is not None and top_win >= self.won else self.points

    def shortfalls(self, measured: Sequence[tuple[float, float]]) -> list[float]:
        """How far each candidate, as (win chance, final lead), stands below the best of
        them on either measure, 0-1; the best candidate is the one with the least."""
        top_win = max(w for w, _ in measured)
        top_lead = max(m for _, m in measured)
        return [min(1.0, max(self.parts(top_win - w, top_lead - m, top_win))) for w, m in measured]

    def parts(self, win: float, lead: float, top_win: float = 0.0) -> list[float]:
        """A difference in win chance and in final lead, each on the 0-1 scale (the
        measures this yardstick counts), at a decision whose best candidate wins with
        ``top_win``."""
        parts = [win] if self.win else []
        points = self.points_at(top_win)
        if points is not None:
            parts.append(lead / points)
        return parts


#: The win chance alone.
WIN = Yardstick()


def yardstick(review_points: float | None, players: int) -> Yardstick:
    """The yardstick of a game (``Game.review_points``) at ``players``: alone the final
    lead over the game's own opponent only (``SOLO_POINTS``)."""
    if players == 1:
        return Yardstick(win=False, points=SOLO_POINTS)
    return Yardstick(points=review_points, won=WON)


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
