"""One conformance suite for every registered game, at every player count, over many seeds.

Random play drives each game to the end while every step is checked against the engine
contract. ``VAKA_SOAK=1`` widens the run (more seeds, and the heaviest cases checked as
densely as the others; see docs/PERFORMANCE.md).
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vaka
from vaka.core import Rng, State

SOAK = bool(os.environ.get("VAKA_SOAK"))
SEEDS = range(int(os.environ.get("VAKA_SOAK_SEEDS", 200)) if SOAK else 4)
#: The cases whose per-state checks cost the most (Raiatea at 4 and 5 players: longer games,
#: each state's determinizations and views for more seats): outside ``VAKA_SOAK`` the tests
#: that check states along a game look at every n-th of the states they look at in other
#: cases, still spread over the whole game.
SPARSER = {("raiatea", 4): 2, ("raiatea", 5): 3}
CASES = [
    (game_id, players)
    for game_id in vaka.game_ids()
    for players in range(vaka.load(game_id).min_players, vaka.load(game_id).max_players + 1)
]
BAD_SEATS: list[Any] = [-1, 99, "0", None, True, 1.0]


def vocabulary(game: vaka.Game, most: int = 2000) -> list[Any]:
    """The game's actions, or, for a vocabulary too large to list (Atua's placements),
    ``most`` of them spread evenly over the index range."""
    count = len(game.actions)
    if count <= most:
        return list(game.actions)
    return [game.action_from_index(i * (count - 1) // (most - 1)) for i in range(most)]


def seats(state: State) -> list[int | None]:
    return [None, *range(state.players)]


def snapshot(state: State) -> bytes:
    """Everything in the state, hidden parts included."""
    return pickle.dumps(state)


def views(state: State) -> list[str]:
    return [json.dumps(state.view(s), sort_keys=True) for s in seats(state)]


def every(game_id: str, players: int, steps: int) -> int:
    """How many decisions apart a test checks states: ``steps``, times the case's factor in
    ``SPARSER`` outside ``VAKA_SOAK``.

    >>> every("rapa-nui", 5, 3), every("raiatea", 3, 3)
    (3, 3)
    """
    return steps if SOAK else steps * SPARSER.get((game_id, players), 1)


def random_game(game_id: str, players: int, seed: int, check_every: int = 1):
    """Yield (state, step) at each decision of a random game; the caller checks it."""
    state = vaka.load(game_id).new_state(players, seed)
    rng = Rng(seed + 1)
    step = 0
    while not state.is_over:
        if step % check_every == 0:
            yield state, step
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    yield state, step


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_play_keeps_the_contract(game_id: str, players: int, seed: int) -> None:
    game = vaka.load(game_id)
    for state, step in random_game(game_id, players, seed):
        state.check()
        to_move = state.to_move
        assert len(set(to_move)) == len(to_move)
        for seat in range(players):
            legal = state.legal_actions(seat)
            assert bool(legal) == (seat in to_move), f"step {step}: seat {seat} legal {legal}"
            for action in legal:
                assert game.parse_action(str(action)) == action
                assert game.action_from_index(game.action_index(action)) == action
        for seat in seats(state):
            json.dumps(state.view(seat))  # JSON-ready
        if state.is_over:
            # Only a solo game may end with no winning seat (lost to an automated opponent).
            assert state.winners() or players == 1
            assert set(state.winners()) <= set(range(players))
            assert len(state.scores()) == players
            assert state.view(None)["scores"] == state.scores()
        else:
            assert state.winners() == []
    assert step > 0


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_legal_action_is_accepted(game_id: str, players: int) -> None:
    for state, _ in random_game(game_id, players, seed=11, check_every=3):
        for seat in state.to_move:
            for action in state.legal_actions(seat):
                twin = state.clone()
                twin.apply(seat, copy.deepcopy(action))  # an equal value, not the very one
                twin.check()
                assert twin.record()["actions"][-1] == [seat, str(action)]
                by_text = state.clone()
                by_text.apply(seat, str(action))
                assert snapshot(by_text) == snapshot(twin)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_clones_are_independent(game_id: str, players: int) -> None:
    for state, _ in random_game(game_id, players, seed=5, check_every=4):
        if state.is_over:
            break
        before = snapshot(state)
        twin = state.clone()
        assert snapshot(twin) == before
        twin.options["x"] = 1  # even the options are the clone's own
        assert snapshot(state) == before
        del twin.options["x"]
        while not twin.is_over:  # play the clone to the end
            seat = twin.to_move[0]
            twin.apply(seat, twin.legal_actions(seat)[-1])
        assert snapshot(state) == before


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_same_seed_and_actions_give_the_same_game(game_id: str, players: int, seed: int) -> None:
    a = list(random_game(game_id, players, seed))[-1][0]
    b = vaka.load(game_id).new_state(players, seed)
    for seat, action in a.history:
        b.apply(seat, str(action))
    assert views(a) == views(b)
    assert snapshot(a) == snapshot(b)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_record_replays_exactly(game_id: str, players: int) -> None:
    for state, step in random_game(game_id, players, seed=3, check_every=17):
        record = json.loads(json.dumps(state.record()))
        again = vaka.replay(record)
        assert again.record() == state.record()
        assert views(again) == views(state)
        assert snapshot(again) == snapshot(state), f"step {step}"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_views_do_not_leak_hidden_information(game_id: str, players: int) -> None:
    """A determinized state re-deals everything a seat cannot know; if the seat's view of it
    differs, the view showed something hidden (or the re-deal broke what is public)."""
    for state, step in random_game(
        game_id, players, seed=9, check_every=every(game_id, players, 2)
    ):
        for seat in range(players):
            for k in range(2):
                guess = state.determinize(seat, seed=step * 10 + k)
                guess.check()
                assert guess.view(seat) == state.view(seat), f"step {step}, seat {seat}"
                assert guess.to_move == state.to_move
                for other in guess.to_move:  # the guess is a playable state
                    legal = guess.legal_actions(other)
                    assert legal
                    for action in legal:
                        trial = guess.clone()
                        trial.apply(other, action)
                        trial.check()


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_view_describes_the_log_as_a_fresh_state_does(game_id: str, players: int) -> None:
    """``view`` describes only the log entries added since the last view of the same seat
    (and a clone keeps what was described): its log must read as one described anew, the
    one a replay of the record or a determinized guess starts from."""
    compare = every(game_id, players, 9)  # decisions between comparisons
    for state, step in random_game(game_id, players, seed=17):
        for seat in seats(state):
            state._log_entries(seat, state.is_over)  # described step by step
            if step % compare and not state.is_over:
                continue
            fresh = state.clone()
            fresh._described = {}
            assert state.view(seat)["log"] == fresh.view(seat)["log"], f"step {step}, {seat}"
            if seat is not None and not state.is_over and step % (2 * compare) == 0:
                guess = state.determinize(seat, seed=step)  # it rewrites hidden choices
                again = guess.clone()
                again._described = {}
                assert guess.view(seat)["log"] == again.view(seat)["log"]
                for other in seats(guess):
                    assert guess.view(other)["log"] == again.view(other)["log"]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_view_without_the_log_is_the_view_less_its_log(game_id: str, players: int) -> None:
    """``view(seat, log=False)`` drops the log and nothing else, and describes nothing: a
    later view with the log reads as before."""
    for state, _step in random_game(game_id, players, seed=19, check_every=5):
        for seat in seats(state):
            fresh = state.clone()
            fresh._described = {}
            short = fresh.view(seat, log=False)
            assert "log" not in short
            assert fresh._described == {}
            full = fresh.view(seat)
            assert full.pop("log") == state.view(seat)["log"]
            assert json.dumps(short, sort_keys=True) == json.dumps(full, sort_keys=True)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_determinize_depends_only_on_what_the_seat_may_know(game_id: str, players: int) -> None:
    """Two states a seat cannot tell apart must give it the same determinization; else the
    guess carries traces of the real hidden cards (and a seat knowing the seed could undo
    the shuffle)."""
    for state, step in random_game(
        game_id, players, seed=13, check_every=every(game_id, players, 3)
    ):
        for seat in range(players):
            other_world = state.determinize(seat, seed=1000 + step)
            assert other_world.view(seat) == state.view(seat)
            a = state.determinize(seat, seed=step)
            b = other_world.determinize(seat, seed=step)
            assert snapshot(a) == snapshot(b), f"step {step}, seat {seat}"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_bad_input_is_refused_and_changes_nothing(game_id: str, players: int) -> None:
    game = vaka.load(game_id)
    all_actions = vocabulary(game)
    for state, _ in random_game(game_id, players, seed=2, check_every=every(game_id, players, 5)):
        before = snapshot(state)
        to_move = state.to_move
        attempts: list[tuple[Any, Any]] = [(s, "no such action") for s in range(players)]
        attempts += [(s, "") for s in range(players)]
        attempts += [(s, 42) for s in range(players)]
        attempts += [(s, object()) for s in range(players)]
        attempts += [(bad, all_actions[0]) for bad in BAD_SEATS]
        for seat in range(players):
            legal = state.legal_actions(seat)
            illegal = [a for a in all_actions if a not in legal]
            spread = illegal[:: max(1, len(illegal) // 40)]  # about 40, across the vocabulary
            attempts += [(seat, a) for a in spread]
            attempts += [(seat, str(a)) for a in spread[:5]]
        for seat, action in attempts:
            with pytest.raises(vaka.IllegalAction) as info:
                state.apply(seat, action)
            assert str(info.value)
            assert snapshot(state) == before, f"{seat!r} {action!r} changed the state"
        if not to_move:
            with pytest.raises(vaka.GameOver):
                state.apply(0, all_actions[0])
        for bad in BAD_SEATS:
            if bad is not None:  # None is the spectator's view
                with pytest.raises(vaka.InvalidSeat):
                    state.view(bad)
            with pytest.raises(vaka.InvalidSeat):
                state.legal_actions(bad)
        assert snapshot(state) == before


@pytest.mark.parametrize("game_id", vaka.game_ids())
def test_action_vocabulary_round_trips(game_id: str) -> None:
    game = vaka.load(game_id)
    actions = vocabulary(game)
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(texts)
    assert len(set(actions)) == len(texts)
    for action in actions:
        i = game.action_index(action)
        assert game.parse_action(str(action)) == action
        assert game.action_from_index(i) == action
        hash(action)
    if len(actions) == len(game.actions):  # the whole vocabulary: indices are 0..n-1
        assert [game.action_index(a) for a in actions] == list(range(len(actions)))
    for bad in (-1, len(game.actions), "0", None):
        with pytest.raises(vaka.MalformedAction):
            game.action_from_index(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", vaka.game_ids())
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=20))
def test_any_text_parses_or_is_refused_as_malformed(game_id: str, text: str) -> None:
    game = vaka.load(game_id)
    try:
        action = game.parse_action(text)
    except vaka.MalformedAction as exc:
        assert str(exc)
    else:
        assert game.parse_action(str(action)) == action


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_player_counts_and_options_are_checked(game_id: str, players: int) -> None:
    game = vaka.load(game_id)
    assert game.new_state(players, seed=1).players == players
    for bad in (game.min_players - 1, game.max_players + 1, "3", 2.0, None):
        with pytest.raises(vaka.InvalidOptions):
            game.new_state(bad, seed=1)  # type: ignore[arg-type]
    with pytest.raises(vaka.InvalidOptions, match="no option"):
        game.new_state(players, seed=1, no_such_option=True)
    with pytest.raises(vaka.InvalidOptions):
        game.new_state(players, seed="x")  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", vaka.game_ids())
def test_a_declared_browser_board_is_there(game_id: str) -> None:
    """A game that names a board folder (``Game.board``) ships its ``board.js`` there, which
    exports a ``Board`` and its ``styles``, and the stylesheets it names."""
    game = vaka.load(game_id)
    folder = game.board_folder()
    if game.board is None:
        assert folder is None
        return
    assert folder is not None and (folder / "board.js").is_file(), folder
    source = (folder / "board.js").read_text()
    assert "export function Board(" in source
    styles = re.search(r"export const styles = \[([^\]]*)\]", source)
    assert styles, "board.js names its stylesheets"
    for name in re.findall(r'"([^"]+)"', styles.group(1)):
        assert (folder / name).is_file(), name
