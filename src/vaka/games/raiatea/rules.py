"""Raiatea's rules: the step queue that runs them, and where each rule lives.

The game is a queue of steps ``(phase, seat, argument)`` (``common.Step``). The front step is
either carried out at once (a die roll, a gain, the end of a round) or waits for its seat to
decide; a decision with a single possible answer is taken for the player, unless the step
must visibly wait (``assistants.holds``, R8). A ``sealed`` step waits for several seats at
once (ritual preparation, the Mana offering, Mana auctions): each decides in any order and
the others see only that it did.

Each part of the rulebook files the rules of its phases (``common.Rules``: a prompt, the
possible answers and what an answer does, or an automatic step) in its own module:

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

from typing import TYPE_CHECKING

from vaka.games.raiatea import assistants, ceremony, effects, locations, rounds, toos
from vaka.games.raiatea.assistants import holds, use
from vaka.games.raiatea.ceremony import (
    SEALED_PROMPTS,
    SEALED_RESOLVE,
    sealed_decide,
    sealed_options,
)
from vaka.games.raiatea.common import Rules, Step, prep_limit, push, rank_of, reveal_forest
from vaka.games.raiatea.effects import EFFECTS, perform
from vaka.games.raiatea.invariants import check
from vaka.games.raiatea.rounds import setup_rituals

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState

__all__ = [
    "EFFECTS", "PHASES", "PROMPTS", "SEALED_PROMPTS", "check", "decide", "explain", "options",
    "perform", "prep_limit", "push", "rank_of", "reveal_forest", "run", "setup_rituals",
]  # fmt: skip

#: Every phase's rules, from the module of its part of the rulebook.
PHASES: dict[str, Rules] = {
    **rounds.PHASES,
    **locations.PHASES,
    **assistants.PHASES,
    **ceremony.PHASES,
    **toos.PHASES,
    **effects.PHASES,
}
PROMPTS = {phase: r.prompt for phase, r in PHASES.items() if r.auto is None}
_AUTO = {phase: r.auto for phase, r in PHASES.items() if r.auto is not None}
_OPTIONS = {phase: r.options for phase, r in PHASES.items() if r.options is not None}
_RESOLVE = {phase: r.resolve for phase, r in PHASES.items() if r.resolve is not None}


def run(st: RaiateaState) -> None:
    """Carry out steps until one waits for a real decision (or the game ends)."""
    queue = st.queue
    while queue:
        step = queue[0]
        phase = step[0]
        auto = _AUTO.get(phase)
        if auto is not None:
            queue.pop(0)
            auto(st, step)
            continue
        if phase == "sealed":
            if st.sealed_wait:
                return
            queue.pop(0)
            SEALED_RESOLVE[step[2]](st)
            continue
        choices = _OPTIONS[phase](st, step)
        if len(choices) > 1 or (choices and holds(st, step)):
            return
        queue.pop(0)
        if choices:
            resolve(st, step, choices[0])
    st.over = True


def step_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """The possible answers to a waiting step; empty when it cannot be done at all."""
    return _OPTIONS[step[0]](st, step)


def resolve(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    """Carry out one answer to a waiting step (``use X``: an assistant's effect B)."""
    if act.verb == "use":
        use(st, step, act.arg)
    else:
        _RESOLVE[step[0]](st, step, act)


def options(st: RaiateaState, seat: int) -> list[RaiateaAction]:
    step = st.queue[0]
    if step[0] == "sealed":
        return sealed_options(st, seat, step[2])
    return step_options(st, step)


def decide(st: RaiateaState, seat: int, act: RaiateaAction) -> None:
    step = st.queue[0]
    if step[0] == "sealed":
        sealed_decide(st, seat, step[2], act)
    else:
        st.queue.pop(0)
        resolve(st, step, act)
    run(st)


def explain(st: RaiateaState, seat: int) -> str | None:
    phase = st.queue[0][0]
    if phase == "sealed":
        return f"now you must {SEALED_PROMPTS[st.queue[0][2]]}"
    return f"now you must {PROMPTS.get(phase, phase)}"
