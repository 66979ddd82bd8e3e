"""The core's own pieces: registry, records and replay, the random generator, errors."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import vaka
from vaka.core import Rng, derive_seed
from vaka.core.record import record_text


def a_record() -> dict[str, Any]:
    state = vaka.load("rapa-nui").new_state(3, seed=21)
    for _ in range(6):
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    return state.record()


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(vaka.UnknownGame) as info:
        vaka.load("monopoly")
    assert "rapa-nui" in str(info.value) and "monopoly" in str(info.value)
    assert isinstance(info.value, LookupError)
    with pytest.raises(vaka.UnknownGame):
        vaka.load(None)  # type: ignore[arg-type]


def test_the_registry_lists_installed_and_registered_games() -> None:
    assert "rapa-nui" in vaka.game_ids()
    assert "sealed-bid" in vaka.game_ids()  # registered by tests/conftest.py
    assert vaka.load("rapa-nui") is vaka.load("rapa-nui")
    assert vaka.game_ids() == sorted(vaka.game_ids())


def test_record_text_is_json_with_one_action_per_line(tmp_path: Path) -> None:
    record = a_record()
    text = record_text(record)
    assert json.loads(text) == record
    assert text.count("\n  [") == len(record["actions"])
    empty = vaka.load("rapa-nui").new_state(2, 1).record()
    assert json.loads(record_text(empty)) == empty
    path = vaka.save_record(vaka.replay(record), tmp_path / "r.json")
    assert vaka.load_record(path) == record


def test_replay_upto_stops_early() -> None:
    record = a_record()
    part = vaka.replay(record, upto=2)
    assert len(part.history) == 2
    assert [str(a) for _, a in part.history] == [a[1] for a in record["actions"][:2]]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r.update(format="chess"), "not a vaka game record"),
        (lambda r: r.update(version=99), "unsupported record version"),
        (lambda r: r.pop("seed"), "lacks seed"),
        (lambda r: r.update(game="monopoly"), "unknown game"),
        (lambda r: r.update(players=9), "2-4 players"),
        (lambda r: r.update(options={"x": 1}), "no option"),
        (lambda r: r.update(actions="draw 1"), "actions a list"),
        (lambda r: r["actions"].append("draw 1"), "should be [seat, text]"),
        (lambda r: r["actions"].append([0, 7]), "should be [seat, text]"),
        (lambda r: r["actions"].insert(0, [5, "draw 1"]), "seat must be"),
        (lambda r: r["actions"].insert(0, [1, "draw 1"]), "not to move"),
        (lambda r: r["actions"].insert(0, [0, "lay moai"]), "not allowed"),
    ],
)
def test_damaged_records_are_refused_saying_where(change: Any, words: str) -> None:
    record = a_record()
    change(record)
    with pytest.raises(vaka.InvalidRecord, match=words.replace("[", r"\[")):
        vaka.replay(record)


def test_unreadable_record_files_are_refused(tmp_path: Path) -> None:
    for name, content in (("a.json", "not json"), ("b.json", "[1, 2]"), ("c.json", b"\xff\xfe")):
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        with pytest.raises(vaka.InvalidRecord):
            vaka.load_record(path)
    with pytest.raises(vaka.InvalidRecord):
        vaka.load_record(tmp_path / "missing.json")


def test_derive_seed_is_stable_and_spreads() -> None:
    assert derive_seed(1, "game", 0) == derive_seed(1, "game", 0)
    assert derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
    # defined by SHA-256, so it is the same on every machine and Python version
    expected = int.from_bytes(hashlib.sha256(b"(1, 'game', 0)").digest()[:8], "big") >> 1
    assert derive_seed(1, "game", 0) == expected == 2039080234359318343
    assert 0 <= derive_seed("x") < 2**63


def test_rng_is_deterministic_copyable_and_fair() -> None:
    a, b = Rng(5), Rng(5)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert a.below(1000) == c.below(1000)
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(n - 10_000) < 500 for n in counts.values())  # about 5 sd
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    with pytest.raises(ValueError):
        rng.below(0)


def test_errors_are_value_errors_typed_by_meaning() -> None:
    for cls in (vaka.MalformedAction, vaka.InvalidSeat, vaka.NotYourTurn, vaka.GameOver):
        assert issubclass(cls, vaka.IllegalAction)
    assert issubclass(vaka.IllegalAction, ValueError)
    assert issubclass(vaka.InvalidOptions, ValueError)
    assert issubclass(vaka.InvalidRecord, vaka.VakaError)


def test_a_seat_not_to_move_is_told_who_is() -> None:
    state = vaka.load("rapa-nui").new_state(3, seed=1)
    with pytest.raises(vaka.NotYourTurn, match="waiting for seat 0"):
        state.apply(2, "draw 1")
    assert state.legal_actions(2) == []


def test_an_equal_action_built_by_hand_is_recorded_by_its_proper_text() -> None:
    from vaka.games.rapanui.actions import RapaNuiAction

    state = vaka.load("rapa-nui").new_state(2, seed=1)
    legal = state.legal_actions(0)[0]
    assert isinstance(legal, RapaNuiAction)
    state.apply(0, RapaNuiAction(legal.verb, legal.arg, legal.count))  # no text given
    assert state.record()["actions"] == [[0, str(legal)]]
    assert vaka.replay(state.record()).record() == state.record()


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 2), ("raiatea", 3), ("atua", 2)])
def test_log_entries_are_the_views_log_as_the_state_keeps_it(game: str, players: int) -> None:
    """``log_entries`` gives each viewer's log as its view does, as one tuple kept until
    the log grows (what the server's pushes keep rather than a copy)."""
    state = vaka.load(game).new_state(players, 5)
    for step in range(12):
        if state.is_over:
            break
        for viewer in (None, *range(players)):
            entries = state.log_entries(viewer)
            assert isinstance(entries, tuple) and list(entries) == state.view(viewer)["log"]
            assert state.log_entries(viewer) is entries
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[step % len(state.legal_actions(seat))])
