"""Playing one game between agents."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vaka.agents import Agent, Observation, make_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State


@dataclass(frozen=True)
class MatchResult:
    """The outcome of one game: per seat scores, the winners and its length."""

    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    breakdown: tuple[dict[str, float], ...] = ()


def play(state: State, agents: Sequence[Agent]) -> State:
    """Let the agents (one per seat) play ``state`` to the end; returns it."""
    while True:
        to_move = state.to_move
        if not to_move:
            return state
        # Seats that move together (sealed choices) all decide on the same state, so that
        # no seat is the one that answers last, its look-ahead seeing the step resolve.
        decided = [(seat, agents[seat].act(Observation(state, seat))) for seat in to_move]
        for seat, action in decided:
            if seat in state.to_move and action in state.legal_actions(seat):
                state.apply(seat, action)


def play_match(
    game_id: str, agent_names: Sequence[str], seed: int, **options: object
) -> MatchResult:
    """One game of ``game_id`` with one named agent per seat; fully determined by ``seed``."""
    game = load(game_id)
    state = game.new_state(len(agent_names), seed, **options)
    agents = [
        make_agent(name, game_id, derive_seed(seed, "agent", seat))
        for seat, name in enumerate(agent_names)
    ]
    play(state, agents)
    return MatchResult(
        seed=seed,
        agents=tuple(agent_names),
        scores=tuple(state.scores()),
        winners=tuple(state.winners()),
        actions=len(state.history),
        breakdown=tuple({k: float(v) for k, v in b.items()} for b in state.breakdown()),
    )
