"""Rapa Nui's hidden information: hands, held sacrifice cards and face-down cards stay
with their owner; determinization re-deals them and the unseen cards."""

from __future__ import annotations

import json

import pytest

import vaka
from vaka.games.rapanui import events as ev
from vaka.games.rapanui import rules
from vaka.games.rapanui.params import GRAIN, KIND_NAMES, MOAI, POTATO, PRIEST
from vaka.games.rapanui.state import RapaNuiState

PRIVATE_KEYS = {"hand", "sacrifice", "face_down_cards"}


def _build_moai(state: RapaNuiState, seat: int) -> None:
    """Put a Moai and 7 wood in ``seat``'s hand and let it lay it now."""
    i = state.pile.index(MOAI)
    state.pile[i], state.hands[seat][0] = state.hands[seat][0], MOAI
    state.wood[seat] = 7
    state.active = seat
    state.queue = [(rules.LAY, seat, 0), (rules.DRAW, seat, 0), (rules.END_TURN, seat, 0)]
    state._legal_cache = None
    rules.run(state)
    state.apply(seat, "lay moai")


def after_a_moai(players: int = 3, seed: int = 4) -> RapaNuiState:
    """Seat 0 builds a Moai and hides a potato face down; the others sacrifice."""
    state = vaka.load("rapa-nui").new_state(players, seed)
    assert isinstance(state, RapaNuiState)
    _build_moai(state, 0)
    for seat in range(1, players):
        state.apply(seat, "sacrifice grain")
    state.apply(0, "sacrifice potato")  # face down
    state.apply(0, "offer fish")
    return state


def test_views_hold_only_the_viewers_private_data() -> None:
    state = after_a_moai()
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        for entry in view["seats"]:
            shown = PRIVATE_KEYS & entry.keys()
            assert shown == (PRIVATE_KEYS if entry["seat"] == viewer else set())
    assert state.view(0)["seats"][0]["face_down_cards"]["potato"] == 1
    assert state.view(1)["seats"][0]["face_down"] == 1  # only that a card lies there


def test_the_face_down_kind_is_named_only_to_its_owner() -> None:
    state = after_a_moai()
    owner_log = " | ".join(e["text"] for e in state.view(0)["log"])
    assert "put a potato sacrifice card face down" in owner_log
    for viewer in (None, 1, 2):
        log = state.view(viewer)["log"]
        hidden = [e["text"] for e in log if "face down" in e["text"]]
        assert hidden == ["Seat 0 puts a sacrifice card face down on the stone"]
        assert state.view(viewer)["stone"]["face_up"]["potato"] == 0


def test_changing_another_seats_hidden_cards_leaves_a_view_unchanged() -> None:
    state = after_a_moai()
    before = json.dumps(state.view(1), sort_keys=True)
    state.hands[0] = [POTATO, GRAIN]  # same sizes, other cards
    state.held[0] = [0, 0, 2, 1]
    state.stone_down[0] = [0, 1, 0, 0]
    state.hands[2] = [MOAI, MOAI, PRIEST]
    assert json.dumps(state.view(1), sort_keys=True) == before
    assert json.dumps(state.view(0), sort_keys=True) != before


def test_the_end_reveals_everything() -> None:
    state = after_a_moai()
    state.pile_out = True
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    view = state.view(None)
    assert all(entry.keys() >= PRIVATE_KEYS and "score" in entry for entry in view["seats"])
    assert view["seats"][0]["face_down_cards"]["potato"] == 1
    assert view["stone"]["all"]["potato"] == view["stone"]["face_up"]["potato"] + 1


def test_determinize_redeals_unseen_cards_and_others_secrets_only() -> None:
    state = after_a_moai(players=3)
    piles, hidden_kinds = set(), set()
    for k in range(30):
        guess = state.determinize(2, seed=k)
        assert isinstance(guess, RapaNuiState)
        assert guess.view(2) == state.view(2)
        assert guess.hands == state.hands  # hands follow from the public draws
        assert guess.held[2] == state.held[2] and guess.stone_down[2] == state.stone_down[2]
        assert [r[-1] for r in guess.rows] == [r[-1] for r in state.rows]  # visible tops
        assert sorted(guess.pile + [c for r in guess.rows for c in r]) == sorted(
            state.pile + [c for r in state.rows for c in r]
        )
        # seat 0's hand-plus-face-down pool is kept, only its split is guessed
        pool = [a + b for a, b in zip(guess.held[0], guess.stone_down[0], strict=True)]
        assert pool == [a + b for a, b in zip(state.held[0], state.stone_down[0], strict=True)]
        hide = next(e for e in guess.log if type(e) is ev.Hide)
        assert guess.stone_down[0][hide.kind] == 1  # the log tells the guessed kind
        assert guess.history == []  # a guess has no history to give the real one away
        assert guess.seed != state.seed
        piles.add(tuple(guess.pile))
        hidden_kinds.add(hide.kind)
        guess.check()
    assert len(piles) > 20
    assert hidden_kinds == {0, 1, 2, 3}  # seat 0 held one of each: any could be the one


def test_a_determinized_state_has_no_record() -> None:
    guess = after_a_moai().determinize(1, seed=0)
    with pytest.raises(vaka.VakaError, match="determinized"):
        guess.record()


def test_determinize_from_the_owners_seat_keeps_the_secret() -> None:
    state = after_a_moai()
    guess = state.determinize(0, seed=3)
    assert isinstance(guess, RapaNuiState)
    assert guess.stone_down[0] == state.stone_down[0] and guess.held[0] == state.held[0]


def test_fanned_rows_show_every_kind_and_are_never_redealt() -> None:
    state = vaka.load("rapa-nui").new_state(3, seed=6)
    assert isinstance(state, RapaNuiState)
    row = state.view(1)["rows"][0]
    assert row["kinds"] == [KIND_NAMES[c] for c in reversed(state.rows[0])]
    assert row["top"] == row["kinds"][0]
    for k in range(10):
        guess = state.determinize(1, seed=k)
        assert isinstance(guess, RapaNuiState)
        assert guess.rows == state.rows
        assert sorted(guess.pile) == sorted(state.pile)


def test_top_only_rows_hide_the_cards_below_and_redeal_them() -> None:
    state = vaka.load("rapa-nui").new_state(3, seed=6, rows="top-only")
    assert isinstance(state, RapaNuiState)
    assert all("kinds" not in row for row in state.view(1)["rows"])
    below = {
        tuple(tuple(r[:-1]) for r in g.rows) for g in (state.determinize(1, k) for k in range(10))
    }  # type: ignore[attr-defined]
    assert len(below) > 1
    with pytest.raises(vaka.InvalidOptions, match="must be one of"):
        vaka.load("rapa-nui").new_state(3, seed=6, rows="open")


def _sacrificed_face_up(state: RapaNuiState, seat: int, kind: int) -> None:
    """A public face-up sacrifice by ``seat`` (as in some earlier sacrifice round)."""
    rules._card_event(state, ev.Sacrifice(seat, kind))
    state.held[seat][kind] -= 1
    state.stone_up[kind] += 1


def test_guessed_face_down_kinds_respect_what_was_held_then_and_later_sacrifices() -> None:
    """Seat 0 held only fish and grain when it hid a card, and later sacrificed a grain face
    up with nothing gained in between: so the hidden card was the fish, in every guess."""
    state = vaka.load("rapa-nui").new_state(3, seed=4)
    assert isinstance(state, RapaNuiState)
    _sacrificed_face_up(state, 0, 2)
    _sacrificed_face_up(state, 0, 3)
    _build_moai(state, 0)
    state.apply(1, "sacrifice grain")
    state.apply(2, "sacrifice grain")
    state.apply(0, "sacrifice fish")  # face down: a grain is left
    _sacrificed_face_up(state, 0, 1)  # later, that grain goes on the stone face up
    assert state.held[0] == [0, 0, 0, 0]
    for k in range(25):
        guess = state.determinize(1, seed=k)
        assert isinstance(guess, RapaNuiState)
        assert guess.stone_down[0] == [1, 0, 0, 0]
        assert guess.held[0] == [0, 0, 0, 0]
        guess.check()
    free = after_a_moai()  # seat 0 held one of each: the guess may be any kind
    kinds = {free.determinize(1, seed=k).stone_down[0].index(1) for k in range(40)}  # type: ignore[attr-defined]
    assert kinds == {0, 1, 2, 3}


def test_a_guess_offers_the_choices_of_its_own_hidden_cards() -> None:
    """Seat 1 hid a card earlier and must now sacrifice one face up: in seat 2's guesses its
    choices follow the guessed cards, not the real ones."""
    state = vaka.load("rapa-nui").new_state(3, seed=4)
    assert isinstance(state, RapaNuiState)
    _build_moai(state, 1)
    state.apply(2, "sacrifice fish")
    state.apply(0, "sacrifice fish")
    state.apply(1, "sacrifice potato")  # face down
    state.apply(1, "offer grain")
    _build_moai(state, 0)  # (seat 1's draw is skipped: it does not matter here)
    assert state.to_move == (1,)
    seen = set()
    for k in range(30):
        guess = state.determinize(2, seed=k)
        assert isinstance(guess, RapaNuiState)
        held = guess.held[1]
        expected = [f"sacrifice {KIND_NAMES[r]}" for r in range(4) if held[r]]
        assert [str(a) for a in guess.legal_actions(1)] == expected
        seen.add(tuple(held))
    assert len(seen) > 1


def test_a_turn_that_can_do_nothing_says_why() -> None:
    state = vaka.load("rapa-nui").new_state(2, seed=4)
    assert isinstance(state, RapaNuiState)
    moais = [i for i, c in enumerate(state.pile) if c == MOAI][:3]
    for slot, i in enumerate(moais):  # seat 0 gets three Moais and too little wood
        state.pile[i], state.hands[0][slot] = state.hands[0][slot], MOAI
    state.wood[0] = 2
    state.queue = [(rules.BUY, 0, 0), (rules.LAY, 0, 0), (rules.DRAW, 0, 0), (rules.END_TURN, 0, 0)]
    state._legal_cache = None
    rules.run(state)
    assert state.active == 1
    words = [e["text"] for e in state.view(1)["log"]]
    assert (
        "Seat 0 can neither lay out a card (3 in hand, 2 wood) nor draw; the turn passes" in words
    )
