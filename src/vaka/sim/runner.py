"""Playing many games between agents and summing up who won and how.

Game ``i`` of a run is seeded with ``derive_seed(seed, "game", i)``, and results are kept in
game order, so a run is reproduced exactly by its seed whatever the number of ``jobs``.

Seats rotate: when the agents are not all the same, game ``i`` seats the agent list rotated
by ``i mod players`` (see :func:`seating`), so over a multiple of ``players`` games every
agent sits in every seat equally often and no agent profits from a good seat.

A run is summed up per seat (does a seat have an advantage?) and per agent name (how good is
the agent?), and every agent is rated with openskill (:mod:`vaka.sim.rating`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any

from vaka.agents import make_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import win_shares
from vaka.i18n import _
from vaka.sim.match import MatchResult, play_match
from vaka.sim.rating import Rating, model_json, rate
from vaka.sim.review_judge import Budget
from vaka.sim.review_runs import AgentReview, agent_reviews, reviewed_match
from vaka.sim.stats import CONFIDENCE, Summary, WinRate

#: Called with the number of games finished so far.
Progress = Callable[[int], None]

#: Most games sent to a worker at once: small enough for a smooth progress bar, large
#: enough that sending work to the worker costs little next to playing it.
MAX_CHUNK = 50


#: Where the games are played: worker processes on this machine, or a Ray cluster.
BACKENDS = ("process", "ray")

#: :attr:`SeatStats.agent` of a seat where more than one agent sat during the run.
MIXED = "mixed"


@dataclass(frozen=True)
class SeatStats:
    """How one seat fared over a run, whoever sat in it."""

    seat: int
    #: The agent that sat here in every game, or :data:`MIXED`.
    agent: str
    win_rate: WinRate
    score: Summary
    #: Mean score per breakdown category (including ``"total"``), in the game's order.
    categories: dict[str, float]
    #: Games each agent played in this seat, in the order the agents first sat here.
    agents: dict[str, int] = field(default_factory=dict)

    @property
    def wins(self) -> float:
        """Games won; a win shared by k seats counts 1/k."""
        return self.win_rate.wins

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "agent": self.agent,
            "agents": dict(self.agents),
            "wins": self.wins,
            "win_rate": self.win_rate.to_json(),
            "score": self.score.to_json(),
            "categories": dict(self.categories),
        }


@dataclass(frozen=True)
class AgentStats:
    """How one agent name fared over a run, in whichever seats it sat.

    Every seat an agent takes in a game is an entry of its own: with ``medium,random,random``
    the random agent has two entries per game, and its win rate is per seat-game (wins over
    entries), comparable with :attr:`fair_share`.
    """

    agent: str
    #: Wins over entries (seat-games); a win shared by k seats counts 1/k.
    win_rate: WinRate
    score: Summary
    #: Mean score per breakdown category (including ``"total"``) over the entries.
    categories: dict[str, float]
    #: The win rate of a seat if every seat were equally strong: 1 / players.
    fair_share: float
    #: Entries per seat.
    seats: tuple[int, ...] = ()

    @property
    def games(self) -> int:
        """Entries: seat-games played (two per game for an agent in two seats)."""
        return self.win_rate.games

    @property
    def wins(self) -> float:
        return self.win_rate.wins

    def to_json(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate.to_json(),
            "fair_share": self.fair_share,
            "score": self.score.to_json(),
            "categories": dict(self.categories),
            "seats": list(self.seats),
        }


@dataclass(frozen=True)
class SimulationResult:
    """Every game of a run, with per-seat statistics and the game lengths."""

    game: str
    agents: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    matches: tuple[MatchResult, ...] = field(repr=False)
    seats: tuple[SeatStats, ...]
    #: Game lengths, in actions.
    length: Summary
    #: Whether the agents changed seats from game to game (see :func:`seating`).
    rotate: bool = False
    #: Per agent name, in the order of ``agents``.
    by_agent: tuple[AgentStats, ...] = ()
    #: openskill ratings per agent name, in the order of ``agents``.
    ratings: tuple[Rating, ...] = ()
    #: With ``--review``: the budget every game was reviewed with, and per agent name
    #: what the reviews said (:mod:`vaka.sim.review_runs`).
    review_budget: Budget | None = None
    reviews: tuple[AgentReview, ...] = ()

    @property
    def players(self) -> int:
        return len(self.agents)

    @property
    def games(self) -> int:
        return len(self.matches)

    @property
    def fair_share(self) -> float:
        """The win rate every seat would have if all were equally strong."""
        return 1.0 / self.players

    def agent(self, name: str) -> AgentStats:
        """The statistics of one agent name."""
        for stats in self.by_agent:
            if stats.agent == name:
                return stats
        raise KeyError(name)

    def rating(self, name: str) -> Rating:
        """The rating of one agent name."""
        for rating in self.ratings:
            if rating.agent == name:
                return rating
        raise KeyError(name)

    @classmethod
    def from_matches(
        cls,
        game: str,
        agents: Sequence[str],
        seed: int,
        matches: Sequence[MatchResult],
        options: dict[str, Any] | None = None,
        confidence: float = CONFIDENCE,
        rotate: bool = False,
        review: Budget | None = None,
    ) -> SimulationResult:
        """Sum up finished games (at least one) between ``agents``, one per seat.

        Who sat where in each game is read from the games themselves
        (:attr:`MatchResult.agents`); ``agents`` is the run's list and sets the order of the
        per-agent statistics and ratings.
        """
        if not matches:
            raise ValueError("a simulation needs at least one game")
        players = len(agents)
        wins = [0.0] * players
        for match in matches:
            for seat, share in enumerate(win_shares(match.winners, players)):
                wins[seat] += share
        seats = []
        for seat in range(players):
            sat = dict(Counter(m.agents[seat] for m in matches))
            seats.append(
                SeatStats(
                    seat=seat,
                    agent=next(iter(sat)) if len(sat) == 1 else MIXED,
                    win_rate=WinRate.of(
                        round(wins[seat], 9), len(matches), confidence
                    ),  # 1/3 + 1/3 + ...
                    score=Summary.of([m.scores[seat] for m in matches]),
                    categories=_category_means(matches, [(m, seat) for m in matches]),
                    agents=sat,
                )
            )
        ratings = rate(matches, agents)
        return cls(
            game=game,
            agents=tuple(agents),
            seed=seed,
            options=dict(options or {}),
            matches=tuple(matches),
            seats=tuple(seats),
            length=Summary.of([m.actions for m in matches]),
            rotate=rotate,
            by_agent=_agent_stats(matches, [r.agent for r in ratings], players, confidence),
            ratings=ratings,
            review_budget=review,
            reviews=(
                agent_reviews(matches, [r.agent for r in ratings], confidence)
                if review is not None
                else ()
            ),
        )

    def to_json(self) -> dict[str, Any]:
        """The run's statistics as JSON-ready data (not the individual games)."""
        return {
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "rotate": self.rotate,
            "fair_share": self.fair_share,
            "seats": [s.to_json() for s in self.seats],
            "by_agent": [a.to_json() for a in self.by_agent],
            "ratings": [r.to_json() for r in self.ratings],
            "rating_model": model_json(),
            "length": self.length.to_json(),
            **(
                {
                    "review_budget": asdict(self.review_budget),
                    "reviews": [r.to_json() for r in self.reviews],
                }
                if self.review_budget is not None
                else {}
            ),
        }


def _category_means(
    matches: Sequence[MatchResult], entries: Sequence[tuple[MatchResult, int]]
) -> dict[str, float]:
    """Mean of each breakdown category over ``entries`` (a game and a seat each); a
    category missing from an entry counts 0 there, so every mean is over all the entries.
    The categories come in the order the games give them."""
    first = matches[0].breakdown if matches else ()
    sums = dict.fromkeys(first[0] if first else (), 0.0)  # the game's order of categories
    for match, seat in entries:
        if seat < len(match.breakdown):
            for name, value in match.breakdown[seat].items():
                sums[name] = sums.get(name, 0.0) + value
    return {name: total / len(entries) for name, total in sums.items()} if entries else {}


def _agent_stats(
    matches: Sequence[MatchResult], names: Sequence[str], players: int, confidence: float
) -> tuple[AgentStats, ...]:
    """Per agent name: every seat it took in a game is one entry."""
    entries: dict[str, list[tuple[MatchResult, int]]] = {name: [] for name in names}
    wins = dict.fromkeys(names, 0.0)
    for match in matches:
        shares = win_shares(match.winners, players)
        for seat, name in enumerate(match.agents):
            entries[name].append((match, seat))
            wins[name] += shares[seat]
    stats = []
    for name in names:
        mine = entries[name]
        seats = [0] * players
        for _entry, seat in mine:
            seats[seat] += 1
        stats.append(
            AgentStats(
                agent=name,
                win_rate=WinRate.of(round(wins[name], 9), len(mine), confidence),
                score=Summary.of([match.scores[seat] for match, seat in mine]),
                categories=_category_means(matches, mine),
                fair_share=1.0 / players,
                seats=tuple(seats),
            )
        )
    return tuple(stats)


def seating(agents: Sequence[str], index: int, rotate: bool = True) -> tuple[str, ...]:
    """Who sits where in game ``index`` of a run: the agent list rotated left by
    ``index mod players`` (seat s gets ``agents[(s + index) % players]``), or as given
    when ``rotate`` is false.

    >>> seating(["a", "b", "c"], 0), seating(["a", "b", "c"], 1), seating(["a", "b", "c"], 5)
    (('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b'))
    >>> seating(["a", "b", "c"], 1, rotate=False)
    ('a', 'b', 'c')
    """
    if not rotate or not agents:
        return tuple(agents)
    shift = index % len(agents)
    return tuple(agents[shift:]) + tuple(agents[:shift])


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed``.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return derive_seed(seed, "game", index)


def _play_chunk(
    game_id: str,
    agents: tuple[str, ...],
    seed: int,
    start: int,
    stop: int,
    options: dict[str, Any],
    rotate: bool = False,
    review: Budget | None = None,
) -> list[MatchResult]:
    """Games ``start`` to ``stop - 1`` of a run (the unit of work of one worker), each
    reviewed for every seat with ``review`` if given."""
    if review is not None:
        return [
            reviewed_match(game_id, seating(agents, i, rotate), game_seed(seed, i), review, options)
            for i in range(start, stop)
        ]
    return [
        play_match(game_id, seating(agents, i, rotate), game_seed(seed, i), **options)
        for i in range(start, stop)
    ]


def _chunk_size(games: int, jobs: int) -> int:
    """About four chunks per worker (so a slow chunk does not leave others idle), at most
    :data:`MAX_CHUNK` games each."""
    return max(1, min(MAX_CHUNK, -(-games // (jobs * 4))))


def simulate(
    game_id: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
    *,
    rotate: bool = True,
    options: Mapping[str, Any] | None = None,
    backend: str = "process",
    address: str | None = None,
    review: Budget | None = None,
) -> SimulationResult:
    """Play ``games`` games of ``game_id`` between ``agents`` (one per seat) and sum them up.

    With ``rotate`` (the default) and agents that are not all the same, game ``i`` seats
    them as :func:`seating` says; without it, agent ``s`` sits in seat ``s`` every game.

    The result depends only on the arguments other than ``jobs`` and ``progress``: with
    ``jobs`` > 1 the games are shared among that many worker processes, and with
    ``backend="ray"`` they run as tasks on a Ray cluster at ``address``
    (:mod:`vaka.sim.cluster`; ``jobs`` then only sizes the chunks). Bad input (an
    unknown game or agent, a player count or option the game refuses) raises a
    :class:`~vaka.VakaError` before any game is played; ``games`` or ``jobs`` below 1 a
    :class:`ValueError`. With ``review`` every game is also reviewed for every seat with
    that budget (:mod:`vaka.sim.review_runs`), in the worker that played it.
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games!r}")
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"the number of jobs must be at least 1, not {jobs!r}")
    if backend not in BACKENDS:
        raise ValueError(
            _("the backend must be one of {backends}, not {backend}").format(
                backends=", ".join(BACKENDS), backend=repr(backend)
            )
        )
    names = tuple(name.strip().lower() for name in agents)
    game = load(game_id)
    options = game.check_options(options or {})
    game.new_state(len(names), seed, **options)  # refuses a bad player count or seed
    for name in names:
        make_agent(name, game_id)  # refuses an unknown agent here, not in a worker
    rotate = rotate and len(set(names)) > 1

    size = _chunk_size(games, jobs)
    bounds = [(start, min(start + size, games)) for start in range(0, games, size)]
    done = 0
    matches: list[MatchResult] = []
    if backend == "ray":
        from vaka.sim.cluster import play_on_ray

        matches = play_on_ray(
            _play_chunk, (game_id, names, seed, options, rotate, review), bounds, progress, address
        )
    elif jobs == 1 or len(bounds) == 1:
        for start, stop in bounds:
            matches.extend(_play_chunk(game_id, names, seed, start, stop, options, rotate, review))
            done += stop - start
            if progress is not None:
                progress(done)
    else:
        chunks: dict[int, list[MatchResult]] = {}
        with ProcessPoolExecutor(max_workers=min(jobs, len(bounds))) as pool:
            pending: dict[Future[list[MatchResult]], int] = {
                pool.submit(
                    _play_chunk, game_id, names, seed, start, stop, options, rotate, review
                ): start
                for start, stop in bounds
            }
            try:
                while pending:
                    finished, _left = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        start = pending.pop(future)
                        chunks[start] = future.result()
                        done += len(chunks[start])
                        if progress is not None:
                            progress(done)
            except BaseException:  # an error or Ctrl-C: do not play the games still queued
                for future in pending:
                    future.cancel()
                raise
        matches = [m for start in sorted(chunks) for m in chunks[start]]
    return SimulationResult.from_matches(
        game_id, names, seed, matches, options, rotate=rotate, review=review
    )
