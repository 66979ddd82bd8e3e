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
   on for ``Budget.horizon`` steps (a step: the seats to move decide, together where their
   choices are sealed), where the game's value estimate (the one the medium and hard bots
   use) judges the position: the seat's estimated lead over its strongest rival, and as a
   win chance the learned model's reading of the position from the seat's side
   (:mod:`vaka.agents.learned`) where the game ships one for its player count, else the
   hard bot's reading of the lead, ``0.5 + 0.5 tanh(lead / 5)`` (:func:`evaluation`). A playout
   that reaches the end of the game is judged by the result: a win share (a win shared by
   k seats counts 1/k) and the final lead. With ``horizon=None`` every playout goes to the
   end (the first method: exact outcomes, but a playout from the start of a game costs as
   much as a game). Alone, the margin is the (estimated) final lead over the game's own
   opponent (Atua's score less Tahuma's), the estimate's own measure.
   Every candidate gets the same number
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
from vaka.agents.learned import (
    ModelError,
    ValueModel,
    evaluation_name,
    shipped,
    tanh_chance,
)
from vaka.agents.values import advantage
from vaka.core.errors import IllegalAction, VakaError
from vaka.core.game import Action
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.i18n import _, ngettext
from vaka.sim.match import apply_decided, decide_together
from vaka.sim.review_labels import INACCURACY, WIN, Yardstick

#: How many deals may be refused (a candidate illegal in them) per playout wanted.
MAX_REDEALS = 4
#: Steps a playout plays before the value estimate judges it, by default: about a round
#: of a two-player game, and what keeps a review of a typical game within a minute of one
#: core (docs/REVIEW.md, docs/PERFORMANCE.md).
HORIZON = 4
#: A decision whose playouts all end within this many horizons is played to the end.
END_WITHIN = 4


@dataclass(frozen=True)
class Budget:
    """How hard each decision is looked at: counts, never seconds, so reviews repeat."""

    playouts: int = 12  # deals played per candidate
    candidates: int = 4  # actions judged per decision (the action taken always is)
    #: search iterations to pick candidates among many actions (half the hard bot's: the
    #: search only picks them, and it was a third of a Raiatea review at 300)
    iterations: int = 150
    #: a decision that loses an inaccuracy's worth or more is played again in as many
    #: new deals (every candidate), so that a label rests on twice the playouts
    confirm: bool = True
    #: steps the bots play after a candidate before the value estimate judges the
    #: position; None: to the end of the game (see the module's docstring)
    horizon: int | None = HORIZON
    #: judge positions by the learned win chance where the game ships a model for its
    #: player count (``vaka.agents.learned``); False: by the hand-written estimate always
    learned: bool = True

    def __post_init__(self) -> None:
        for name in ("playouts", "candidates", "iterations"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise VakaError(f"the review's {name} must be a whole number of at least 1")
        if self.horizon is not None and (type(self.horizon) is not int or self.horizon < 0):
            raise VakaError("the review's horizon must be a whole number of steps (0 or more)")
        if self.candidates < 2:
            raise VakaError("the review needs at least 2 candidates per decision")


@dataclass(frozen=True)
class Estimate:
    """One candidate of a decision, measured by playouts."""

    action: str
    win: float  # win chance, 0-1
    margin: float  # mean final lead over the strongest rival (alone: the score)


def _outcome(state: State, seat: int) -> tuple[float, float]:
    """A finished game for ``seat``: (win share, final lead over its strongest rival).
    Alone the lead is over the game's own opponent, as the game's value estimate counts
    it (exact at the end: Atua's score less Tahuma's), so that playouts judged at their
    horizon and at the end measure the same thing; a game without an estimate: the score."""
    winners = state.winners()
    scores = state.scores()
    rivals = [s for i, s in enumerate(scores) if i != seat]
    if rivals:
        lead = scores[seat] - max(rivals)
    else:
        values = state.game.estimate()
        lead = values(state)[0] if values is not None else scores[seat]
    return (1 / len(winners) if seat in winners else 0.0), lead


def _estimated(state: State, seat: int, model: ValueModel | None = None) -> tuple[float, float]:
    """A playout judged at its horizon for ``seat``: (win chance, lead), the lead by the
    game's value estimate (a finished game: the final lead; alone, the estimate's lead over
    the game's own opponent, exact at the end) and the win chance the learned ``model``
    reads in the position from the seat's side, or without one the hard bot's reading of
    the lead. ``state`` is a world dealt from the seat's view, read as it is."""
    values = state.game.estimate()
    if values is None or state.is_over:
        lead = _outcome(state, seat)[1]
    else:
        lead = advantage(values(state), seat)
    if model is not None and not state.is_over:
        return model.win_chance(state, seat, determinized=True), lead
    return tanh_chance(lead), lead


def evaluation(game_id: str, players: int, learned: bool = True) -> tuple[ValueModel | None, str]:
    """The strongest evaluation a review of ``game_id`` at ``players`` can use, and its
    name in words: the learned win chance where the game ships a model that reads (and the
    budget allows it), else the hand-written estimate, saying why."""
    if not learned:
        return None, _("hand-written estimate (asked for)")
    try:
        model = shipped(game_id, players)
    except ModelError as e:
        why = _("hand-written estimate (the learned model could not be read: {why})")
        return None, why.format(why=e)
    if model is None:
        why = ngettext(
            "hand-written estimate (no learned model for {game} at {n} player)",
            "hand-written estimate (no learned model for {game} at {n} players)",
            players,
        )
        return None, why.format(game=game_id, n=players)
    return model, evaluation_name(model)


def _play_on(state: State, seed: int, steps: int | None) -> State:
    """The medium bot (seeded by ``seed``) plays every seat of ``state`` for ``steps``
    steps, or to the end."""
    by_seat = dict(enumerate(_bots(state.game.id, state.players, seed)))
    done = 0
    while state.to_move and (steps is None or done < steps):
        apply_decided(state, decide_together(state, by_seat))
        done += 1
    return state


def _result(
    state: State, seat: int, horizon: int | None, model: ValueModel | None = None
) -> tuple[float, float]:
    return _outcome(state, seat) if horizon is None else _estimated(state, seat, model)


def _horizon(
    obs: Observation, candidates: Sequence[Action], budget: Budget, seed: int
) -> int | None:
    """How far this decision's playouts go: to the end (None) near the end of the game,
    where the first deal's game ends within ``END_WITHIN`` horizons after every candidate
    (the value estimate is roughest there, and playing on costs little); else
    ``budget.horizon`` steps."""
    if budget.horizon is None or obs.game.estimate() is None:
        return None
    for tried in range(MAX_REDEALS):
        deal_seed = derive_seed(seed, "deal", tried)
        try:
            return _reach(obs.sample(deal_seed), obs.seat, candidates, deal_seed, budget.horizon)
        except IllegalAction:
            continue
    return budget.horizon


def _reach(
    world: State, seat: int, candidates: Sequence[Action | str], seed: int, horizon: int
) -> int | None:
    """``horizon``, or None where the game of ``world`` ends within ``END_WITHIN``
    horizons after each candidate (the bots seeded by ``seed``)."""
    for action in candidates:
        after = world.clone()
        after.apply(seat, action)
        if not _play_on(after, seed, END_WITHIN * horizon).is_over:
            return horizon
    return None


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
    obs: Observation, taken: Action, budget: Budget, seed: int, yardstick: Yardstick = WIN
) -> tuple[list[Estimate], float]:
    """Every candidate of one decision measured from ``obs`` alone, best first by what
    ``yardstick`` counts (by default the win chance alone), and the standard error of the
    loss of ``taken`` (see the module's docstring)."""
    if taken not in obs.legal_actions:
        raise IllegalAction(f"{taken} was not a legal action of seat {obs.seat} here")
    candidates = _candidates(obs, taken, budget, seed)
    horizon = _horizon(obs, candidates, budget, seed)
    model = evaluation(obs.game.id, obs.players, budget.learned)[0]
    results: list[list[tuple[float, float]]] = [[] for _ in candidates]
    tried = _play_deals(obs, candidates, results, budget.playouts, 0, seed, horizon, model)
    estimates, spread = _summary(candidates, results, taken, yardstick)
    if budget.confirm and loss_of(estimates, str(taken), yardstick) >= INACCURACY:
        _play_deals(obs, candidates, results, 2 * budget.playouts, tried, seed, horizon, model)
        estimates, spread = _summary(candidates, results, taken, yardstick)
    return estimates, spread


def losses(estimates: Sequence[Estimate], yardstick: Yardstick) -> list[float]:
    """What each of ``estimates`` gave up against the best of them, 0-1, as ``yardstick``
    counts it: how much further it stands below the best on either measure than the best
    candidate does (0 for the best)."""
    short = yardstick.shortfalls([(e.win, e.margin) for e in estimates])
    return [s - min(short) for s in short]


def loss_of(estimates: Sequence[Estimate], taken: str, yardstick: Yardstick = WIN) -> float:
    """What ``taken`` gave up against the best of ``estimates`` (:func:`losses`)."""
    return losses(estimates, yardstick)[[e.action for e in estimates].index(taken)]


def only_gap(estimates: Sequence[Estimate], yardstick: Yardstick = WIN) -> float | None:
    """How far the best candidate stood above every other (None: it was alone)."""
    return sorted(losses(estimates, yardstick))[1] if len(estimates) > 1 else None


def _play_deals(
    obs: Observation,
    candidates: Sequence[Action],
    results: list[list[tuple[float, float]]],
    upto: int,
    tried: int,
    seed: int,
    horizon: int | None = HORIZON,
    model: ValueModel | None = None,
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
            found.append(_result(_play_on(after, deal_seed, horizon), seat, horizon, model))
    return tried


def _summary(
    candidates: Sequence[Action],
    results: list[list[tuple[float, float]]],
    taken: Action,
    yardstick: Yardstick,
) -> tuple[list[Estimate], float]:
    """The candidates' estimates, best first (the least shortfall, then the higher win
    chance and lead), and the standard error of the loss: over the deals, of the measure
    that makes the action taken's shortfall."""
    estimates = [
        Estimate(str(a), sum(w for w, _ in r) / len(r), sum(m for _, m in r) / len(r))
        for a, r in zip(candidates, results, strict=True)
    ]
    short = yardstick.shortfalls([(e.win, e.margin) for e in estimates])
    order = sorted(
        range(len(candidates)), key=lambda i: (short[i], -estimates[i].win, -estimates[i].margin)
    )
    best, mine = order[0], candidates.index(taken)
    top_win = max(e.win for e in estimates)
    top_lead = max(e.margin for e in estimates)
    parts = yardstick.parts(
        top_win - estimates[mine].win, top_lead - estimates[mine].margin, top_win
    )
    part = parts.index(max(parts))  # the measure that made the shortfall
    diffs = [
        yardstick.parts(b[0] - t[0], b[1] - t[1], top_win)[part]
        for b, t in zip(results[best], results[mine], strict=True)
    ]
    return [estimates[i] for i in order], _standard_error(diffs)


def _standard_error(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def hindsight(
    state: State,
    seat: int,
    actions: Sequence[str],
    playouts: int,
    seed: int,
    horizon: int | None = HORIZON,
    learned: bool = True,
) -> list[Estimate]:
    """What the full information would have said, shown beside a review, never part of
    it: each action played from the true ``state`` (its real hidden cards and its real
    random future), the medium bot playing on for every seat with ``playouts`` different
    seeds (the bots still see only their own views), as far as the review's playouts go
    (to the end where the true game ends soon after every action, by the review's rule)."""
    if horizon is not None and state.game.estimate() is not None:
        horizon = _reach(state, seat, actions, derive_seed(seed, "hindsight", 0), horizon)
    elif state.game.estimate() is None:
        horizon = None
    model = evaluation(state.game.id, state.players, learned)[0]
    found = []
    for text in actions:
        results = []
        for k in range(playouts):
            after = state.clone()
            after.apply(seat, text)
            _play_on(after, derive_seed(seed, "hindsight", k), horizon)
            results.append(_result(after, seat, horizon, model))
        found.append(
            Estimate(
                text,
                sum(w for w, _ in results) / playouts,
                sum(m for _, m in results) / playouts,
            )
        )
    return found


def parse_horizon(text: str) -> int | None:
    """A horizon as people write it (``vaka review --horizon``): a number of steps, or
    'full' (None: every playout to the end)."""
    word = text.strip().lower()
    if word == "full":
        return None
    if not word.isdigit():
        raise VakaError(f"--horizon is a number of steps or 'full', not {text!r}")
    return int(word)
