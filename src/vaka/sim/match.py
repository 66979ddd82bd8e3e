"""Playing one game between agents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vaka.agents import Agent, Observation, make_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State


@dataclass(frozen=True)
class SeatReview:
    """What a review of a game (:mod:`vaka.sim.review`) said of one seat."""

    seat: int
    accuracy: float | None  # 0-100; None with nothing judged
    labels: dict[str, int]  # decisions per label, forced ones included


@dataclass(frozen=True)
class MatchResult:
    """The outcome of one game: per seat scores, the winners and its length."""

    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    breakdown: tuple[dict[str, float], ...] = ()
    #: per seat, when the game was reviewed (``vaka simulate --review``)
    reviews: tuple[SeatReview, ...] = ()


def play(state: State, agents: Sequence[Agent]) -> State:
    """Let the agents (one per seat) play ``state`` to the end; returns it."""
    by_seat = dict(enumerate(agents))
    while state.to_move:
        apply_decided(state, decide_together(state, by_seat))
    return state


def decide_together(state: State, agents: Mapping[int, Agent]) -> list[tuple[int, Any]]:
    """The decisions of the agents' seats among those to move, all taken on this same state:
    seats that move together (sealed choices) must not see one another's answers applied,
    or the seat asked last would see, looking ahead, the step resolve."""
    return [(s, agents[s].act(Observation(state, s))) for s in state.to_move if s in agents]


def apply_decided(state: State, decided: list[tuple[int, Any]]) -> None:
    """Apply decisions taken together; one that no longer applies is asked again later."""
    for seat, action in decided:
        if seat in state.to_move and action in state.legal_actions(seat):
            state.apply(seat, action)


def play_match(
    game_id: str, agent_names: Sequence[str], seed: int, **options: object
) -> MatchResult:
    """One game of ``game_id`` with one named agent per seat; fully determined by ``seed``."""
    return match_result(play_game(game_id, agent_names, seed, **options), agent_names, seed)


def play_game(game_id: str, agent_names: Sequence[str], seed: int, **options: object) -> State:
    """The finished game :func:`play_match` plays."""
    game = load(game_id)
    state = game.new_state(len(agent_names), seed, **options)
    agents = [
        make_agent(name, game_id, derive_seed(seed, "agent", seat))
        for seat, name in enumerate(agent_names)
    ]
    return play(state, agents)


def match_result(state: State, agent_names: Sequence[str], seed: int) -> MatchResult:
    """A finished game's outcome."""
    return MatchResult(
        seed=seed,
        agents=tuple(agent_names),
        scores=tuple(state.scores()),
        winners=tuple(state.winners()),
        actions=len(state.history),
        breakdown=tuple({k: float(v) for k, v in b.items()} for b in state.breakdown()),
    )
