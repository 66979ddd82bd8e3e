"""The six locations, Kahuna bonuses, die rolls and assistants' effect A."""

from __future__ import annotations

from tests.games.raiatea.helpers import (
    do,
    give_assistant,
    give_commodity,
    labels,
    new,
    phase,
    put_in_display,
)
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.params import COMMODITIES
from vaka.games.raiatea.steps import Draw, Effect, Sacrifice


def test_reef_everyone_gets_the_die_kahuna_3_more() -> None:
    st = new(3, 1)
    k = st.start
    before = list(st.pearls)
    st.apply(k, "claim reef")
    die = st.die
    assert 1 <= die <= 6
    for s in range(3):
        assert st.pearls[s] - before[s] == die + (3 if s == k else 0)


def test_pearl_diver_a_owners_of_enough_divers_earn_4() -> None:
    st = new(3, 1)
    k = st.start
    other = (k + 1) % 3
    give_assistant(st, other, "pearl_diver", 6)  # always >= the die
    before = list(st.pearls)
    st.apply(k, "claim reef")
    rolls = [e.value for e in st.log if type(e) is ev.Die]
    assert len(rolls) == 2  # a separate roll for the divers, before the dive
    assert st.pearls[other] - before[other] == 4 + rolls[1]


def test_path_recruit_costs_and_mana_per_priest_kahuna_free_priest() -> None:
    st = new(3, 2)
    k = st.start
    st.pearls = [10, 10, 10]
    st.apply(k, "claim path")
    assert set(labels(st)) == {"pass", "recruit 1", "recruit 2"}
    st.apply(k, "recruit 2")  # 5 pearls: 2 priests, +1 free as Kahuna
    assert st.pearls[k] == 5 and st.priests[k] == 3 and st.mana[k] >= 5 + 3
    nxt = st.to_move[0]
    st.apply(nxt, "recruit 1")  # 2 pearls: 1 priest, 1 mana
    assert st.pearls[nxt] == 8 and st.priests[nxt] == 1 and st.mana[nxt] == 6
    last = st.to_move[0]
    st.apply(last, "pass")
    assert st.priests[last] == 0 and st.mana[last] == 5


def test_path_cannot_recruit_without_pearls() -> None:
    st = new(3, 2)
    k = st.start
    st.pearls = [1, 1, 1]
    st.apply(k, "claim path")  # Kahuna: only the free priest; no choice left
    assert st.priests[k] == 1
    assert phase(st) != "recruit" or labels(st) == ["pass"] or st.to_move[0] != k


def test_marae_sacrifice_for_a_tattoo_and_draw_by_rank() -> None:
    st = new(3, 3)
    k = st.start
    give_commodity(st, k, "taro")
    st.apply(k, "claim marae")
    while phase(st) != "sacrifice":
        st.apply(st.to_move[0], labels(st)[0])
    assert st.to_move == (k,)
    assert labels(st) == ["pass", "sacrifice taro"]
    market = st.comm_market[COMMODITIES.index("taro")]
    st.apply(k, "sacrifice taro")
    assert st.tattoo[k] == 1
    assert st.comm_market[COMMODITIES.index("taro")] == market + 1
    assert labels(st) == ["pass", "draw normal"]  # Raatira: 3 Normal only
    st.apply(k, "draw normal")
    assert len(st.drawn[k]) == 3
    hand = len(st.hand[k])
    st.apply(k, labels(st)[0])
    assert len(st.hand[k]) == hand + 1 and st.drawn[k] == []


def test_marae_kahuna_sacrifices_and_draws_twice() -> None:
    st = new(3, 3)
    k = st.start
    give_commodity(st, k, "taro")
    give_commodity(st, k, "uru")
    st.apply(k, "claim marae")
    while phase(st) != "sacrifice":
        st.apply(st.to_move[0], labels(st)[0])
    st.apply(k, "sacrifice taro")
    st.apply(k, "pass")  # no draw
    assert st.to_move == (k,) and phase(st) == "sacrifice"
    st.apply(k, "sacrifice uru")
    assert st.tattoo[k] == 2  # reached Ariki: the second draw is Ariki's (U4)
    assert phase(st) == "draw" and "draw forbidden" in labels(st)


def test_reaching_ariki_allows_forbidden_and_arioi_draws_5() -> None:
    """ "If a player's Tattoo Marker ends its movement on a space with a new rank ..., that
    player may immediately use the new rank's ability" and "higher ranks change the rules
    for drawing Ritual Cards" (U4): the Marae draw right after the sacrifice is Arioi's."""
    st = new(3, 3)
    k = st.start
    st.tattoo[k] = 3  # Ariki; Arioi is on space 4
    give_commodity(st, k, "taro")
    do(st, Sacrifice(k), Draw(k, True, "rank", "rank", 1))
    st.apply(k, "sacrifice taro")
    assert st.tattoo[k] == 4 and phase(st) == "draw"
    assert labels(st) == ["pass", "draw normal", "draw forbidden"]
    st.apply(k, "draw forbidden")
    assert len(st.drawn[k]) == 5 and all(r.startswith("RF") for r in st.drawn[k])
    st.apply(k, labels(st)[0])  # keep one
    assert phase(st) == "claim"  # one draw only: the rank gave none of its own


def test_reaching_a_rank_gives_no_draw_of_its_own() -> None:
    """ "Upon attaining the rank of Tahua, a player may immediately play any one Ritual ...
    This is a one-time bonus": only Tahua's is a bonus; Ariki's and Arioi's abilities are
    their draws, which apply from then on (U4)."""
    st = new(3, 3)
    k = st.start
    st.tattoo[k] = 1
    hand = list(st.hand[k])
    do(st, Effect(k, {"kind": "gain", "what": "tattoo", "amount": 1}))
    assert st.tattoo[k] == 2 and ev.Rank(k, "ariki") in st.log  # Ariki reached
    assert phase(st) == "claim" and st.hand[k] == hand and st.drawn[k] == []
    do(st, Effect(k, {"kind": "gain", "what": "tattoo", "amount": 4}))
    assert st.tattoo[k] == 6 and phase(st) == "perform"  # Tahua: the free ritual


def test_shaman_a_advances_tattoo() -> None:
    st = new(3, 3)
    k = st.start
    give_assistant(st, k, "shaman", 6)
    st.apply(k, "claim marae")
    assert phase(st) == "shaman_a" and labels(st) == ["pass", "advance"]
    st.apply(k, "advance")
    assert st.tattoo[k] == 1


def test_shaman_a_advance_may_be_declined() -> None:
    """ "All players owning a number of Shamans equal to or greater than the result of the
    die roll may advance their Tattoo Markers by 1 space." """
    st = new(3, 3)
    k = st.start
    give_assistant(st, k, "shaman", 6)
    st.apply(k, "claim marae")
    st.apply(k, "pass")
    assert st.tattoo[k] == 0 and phase(st) != "shaman_a"


def test_forest_kahuna_first_clockwise_then_counterclockwise() -> None:
    st = new(4, 6)
    k = st.start
    st.apply(k, "claim forest")
    pickers = []
    for _ in range(8):
        while phase(st) != "pick":
            st.apply(st.to_move[0], labels(st)[0])
        pickers.append(st.to_move[0])
        st.apply(pickers[-1], labels(st)[0])
    assert pickers == [
        k,
        (k + 1) % 4,
        (k + 2) % 4,
        (k + 3) % 4,
        k,
        (k - 1) % 4,
        (k - 2) % 4,
        (k - 3) % 4,
    ]
    assert st.display == []  # the last card of each pass went to its market


def test_forest_mask_gives_its_treasure_and_goes_in_front() -> None:
    st = new(3, 6)
    k = st.start
    put_in_display(st, "FM02")  # Mask of Tane: 3 pearls
    st.apply(k, "claim forest")
    pearls = st.pearls[k]
    st.apply(k, "pick FM02")
    assert "FM02" in st.masks[k] and st.pearls[k] == pearls + 3
    assert "FM02" in st.view((k + 1) % 3)["seats"][k]["masks"]  # in front: public


def test_forest_commodity_behind_screen_assistant_in_front() -> None:
    st = new(3, 6)
    k = st.start
    put_in_display(st, "taro", "shaman")
    st.apply(k, "claim forest")
    st.apply(k, "pick taro")
    assert st.comms[k][COMMODITIES.index("taro")] == 1
    assert "goods" not in st.view((k + 1) % 3)["seats"][k]  # behind the screen
    nxt = st.to_move[0]
    st.apply(nxt, "pick shaman")
    assert st.ready[nxt][2] == 1
    assert st.view(k)["seats"][nxt]["assistants"]["shaman"] == 1


def test_collector_a_takes_a_commodity_and_raises_its_price() -> None:
    st = new(3, 7)
    k = st.start
    give_assistant(st, k, "collector", 6)
    st.apply(k, "claim forest")
    assert phase(st) == "take_comm" and st.to_move == (k,)
    st.apply(k, "take taro")
    assert st.comms[k][COMMODITIES.index("taro")] == 1
    assert st.price[COMMODITIES.index("taro")] == 2  # U13: +1 per card taken


def test_collector_a_take_may_be_declined() -> None:
    """ "all players owning a number of Collectors equal to or greater than the result of
    the die roll may take one Commodity Card from the Commodities Market." """
    st = new(3, 7)
    k = st.start
    give_assistant(st, k, "collector", 6)
    st.apply(k, "claim forest")
    assert labels(st)[0] == "pass"
    market = list(st.comm_market)
    st.apply(k, "pass")
    assert sum(st.comms[k]) == 0 and st.comm_market == market and phase(st) == "pick"


def test_neighbourhood_exchange_and_kahuna_mission() -> None:
    st = new(3, 8)
    k = st.start
    st.pearls[k] = 20
    st.apply(k, "claim neighbourhood")
    mine = st.masks[k][0]
    assert labels(st) == ["pass", f"give {mine}"]
    st.apply(k, f"give {mine}")
    st.apply(st.to_move[0], "pass")
    st.apply(st.to_move[0], "pass")
    assert phase(st) == "get" and st.to_move == (k,)  # only those who gave take one
    other = next(m for m in st.mask_market if m != mine)
    assert labels(st)[0] == "pass"  # "may take a Mask from that Market"
    st.apply(k, f"get {other}")
    assert st.masks[k] == [other]
    assert phase(st) == "mission" and st.to_move == (k,)  # the Kahuna's To'o mission
    missions = [a for a in labels(st) if a.startswith("mission")]
    assert missions  # 20 pearls pay a pearl mission, if any; conditional ones need rank
    tokens = len(st.toos[k])
    st.apply(k, missions[0])
    assert len(st.toos[k]) == tokens + 1


def test_market_sell_bonus_at_or_below_marker_then_down() -> None:
    st = new(3, 9)
    k = st.start
    give_commodity(st, k, "taro", 2)
    st.apply(k, "claim market")
    while phase(st) != "market" or st.to_move != (k,):
        st.apply(st.to_move[0], labels(st)[0])
    st.apply(k, "sell taro")
    assert labels(st) == ["bonus 0", "bonus 1"]  # marker on space 1
    mana = st.mana[k]
    st.apply(k, "bonus 1")
    assert st.mana[k] == mana + 3 and st.price[COMMODITIES.index("taro")] == 0
    st.apply(k, "sell taro")  # the Kahuna sells a second one
    assert labels(st) == ["bonus 0"] or st.mana[k] == mana + 5


def test_market_hire_for_2_pearls_kahuna_twice() -> None:
    st = new(3, 9)
    k = st.start
    st.pearls[k] = 10
    st.apply(k, "claim market")
    while phase(st) != "market" or st.to_move != (k,):
        st.apply(st.to_move[0], labels(st)[0])
    st.apply(k, "hire shaman")
    st.apply(k, "hire merchant")
    assert st.pearls[k] == 6 and st.ready[k][1] >= 1 and st.ready[k][2] >= 1
    assert not any(a.startswith("hire") for a in labels(st, k))  # no third hire


def test_merchant_a_takes_a_free_assistant() -> None:
    st = new(3, 9)
    k = st.start
    give_assistant(st, k, "merchant", 6)
    st.apply(k, "claim market")
    assert phase(st) == "take_asst" and st.to_move == (k,)
    st.apply(k, "take shaman")
    assert st.ready[k][2] == 1


def test_merchant_a_take_may_be_declined() -> None:
    """ "All players owning a number of Merchants equal to or greater than the result of
    the die roll may take one Assistant of their choice from the Assistant Market." """
    st = new(3, 9)
    k = st.start
    give_assistant(st, k, "merchant", 6)
    st.apply(k, "claim market")
    assert labels(st)[0] == "pass"
    st.apply(k, "pass")
    assert st.ready[k] == [0, 6, 0, 0] and phase(st) != "take_asst"


def test_neighbourhood_take_back_may_be_declined() -> None:
    """ "each player who has added a Mask to the Market may take a Mask from that Market" """
    st = new(3, 8)
    k = st.start
    st.apply(k, "claim neighbourhood")
    mine = st.masks[k][0]
    st.apply(k, f"give {mine}")
    while phase(st) == "give":
        st.apply(st.to_move[0], "pass")
    assert phase(st) == "get" and st.to_move == (k,)
    st.apply(k, "pass")
    assert st.masks[k] == [] and mine in st.mask_market


def test_mahi_mahi_at_the_top_fulfils_a_mission() -> None:
    st = new(3, 9)
    k = st.start
    give_commodity(st, k, "mahi_mahi")
    st.price[0] = 4
    st.pearls[k] = 30
    st.apply(k, "claim market")
    while phase(st) != "market" or st.to_move != (k,):
        st.apply(st.to_move[0], labels(st)[0])
    st.apply(k, "sell mahi_mahi")
    st.apply(k, "bonus 4")
    assert phase(st) == "mission" and st.to_move == (k,)
    assert st.price[0] == 3
