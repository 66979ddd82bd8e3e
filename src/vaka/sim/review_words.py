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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from vaka.core.game import Action
from vaka.core.record import replay
from vaka.core.state import State
from vaka.i18n import N_, SOURCE, _, current, number, percent
from vaka.sim.review_labels import MISTAKE

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


def turning_decisions(review: Review | Sequence[Decision], limit: int = 3) -> list[Decision]:
    """The few decisions that cost most (mistakes and blunders), in game order."""
    decisions = review if isinstance(review, Sequence) else review.decisions
    costly = [d for d in decisions if d.loss >= MISTAKE]
    return sorted(sorted(costly, key=lambda d: -d.loss)[:limit], key=lambda d: d.index)


def turning_points(review: Review | Sequence[Decision], limit: int = 3) -> list[str]:
    """The turning points (:func:`turning_decisions`) in words."""
    return [describe(d) for d in turning_decisions(review, limit)]


def given_up(decision: Decision, points: str = "points") -> str:
    """What a decision gave up, as people read it, ± its standard error: the final lead in
    ``points`` where that made the loss (alone, always), else the win chance."""
    d = decision
    if d.by_lead and d.points is not None:
        return f"{shown_points(d.margin_loss)} {points} ± {shown_points(d.spread * d.points)}"
    return f"{shown_chance(d.loss)} ± {shown_chance(d.spread)}"


#: The verdict that ends a costly decision's words, by its label.
_VERDICTS = {
    "only move": N_(" (only move)"),
    "good": N_(" (good)"),
    "inaccuracy": N_(": an inaccuracy"),
    "mistake": N_(": a mistake"),
    "blunder": N_(": a blunder"),
}


def shown_points(value: float, sign: bool = False) -> str:
    """Points with one decimal, as the reader's language writes them ("+3.5", "3,5")."""
    if current() == SOURCE:
        return f"{value:+.1f}" if sign else f"{value:.1f}"
    return ("+" if sign and value >= 0 else "") + number(value, 1)


def shown_chance(value: float) -> str:
    """A win chance in whole percent ("40%", German "40 %")."""
    return f"{value:.0%}" if current() == SOURCE else percent(value, 0)


def _more(points: float) -> str:
    """The final lead given up, as the review's margins estimate it."""
    if points >= 0.05:
        return _(" and {points} points more at the end").format(points=shown_points(points))
    if points <= -0.05:
        return _(", though {points} points less at the end").format(points=shown_points(-points))
    return ""


def _verdict(decision: Decision) -> str:
    found = _VERDICTS.get(decision.label)
    return _(found) if found else f" ({decision.label})"


def describe(decision: Decision) -> str:
    """One judged decision in words, in the reader's language: when, what was taken, what
    came of it, what was better and by how much ("turn 9, seat 0: taking the moai from
    row 2 left 2% to win (it uncovered a potato hunter-gatherer: seat 0 +1 sacrifice card);
    taking the woodcutter from row 3 was worth 26% and 8.2 points more at the end, and
    seat 1 did so right after: a mistake")."""
    best, chosen, d = decision.best, decision.chosen, decision
    when = d.moment or _("action {n}").format(n=d.index + 1)
    head = _("{when}, seat {seat}: {taken}").format(when=when, seat=d.seat, taken=said(d, d.taken))
    if best is None or chosen is None:
        return _("{head} (forced)").format(head=head)
    if best is chosen or d.loss <= 0:
        if d.solo:
            value = _("a final lead of {points} points").format(
                points=shown_points(chosen.margin, True)
            )
        else:
            value = _("{chance} to win").format(chance=shown_chance(chosen.win))
        if d.outcome:
            return _("{head}, the best here ({value}; {outcome})").format(
                head=head, value=value, outcome=d.outcome
            )
        return _("{head}, the best here ({value})").format(head=head, value=value)
    instead = said(d, best.action)
    then = (
        ""
        if d.best_taken_by is None
        else _(", and seat {seat} did so right after").format(seat=d.best_taken_by)
    )
    came = _(" ({outcome})").format(outcome=d.outcome) if d.outcome else ""
    if d.solo:
        return _(
            "{head} led to a final lead of {chosen} points{came}; {instead} was worth {best}, "
            "{more} points more{then}{verdict}"
        ).format(
            head=head,
            chosen=shown_points(chosen.margin, True),
            came=came,
            instead=instead,
            best=shown_points(best.margin, True),
            more=shown_points(d.margin_loss),
            then=then,
            verdict=_verdict(d),
        )
    return _(
        "{head} left {chosen} to win{came}; {instead} was worth {best}{more}{then}{verdict}"
    ).format(
        head=head,
        chosen=shown_chance(chosen.win),
        came=came,
        instead=instead,
        best=shown_chance(best.win),
        more=_more(d.margin_loss),
        then=then,
        verdict=_verdict(d),
    )


def retell(record: Mapping[str, Any], decisions: Sequence[Decision]) -> list[Decision]:
    """``decisions`` (reviewed from ``record``) with their words made again in the current
    language: the record replayed once, each decision told (:func:`tell`) from the state
    before it. The judged numbers are kept as they are; only words change."""
    wanted = {d.index: d for d in decisions}
    if not wanted:
        return []
    state = replay(record, upto=0)
    game = state.game
    out: dict[int, Decision] = {}
    last = max(wanted)
    for index, (seat, text) in enumerate(record["actions"][: last + 1]):
        if (d := wanted.get(index)) is not None:
            taken = game.parse_action(text)
            candidates = [e.action for e in d.estimates]
            best = d.best.action if d.best is not None else None
            told = tell(record, index, state, taken, candidates, best)
            if d.forced:  # a forced decision keeps no outcome (review_decision)
                out[index] = replace(d, moment=told.moment, words=told.words)
            else:
                out[index] = replace(
                    d,
                    moment=told.moment,
                    words=told.words,
                    outcome=told.outcome,
                    best_taken_by=told.best_taken_by,
                )
        state.apply(int(seat), text)
    return [out[d.index] for d in decisions]
