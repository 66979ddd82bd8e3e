"""Bots think in other processes, so that a search never holds up the tables.

A bot is handed a guess of the game made from its own seat's knowledge
(``State.determinize``), never the true state: it cannot see more than its seat may.
"""

from __future__ import annotations

import asyncio
from typing import Any

from vaka.agents import Agent, Observation, hard_agent, make_agent
from vaka.agents.hard import EXPERT_TIMES
from vaka.core.state import State
from vaka.server.workers import pool, stop

#: Seconds a bot may think per move, by level (the others answer at once); the expert bot
#: thinks ``EXPERT_TIMES`` as long as the hard bot unless told otherwise.
BUDGETS = {"hard": 1.0, "hint": 2.0}
#: The levels that search to a time budget, each the hard bot's search (with its judge).
SEARCHING = ("hard", "expert")
HINT_TOP = 3
#: The levels people choose among, weakest first: every game has each (medium and easy
#: weigh the score so far where a game has no value estimate of its own). A seat made as
#: ``bot:expert`` plays too, searching to its budget.
LEVELS = ("random", "easy", "medium", "hard")


class NoChoice(RuntimeError):
    """A bot asked to move for a seat that has no legal action (not to move, say)."""


def decide(level: str, game_id: str, seed: int, guess: State, seat: int, seconds: float) -> str:
    """One bot decision, as action text (runs in a worker process)."""
    if not guess.determinized:
        raise ValueError("a bot is given a guess from its seat's knowledge, never the game")
    if not guess.legal_actions(seat):
        raise NoChoice(
            f"seat {seat} has no legal action to choose from (to move: {guess.to_move}); "
            "a bot is asked only for a seat that is to move"
        )
    agent: Agent
    if level in SEARCHING:  # its judge for the player count, searching to the deadline
        agent = hard_agent(game_id, seed, iterations=1, seconds=seconds, name=level)
    else:
        agent = make_agent(level, game_id, seed)
    return str(agent.act(Observation(guess, seat)))


def hint(game_id: str, seed: int, guess: State, seat: int, seconds: float) -> list[dict[str, Any]]:
    """The hard bot's top choices for a seat: how often the search tried each and how
    well it went (a chance to win; alone, the expected final lead in points)."""
    if not guess.determinized:
        raise ValueError("a hint is searched on a guess from the seat's knowledge")
    bot = hard_agent(game_id, seed, iterations=1, seconds=seconds)
    choices = bot.analyse(Observation(guess, seat))
    total = sum(c.visits for c in choices) or 1
    return [
        {
            "action": str(c.action),
            "share": c.visits / total,
            "value": c.value,
            "lead": bot.solo_lead(c.value),
        }
        for c in choices[:HINT_TOP]
    ]


class Bots:
    """A pool of worker processes for bot decisions."""

    def __init__(self, workers: int = 1, budgets: dict[str, float] | None = None) -> None:
        self.budgets = {**BUDGETS, **(budgets or {})}
        self.budgets.setdefault("expert", EXPERT_TIMES * self.budgets["hard"])
        self.pool = pool(workers)

    async def decide(self, level: str, guess: State, seat: int, seed: int) -> str:
        loop = asyncio.get_running_loop()
        seconds = self.budgets.get(level, 0.0)
        return await loop.run_in_executor(
            self.pool, decide, level, guess.game.id, seed, guess, seat, seconds
        )

    async def hint(self, guess: State, seat: int, seed: int) -> list[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.pool, hint, guess.game.id, seed, guess, seat, self.budgets["hint"]
        )

    def close(self) -> None:
        stop(self.pool)
