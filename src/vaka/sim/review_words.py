"""Reviewed decisions in the game's own words: when (the game's turn, round or ceremony),
what was done and what was better (as players say it), and what came of it where the
record shows it.

The words come from the game (``Game.moment``, ``Game.say`` and ``Game.outcome``, each
read from the deciding seat's view, so they tell nothing that seat could not see) and are
kept with the decision when it is reviewed: a review's JSON, page and turning points need
no replay. What came of a decision is only what the record shows: what the table showed
right after it (a Rapa Nui draw uncovers a card and that card's scoring, a Raiatea die
gives each seat pearls, an Atua card laid starts an interim scoring), and
whether another seat took the better action before this seat's next decision. What the
better action would have brought is not known, and is not told.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vaka.core.game import Action
from vaka.core.state import State
from vaka.sim.review_labels import LABELS, MISTAKE

if TYPE_CHECKING:
    from vaka.sim.review import Decision, Review


@dataclass(frozen=True)
class Told:
    """A decision in words (see :func:`tell`)."""

    moment: str  # "" where the game names no moment
    words: tuple[tuple[str, str], ...]  # (action text, the action in words)
    outcome: str  # "" where the game tells nothing
    best_taken_by: int | None  # another seat that took the better action right after


def tell(
    record: Mapping[str, Any],
    index: int,
    state: State,
    taken: Action,
    candidates: Sequence[str],
    best: str | None,
) -> Told:
    """The words for decision ``index`` of ``record`` (``state``: just before it) of the
    action ``taken`` and the ``candidates``; ``best``, the best candidate, is looked for
    among the other seats' actions up to the deciding seat's next one."""
    seat = int(record["actions"][index][0])
    game = state.game
    before = state.view(seat)
    texts = dict.fromkeys([str(taken), *candidates])
    words = {t: game.say(before, game.parse_action(t)) for t in texts}
    after = state.clone()
    after.apply(seat, taken)
    outcome = game.outcome(before, taken, after.view(seat)) or ""
    by = None
    # In a sealed choice the others chose together with this seat, not after it.
    if best is not None and best != str(taken) and len(state.to_move) == 1:
        by = _taken_by(record, index, after, seat, best, words[best])
    return Told(game.moment(before) or "", tuple(words.items()), outcome, by)


def _taken_by(
    record: Mapping[str, Any], index: int, after: State, seat: int, best: str, best_said: str
) -> int | None:
    """The first other seat whose action, before ``seat`` decides again, is ``best`` in the
    same words (the same card, the same place), or None."""
    game = after.game
    for other, text in record["actions"][index + 1 :]:
        other = int(other)
        if other == seat:
            return None
        action = game.parse_action(text)
        if str(action) == best and game.say(after.view(other), action) == best_said:
            return other
        after.apply(other, action)
    return None


def said(decision: Decision, action: str) -> str:
    """``action`` (one of the decision's, by its text) in the game's words; its text where
    the decision kept no words (a review made before they were kept)."""
    return dict(decision.words).get(action, action)


def turning_decisions(review: Review, limit: int = 3) -> list[Decision]:
    """The few decisions that cost most (mistakes and blunders), in game order."""
    costly = [d for d in review.decisions if d.loss >= MISTAKE]
    return sorted(sorted(costly, key=lambda d: -d.loss)[:limit], key=lambda d: d.index)


def turning_points(review: Review, limit: int = 3) -> list[str]:
    """The turning points (:func:`turning_decisions`) in words."""
    return [describe(d) for d in turning_decisions(review, limit)]


def given_up(decision: Decision, points: str = "points") -> str:
    """What a decision gave up, as people read it, ± its standard error: the final lead in
    ``points`` where that made the loss (alone, always), else the win chance."""
    d = decision
    if d.by_lead and d.points is not None:
        return f"{d.margin_loss:.1f} {points} ± {d.spread * d.points:.1f}"
    return f"{d.loss:.0%} ± {d.spread:.0%}"


def _more(points: float) -> str:
    """The final lead given up, as the review's margins estimate it."""
    if points >= 0.05:
        return f" and {points:.1f} points more at the end"
    if points <= -0.05:
        return f", though {-points:.1f} points less at the end"
    return ""


def _verdict(decision: Decision) -> str:
    label = decision.label
    return f": a {label}" if label in LABELS[2:] else f" ({label})"


def describe(decision: Decision) -> str:
    """One judged decision in words: when, what was taken, what came of it, what was
    better and by how much ("turn 9, seat 0: taking the moai from row 2 left 2% to win (it
    uncovered a potato hunter-gatherer: seat 0 +1 sacrifice card); taking the woodcutter
    from row 3 was worth 26% and 8.2 points more at the end, and seat 1 did so right
    after: a mistake")."""
    best, chosen, d = decision.best, decision.chosen, decision
    when = d.moment or f"action {d.index + 1}"
    head = f"{when}, seat {d.seat}: {said(d, d.taken)}"
    if best is None or chosen is None:
        return f"{head} (forced)"
    came = f"; {d.outcome}" if d.outcome else ""
    if best is chosen or d.loss <= 0:
        value = (
            f"a final lead of {chosen.margin:+.1f} points" if d.solo else f"{chosen.win:.0%} to win"
        )
        return f"{head}, the best here ({value}{came})"
    instead = said(d, best.action)
    then = "" if d.best_taken_by is None else f", and seat {d.best_taken_by} did so right after"
    came = f" ({d.outcome})" if d.outcome else ""
    if d.solo:
        return (
            f"{head} led to a final lead of {chosen.margin:+.1f} points{came}; {instead} was "
            f"worth {best.margin:+.1f}, {d.margin_loss:.1f} points more{then}{_verdict(d)}"
        )
    return (
        f"{head} left {chosen.win:.0%} to win{came}; {instead} was worth {best.win:.0%}"
        f"{_more(d.margin_loss)}{then}{_verdict(d)}"
    )
