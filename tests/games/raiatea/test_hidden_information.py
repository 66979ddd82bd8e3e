"""What lies behind a screen is hidden; determinization re-deals only what a seat cannot know."""

from __future__ import annotations

from tests.games.raiatea.helpers import new


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
