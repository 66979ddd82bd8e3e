"""Judging one decision from the seat's observation alone (see vaka.sim.review).

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
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from vaka.agents import Agent, Observation, default_level, make_agent, search_agent
from vaka.core.errors import IllegalAction, VakaError
from vaka.core.game import Action
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.sim.match import play
from vaka.sim.review_labels import INACCURACY, SOLO_POINTS, solo_loss

#: How many deals may be refused (a candidate illegal in them) per playout wanted.
MAX_REDEALS = 4


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
    obs: Observation, taken: Action, budget: Budget, seed: int, solo: bool = False
) -> tuple[list[Estimate], float]:
    """Every candidate of one decision measured from ``obs`` alone, best first, and the
    standard error of the loss of ``taken`` (see the module's docstring). ``solo``: a
    game alone, where candidates are ranked by the final score and the loss is
    :func:`~vaka.sim.review_labels.solo_loss` of the score given up."""
    if taken not in obs.legal_actions:
        raise IllegalAction(f"{taken} was not a legal action of seat {obs.seat} here")
    candidates = _candidates(obs, taken, budget, seed)
    results: list[list[tuple[float, float]]] = [[] for _ in candidates]
    tried = _play_deals(obs, candidates, results, budget.playouts, 0, seed)
    estimates, spread = _summary(candidates, results, taken, solo)
    if budget.confirm and loss_of(estimates, str(taken), solo) >= INACCURACY:
        _play_deals(obs, candidates, results, 2 * budget.playouts, tried, seed)
        estimates, spread = _summary(candidates, results, taken, solo)
    return estimates, spread


def loss_of(estimates: Sequence[Estimate], taken: str, solo: bool = False) -> float:
    """What ``taken`` gave up against the best of ``estimates`` (best first): win chance,
    or alone the score as :func:`~vaka.sim.review_labels.solo_loss` counts it."""
    best = estimates[0]
    chosen = next(e for e in estimates if e.action == taken)
    return solo_loss(best.margin - chosen.margin) if solo else best.win - chosen.win


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
    candidates: Sequence[Action],
    results: list[list[tuple[float, float]]],
    taken: Action,
    solo: bool = False,
) -> tuple[list[Estimate], float]:
    """The candidates' estimates, best first (alone: by score), and the standard error of
    the loss."""
    estimates = [
        Estimate(str(a), sum(w for w, _ in r) / len(r), sum(m for _, m in r) / len(r))
        for a, r in zip(candidates, results, strict=True)
    ]

    def rank(i: int) -> tuple[float, float]:
        e = estimates[i]
        return (-e.margin, -e.win) if solo else (-e.win, -e.margin)

    order = sorted(range(len(candidates)), key=rank)
    best, mine = order[0], candidates.index(taken)
    if solo:
        diffs = [
            (b[1] - t[1]) / SOLO_POINTS for b, t in zip(results[best], results[mine], strict=True)
        ]
    else:
        diffs = [b[0] - t[0] for b, t in zip(results[best], results[mine], strict=True)]
    return [estimates[i] for i in order], _standard_error(diffs)


def _standard_error(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def hindsight(
    state: State, seat: int, actions: Sequence[str], playouts: int, seed: int
) -> list[Estimate]:
    """What the full information would have said, shown beside a review, never part of
    it: each action played from the true ``state`` (its real hidden cards and its real
    random future), the medium bot playing on for every seat with ``playouts`` different
    seeds (the bots still see only their own views)."""
    found = []
    for text in actions:
        results = []
        for k in range(playouts):
            after = state.clone()
            after.apply(seat, text)
            play(after, _bots(state.game.id, state.players, derive_seed(seed, "hindsight", k)))
            results.append(_outcome(after, seat))
        found.append(
            Estimate(
                text,
                sum(w for w, _ in results) / playouts,
                sum(m for _, m in results) / playouts,
            )
        )
    return found
