"""Playing many games between agents and summing up who won and how.

Game ``i`` of a run is seeded with ``derive_seed(seed, "game", i)``, and results are kept in
game order, so a run is reproduced exactly by its seed whatever the number of ``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from vaka.agents import make_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.sim.match import MatchResult, play_match
from vaka.sim.stats import CONFIDENCE, Summary, WinRate, win_shares

#: Called with the number of games finished so far.
Progress = Callable[[int], None]

#: Most games sent to a worker at once: small enough for a smooth progress bar, large
#: enough that sending work to the worker costs little next to playing it.
MAX_CHUNK = 50


@dataclass(frozen=True)
class SeatStats:
    """How one seat fared over a run."""

    seat: int
    agent: str
    win_rate: WinRate
    score: Summary
    #: Mean score per breakdown category (including ``"total"``), in the game's order.
    categories: dict[str, float]

    @property
    def wins(self) -> float:
        """Games won; a win shared by k seats counts 1/k."""
        return self.win_rate.wins

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "agent": self.agent,
            "wins": self.wins,
            "win_rate": self.win_rate.to_json(),
            "score": self.score.to_json(),
            "categories": dict(self.categories),
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

    @property
    def players(self) -> int:
        return len(self.agents)

    @property
    def games(self) -> int:
        return len(self.matches)

    @classmethod
    def from_matches(
        cls,
        game: str,
        agents: Sequence[str],
        seed: int,
        matches: Sequence[MatchResult],
        options: dict[str, Any] | None = None,
        confidence: float = CONFIDENCE,
    ) -> SimulationResult:
        """Sum up finished games (at least one) played by ``agents``, one per seat."""
        if not matches:
            raise ValueError("a simulation needs at least one game")
        players = len(agents)
        wins = [0.0] * players
        for match in matches:
            for seat, share in enumerate(win_shares(match.winners, players)):
                wins[seat] += share
        seats = []
        for seat, agent in enumerate(agents):
            seats.append(
                SeatStats(
                    seat=seat,
                    agent=agent,
                    win_rate=WinRate.of(
                        round(wins[seat], 9), len(matches), confidence
                    ),  # 1/3 + 1/3 + ...
                    score=Summary.of([m.scores[seat] for m in matches]),
                    categories=_category_means(matches, seat),
                )
            )
        return cls(
            game=game,
            agents=tuple(agents),
            seed=seed,
            options=dict(options or {}),
            matches=tuple(matches),
            seats=tuple(seats),
            length=Summary.of([m.actions for m in matches]),
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
            "seats": [s.to_json() for s in self.seats],
            "length": self.length.to_json(),
        }


def _category_means(matches: Sequence[MatchResult], seat: int) -> dict[str, float]:
    """Mean of each breakdown category for ``seat``; a category missing from a game
    counts 0 there, so every mean is over all the games."""
    sums: dict[str, float] = {}
    for match in matches:
        if seat < len(match.breakdown):
            for name, value in match.breakdown[seat].items():
                sums[name] = sums.get(name, 0.0) + value
    return {name: total / len(matches) for name, total in sums.items()}


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
) -> list[MatchResult]:
    """Games ``start`` to ``stop - 1`` of a run (the unit of work of one worker)."""
    return [play_match(game_id, agents, game_seed(seed, i), **options) for i in range(start, stop)]


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
    **options: Any,
) -> SimulationResult:
    """Play ``games`` games of ``game_id`` with one named agent per seat and sum them up.

    The result depends only on the arguments other than ``jobs`` and ``progress``: with
    ``jobs`` > 1 the games are shared among that many worker processes. Bad input (an
    unknown game or agent, a player count or option the game refuses) raises a
    :class:`~vaka.VakaError` before any game is played; ``games`` or ``jobs`` below 1 a
    :class:`ValueError`.
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games!r}")
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"the number of jobs must be at least 1, not {jobs!r}")
    names = tuple(name.strip().lower() for name in agents)
    game = load(game_id)
    options = game.check_options(options)
    game.new_state(len(names), seed, **options)  # refuses a bad player count or seed
    for name in names:
        make_agent(name, game_id)  # refuses an unknown agent here, not in a worker

    size = _chunk_size(games, jobs)
    bounds = [(start, min(start + size, games)) for start in range(0, games, size)]
    done = 0
    if jobs == 1 or len(bounds) == 1:
        matches: list[MatchResult] = []
        for start, stop in bounds:
            matches.extend(_play_chunk(game_id, names, seed, start, stop, options))
            done += stop - start
            if progress is not None:
                progress(done)
    else:
        chunks: dict[int, list[MatchResult]] = {}
        with ProcessPoolExecutor(max_workers=min(jobs, len(bounds))) as pool:
            pending: dict[Future[list[MatchResult]], int] = {
                pool.submit(_play_chunk, game_id, names, seed, start, stop, options): start
                for start, stop in bounds
            }
            try:
                while pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
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
    return SimulationResult.from_matches(game_id, names, seed, matches, options)
