"""The games' log entries are typed events (vaka.core.events): a misspelt kind or field
fails where the event is made, copies share them, and they survive pickling and copying
with the state they are in."""

from __future__ import annotations

import copy
import pickle
import random
from pathlib import Path
from typing import Any, get_args

import pytest

import vaka
from vaka.core.state import State
from vaka.games.atua import events as atua_events
from vaka.games.atua.tiles import RESIDENTS
from vaka.games.raiatea import events as raiatea_events
from vaka.games.rapanui import events as rapanui_events

UNIONS: dict[str, Any] = {
    "raiatea": raiatea_events.RaiateaEvent,
    "rapa-nui": rapanui_events.RapaNuiEvent,
    "atua": atua_events.AtuaEvent,
}


def _played(game_id: str, players: int, seed: int, steps: int) -> State:
    st = vaka.load(game_id).new_state(players, seed)
    pick = random.Random(seed)
    for _ in range(steps):
        if st.is_over:
            break
        seat = st.to_move[0]
        st.apply(seat, pick.choice(st.legal_actions(seat)))
    return st


def test_a_misspelt_field_fails_where_the_event_is_made() -> None:
    with pytest.raises(TypeError):
        raiatea_events.Gain(seat=1, wat="pearls", n=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        raiatea_events.Gain(1, "pearls")  # type: ignore[call-arg]
    gain = raiatea_events.Gain(1, "pearls", 2)
    with pytest.raises(AttributeError):
        gain.wat = "mana"  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        _ = gain.wat  # type: ignore[attr-defined]


TYPOS = """
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.state import RaiateaState


def play(st: RaiateaState) -> None:
    st.log.append(ev.Gian(1, "pearls", 2))
    st.log.append(ev.Gain(1, "pearls", wat=2))
    st.log.append(("gain", 1, ("pearls", 2)))
    gain = ev.Gain(1, "pearls", 2)
    gain.n = 3
    print(gain.wat)
"""


def test_mypy_finds_a_misspelt_kind_or_field(tmp_path: Path) -> None:
    from mypy import api

    (tmp_path / "typos.py").write_text(TYPOS)
    out, _, status = api.run(
        ["--strict", "--cache-dir", str(tmp_path / "cache"), str(tmp_path / "typos.py")]
    )
    assert status == 1
    found = [line.split(": error: ")[0].rsplit(":", 1)[1] for line in out.splitlines()
             if ": error: " in line]  # fmt: skip
    assert found == ["7", "8", "9", "11", "12"], out  # each line with a typo, and only those


def test_events_compare_by_kind_and_fields() -> None:
    assert raiatea_events.Gain(1, "pearls", 2) == raiatea_events.Gain(1, "pearls", 2)
    assert raiatea_events.Gain(1, "pearls", 2) != raiatea_events.Pay(1, "pearls", 2)
    assert raiatea_events.Sell(0, "haari") != raiatea_events.Turn(0, "haari")
    assert len({raiatea_events.Keep(0, "RN19"), raiatea_events.Keep(0, "RN19")}) == 1


def test_an_event_says_itself_for_each_reader() -> None:
    keep = raiatea_events.Keep(2, "RN19")
    assert keep.said(2, False) == "You keep Hand of Hiro (2 mana)"
    assert keep.said(0, False) == "Seat 2 keeps a ritual"  # which one: for its seat only
    assert keep.said(0, True) == "Seat 2 keeps Hand of Hiro (2 mana)"  # and at the end
    assert keep.hidden().said(2, False) == "You keep a ritual"
    assert raiatea_events.RoundBegins("ceremony", 2).seat is None
    assert atua_events.Pass(1, "take", True).said(None, False) == "seat 1 passes (take) (no choice)"
    assert rapanui_events.Hide(1, 2).said(0, False) == (
        "Seat 1 puts a sacrifice card face down on the stone"
    )
    assert rapanui_events.Hide(1, 2).said(0, True) == (
        "Seat 1 puts a mulberry sacrifice card face down on the stone"
    )


def test_copies_share_an_event() -> None:
    event = raiatea_events.Bag((("RN19", 0), ("RG02", -1)), 3)
    assert copy.copy(event) is event and copy.deepcopy(event) is event
    assert pickle.loads(pickle.dumps(event)) == event


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "steps"),
    [("raiatea", 3, 4, 120), ("rapa-nui", 3, 2, 60), ("atua", 2, 7, 30), ("atua", 1, 6, 20)],
)
def test_a_state_with_its_events_pickles_copies_and_reads_the_same(
    game_id: str, players: int, seed: int, steps: int
) -> None:
    st = _played(game_id, players, seed, steps)
    kinds = get_args(UNIONS[game_id])
    assert st.log and all(isinstance(e, kinds) for e in st.log)
    views = [st.view(s) for s in (None, *range(players))]
    for twin in (pickle.loads(pickle.dumps(st)), copy.deepcopy(st), st.clone()):
        assert twin.log == st.log
        assert [twin.view(s) for s in (None, *range(players))] == views


def test_an_atua_guess_tells_each_seat_its_guessed_resident() -> None:
    st = _played("atua", 3, 5, 3)
    guess = st.determinize(0, seed=11)
    for s in (1, 2):
        name = RESIDENTS[guess.residents[s]].name  # type: ignore[attr-defined]
        assert guess.view(s)["log"][0]["text"] == f"setup; your resident (face down) is {name}"
