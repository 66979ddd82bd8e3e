"""Reviewing a finished game: how much each decision cost the seat that took it.

A review walks a game's record. For each decision of a reviewed seat it rebuilds the state
just before it and judges it from that seat's :class:`~vaka.agents.Observation` alone
(:func:`~vaka.sim.review_judge.judge` is given nothing else), so a decision is judged by
what the seat could know then, never by the cards that came later. How candidates are
found and measured (equal, paired playouts per candidate) is told in
:mod:`vaka.sim.review_judge`.

The action taken is compared with the best candidate (highest win chance, then margin):
the **loss** is the difference in win chance, labelled by
:func:`~vaka.sim.review_labels.label` and scored for accuracy by
:func:`~vaka.sim.review_labels.move_accuracy`. The review of a
decision is seeded by ``derive_seed(review seed, "decision", index)``: the result is the
same whatever the number of worker processes. Budgets are counts, not seconds, for the
same reason. Decisions with one legal action are "forced" and not judged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from vaka.agents import Observation
from vaka.core.errors import VakaError
from vaka.core.record import replay
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.i18n import SOURCE, current, using
from vaka.sim.review_judge import (
    Budget,
    Estimate,
    evaluation,
    hindsight,
    judge,
    loss_of,
    only_gap,
)
from vaka.sim.review_labels import (
    BLUNDER,
    FORCED,
    INACCURACY,
    LABELS,
    MARKED,
    MISTAKE,
    ONLY_MOVE_GAP,
    label,
    move_accuracy,
    yardstick,
)
from vaka.sim.review_words import describe, said, tell, turning_decisions, turning_points

__all__ = [
    "BLUNDER",
    "FORCED",
    "INACCURACY",
    "LABELS",
    "MARKED",
    "MISTAKE",
    "ONLY_MOVE_GAP",
    "Budget",
    "Decision",
    "Estimate",
    "Review",
    "SeatReport",
    "assemble",
    "decision_seed",
    "describe",
    "judge",
    "label",
    "move_accuracy",
    "plan",
    "review_decision",
    "review_game",
    "said",
    "seat_report",
    "turning_decisions",
    "turning_points",
]

#: Called with the number of decisions judged so far.
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Decision:
    """The review of one decision of the record (``index``: actions before it)."""

    index: int
    seat: int
    taken: str
    legal: int  # how many legal actions the seat had
    #: candidates, best first (empty when forced)
    estimates: tuple[Estimate, ...] = ()
    label: str = FORCED
    #: what was given up against the best candidate, 0-1: win chance, or estimated final
    #: lead over ``points`` where that is more (``by_lead``; vaka.sim.review_labels)
    loss: float = 0.0
    margin_loss: float = 0.0  # final lead given up against the best candidate
    spread: float = 0.0  # standard error of the loss over the playouts
    #: with the full information (the true cards and future), the same candidates in the
    #: same order; only when asked for, and never used for the label
    hindsight: tuple[Estimate, ...] = ()
    #: a game alone: ``loss`` counts the final lead over the game's own opponent given up,
    #: not a win chance
    solo: bool = False
    #: the points of final lead that counted as a whole win chance here (None: win chance
    #: only; twice the game's where the best candidate already won, ``Yardstick.won``),
    #: and whether the lead given up made the loss
    points: float | None = None
    by_lead: bool = False
    #: in the game's own words (:mod:`vaka.sim.review_words`): when ("turn 14"; "" where
    #: the game names no moment), each action judged as players say it, what the game
    #: reported right after the action taken, and another seat that took the best
    #: candidate before this seat's next decision
    moment: str = ""
    words: tuple[tuple[str, str], ...] = ()
    outcome: str = ""
    best_taken_by: int | None = None

    @property
    def forced(self) -> bool:
        return self.label == FORCED

    @property
    def best(self) -> Estimate | None:
        return self.estimates[0] if self.estimates else None

    @property
    def chosen(self) -> Estimate | None:
        return next((e for e in self.estimates if e.action == self.taken), None)


@dataclass(frozen=True)
class SeatReport:
    seat: int
    accuracy: float | None  # mean move accuracy, 0-100; None with nothing judged
    labels: dict[str, int]  # decisions per label (forced included)


@dataclass(frozen=True)
class Review:
    game: str
    players: int
    record_seed: int
    seats: tuple[int, ...]  # the seats reviewed
    seed: int  # the review's seed
    budget: Budget
    decisions: tuple[Decision, ...]  # the reviewed seats' decisions, in record order
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: tuple[tuple[int, str], ...] = field(default=())  # the whole record
    #: what judged the positions, in words: the learned win chance and its version, or
    #: the hand-written estimate and why (``review_judge.evaluation``)
    evaluation: str = ""

    def seat_reports(self) -> list[SeatReport]:
        return [seat_report(self.decisions, seat) for seat in self.seats]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["actions"] = [list(a) for a in self.actions]
        data["seat_reports"] = [asdict(r) for r in self.seat_reports()]
        return data


def seat_report(decisions: Sequence[Decision], seat: int) -> SeatReport:
    """A seat's accuracy (the mean over its judged decisions) and its label counts."""
    mine = [d for d in decisions if d.seat == seat]
    judged = [move_accuracy(d.loss) for d in mine if not d.forced]
    counts = {name: sum(d.label == name for d in mine) for name in (*LABELS, FORCED)}
    return SeatReport(seat, sum(judged) / len(judged) if judged else None, counts)


def review_decision(
    record: Mapping[str, Any], index: int, budget: Budget, seed: int, full: bool = False
) -> Decision:
    """The review of the record's decision ``index`` (0-based), seeded by ``seed``; with
    ``full``, also what the full information would have said (``Decision.hindsight``)."""
    seat, text = record["actions"][index]
    state = replay(record, upto=index)
    obs = Observation(state, seat)
    taken = state.game.parse_action(text)
    text = str(taken)  # the canonical text, as the estimates name actions
    legal = len(obs.legal_actions)
    if legal == 1:
        told = tell(record, index, state, taken, [], None)
        return Decision(index, seat, text, 1, moment=told.moment, words=told.words)
    solo = state.players == 1
    measure = yardstick(state.game.review_points, state.players)
    estimates, spread = judge(obs, taken, budget, seed, measure)
    known = (
        hindsight(
            state,
            seat,
            [e.action for e in estimates],
            budget.playouts,
            seed,
            budget.horizon,
            budget.learned,
        )
        if full
        else []
    )
    chosen = next(e for e in estimates if e.action == str(taken))
    best = estimates[0]
    gap = only_gap(estimates, measure)
    loss = loss_of(estimates, text, measure)
    told = tell(record, index, state, taken, [e.action for e in estimates], best.action)
    return Decision(
        index,
        seat,
        text,
        legal,
        tuple(estimates),
        label(loss, gap),
        loss,
        best.margin - chosen.margin,
        spread,
        tuple(known) if full else (),
        solo,
        measure.points_at(max(e.win for e in estimates)),
        measure.points is not None and (not measure.win or loss > best.win - chosen.win),
        told.moment,
        told.words,
        told.outcome,
        told.best_taken_by,
    )


def decision_seed(seed: int, index: int) -> int:
    """The seed a review seeded ``seed`` judges decision ``index`` with."""
    return derive_seed(seed, "decision", index)


def _review_many(
    record: Mapping[str, Any],
    indices: Sequence[int],
    budget: Budget,
    seed: int,
    full: bool,
    lang: str = SOURCE,
) -> list[Decision]:
    """Decisions judged, their words in ``lang`` (a worker process starts in English)."""
    with using(lang):
        return [review_decision(record, i, budget, decision_seed(seed, i), full) for i in indices]


def plan(
    record: Mapping[str, Any],
    seats: Sequence[int] | None = None,
    only: Sequence[int] | None = None,
) -> tuple[State, tuple[int, ...], list[int]]:
    """What a review of ``record`` judges: the finished game, the seats reviewed and the
    indices of their decisions. Refuses (before anything is judged) a damaged record
    (InvalidRecord), an unfinished game or a bad seat (VakaError)."""
    final = replay(record)
    if not final.is_over:
        raise VakaError("the game is not finished: only finished games are reviewed")
    wanted = tuple(range(final.players)) if seats is None else tuple(dict.fromkeys(seats))
    for seat in wanted:
        final.check_seat(seat)
    indices = [i for i, (s, _) in enumerate(record["actions"]) if int(s) in wanted]
    if only is not None:
        indices = sorted(set(indices) & set(only))
    return final, wanted, indices


def assemble(
    record: Mapping[str, Any],
    final: State,
    seats: tuple[int, ...],
    decisions: Sequence[Decision],
    budget: Budget,
    seed: int,
) -> Review:
    """The review made of its judged ``decisions`` (any order)."""
    return Review(
        game=final.game.id,
        players=final.players,
        record_seed=final.seed,
        seats=seats,
        seed=seed,
        budget=budget,
        decisions=tuple(sorted(decisions, key=lambda d: d.index)),
        scores=tuple(final.scores()),
        winners=tuple(final.winners()),
        actions=tuple((int(s), str(t)) for s, t in record["actions"]),
        evaluation=evaluation(final.game.id, final.players, budget.learned)[1],
    )


def review_game(
    record: Mapping[str, Any],
    seats: Sequence[int] | None = None,
    budget: Budget | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
    only: Sequence[int] | None = None,
    full: bool = False,
) -> Review:
    """Review a finished game's record for ``seats`` (default: every seat); ``only``
    limits the review to those decisions (0-based indices into the record's actions);
    ``full`` adds, beside each judgement, what the full information would have said.

    The result depends only on the record, the seats, the budget and the seed; ``jobs``
    worker processes share the decisions. A damaged record raises InvalidRecord, an
    unfinished game or a bad seat a VakaError, before anything is judged.
    """
    budget = budget or Budget()
    if type(jobs) is not int or jobs < 1:
        raise VakaError(f"the number of jobs must be at least 1, not {jobs!r}")
    final, wanted, indices = plan(record, seats, only)
    done: list[Decision] = []
    if jobs == 1 or len(indices) < 2:
        for i in indices:
            done += _review_many(record, [i], budget, seed, full, current())
            if progress:
                progress(len(done))
    else:
        chunks = [indices[k :: jobs * 2] for k in range(min(len(indices), jobs * 2))]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(_review_many, dict(record), c, budget, seed, full, current())
                for c in chunks
            ]
            for future in futures:
                done += future.result()
                if progress:
                    progress(len(done))
    return assemble(record, final, wanted, done, budget, seed)


def game_name(review: Review) -> str:
    return load(review.game).name
