"""Ceremony rounds: the six steps ("B. Ceremony Round"), To'o missions and statues."""

from __future__ import annotations

from tests.games.raiatea.helpers import (
    clear_statue,
    do,
    give_ritual,
    labels,
    lay,
    new,
    phase,
    play_until,
)
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.params import MISSION_SLOTS, TOOS
from vaka.games.raiatea.state import RaiateaState
from vaka.games.raiatea.steps import Bless, Build, BuildStart, EndCeremony, Mission


def at(step: str, players: int = 3, seed: int = 0) -> RaiateaState:
    st = new(players, seed)
    play_until(st, step)
    return st


def test_ceremony_starts_with_the_dance_in_ceremonial_order() -> None:
    st = at("recruit", 3, 1)
    while st.ceremony == 0:
        play_until(st, "recruit")
        if st.ceremony == 0:
            st.apply(st.to_move[0], labels(st)[0])
    assert st.to_move == (st.order[0],)
    seat = st.to_move[0]
    st.pearls[seat] = 5
    st._legal_cache = None
    mana = st.mana[seat]
    st.apply(seat, "recruit 2")
    assert st.priests[seat] >= 2 and st.mana[seat] == mana + st.priests[seat]


def test_buy_rituals_puts_3_mana_into_the_bag() -> None:
    st = at("buy_ritual", 3, 1)
    seat = st.to_move[0]
    bag, mana = st.bag_mana, st.mana[seat]
    st.apply(seat, "draw normal")
    assert st.bag_mana == bag + 3 and st.mana[seat] == mana - 3
    assert len(st.drawn[seat]) == 3 and phase(st) == "keep"


def test_preparation_is_sealed_and_simultaneous() -> None:
    st = at("prep", 3, 1)
    give_ritual(st, 2, "RN01")
    st._legal_cache = None
    assert st.to_move == (0, 1, 2)  # every seat prepares, an empty hand included
    st.apply(2, "prepare RN01")
    view = st.view(0)
    assert "prepared_cards" not in view["seats"][2]  # others do not see which
    assert sum(view["seats"][2]["prepared"]["clipped"].values()) == 1  # the clip shows
    assert all("RN01" not in e["text"] for e in view["log"][-3:])
    st.apply(1, "done")
    assert 1 not in st.to_move and 0 in st.to_move  # any order


def test_preparation_limit_2_clips_3_from_arioi_generals_free() -> None:
    st = at("prep", 3, 1)
    s = st.sealed_wait[0] if st.sealed_wait else 0
    st.discards["normal"] += [r for r in st.hand[s] if r.startswith("RN")]
    st.discards["forbidden"] += [r for r in st.hand[s] if r.startswith("RF")]
    st.hand[s] = []
    for r in ("RN01", "RN02", "RN03", "RN25"):  # RN25 Heiva is General (brown)
        give_ritual(st, s, r)
    st.sealed_wait = [s]
    st._legal_cache = None
    st.apply(s, "prepare RN01")
    st.apply(s, "prepare RN02")
    assert labels(st, s) == ["done", "prepare RN25"]  # clips used up; brown needs none
    st.apply(s, "prepare RN25")
    assert st.prepared[s] == ["RN01", "RN02"] and st.generals[s] == ["RN25"]
    assert s in st.to_move  # done is said, not guessed from the hand (R14)
    st.tattoo[s] = 5  # Arioi: 3 rituals
    from vaka.games.raiatea.rules import prep_limit

    assert prep_limit(st, s) == 3


def test_offering_sets_ceremonial_order_ties_keep_relative_order() -> None:
    st = at("offer", 4, 2)
    st.order = [0, 1, 2, 3]
    st.mana = [10, 10, 10, 10]
    st.sealed_wait = [0, 1, 2, 3]
    st._legal_cache = None
    bag = st.bag_mana
    # The rulebook's example: Rafael 7, Maria 4, Max 4, Arno 8 -> Arno, Rafael, Maria, Max.
    for seat, bid in ((3, 8), (1, 4), (0, 7), (2, 4)):
        assert seat in st.to_move
        st.apply(seat, f"bid {bid}")
    assert st.order == [3, 0, 1, 2]
    assert st.bag_mana == bag + 23  # all offered mana into the bag
    assert st.mana == [3, 6, 6, 2]


def test_sealed_bid_is_hidden_until_all_have_bid() -> None:
    st = at("offer", 3, 2)
    st.mana = [5, 5, 5]
    st.sealed_wait = [0, 1, 2]
    st._legal_cache = None
    st.apply(0, "bid 4")
    view = st.view(1)
    assert "my_bid" not in view["seats"][0]
    assert "4" not in view["log"][-1]["text"]
    assert st.view(0)["seats"][0]["my_bid"] == 4


def test_three_players_get_two_gifts() -> None:
    st = at("gift", 3, 2)
    first = st.to_move[0]
    assert first == st.order[0] and len(labels(st)) >= 2
    st.apply(first, "gift pearls")
    assert st.to_move == (st.order[1],)
    st.apply(st.to_move[0], labels(st)[0])
    assert phase(st) != "gift"  # no third gift with 3 players


def test_four_players_third_gift_goes_to_third_place() -> None:
    st = at("gift", 4, 2)
    st.tattoo = [0, 0, 0, 0]  # no rank reached in between
    st.apply(st.to_move[0], "gift pearls")
    st.apply(st.to_move[0], "gift tattoo")
    logged = [e for e in st.log if type(e) is ev.Gift]
    assert logged[-1] == ev.Gift(st.order[2], "commodity")  # the last gift is forced


def test_blessings_by_cost_generals_first_until_mana_runs_out() -> None:
    st = at("gift", 3, 3)
    a, b = st.order[0], st.order[1]
    for s in range(3):
        st.drawn[s] = []
    for s in range(3):
        for r in st.hand[s]:
            st.discards["normal" if r.startswith("RN") else "forbidden"].append(r)
        st.hand[s] = []
    for r, s in (("RN03", a), ("RN01", b), ("RN25", a), ("RN24", b)):
        give_ritual(st, s, r)
        st.hand[s].remove(r)
        (st.generals if r == "RN25" else st.prepared)[s].append(r)
    st.tattoo = [0, 0, 0]
    st.bag_mana = 6  # RN25 (1) + RN01 (1) + RN03 (3) = 5; RN24 (4) cannot be paid
    st.queue = [Bless(), EndCeremony()]
    st.ceremony = 1
    pearls = list(st.pearls)
    do(st)
    performed = [e.ritual for e in st.log if type(e) is ev.Perform]
    assert performed[-3:] == ["RN25", "RN01", "RN03"]
    # Tatau of the Arioi: 2 tattoos, which reach Ariki (space 2); no draw of its own (U4)
    assert st.pearls[b] == pearls[b] + 2 + 3 and st.tattoo[a] == 2
    assert "RN24" in st.discards["normal"] and "RN24" not in performed  # discarded
    assert st.bag_mana == 1  # leftover mana stays in the bag


def test_blue_ritual_stays_in_front_of_its_owner() -> None:
    st = at("gift", 3, 3)
    s = st.order[0]
    give_ritual(st, s, "RN10")
    st.hand[s].remove("RN10")
    st.prepared[s].append("RN10")
    st.bag_mana = 2
    st.queue = [Bless(), EndCeremony()]
    st.ceremony = 1
    do(st)
    assert "RN10" in st.blue[s] and "RN10" in st.view((s + 1) % 3)["seats"][s]["blue"]


def test_construction_in_ceremonial_order_pass_is_final() -> None:
    st = at("gift", 3, 3)
    st.queue = [BuildStart(), Build(), EndCeremony()]
    st.ceremony = 1
    st.pearls = [50, 50, 50]
    st.mana = [0, 0, 0]
    do(st)
    order = st.order
    assert st.to_move == (order[0],) and phase(st) == "mission"
    st.apply(order[0], "pass")
    assert st.to_move == (order[1],)
    mission = next(a for a in labels(st) if a.startswith("mission"))
    st.apply(order[1], mission)
    assert st.to_move == (order[2],)
    st.apply(order[2], "pass")
    assert st.to_move == (order[1],)  # order[0] passed for good
    while phase(st) == "mission":
        st.apply(st.to_move[0], "pass")
    assert st.face_up[1]  # statue 2 is revealed after ceremony 1


def test_auction_when_a_row_holds_only_auction_missions() -> None:
    st = at("gift", 3, 3)
    # make row 1 of statue 1 a single auction token
    row = next(i for i, s in enumerate(MISSION_SLOTS) if s[0] == 0 and s[1] == 4)
    auction = next(t for t in st.box[0] if TOOS[t]["kind"] == "auction")
    st.box[0].remove(auction)
    st.box[0].append(st.slots[row])
    st.box[0].sort()
    st.slots[row] = auction
    st.queue = [BuildStart(), Build(), EndCeremony()]
    st.ceremony = 1
    st.mana = [3, 5, 0]
    do(st)
    assert phase(st) == "auction" and set(st.to_move) == {0, 1}  # seat 2 has no mana
    bag = st.bag_mana
    st.apply(0, "bid 3")
    st.apply(1, "bid 3")
    winner = next(s for s in st.order if s in (0, 1))  # tie: earliest in ceremonial order
    assert auction in st.toos[winner] and st.slots[row] == ""
    assert st.bag_mana == bag + 6  # all bids into the bag


def test_every_bid_of_0_gives_the_mission_to_the_earliest_in_ceremonial_order() -> None:
    """ "Players bid by concealing any number of their own Mana tokens" and "Resolve ties in
    favor of the player who is earliest in ceremonial player order" (U10): 0 is a bid."""
    st = at("gift", 3, 3)
    clear_statue(st, 0)
    lay(st, 0, 4, "T1-14")  # a single-space row holding an auction mission
    st.queue = [BuildStart(), Build(), EndCeremony()]
    st.ceremony = 1
    st.mana = [2, 2, 2]
    do(st)
    assert phase(st) == "auction"
    for seat in (0, 1, 2):
        st.apply(seat, "bid 0")
    assert "T1-14" in st.toos[st.order[0]] and "T1-14" not in st.slots
    lay(st, 0, 5, "T1-14")  # once more, and nobody has mana to bid
    st.mana = [0, 0, 0]
    st.queue = [BuildStart(), Build(), EndCeremony()]
    do(st)
    assert st.toos[st.order[0]].count("T1-14") == 2


def test_a_row_left_with_auctions_only_is_auctioned_at_once_outside_step_6() -> None:
    """ "Mana Missions ... are auctioned as soon as there are no other types of Mission left
    in that row. If there is more than one Mission in the row, auction each one separately":
    a row emptied by the Neighbourhood's Kahuna is auctioned then and there."""
    st = new(3, 8)
    k = st.start
    clear_statue(st, 0)
    lay(st, 0, 3, "T1-14", "T1-01", "T1-14")
    st.pearls[k] = 10
    do(st, Mission(k, "opt"))
    st.apply(k, "mission 1.4.2")
    assert phase(st) == "auction" and set(st.to_move) == {0, 1, 2}
    for seat in (0, 1, 2):
        st.apply(seat, "bid 1" if seat == 2 else "bid 0")
    assert phase(st) == "auction"  # the second auction mission, separately
    for seat in (0, 1, 2):
        st.apply(seat, "bid 0")
    won = [st.toos[s].count("T1-14") for s in range(3)]
    assert won[2] >= 1 and won[st.order[0]] >= 1 and sum(won) == 2  # 1 mana, then the tie
    assert "T1-14" not in st.slots and phase(st) == "claim"


def test_an_auction_alone_in_its_row_at_the_reveal_waits_for_step_6() -> None:
    """ "When To'o Missions are revealed after a ceremony round, an Auction Mission token may
    be found to occupy a single-space row. Such a token will be auctioned at the very
    beginning of step 6 of the next ceremony round": a mission fulfilled elsewhere before
    then does not start it."""
    st = new(3, 8)
    k = st.start
    clear_statue(st, 0)
    lay(st, 0, 4, "T1-14")
    lay(st, 0, 3, "T1-01")
    st.pearls[k] = 10
    do(st, Mission(k, "opt"))
    st.apply(k, "mission 1.4.1")
    assert phase(st) == "claim" and "T1-14" in st.slots
    do(st, BuildStart(), Build())
    assert phase(st) == "auction"


def test_equal_cost_generals_are_ordered_without_their_owners() -> None:
    """General rituals go in "without a clip" and "are always placed before any others of
    same cost"; among themselves they carry no owner to sort by (R14), so by card."""
    for owners in ((0, 2), (2, 0)):
        st = at("gift", 3, 3)
        st.order = [0, 1, 2]
        for r, s in zip(("RN26", "RN25"), owners, strict=True):  # both General, cost 1
            give_ritual(st, s, r)
            st.hand[s].remove(r)
            st.generals[s].append(r)
        st.bag_mana = 2
        st.queue = [Bless(), EndCeremony()]
        st.ceremony = 1
        do(st)
        performed = [e.ritual for e in st.log if type(e) is ev.Perform]
        assert performed[-2:] == ["RN25", "RN26"]
        assert [e.seat for e in st.log if type(e) is ev.Perform][-2:] == [None, None]


def test_owner_chooses_which_equal_cost_ritual_comes_first() -> None:
    st = at("gift", 3, 3)
    a = st.order[0]
    for s in range(3):
        for r in st.hand[s]:
            st.discards["normal" if r.startswith("RN") else "forbidden"].append(r)
        st.hand[s] = []
    for r in ("RN01", "RN05"):  # both cost 1
        give_ritual(st, a, r)
        st.hand[a].remove(r)
        st.prepared[a].append(r)
    st.bag_mana = 1  # only one of them can be performed
    st.queue = [Bless(), EndCeremony()]
    st.ceremony = 1
    do(st)
    assert phase(st) == "order" and st.to_move == (a,)
    assert labels(st) == ["perform RN01", "perform RN05"]
    pearls = st.pearls[a]
    st.apply(a, "perform RN05")
    performed = [e.ritual for e in st.log if type(e) is ev.Perform]
    assert performed[-1] == "RN05" and "RN01" not in performed
    assert st.pearls[a] == pearls and "RN01" in st.discards["normal"]
