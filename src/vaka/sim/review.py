"""Reviewing a finished game: how much each decision cost the seat that took it.

A review walks a game's record. For each decision of a reviewed seat it rebuilds the state
just before it and judges it from that seat's :class:`~vaka.agents.Observation` alone
(:func:`judge` is given nothing else), so a decision is judged by what the seat could know
then, never by the cards that came later.

How a decision is judged
------------------------
1. **Candidates.** If the seat had at most ``Budget.candidates`` legal actions, every one is
   judged. Otherwise the hard bot's search (ISMCTS over determinizations,
   :func:`~vaka.agents.search_agent`, ``Budget.iterations`` iterations) ranks them and its
   ``candidates - 1`` most visited actions are judged, plus the action taken (if not among
   them). The search finds the strong actions; it does not measure them, since it spends
   its iterations unevenly and its values mix rollouts with the value estimate.
2. **Playouts.** Every candidate is then measured the same way: in each of
   ``Budget.playouts`` deals (``Observation.sample``: what the seat cannot see re-dealt,
   the random future reseeded) the candidate is played and the medium bot plays every seat
   to the end. A candidate's win chance is its share of won deals (a win shared by k
   seats counts 1/k; alone, beating the game's own opponent), its margin the mean final
   lead over the strongest rival (alone, the score). Every candidate gets the same number
   of playouts, so no estimate is worth more than another. Where the action taken loses
   an inaccuracy's worth or more, every candidate is played in as many deals again
   (``Budget.confirm``): labels rest on twice the playouts, the rest costs no more.
3. **Common random numbers.** Every candidate is played in the *same* deals, with the same
   random future and the same bot seeds: the difference between two candidates then
   comes from the candidates, not from luckier deals, which makes the loss (a difference)
   far less noisy than the two win chances it is made of.

The action taken is compared with the best candidate (highest win chance, then margin):
the **loss** is the difference in win chance, labelled by :func:`label` with the
thresholds below, and scored for accuracy by :func:`move_accuracy`. The review of a
decision is seeded by ``derive_seed(review seed, "decision", index)``: the result is the
same whatever the number of worker processes. Budgets are counts, not seconds, for the
same reason. Decisions with one legal action are "forced" and not judged.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from vaka.agents import Agent, Observation, default_level, make_agent, search_agent
from vaka.core.errors import IllegalAction, VakaError
from vaka.core.game import Action
from vaka.core.record import replay
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.sim.match import play

#: Win-chance loss (0-1) from which a decision is an inaccuracy, a mistake, a blunder.
#: lichess uses drops of 5, 10 and 15 points of its win percentage; playout estimates are
#: noisier than a chess engine's (docs/REVIEW.md), so the thresholds are twice as wide.
INACCURACY = 0.10
MISTAKE = 0.20
BLUNDER = 0.30
#: An action taken that is the best by at least this much win chance over every other
#: candidate is an "only move": the seat found the one good answer.
ONLY_MOVE_GAP = 0.25
#: How many deals may be refused (a candidate illegal in them) per playout wanted.
MAX_REDEALS = 4

#: Labels, best to worst; "forced" decisions had one legal action and are not judged.
LABELS = ("only move", "good", "inaccuracy", "mistake", "blunder")
FORCED = "forced"
#: The labels a summary points out (a graph marks them).
MARKED = ("only move", "inaccuracy", "mistake", "blunder")

#: Called with the number of decisions judged so far.
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Budget:
    """How hard each decision is looked at: counts, never seconds, so reviews repeat."""

    playouts: int = 12  # deals played to the end per candidate
    candidates: int = 4  # actions judged per decision (the action taken always is)
    iterations: int = 300  # search iterations to pick candidates among many actions
    #: a decision that loses an inaccuracy's worth or more is played again in as many
    #: new deals (every candidate), so that a label rests on twice the playouts
    confirm: bool = True

    def __post_init__(self) -> None:
        for name in ("playouts", "candidates", "iterations"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise VakaError(f"the review's {name} must be a whole number of at least 1")
        if self.candidates < 2:
            raise VakaError("the review needs at least 2 candidates per decision")


@dataclass(frozen=True)
class Estimate:
    """One candidate of a decision, measured by playouts."""

    action: str
    win: float  # win chance, 0-1
    margin: float  # mean final lead over the strongest rival (alone: the score)


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
    loss: float = 0.0  # win chance given up against the best candidate
    margin_loss: float = 0.0  # final lead given up against the best candidate
    spread: float = 0.0  # standard error of the loss over the playouts

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

    def seat_reports(self) -> list[SeatReport]:
        return [seat_report(self.decisions, seat) for seat in self.seats]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["actions"] = [list(a) for a in self.actions]
        data["seat_reports"] = [asdict(r) for r in self.seat_reports()]
        return data


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


def seat_report(decisions: Sequence[Decision], seat: int) -> SeatReport:
    """A seat's accuracy (the mean over its judged decisions) and its label counts."""
    mine = [d for d in decisions if d.seat == seat]
    judged = [move_accuracy(d.loss) for d in mine if not d.forced]
    counts = {name: sum(d.label == name for d in mine) for name in (*LABELS, FORCED)}
    return SeatReport(seat, sum(judged) / len(judged) if judged else None, counts)


# ----------------------------------------------------------------------- one decision
def _outcome(state: State, seat: int) -> tuple[float, float]:
    """A finished game for ``seat``: (win share, final lead over its strongest rival)."""
    winners = state.winners()
    scores = state.scores()
    rivals = [s for i, s in enumerate(scores) if i != seat]
    lead = scores[seat] - max(rivals) if rivals else scores[seat]
    return (1 / len(winners) if seat in winners else 0.0), lead


def _candidates(obs: Observation, taken: Action, budget: Budget, seed: int) -> list[Action]:
    legal = obs.legal_actions
    if len(legal) <= budget.candidates:
        return list(legal)
    search = search_agent(obs.game.id, derive_seed(seed, "search"), iterations=budget.iterations)
    ranked = [c.action for c in search.analyse(obs)]
    ranked += [a for a in legal if a not in ranked]  # never tried: after the tried ones
    chosen = ranked[: budget.candidates - 1]
    return chosen if taken in chosen else [*chosen, taken]


def _bots(game_id: str, players: int, seed: int) -> list[Agent]:
    level = default_level(game_id)
    return [make_agent(level, game_id, derive_seed(seed, "bot", s)) for s in range(players)]


def judge(
    obs: Observation, taken: Action, budget: Budget, seed: int
) -> tuple[list[Estimate], float]:
    """Every candidate of one decision measured from ``obs`` alone, best first, and the
    standard error of the loss of ``taken`` (see the module's docstring)."""
    if taken not in obs.legal_actions:
        raise IllegalAction(f"{taken} was not a legal action of seat {obs.seat} here")
    candidates = _candidates(obs, taken, budget, seed)
    results: list[list[tuple[float, float]]] = [[] for _ in candidates]
    tried = _play_deals(obs, candidates, results, budget.playouts, 0, seed)
    estimates, spread = _summary(candidates, results, taken)
    chosen = next(e for e in estimates if e.action == str(taken))
    if budget.confirm and estimates[0].win - chosen.win >= INACCURACY:
        _play_deals(obs, candidates, results, 2 * budget.playouts, tried, seed)
        estimates, spread = _summary(candidates, results, taken)
    return estimates, spread


def _play_deals(
    obs: Observation,
    candidates: Sequence[Action],
    results: list[list[tuple[float, float]]],
    upto: int,
    tried: int,
    seed: int,
) -> int:
    """Play every candidate in the same deals until each has ``upto`` results; deals
    from number ``tried`` on. Returns the number of deals dealt so far."""
    seat = obs.seat
    while len(results[0]) < upto:
        if tried >= upto * MAX_REDEALS:
            raise VakaError(f"too many deals refused an action of seat {seat}")
        deal_seed = derive_seed(seed, "deal", tried)
        tried += 1
        world = obs.sample(deal_seed)
        played = []
        try:
            for action in candidates:
                after = world.clone()
                after.apply(seat, action)
                played.append(after)
        except IllegalAction:  # the deal makes an action impossible: use another, for all
            continue
        for after, found in zip(played, results, strict=True):
            play(after, _bots(obs.game.id, after.players, deal_seed))
            found.append(_outcome(after, seat))
    return tried


def _summary(
    candidates: Sequence[Action], results: list[list[tuple[float, float]]], taken: Action
) -> tuple[list[Estimate], float]:
    """The candidates' estimates, best first, and the standard error of the loss."""
    estimates = [
        Estimate(str(a), sum(w for w, _ in r) / len(r), sum(m for _, m in r) / len(r))
        for a, r in zip(candidates, results, strict=True)
    ]
    order = sorted(range(len(candidates)), key=lambda i: (-estimates[i].win, -estimates[i].margin))
    best, mine = order[0], candidates.index(taken)
    diffs = [b[0] - t[0] for b, t in zip(results[best], results[mine], strict=True)]
    return [estimates[i] for i in order], _standard_error(diffs)


def _standard_error(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def review_decision(record: Mapping[str, Any], index: int, budget: Budget, seed: int) -> Decision:
    """The review of the record's decision ``index`` (0-based), seeded by ``seed``."""
    seat, text = record["actions"][index]
    state = replay(record, upto=index)
    obs = Observation(state, seat)
    taken = state.game.parse_action(text)
    legal = len(obs.legal_actions)
    if legal == 1:
        return Decision(index, seat, text, 1)
    estimates, spread = judge(obs, taken, budget, seed)
    chosen = next(e for e in estimates if e.action == str(taken))
    best = estimates[0]
    gap = best.win - estimates[1].win if len(estimates) > 1 else None
    loss = best.win - chosen.win
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
    )


def decision_seed(seed: int, index: int) -> int:
    """The seed a review seeded ``seed`` judges decision ``index`` with."""
    return derive_seed(seed, "decision", index)


def _review_many(
    record: Mapping[str, Any], indices: Sequence[int], budget: Budget, seed: int
) -> list[Decision]:
    return [review_decision(record, i, budget, decision_seed(seed, i)) for i in indices]


def review_game(
    record: Mapping[str, Any],
    seats: Sequence[int] | None = None,
    budget: Budget | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
    only: Sequence[int] | None = None,
) -> Review:
    """Review a finished game's record for ``seats`` (default: every seat); ``only``
    limits the review to those decisions (0-based indices into the record's actions).

    The result depends only on the record, the seats, the budget and the seed; ``jobs``
    worker processes share the decisions. A damaged record raises InvalidRecord, an
    unfinished game or a bad seat a VakaError, before anything is judged.
    """
    budget = budget or Budget()
    if type(jobs) is not int or jobs < 1:
        raise VakaError(f"the number of jobs must be at least 1, not {jobs!r}")
    final = replay(record)
    if not final.is_over:
        raise VakaError("the game is not finished: only finished games are reviewed")
    wanted = tuple(range(final.players)) if seats is None else tuple(dict.fromkeys(seats))
    for seat in wanted:
        final.check_seat(seat)
    actions = [(int(s), str(t)) for s, t in record["actions"]]
    indices = [i for i, (s, _) in enumerate(actions) if s in wanted]
    if only is not None:
        indices = sorted(set(indices) & set(only))
    done: list[Decision] = []
    if jobs == 1 or len(indices) < 2:
        for i in indices:
            done += _review_many(record, [i], budget, seed)
            if progress:
                progress(len(done))
    else:
        chunks = [indices[k :: jobs * 2] for k in range(min(len(indices), jobs * 2))]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_review_many, dict(record), c, budget, seed) for c in chunks]
            for future in futures:
                done += future.result()
                if progress:
                    progress(len(done))
        done.sort(key=lambda d: d.index)
    return Review(
        game=final.game.id,
        players=final.players,
        record_seed=final.seed,
        seats=wanted,
        seed=seed,
        budget=budget,
        decisions=tuple(done),
        scores=tuple(final.scores()),
        winners=tuple(final.winners()),
        actions=tuple(actions),
    )


def game_name(review: Review) -> str:
    return load(review.game).name


def turning_points(review: Review, limit: int = 3) -> list[str]:
    """The few decisions that cost most (mistakes and blunders), in words, in game order."""
    costly = [d for d in review.decisions if d.loss >= MISTAKE]
    costly = sorted(sorted(costly, key=lambda d: -d.loss)[:limit], key=lambda d: d.index)
    return [describe(d) for d in costly]


def describe(decision: Decision) -> str:
    """One judged decision in words: what was taken, what was better, by how much."""
    best, chosen = decision.best, decision.chosen
    head = f"action {decision.index + 1}, seat {decision.seat}: {decision.taken}"
    if best is None or chosen is None:
        return f"{head} (forced)"
    if best is chosen or decision.loss <= 0:
        return f"{head}, the best here ({chosen.win:.0%} to win)"
    return (
        f"{head} left {chosen.win:.0%} to win; {best.action} was worth {best.win:.0%} "
        f"({decision.margin_loss:+.1f} points at the end): a {decision.label}"
    )
