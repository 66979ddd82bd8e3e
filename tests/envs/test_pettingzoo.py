"""The PettingZoo environments: PettingZoo's own tests, and that agents see only their view."""

from __future__ import annotations

import random
import types
from functools import partial
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, seed_test
from pettingzoo.utils.conversions import parallel_to_aec

from vaka.core import load
from vaka.envs import pettingzoo as pz
from vaka.envs.layouts import BEGIN, END, document, encoder

TABLES = [
    (g, n)
    for g in ("rapa-nui", "raiatea", "atua")
    for n in range(load(g).min_players, load(g).max_players + 1)
]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "ENVIRONMENTS.md"


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_pettingzoo_api_seed_and_max_cycles_tests(game: str, players: int) -> None:
    api_test(pz.env(game, players), num_cycles=60)
    seed_test(partial(pz.env, game, players), num_cycles=40)
    # max_cycles_test samples actions without the mask: the parallel view plays them wrapped.
    module = types.SimpleNamespace(
        parallel_env=lambda max_cycles: pz.parallel_env(
            game, players, max_cycles=max_cycles, illegal="wrap"
        ),
        env=lambda max_cycles: parallel_to_aec(
            pz.parallel_env(game, players, max_cycles=max_cycles, illegal="wrap")
        ),
    )
    max_cycles_test(module)


def _play(table: pz.raw_env, seed: int, rng: random.Random) -> list[tuple[str, int]]:
    table.reset(seed=seed)
    moves = []
    for agent in table.agent_iter():
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        moves.append((agent, action))
        table.step(action)
    return moves


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 3), ("raiatea", 4), ("atua", 2)])
def test_a_seed_reproduces_the_engines_game_and_rewards_follow_the_result(
    game: str, players: int
) -> None:
    table = pz.raw_env(game, players)
    moves = _play(table, 11, random.Random(5))
    record = table.state_now.record()
    assert _play(table, 11, random.Random(5)) == moves
    assert table.state_now.record() == record
    assert record["seed"] == 11 and record["players"] == players
    state = load(game).new_state(players, 11)
    for seat, text in record["actions"]:
        state.apply(seat, text)
    assert state.is_over
    winners = state.winners()
    rewards = pz.final_rewards(state, "win")
    assert rewards == [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    scores = state.scores()
    margin = pz.final_rewards(state, "margin")
    assert margin[0] == scores[0] - max(scores[1:])


def test_tied_winners_share_the_win() -> None:
    class Tied:
        players = 3

        def winners(self) -> list[int]:
            return [0, 2]

    assert pz.final_rewards(Tied(), "win") == [0.5, 0.0, 0.5]  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 4), ("raiatea", 3), ("atua", 3)])
def test_observations_do_not_change_with_what_the_seat_cannot_know(game: str, players: int) -> None:
    """A re-deal of everything hidden from a seat (a guess of the whole truth that the seat
    cannot tell apart from it) leaves that seat's observation unchanged."""
    rng = random.Random(2)
    state = load(game).new_state(players, 3)
    enc = encoder(game, players)
    checked = redealt = 0
    skip = {"seed", "rng", "history", "log", "determinized", "_legal_cache"}
    while not state.is_over and checked < 40:
        seat = state.to_move[0]
        for k in range(2):
            guess = state.determinize(seat, k)
            assert np.array_equal(enc.encode(guess.view(seat)), enc.encode(state.view(seat)))
            truth = {k: v for k, v in vars(state).items() if k not in skip}
            redealt += truth != {k: v for k, v in vars(guess).items() if k not in skip}
            checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked >= 40
    assert redealt > checked // 2  # the guesses really differ from the truth


def test_sealed_choices_are_asked_seat_by_seat_and_stay_hidden() -> None:
    table = pz.raw_env("raiatea", 3)
    table.reset(seed=4)
    rng = random.Random(0)
    # A mana offer or auction bid: how much a seat put in stays hidden until all are in
    # (how many clipped rituals a seat prepares is public: the card backs show).
    while not (
        len(table.state_now.to_move) > 1
        and table.state_now.view(None)["decision"]["phase"] in ("offer", "auction")
    ):
        agent = table.agent_selection
        table.step(rng.choice(np.flatnonzero(table.observe(agent)["action_mask"]).tolist()))
    first, later = sorted(table.state_now.to_move)[:2]
    assert table.agent_selection == f"player_{first}"
    choices = np.flatnonzero(table.observe(f"player_{first}")["action_mask"]).tolist()
    assert len(choices) > 1
    seen = []
    for choice in (choices[0], choices[-1]):
        twin = pz.raw_env("raiatea", 3)
        twin.reset(seed=4)
        twin.table.state = table.state_now.clone()
        twin.agent_selection = f"player_{first}"
        twin.step(choice)
        while twin.agent_selection == f"player_{first}":  # more to the same sealed choice
            legal = np.flatnonzero(twin.observe(f"player_{first}")["action_mask"]).tolist()
            twin.step(1 if 1 in legal else legal[0])  # 1 is "done"
        assert twin.agent_selection == f"player_{later}"
        assert later in twin.state_now.to_move
        seen.append(twin.observe(f"player_{later}")["observation"])
    assert np.array_equal(seen[0], seen[1])


@pytest.mark.parametrize(("game", "players"), [("rapa-nui", 2), ("raiatea", 5), ("atua", 1)])
def test_random_games_stay_inside_every_fields_range(game: str, players: int) -> None:
    enc = encoder(game, players)
    rng = random.Random(9)
    for seed in range(2):
        state = load(game).new_state(players, seed)
        while True:
            for seat in range(players):
                raw = enc.raw(state.view(seat))
                outside = [
                    s.name
                    for s in enc.slots
                    if not (
                        (raw[s.offset : s.offset + s.size] >= s.low).all()
                        and (raw[s.offset : s.offset + s.size] <= s.high).all()
                    )
                ]
                assert not outside, outside
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("game", "players"), [(g, n) for g, n in TABLES if n <= 3])
def test_observations_are_the_encoded_whole_view(game: str, players: int) -> None:
    """The environment encodes views built without the log, which no field reads: each
    observation along a random game is the seat's whole view encoded."""
    env = pz.env(game, players)
    env.reset(seed=4)
    enc = encoder(game, players)
    rng = random.Random(4)
    for _ in range(40):
        if not env.agents:
            break
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        got = env.observe(agent)
        assert np.array_equal(got["observation"], enc.encode(env.unwrapped.state_now.view(seat)))
        legal = np.flatnonzero(got["action_mask"])
        env.step(
            None if env.terminations[agent] or env.truncations[agent] else int(rng.choice(legal))
        )


def test_atua_slots_are_the_legal_placements_in_index_order_then_short_actions() -> None:
    table = pz.raw_env("atua", 2)
    table.reset(seed=1)
    rng = random.Random(1)
    while table.state_now.view(None)["decision"]["phase"] != "place":
        agent = table.agent_selection
        table.step(rng.choice(np.flatnonzero(table.observe(agent)["action_mask"]).tolist()))
    agent = table.agent_selection
    state = table.state_now
    slots = table.slot_actions(agent)
    placements = [slots[k] for k in sorted(slots) if k < 40]
    assert placements == sorted(
        (a for a in state.legal_actions(int(agent[-1])) if a in placements),
        key=state.game.action_index,
    )
    assert sorted(k for k in slots if k < 40) == list(range(len(placements)))
    assert set(map(str, slots.values())) == set(map(str, state.legal_actions(int(agent[-1]))))
    mask = table.observe(agent)["action_mask"]
    assert mask.shape == (67,) and set(np.flatnonzero(mask)) == set(slots)


def test_an_illegal_action_ends_the_game_with_minus_one() -> None:
    table = pz.env("rapa-nui", 2)
    table.reset(seed=0)
    agent = table.agent_selection
    illegal = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0])
    table.step(illegal)
    assert all(table.terminations.values())
    assert table.rewards[agent] == -1


def test_render_modes() -> None:
    text = pz.raw_env("rapa-nui", 2, render_mode="ansi")
    text.reset(seed=0)
    assert "Rapa Nui" in text.render() or "row" in text.render().lower()
    pictures = pz.raw_env("atua", 2, render_mode="svg")
    pictures.reset(seed=0)
    svgs = pictures.render()
    assert "atua-table.svg" in svgs and all(s.lstrip().startswith("<svg") for s in svgs.values())
    with pytest.raises(ValueError):
        pz.raw_env("raiatea", 3, render_mode="svg")
    with pytest.raises(ValueError):  # the parallel environment refuses it alike
        pz.parallel_env("raiatea", 3, render_mode="svg")
    parallel = pz.parallel_env("atua", 2, render_mode="svg")
    parallel.reset(seed=0)
    assert parallel.render() == svgs  # the same game, drawn the same way


def _placed(table: pz.raw_env) -> list[int]:
    return [len(s["placements"]) for s in table.state_now.view(None)["seats"]]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_rgb_array_draws_the_table_and_every_island(players: int) -> None:
    from vaka.games.atua.raster import COLUMNS, HEAD, PANEL, STRIP, WIDTH, frame_shape

    table = pz.raw_env("atua", players, render_mode="rgb_array")
    assert "rgb_array" in table.metadata["render_modes"]
    table.reset(seed=3)
    first = table.render()
    assert isinstance(first, np.ndarray) and first.dtype == np.uint8
    assert first.shape == frame_shape(players) == (STRIP + PANEL * -(-players // 3), WIDTH, 3)
    again = pz.raw_env("atua", players, render_mode="rgb_array")
    again.reset(seed=3)
    assert np.array_equal(again.render(), first)  # the same state, the same frame
    rng = random.Random(players)
    before = _placed(table)
    while _placed(table) == before:  # play until a card is laid on some island
        frame = table.render()
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(rng.choice(np.flatnonzero(mask).tolist()))
    after = table.render()
    assert after.shape == first.shape
    seat = next(i for i, (a, b) in enumerate(zip(before, _placed(table), strict=True)) if a != b)
    columns = min(players, COLUMNS)
    top, left = STRIP + (seat // COLUMNS) * PANEL + HEAD, (seat % columns) * (WIDTH // columns)
    panel = (slice(top, top + PANEL - HEAD), slice(left, left + WIDTH // columns))
    assert not np.array_equal(after[panel], frame[panel])  # that seat's island changed
    for other in set(range(players)) - {seat}:
        top = STRIP + (other // COLUMNS) * PANEL + HEAD
        left = (other % columns) * (WIDTH // columns)
        still = (slice(top, top + PANEL - HEAD), slice(left, left + WIDTH // columns))
        assert np.array_equal(after[still], frame[still])  # the others' did not
    after[:] = 0  # a caller may scribble on its frame: the next one is drawn whole
    assert table.render().any()


def test_rgb_array_is_offered_only_where_the_game_draws_pixels() -> None:
    with pytest.raises(ValueError):
        pz.raw_env("rapa-nui", 2, render_mode="rgb_array")
    table = pz.parallel_env("atua", 3, render_mode="rgb_array")
    table.reset(seed=1)
    aec = pz.raw_env("atua", 3, render_mode="rgb_array")
    aec.reset(seed=1)
    assert np.array_equal(table.render(), aec.render())


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        pz.raw_env("atua", 7)
    with pytest.raises(ValueError):
        pz.raw_env("atua", 2, reward="points")
    with pytest.raises(ValueError):
        pz.raw_env("atua", 2, colour="red")


def test_the_documented_field_tables_are_the_encoders() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert BEGIN in text and END in text
    assert document() in text, "run scripts/environments_doc.py"
