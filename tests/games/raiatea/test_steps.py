"""The step queue's classes: every phase has its rules, steps cannot change, clones share them."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from tests.games.raiatea.helpers import fresh, new
from vaka.core.errors import IllegalAction, MalformedAction
from vaka.games.raiatea import rules
from vaka.games.raiatea.steps import Keep, Mission, Sealed, Step
from vaka.i18n import using

CLASSES = typing.get_args(Step)


def test_every_step_class_but_sealed_has_one_set_of_rules() -> None:
    assert set(rules.RULES) == set(CLASSES) - {Sealed}  # Sealed: sealed_options, sealed_decide
    for cls, r in rules.RULES.items():
        assert r.step is cls
        decision = r.auto is None
        assert decision == (r.options is not None) == (r.resolve is not None) == bool(r.prompt)


def test_phase_names_are_distinct_and_prompted_decisions_are_named() -> None:
    names = [cls.phase for cls in CLASSES]
    assert len(set(names)) == len(names)
    assert rules.PROMPTS["mission"] == "fulfil a To'o mission, or pass"


def test_a_step_cannot_be_changed() -> None:
    step = Mission(0, "build")
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.why = "opt"  # type: ignore[misc]
    assert step == Mission(0, "build") and step != Mission(0, "opt")


def test_a_clone_shares_the_steps_but_not_the_queue() -> None:
    st = new()
    twin = st.clone()
    assert twin.queue == st.queue and twin.queue is not st.queue
    assert all(a is b for a, b in zip(twin.queue, st.queue, strict=True))
    seat = st.to_move[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert twin.queue != st.queue and st.to_move == (seat,)


def test_the_view_names_the_front_step_and_its_seat() -> None:
    st = fresh()  # setup 14: keeping starting rituals
    front = st.queue[0]
    assert isinstance(front, Keep)
    decision = st.view(front.seat)["decision"]
    assert decision == {"phase": "keep", "seat": front.seat, "prompt": rules.PROMPTS["keep"]}


def test_a_refusal_says_the_decision_waiting_in_the_readers_language() -> None:
    st = new()
    seat = st.to_move[0]
    with using("de"):
        with pytest.raises(IllegalAction) as refused:
            st.apply(seat, "advance")
        assert "nicht erlaubt: jetzt müssen Sie ein Ortsplättchen besetzen" in str(refused.value)
        with pytest.raises(MalformedAction, match="keine Aktion von Raiatea; Aktionen beginnen"):
            st.apply(seat, "frobnicate x")
    with pytest.raises(IllegalAction, match="now you must claim a location tile"):
        st.apply(seat, "advance")
