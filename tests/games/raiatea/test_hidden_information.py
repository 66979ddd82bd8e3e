"""What lies behind a screen is hidden; determinization re-deals only what a seat cannot know."""

from __future__ import annotations

from tests.games.conftest import MADE
from tests.games.raiatea.helpers import give_ritual, new, phase, play_until
from vaka.games.raiatea import events as ev


def test_screen_contents_are_hidden_from_others() -> None:
    st = new(4, 1)
    other = st.view(0)["seats"][1]
    for key in ("pearls", "mana", "goods", "hand", "too_tokens"):
        assert key not in other
    mine = st.view(0)["seats"][0]
    assert mine["hand"] == st.hand[0] and mine["pearls"] == st.pearls[0]
    assert "masks" in other and "assistants" in other and "blue" in other


def test_determinize_keeps_own_hand_and_redeals_others() -> None:
    st = new(4, 1)
    changed = False
    for k in range(10):
        guess = st.determinize(0, seed=k)
        assert guess.hand[0] == st.hand[0]
        assert [len(h) for h in guess.hand] == [len(h) for h in st.hand]
        changed |= guess.hand[1:] != st.hand[1:]
        assert guess.view(0) == st.view(0)
    assert changed


def test_face_down_statues_are_redealt() -> None:
    st = new(3, 1)
    guesses = {tuple(st.determinize(0, seed=k).slots) for k in range(5)}
    assert len(guesses) > 1
    assert all(g[:16] == tuple(st.slots[:16]) for g in guesses)  # statue 1 is face up


def test_who_put_a_general_ritual_into_the_bag_is_not_shown() -> None:
    """ "Brown Rituals ... are put into the Sacrifice Bag without a clip" (R14): the same game
    with Heiva (a General ritual) put in by seat 1 or by seat 2 looks the same to seat 0 and
    to a spectator, from the preparation to the blessings (no count, no log line)."""
    base = new(3, 1)
    play_until(base, "prep")
    base.bag_mana = 4
    worlds = []
    for owner in (1, 2):
        st = base.clone()
        MADE.append(st)
        give_ritual(st, owner, "RN25")
        st._legal_cache = None
        worlds.append(st)
    a, b = worlds
    assert a.view(0) == b.view(0)  # the ritual went to a screen unseen
    a.apply(1, "prepare RN25")
    b.apply(2, "prepare RN25")
    assert a.generals[1] == ["RN25"] and b.generals[2] == ["RN25"]  # the hidden fact
    for _ in range(200):
        for seat in (0, None):
            assert a.view(seat) == b.view(seat)
        if phase(a) == "mission":  # step 6: the bag has been emptied
            break
        seat = a.to_move[0]
        act = "done" if phase(a) == "prep" else ("bid 0" if phase(a) == "offer" else None)
        act = act or str(a.legal_actions(seat)[0])
        a.apply(seat, act)
        b.apply(seat, act)
    assert any(type(e) is ev.Perform and e.ritual == "RN25" for e in a.log)  # it was performed
