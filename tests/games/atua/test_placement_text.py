"""The canonical text of a placement round-trips and nothing else parses."""

from __future__ import annotations

import pytest

from vaka.games.atua.placement import Placement


@pytest.mark.parametrize(
    "text",
    [
        "place c17 at 1520,-340 angle 450",
        "place c1 at 0,0 angle 0",
        "place v3 at -12,99999 angle 3599",
        "place c58 at -1,1 angle 1",
    ],
)
def test_text_round_trips(text: str) -> None:
    p = Placement.parse(text)
    assert str(p) == text
    assert Placement.parse(str(p)) == p


def test_parse_reads_the_numbers() -> None:
    assert Placement.parse("place c17 at 1520,-340 angle 450") == Placement("c17", 1520, -340, 450)


@pytest.mark.parametrize(
    "text",
    [
        "place c17 at 1520, -340 angle 450",  # a space
        "place c17 at 1520,-340 angle 3600",  # a full turn is angle 0
        "place c17 at 1520,-340 angle -450",
        "place c17 at 01520,-340 angle 450",  # leading zero: not canonical
        "place c17 at -0,5 angle 0",
        "place c17 at 1520.5,-340 angle 450",  # not an integer
        "place C17 at 1520,-340 angle 450",
        "put c17 at 1520,-340 angle 450",
        "place c17 at 1520,-340",
    ],
)
def test_non_canonical_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Placement.parse(text)


def test_values_are_checked() -> None:
    with pytest.raises(ValueError):
        Placement("c1", 0, 0, 3600)
    with pytest.raises(TypeError):
        Placement("c1", 0.5, 0, 0)  # type: ignore[arg-type]


def test_diagonal() -> None:
    assert Placement("c1", 0, 0, 450).diagonal
    assert Placement("c1", 0, 0, 300).diagonal
    assert not Placement("c1", 0, 0, 2700).diagonal


def test_the_vocabulary_is_every_placement_by_arithmetic() -> None:
    """The conformance suite samples the vocabulary; its two ends are checked here."""
    from vaka.games.atua import GAME
    from vaka.games.atua import actions as A

    assert len(GAME.actions) == A.SIZE
    assert GAME.actions[0] == A.SMALL[0]
    last = GAME.actions[-1]
    assert last == GAME.action_from_index(A.SIZE - 1)
    assert isinstance(last, Placement) and last.angle == 3599
    assert GAME.action_index(last) == A.SIZE - 1
    assert not GAME.is_action(object()) and not GAME.is_action("take 1")
