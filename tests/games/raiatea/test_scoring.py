"""Final scoring ("End of the Game")."""

from __future__ import annotations

from tests.games.raiatea.helpers import new
from vaka.games.raiatea import scoring


def test_rank_vp() -> None:
    st = new(3)
    # Rank spaces 0/2/4/6 on a 7-space track (designed, content record 4.5); VP 3/6/9 (rulebook).
    st.tattoo = [2, 4, 6]
    assert [b["rank"] for b in scoring.breakdown(st)] == [3, 6, 9]
    st.tattoo = [0, 1, 3]  # one short of Ariki, one short of Arioi
    assert [b["rank"] for b in scoring.breakdown(st)] == [0, 0, 3]
    st.tattoo = [5, 5, 5]  # one short of Tahua
    assert [b["rank"] for b in scoring.breakdown(st)] == [6, 6, 6]


def test_papa_rai_rituals_score_only_when_performed() -> None:
    st = new(3)
    st.piles["forbidden"].remove("RF05")
    st.blue[0].append("RF05")  # 3 VP
    st.piles["forbidden"].remove("RF06")
    st.hand[1].append("RF06")  # in hand: nothing
    b = scoring.breakdown(st)
    assert b[0]["rituals"] == 3 and b[1]["rituals"] == 0


def test_too_tokens_give_their_vp() -> None:
    st = new(3)
    for i, t in enumerate(st.slots):
        if t.startswith("T2") or t.startswith("T3"):
            st.toos[0].append(t)
            st.slots[i] = ""
            break
    t1 = next(i for i, t in enumerate(st.slots) if t.startswith("T1"))
    st.toos[0].append(st.slots[t1])
    st.slots[t1] = ""
    assert scoring.breakdown(st)[0]["missions"] == sum(int(t[1]) for t in st.toos[0])
    assert sorted(int(t[1]) for t in st.toos[0])[0] == 1


def test_masks_score_only_in_pairs_per_pair() -> None:
    st = new(3)
    st.mask_market += st.masks[0]
    st.masks[0] = []
    st.forest.remove("FM11")
    st.masks[0].append("FM11")
    assert scoring.breakdown(st)[0]["masks"] == 0  # unpaired: nothing
    st.forest.remove("FM11")
    st.masks[0].append("FM11")  # Mask of Ro'o pair: 3 VP per complete pair
    assert scoring.breakdown(st)[0]["masks"] == 3
    st.forest.remove("FM12")
    st.forest.remove("FM12")
    st.masks[0] += ["FM12", "FM12"]  # two pairs, each 3 VP per pair: 6 + 6
    assert scoring.breakdown(st)[0]["masks"] == 12


def test_tie_goes_to_the_earlier_in_ceremonial_order() -> None:
    st = new(3)
    st.tattoo = [2, 2, 2]
    st.order = [2, 0, 1]
    st.over = True
    assert st.winners() == [2]
