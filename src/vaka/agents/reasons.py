"""Why a bot chose what it did, in a sentence, from the numbers its decision really used.

A sentence states only what the agent computed: the search's tries and how well they
went, the heuristic's estimated lead one step ahead, or that the pick was random. It
names no action of the bot's own: the log says what it did as far as a seat may see, and
an action's text could name a card that is hidden from the reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from vaka.agents.heuristic import HeuristicAgent
from vaka.agents.ismcts import Choice, IsmctsAgent
from vaka.agents.random import RandomAgent

if TYPE_CHECKING:
    from vaka.agents.base import Agent
    from vaka.core.game import Action


def bot_reason(agent: Agent, choices: int) -> str:
    """Why ``agent`` chose as it did in its last decision, which had ``choices`` legal
    actions; the agent must have made that decision last."""
    if choices == 1:
        return "it had no other choice"
    if isinstance(agent, RandomAgent):
        return f"it picks at random (one of {choices} choices)"
    if isinstance(agent, HeuristicAgent):
        return _weighed(agent)
    if isinstance(agent, IsmctsAgent) and agent.last_choices:
        return _searched(agent, agent.last_choices)
    return f"it chose one of {choices} choices"


def _weighed(agent: HeuristicAgent) -> str:
    scored = agent.last_scored
    if scored is None:
        return (
            f"a random pick: the {agent.name} bot plays about {agent.noise:.0%} of its "
            "moves at random"
        )
    best = scored[0][0]
    text = f"by its score estimate one move ahead, this leaves it {_lead(best)}"
    if len(scored) == 1:
        return text
    margin = best - scored[1][0]
    if margin < 1e-9:
        ties = sum(1 for lead, _ in scored if lead >= best - 1e-9)
        return text + f", as good as {ties - 1} other choice{'s' if ties > 2 else ''}"
    return text + f", {margin:.1f} more than its next best choice"


def _searched(agent: IsmctsAgent, choices: Sequence[Choice]) -> str:
    total = sum(c.visits for c in choices) or 1
    top = choices[0]
    text = f"its search tried this most ({top.visits / total:.0%} of {total} tries)"
    text += f" and {_outcome(agent, top.value)}"
    if len(choices) > 1:
        text += f"; the next most tried {_outcome(agent, choices[1].value)}"
    return text


def _outcome(agent: IsmctsAgent, value: float) -> str:
    lead = agent.solo_lead(value)
    if lead is None:
        return f"went well {value:.0%} of the time"
    return f"ended about {lead:+.1f} points against the game's own opponent"


def _lead(lead: float) -> str:
    if lead >= 0:
        return f"{lead:.1f} points ahead of its strongest rival"
    return f"{-lead:.1f} points behind its strongest rival"


def hint_sentence(
    bot: IsmctsAgent,
    choices: Sequence[Choice],
    name: Callable[[Action], str],
    one_step: Sequence[tuple[float, Action]] = (),
) -> str:
    """The search's top choice for the player, in a sentence: how often the search tried
    it and how well it went against the next most tried, and (``one_step``: each action's
    lead one move ahead by the game's score estimate, where the game has one) what the
    estimate says of the two. ``name`` says an action as the player's choice list does."""
    if not choices:
        return "There is nothing to weigh: the search found no choice."
    top = choices[0]
    if len(choices) == 1:
        return f"Take {name(top.action)}: it is your only choice."
    total = sum(c.visits for c in choices) or 1
    second = choices[1]
    text = (
        f"Take {name(top.action)}: the search tried it most, in {top.visits / total:.0%} of "
        f"{total} tries, and it {_outcome(bot, top.value)}; the next most tried, "
        f"{name(second.action)}, {_outcome(bot, second.value)}."
    )
    leads = {action: lead for lead, action in one_step}
    if top.action in leads and second.action in leads:
        a, b = leads[top.action], leads[second.action]
        if bot.solo_lead(top.value) is not None:  # alone: the lead over the game itself
            text += (
                " One move ahead, the score estimate puts your final lead over the game's "
                f"own opponent at {a:+.1f} points after it and {b:+.1f} after the other."
            )
        else:
            text += (
                f" One move ahead, the score estimate puts you {a:+.1f} points against "
                f"your strongest rival after it and {b:+.1f} after the other."
            )
    return text
