"""The effect interpreter: one function per effect kind of data/effects.json."""

from __future__ import annotations

from typing import Any

from tests.games.raiatea.helpers import do, give_commodity, give_ritual, labels, new, phase
from vaka.games.raiatea import rules
from vaka.games.raiatea.params import EFFECT_KINDS, RITUALS
from vaka.games.raiatea.steps import Effect


def eff(st: Any, seat: int, e: dict[str, Any], target: int = -1, inter: bool = False) -> None:
    do(st, Effect(seat, e, target, inter))


def test_every_effect_kind_has_exactly_one_function() -> None:
    assert set(rules.EFFECTS) == set(EFFECT_KINDS)
    used = {e["kind"] for r in RITUALS.values() for e in r["effects"]}
    assert used <= set(rules.EFFECTS)


def test_gain_all_in_ceremonial_order() -> None:
    st = new(3)
    before = list(st.pearls)
    eff(st, 0, {"kind": "gain", "what": "pearls", "amount": 2, "target": "all"})
    assert st.pearls == [p + 2 for p in before]


def test_gain_per_priest_capped() -> None:
    st = new(3)
    st.priests[0] = 9
    mana = st.mana[0]
    eff(st, 0, {"kind": "gain_per", "what": "mana", "per": "priest", "amount": 1, "max": 6})
    assert st.mana[0] == mana + 6


def test_lose_each_other_and_ward() -> None:
    st = new(3)
    give_ritual(st, 2, "RN16")
    st.hand[2].remove("RN16")
    st.blue[2].append("RN16")  # Tapu of the Fare: Interactive rituals do not affect you
    st.mana = [5, 1, 5]
    eff(st, 0, {"kind": "lose", "what": "mana", "amount": 2, "target": "each_other"}, inter=True)
    assert st.mana == [5, 0, 5]


def test_steal_pearls_from_the_chosen_player() -> None:
    st = new(3)
    st.pearls = [0, 2, 9]
    eff(st, 0, {"kind": "steal", "what": "pearls", "amount": 3, "from": "chosen_other"}, 1)
    assert st.pearls == [2, 0, 9]


def test_steal_mask_only_unpaired() -> None:
    st = new(3)
    st.forest.remove("FM11")
    st.forest.remove("FM11")
    st.masks[1] += ["FM11", "FM11"]
    st.masks[1].sort()
    eff(st, 0, {"kind": "steal", "what": "mask", "amount": 1, "from": "chosen_other",
                "unpaired_only": True}, 1)  # fmt: skip
    if phase(st) == "steal":
        assert "steal FM11" not in labels(st)
    assert st.masks[1].count("FM11") == 2  # paired masks cannot be stolen


def test_ritual_with_a_chosen_player_asks_for_the_target() -> None:
    st = new(3)
    k = st.to_move[0]
    give_ritual(st, k, "RN19")  # Hand of Hiro: take 3 pearls from a player of your choice
    st.hand[k].remove("RN19")
    do(st, *rules.perform(st, k, "RN19"))
    assert phase(st) == "target" and len(labels(st)) == 2
    victim = (k + 1) % 3
    st.pearls[victim] = 4
    st.apply(k, f"target seat{victim}")
    assert st.pearls[victim] == 1


def test_take_commodity_raises_its_price() -> None:
    st = new(3)
    eff(st, 0, {"kind": "take", "what": "commodity", "amount": 1})
    assert phase(st) == "take_comm"
    st.apply(0, "take haari")
    assert st.comms[0][3] == 1 and st.price[3] == 2


def test_move_price_all_up_stops_at_top() -> None:
    st = new(3)
    st.price = [4, 0, 1, 3]
    eff(st, 0, {"kind": "move_price", "commodity": "all", "steps": 1})
    assert st.price == [4, 1, 2, 4]


def test_feed_pool_adds_own_mana_to_the_bag() -> None:
    st = new(3)
    st.mana = [5, 2, 0]
    bag = st.bag_mana
    eff(st, 0, {"kind": "feed_pool", "amount": 3, "target": "all"})
    assert st.mana == [2, 0, 0] and st.bag_mana == bag + 5


def test_price_that_cannot_be_paid_discards_the_ritual() -> None:
    st = new(3)
    give_ritual(st, 0, "RF03")  # price: 1 commodity
    st.hand[0].remove("RF03")
    assert rules.perform(st, 0, "RF03") == []
    assert "RF03" in st.discards["forbidden"]


def test_forbidden_price_commodity_is_paid() -> None:
    st = new(3)
    give_ritual(st, 0, "RF03")  # price 1 commodity: recruit 3 priests
    st.hand[0].remove("RF03")
    give_commodity(st, 0, "taro")
    do(st, *rules.perform(st, 0, "RF03"))
    assert st.comms[0][1] == 0 and st.priests[0] == 3
