"""Assistants' one-time effects B ("Assistants"): turned when used, effect A kept."""

from __future__ import annotations

from tests.games.raiatea.helpers import (
    clear_statue,
    do,
    give_assistant,
    give_commodity,
    give_ritual,
    labels,
    lay,
    new,
    phase,
    put_in_display,
)
from vaka.games.raiatea.params import COMMODITIES, PRICE_TOP
from vaka.games.raiatea.state import RaiateaState
from vaka.games.raiatea.steps import BuyRitual, Mission


def test_collector_b_adds_a_card_then_a_pick_and_a_commodity() -> None:
    st = new(3, 6)
    k = st.start
    give_assistant(st, k, "collector")
    put_in_display(st, "taro")
    st.ready[k][0] = 1
    st.apply(k, "claim forest")
    while phase(st) != "pick":
        st.apply(st.to_move[0], labels(st)[0])
    shown = len(st.display)
    st.apply(k, "use collector")
    assert st.turned[k][0] == 1 and st.ready[k][0] == 0
    assert len(st.display) == shown + 1
    assert "use collector" not in labels(st)  # one activation per pick
    st.apply(k, next(a for a in labels(st) if a != "pick taro" and a.startswith("pick")))
    price = st.price[COMMODITIES.index("taro")]
    st.apply(k, "pick taro") if st.to_move == (k,) and "pick taro" in labels(st) else None
    assert st.comms[k][COMMODITIES.index("taro")] >= 1
    assert st.price[COMMODITIES.index("taro")] == price  # from the supply: no price move


def test_turned_assistants_keep_effect_a() -> None:
    st = new(3, 3)
    k = st.start
    give_assistant(st, k, "shaman", 6)
    st.ready[k][2], st.turned[k][2] = 0, 6
    st.apply(k, "claim marae")
    st.apply(k, "advance")
    assert st.tattoo[k] == 1


def test_merchant_b_moves_a_price_marker_to_the_top_hired_one_at_once() -> None:
    st = new(3, 9)
    k = st.start
    st.pearls[k] = 10
    st.apply(k, "claim market")
    while phase(st) != "market" or st.to_move != (k,):
        st.apply(st.to_move[0], labels(st)[0])
    assert "use merchant" not in labels(st)
    st.apply(k, "hire merchant")
    st.apply(k, "use merchant")  # a hired Merchant may be used immediately
    st.apply(k, "top taro")
    assert st.price[COMMODITIES.index("taro")] == PRICE_TOP
    assert st.turned[k][1] == 1 and st.to_move == (k,) and phase(st) == "market"


def test_shaman_b_performs_a_ritual_costing_at_most_the_priests() -> None:
    st = new(3, 2)
    k = st.start
    give_assistant(st, k, "shaman")
    give_ritual(st, k, "RN01")  # 1 mana: Gain 3 pearls
    give_ritual(st, k, "RN24")  # 4 mana: too dear for 2 priests
    st.priests[k] = 2
    st._legal_cache = None
    assert "use shaman" in labels(st)
    pearls = st.pearls[k]
    st.apply(k, "use shaman")
    assert "perform RN01" in labels(st) and "perform RN24" not in labels(st)
    st.apply(k, "perform RN01")
    assert st.pearls[k] == pearls + 3 and "RN01" in st.discards["normal"]
    assert phase(st) == "claim" and st.to_move == (k,)  # the turn goes on
    assert "use shaman" not in labels(st)  # the Shaman is turned


def test_shaman_b_is_offered_on_a_construction_turn_too() -> None:
    """ "during their own turns (action round and/or ceremony round)": building the To'o is
    a turn of one's own in the ceremony, as buying rituals is (R8)."""
    st = new(3, 2)
    k = st.start
    give_assistant(st, k, "shaman")
    give_ritual(st, k, "RN01")  # 1 mana: Gain 3 pearls
    st.priests[k] = 1
    do(st, Mission(k, "build"))
    assert "use shaman" in labels(st)
    pearls = st.pearls[k]
    st.apply(k, "use shaman")
    st.apply(k, "perform RN01")
    assert st.pearls[k] == pearls + 3
    assert phase(st) == "mission" and st.to_move == (k,)  # the construction turn goes on
    assert "use shaman" not in labels(st)
    give_assistant(st, k, "shaman")  # another Shaman, but a mission that a ritual or the
    do(st, Mission(k, "opt"))  # Neighbourhood grants is a step, not a turn

    assert "use shaman" not in labels(st)


def test_pearl_diver_b_fulfils_a_second_mission_not_a_third() -> None:
    st = new(3, 8)
    k = st.start
    give_assistant(st, k, "pearl_diver", 2)
    st.pearls[k] = st.mana[k] = 60
    do(st, Mission(k, "opt"))
    first = next(a for a in labels(st) if a.startswith("mission"))
    st.apply(k, first)
    assert phase(st) == "diver" and labels(st) == ["pass", "use pearl_diver"]
    st.apply(k, "use pearl_diver")
    second = next(a for a in labels(st) if a.startswith("mission"))
    st.apply(k, second)
    assert len(st.toos[k]) == 2
    assert phase(st) != "diver" or st.to_move != (k,)  # no third


def test_uru_sale_reactivates_a_turned_assistant() -> None:
    st = new(3, 9)
    k = st.start
    give_assistant(st, k, "shaman")
    st.ready[k][2], st.turned[k][2] = 0, 1
    give_commodity(st, k, "uru")
    st.apply(k, "claim market")
    while phase(st) != "market" or st.to_move != (k,):
        st.apply(st.to_move[0], labels(st)[0])
    st.apply(k, "sell uru")
    st.apply(k, "bonus 1")  # 'Uru space 1: reactivate 1
    assert st.ready[k][2] == 1 and st.turned[k][2] == 0


def _hand_of(st: RaiateaState, seat: int, *rituals: str) -> None:
    for r in st.hand[seat]:
        st.discards["normal" if r.startswith("RN") else "forbidden"].append(r)
    st.hand[seat] = []
    for r in rituals:
        give_ritual(st, seat, r)
    st._legal_cache = None


def test_shaman_b_is_offered_only_when_a_ritual_fits() -> None:
    """ "to perform Rituals they own (one Ritual per Shaman). The Mana costs of each of these
    Rituals must be equal to or less than the number of Priests a player has recruited":
    with no ritual that cheap there is nothing to use it for (R8)."""
    st = new(3, 2)
    k = st.start
    give_assistant(st, k, "shaman")
    _hand_of(st, k, "RN24")  # 4 mana
    st.priests[k] = 2
    assert "use shaman" not in labels(st) and phase(st) == "claim"
    st.priests[k] = 4
    st._legal_cache = None
    assert "use shaman" in labels(st)


def test_shaman_b_is_offered_only_when_the_rituals_price_can_be_paid() -> None:
    """A ritual's price beyond its mana is still paid (U18), and one that cannot be paid
    would only be discarded (U17): with nothing the seat could really perform, the Shaman
    is not offered, nor is the unpayable ritual once the Shaman is used (R8)."""
    st = new(3, 2)
    k = st.start
    st.ready[k] = [0, 0, 0, 0]
    give_assistant(st, k, "shaman")
    _hand_of(st, k, "RF05")  # Papa-Ra'i of Hina: 4 mana and 2 pearls
    st.priests[k], st.pearls[k] = 4, 1
    assert "use shaman" not in labels(st) and phase(st) == "claim"
    st.pearls[k] = 2
    st._legal_cache = None
    assert "use shaman" in labels(st)
    _hand_of(st, k, "RF05", "RN01")  # and Gain 3 pearls (1 mana): that one can be performed
    st.pearls[k] = 1
    st.apply(k, "use shaman")
    assert labels(st) == ["pass", "perform RN01"]  # not the ritual it cannot pay
    st.apply(k, "perform RN01")
    assert st.pearls[k] == 4 and "RF05" in st.hand[k]


def test_shaman_b_is_not_offered_for_a_ritual_that_needs_the_shaman_itself_turned() -> None:
    """Plunder of Hiro's price turns an assistant; the Shaman used to perform it is turned
    already, so another ready assistant must pay it."""
    st = new(3, 2)
    k = st.start
    st.ready[k] = [0, 0, 0, 0]
    give_assistant(st, k, "shaman")
    _hand_of(st, k, "RF12")  # 4 mana and an assistant turned
    st.priests[k] = 4
    assert "use shaman" not in labels(st)
    give_assistant(st, k, "collector")
    st._legal_cache = None
    assert "use shaman" in labels(st)
    st.apply(k, "use shaman")
    assert "perform RF12" in labels(st)


def test_a_turn_with_a_shaman_in_reach_waits_even_without_a_fitting_ritual() -> None:
    """Whether a seat's own turn waits for it must not tell the table which rituals lie
    behind its screen (R8): buying rituals without the mana still waits while it has an
    unturned Shaman, a ritual and a priest, with pass as its only answer."""
    st = new(3, 2)
    k = st.start
    _hand_of(st, k, "RN24")
    st.priests[k] = 2
    st.mana[k] = 0
    do(st, BuyRitual(k))
    assert phase(st) == "claim"  # no Shaman: nothing to decide, the step is skipped
    give_assistant(st, k, "shaman")
    do(st, BuyRitual(k))
    assert phase(st) == "buy_ritual" and st.to_move == (k,) and labels(st) == ["pass"]
    st.apply(k, "pass")
    assert phase(st) == "claim"


def test_pearl_diver_b_is_offered_only_when_a_second_mission_can_be_fulfilled() -> None:
    """ "you may activate one Pearl Diver to fulfil a second Mission": with no second
    mission within reach there is nothing to activate it for."""
    st = new(3, 8)
    k = st.start
    give_assistant(st, k, "pearl_diver")
    clear_statue(st, 0)
    lay(st, 0, 0, "T1-01", "T1-02")  # pay 3 pearls, pay 4 pearls
    st.pearls[k] = 4
    do(st, Mission(k, "opt"))
    st.apply(k, "mission 1.1.1")  # 1 pearl left: the second cannot be paid
    assert phase(st) != "diver" and st.ready[k][3] == 1
    st.pearls[k] = 10
    lay(st, 0, 0, "T1-01", "T1-02")
    do(st, Mission(k, "opt"))
    st.apply(k, "mission 1.1.1")
    assert phase(st) == "diver" and labels(st) == ["pass", "use pearl_diver"]
