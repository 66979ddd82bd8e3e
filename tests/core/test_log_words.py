"""A game whose log words depend on the entry, the viewer and the game's end alone shares
them between its games: each shared entry reads exactly as the game describes it anew."""

from __future__ import annotations

import random
from typing import Any

import pytest

from vaka.core import log_words
from vaka.core.registry import load
from vaka.core.state import State
from vaka.i18n.said import Said, Words


def _same_words(a: Any, b: Any) -> bool:
    """Equal text, and for words that remember how they were made, equal templates and
    fields, field by field."""
    if type(a) is not type(b) or a != b:
        return False
    if isinstance(a, Said):
        mine = {name: getattr(a, name) for name in Said.__slots__}
        theirs = {name: getattr(b, name) for name in Said.__slots__}
        fields_a, fields_b = mine.pop("fields"), theirs.pop("fields")
        return (
            mine == theirs
            and fields_a.keys() == fields_b.keys()
            and all(_same_field(fields_a[k], fields_b[k]) for k in fields_a)
        )
    return True


def _same_field(a: Any, b: Any) -> bool:
    if isinstance(a, Words):  # words made by a function: the same function and arguments
        return isinstance(b, Words) and a.make is b.make and a.args == b.args
    if isinstance(a, tuple):  # a list of fields
        return (
            isinstance(b, tuple)
            and len(a) == len(b)
            and all(_same_field(x, y) for x, y in zip(a, b, strict=True))
        )
    return _same_words(a, b)


def _games(name: str, count: int) -> list[State]:
    """Random games at every player count and option, each viewed by every seat and a
    spectator after every action (some to the end)."""
    game = load(name)
    states = []
    for i in range(count):
        rng = random.Random(i)
        options = {
            key: rng.choice(option.choices or (option.default,))
            for key, option in game.options.items()
        }
        players = rng.choice(range(game.min_players, game.max_players + 1))
        state = game.new_state(players, i, **options)
        for _ in range(rng.choice([40, 1000])):
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            for viewer in [*range(state.players), None]:
                state.view(viewer)
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "count"), [("rapa-nui", 24), ("raiatea", 6)])
def test_shared_entries_read_as_each_game_describes_them_anew(name: str, count: int) -> None:
    log_words.clear()
    states = _games(name, count)
    assert type(states[0]).words_of_entry_alone
    for state in states:
        for viewer in [*range(state.players), None]:
            log = state.view(viewer)["log"]
            fresh = [
                {"seat": event.seat, "text": text}
                for event in state.log
                if (text := state._describe(event, viewer)) is not None
            ]
            assert len(log) == len(fresh)
            for entry, anew in zip(log, fresh, strict=True):
                assert entry["seat"] == anew["seat"]
                assert _same_field(entry["text"], anew["text"]), (entry, anew)


def test_the_same_entry_in_two_games_is_one_object() -> None:
    log_words.clear()
    game = load("rapa-nui")
    a, b = game.new_state(2, 1), game.new_state(3, 2)
    first = a.view(0)["log"][0]
    assert first["text"] == "Turn 1: your turn"
    assert b.view(0)["log"][0] is first


@pytest.mark.parametrize("value", [[1], (1, [2]), "x", None, 1.5, True])
def test_keys_tell_apart_what_compares_equal(value: Any) -> None:
    assert log_words.strict(value) == log_words.strict(value)
    assert log_words.strict(1) != log_words.strict(True) != log_words.strict(1.0)
    assert log_words.strict((1,)) != log_words.strict([1])
    with pytest.raises(log_words.Unkeyable):
        log_words.strict({"a": 1})
