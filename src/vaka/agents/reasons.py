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
from vaka.i18n import _, ngettext, number, percent

if TYPE_CHECKING:
    from vaka.agents.base import Agent
    from vaka.core.game import Action


def bot_reason(agent: Agent, choices: int) -> str:
    """Why ``agent`` chose as it did in its last decision, which had ``choices`` legal
    actions; the agent must have made that decision last."""
    if choices == 1:
        return _("it had no other choice")
    if isinstance(agent, RandomAgent):
        return _("it picks at random (one of {n} choices)").format(n=choices)
    if isinstance(agent, HeuristicAgent):
        return _weighed(agent)
    if isinstance(agent, IsmctsAgent) and agent.last_choices:
        return _searched(agent, agent.last_choices)
    return _("it chose one of {n} choices").format(n=choices)


def _points(x: float) -> str:
    return number(x, 1)


def _signed(x: float) -> str:
    return ("+" if x >= 0 else "-") + number(abs(x), 1)


def _weighed(agent: HeuristicAgent) -> str:
    scored = agent.last_scored
    if scored is None:
        return _("a random pick: the {name} bot plays about {share} of its moves at random").format(
            name=_(agent.name), share=percent(agent.noise, 0)
        )
    best = scored[0][0]
    text = _("by its score estimate one move ahead, this leaves it {lead}").format(lead=_lead(best))
    if len(scored) == 1:
        return text
    margin = best - scored[1][0]
    if margin < 1e-9:
        ties = sum(1 for lead, _score in scored if lead >= best - 1e-9)
        return text + ngettext(
            ", as good as {n} other choice", ", as good as {n} other choices", ties - 1
        ).format(n=ties - 1)
    return text + _(", {n} more than its next best choice").format(n=_points(margin))


def _searched(agent: IsmctsAgent, choices: Sequence[Choice]) -> str:
    total = sum(c.visits for c in choices) or 1
    top = choices[0]
    text = _("its search tried this most ({share} of {n} tries) and {outcome}").format(
        share=percent(top.visits / total, 0), n=total, outcome=_outcome(agent, top.value)
    )
    if len(choices) > 1:
        text += _("; the next most tried {outcome}").format(
            outcome=_outcome(agent, choices[1].value)
        )
    return text


def _outcome(agent: IsmctsAgent, value: float) -> str:
    lead = agent.solo_lead(value)
    if lead is None:
        return _("went well {share} of the time").format(share=percent(value, 0))
    return _("ended about {n} points against the game's own opponent").format(n=_signed(lead))


def _lead(lead: float) -> str:
    if lead >= 0:
        return _("{n} points ahead of its strongest rival").format(n=_points(lead))
    return _("{n} points behind its strongest rival").format(n=_points(-lead))


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
        return _("There is nothing to weigh: the search found no choice.")
    top = choices[0]
    if len(choices) == 1:
        return _("Take {action}: it is your only choice.").format(action=name(top.action))
    total = sum(c.visits for c in choices) or 1
    second = choices[1]
    text = _(
        "Take {action}: the search tried it most, in {share} of {n} tries, and it {outcome}; "
        "the next most tried, {other}, {other_outcome}."
    ).format(
        action=name(top.action),
        share=percent(top.visits / total, 0),
        n=total,
        outcome=_outcome(bot, top.value),
        other=name(second.action),
        other_outcome=_outcome(bot, second.value),
    )
    leads = {action: lead for lead, action in one_step}
    if top.action in leads and second.action in leads:
        a, b = _signed(leads[top.action]), _signed(leads[second.action])
        if bot.solo_lead(top.value) is not None:  # alone: the lead over the game itself
            text += " " + _(
                "One move ahead, the score estimate puts your final lead over the game's "
                "own opponent at {a} points after it and {b} after the other."
            ).format(a=a, b=b)
        else:
            text += " " + _(
                "One move ahead, the score estimate puts you {a} points against your "
                "strongest rival after it and {b} after the other."
            ).format(a=a, b=b)
    return text
