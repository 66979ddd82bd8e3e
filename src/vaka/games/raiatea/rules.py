"""Raiatea's rules: the step queue that runs them, and where each rule lives.

The game is a queue of steps (``steps``: one small frozen class per phase, with that phase's
arguments). The front step is either carried out at once (a die roll, a gain, the end of a
round) or waits for its seat to decide; a decision with a single possible answer is taken for
the player, unless the step must visibly wait (``assistants.holds``, R8). A ``Sealed`` step
waits for several seats at once (ritual preparation, the Mana offering, Mana auctions): each
decides in any order and the others see only that it did.

Each part of the rulebook files the rules of its phases (``common.Rules``: a prompt, the
possible answers and what an answer does, or an automatic step, each a function of the step's
own class) in its own module:

- ``rounds``: setup 14, the round track, claiming locations, the end of an action round,
  ritual draws and keeps;
- ``locations``: the six locations and their Kahuna bonuses;
- ``assistants``: effect A (the die) and effect B (one-time) of the four assistants;
- ``ceremony``: ceremony steps 1-5, the sealed steps, the end of a ceremony;
- ``toos``: To'o missions (step 6 and elsewhere), their payments, the Mana auctions;
- ``effects``: performing rituals, the effect interpreter ``EFFECTS`` and the choices it asks;
- ``invariants``: ``check``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vaka.games.raiatea import assistants, ceremony, effects, locations, rounds, toos
from vaka.games.raiatea.assistants import holds, use
from vaka.games.raiatea.ceremony import (
    SEALED_PROMPTS,
    SEALED_RESOLVE,
    sealed_decide,
    sealed_options,
)
from vaka.games.raiatea.common import Rules, prep_limit, push, rank_of, reveal_forest
from vaka.games.raiatea.effects import EFFECTS, perform
from vaka.games.raiatea.invariants import check
from vaka.games.raiatea.rounds import setup_rituals
from vaka.games.raiatea.steps import Sealed, Step
from vaka.i18n import _

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState

__all__ = [
    "EFFECTS", "PROMPTS", "RULES", "SEALED_PROMPTS", "check", "decide", "explain", "options",
    "perform", "prep_limit", "push", "rank_of", "reveal_forest", "run", "setup_rituals",
]  # fmt: skip


def _by_step(*parts: tuple[Rules[Any], ...]) -> dict[type[Step], Rules[Any]]:
    """Every phase's rules by its step class. ``Rules(cls, ...)`` checks that its functions
    take ``cls``; here that link is kept by the key alone (``Any``), which the step loop
    honours by looking the rules up by the step's exact class."""
    found: dict[type[Step], Rules[Any]] = {}
    for part in parts:
        for r in part:
            assert r.step not in found, f"{r.step.__name__} has two sets of rules"
            found[r.step] = r
    return found


#: Every phase's rules, from the module of its part of the rulebook.
RULES = _by_step(
    rounds.RULES, locations.RULES, assistants.RULES, ceremony.RULES, toos.RULES, effects.RULES
)
#: What each decision asks, by phase name (``Step.phase``, which the view shows).
PROMPTS = {cls.phase: r.prompt for cls, r in RULES.items() if r.auto is None}
_AUTO = {cls: r.auto for cls, r in RULES.items() if r.auto is not None}
_OPTIONS = {cls: r.options for cls, r in RULES.items() if r.options is not None}
_RESOLVE = {cls: r.resolve for cls, r in RULES.items() if r.resolve is not None}


def run(st: RaiateaState) -> None:
    """Carry out steps until one waits for a real decision (or the game ends)."""
    queue = st.queue
    while queue:
        step = queue[0]
        cls = type(step)
        auto = _AUTO.get(cls)
        if auto is not None:
            queue.pop(0)
            auto(st, step)
            continue
        if type(step) is Sealed:
            if st.sealed_wait:
                return
            queue.pop(0)
            SEALED_RESOLVE[step.kind](st)
            continue
        choices = _OPTIONS[cls](st, step)
        if len(choices) > 1 or (choices and holds(st, step)):
            return
        queue.pop(0)
        if choices:
            resolve(st, step, choices[0])
    st.over = True


def step_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """The possible answers to a waiting step; empty when it cannot be done at all."""
    return _OPTIONS[type(step)](st, step)


def resolve(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    """Carry out one answer to a waiting step (``use X``: an assistant's effect B)."""
    if act.verb == "use":
        use(st, step, act.arg)
    else:
        _RESOLVE[type(step)](st, step, act)


def options(st: RaiateaState, seat: int) -> list[RaiateaAction]:
    step = st.queue[0]
    if type(step) is Sealed:
        return sealed_options(st, seat, step.kind)
    return step_options(st, step)


def decide(st: RaiateaState, seat: int, act: RaiateaAction) -> None:
    step = st.queue[0]
    if type(step) is Sealed:
        sealed_decide(st, seat, step.kind, act)
    else:
        st.queue.pop(0)
        resolve(st, step, act)
    run(st)


def explain(st: RaiateaState, seat: int) -> str | None:
    step = st.queue[0]
    if type(step) is Sealed:
        return _("now you must {prompt}").format(prompt=_(SEALED_PROMPTS[step.kind]))
    return _("now you must {prompt}").format(prompt=_(PROMPTS.get(step.phase, step.phase)))
