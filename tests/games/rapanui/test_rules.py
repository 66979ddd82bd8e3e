"""Rapa Nui rule tests: one or more scenarios for every sentence of the German rulebook.

docs/rules/rapa-nui.md lists, for each sentence, the tests below that cover it. Scenarios
are built with ``helpers.arrange``; conftest.py checks after every test that no
card was lost or duplicated (``state.check()``).
"""

from __future__ import annotations

from collections import Counter

import pytest

import vaka
from tests.games.rapanui.helpers import arrange, end_now, events, legal, new, play, scored, snapshot
from vaka.games.rapanui import events as ev
from vaka.games.rapanui import rules
from vaka.games.rapanui.params import (
    FISH,
    GRAIN,
    MOAI,
    MULBERRY,
    POTATO,
    PRIEST,
    RESOURCES,
    STARTING_SETS,
    WOODCUTTER,
)
from vaka.games.rapanui.scoring import sacrifice_values
from vaka.i18n import using

F, G, M, P = FISH, GRAIN, MULBERRY, POTATO
W, PR, MO = WOODCUTTER, PRIEST, MOAI

# Rows whose top cards (LAST) are all priests over woodcutters: drawing from any of them
# uncovers a woodcutter, which needs no decision. Tests that care set their own rows.
QUIET_ROWS = [[W, PR], [W, PR], [W, PR], [W, PR]]


# =========================================================================== setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_starting_wood_is_2_3_4_5_in_seat_order(players: int) -> None:
    st = new(players, seed=11)
    assert st.wood == [2, 3, 4, 5][:players]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_each_player_gets_one_sacrifice_card_of_each_kind(players: int) -> None:
    st = new(players, seed=3)
    assert st.held == [[1, 1, 1, 1]] * players
    assert st.supply == [25 - players] * 4
    assert st.stone_up == [0, 0, 0, 0]
    assert st.stone_down == [[0, 0, 0, 0]] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_woodcutter_laid_out_and_three_hunters_in_hand(players: int) -> None:
    st = new(players, seed=5)
    for seat in range(players):
        assert st.tableau[seat] == [0, 0, 0, 0, 1, 0, 0]
        assert len(st.hands[seat]) == 3
        assert all(card in RESOURCES for card in st.hands[seat])
        assert len(set(st.hands[seat])) == 3  # reconstructed: three different resources


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_four_rows_of_four_and_a_pile_of_34(players: int) -> None:
    st = new(players, seed=8)
    assert [len(row) for row in st.rows] == [4, 4, 4, 4]
    assert len(st.pile) == 34
    deck = Counter(card for row in st.rows for card in row) + Counter(st.pile)
    assert deck == Counter({W: 12, PR: 9, MO: 9, F: 5, G: 5, M: 5, P: 5})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_unused_starting_sets_go_back_to_the_box(players: int) -> None:
    st = new(players, seed=6)
    in_game = sum(len(r) for r in st.rows) + len(st.pile) + sum(len(h) for h in st.hands)
    in_game += sum(sum(t) for t in st.tableau)
    assert in_game == 50 + 4 * players
    assert len(set(st.colours)) == players


def test_setup_seat_0_is_the_start_player() -> None:
    st = new(3, seed=2)
    assert st.to_move == (0,)
    assert st.active == 0
    assert st.view(None)["turn"] == 1


def test_setup_starting_sets_each_lack_a_different_resource() -> None:
    missing = []
    for _, woodcutters, hand in STARTING_SETS:
        assert woodcutters == 1
        assert len(hand) == 3 and len(set(hand)) == 3
        missing.extend(set(RESOURCES) - set(hand))
    assert sorted(missing) == sorted(RESOURCES)


def test_setup_starting_sets_are_dealt_to_seats_at_random() -> None:
    colours = {tuple(new(2, seed).colours) for seed in range(30)}
    assert len(colours) > 3
    for seed in range(30):
        st = new(4, seed)
        assert sorted(st.colours) == sorted(s[0] for s in STARTING_SETS)


def test_setup_first_turn_skips_unaffordable_buy() -> None:
    # The start player has 2 wood and no hunter laid out: a card costs 5, so no buy.
    st = new(3, seed=1)
    assert st.queue[0][0] == rules.LAY
    assert all(a.startswith("lay ") for a in legal(st))


# =========================================================================== buying
def test_buy_costs_5_wood_without_hunters() -> None:
    st = arrange(4, hands={0: [PR, PR, PR]}, wood={0: 5})
    assert legal(st) == ["pass", "buy fish", "buy grain", "buy mulberry", "buy potato"]
    supply = list(st.supply)
    play(st, "buy fish")
    assert st.wood[0] == 0
    assert st.held[0] == [2, 1, 1, 1]
    assert st.supply[F] == supply[F] - 1


@pytest.mark.parametrize(("hunters", "cost"), [(0, 5), (1, 4), (2, 3), (3, 2), (4, 1), (5, 0)])
def test_buy_cost_drops_1_per_laid_hunter_of_that_resource(hunters: int, cost: int) -> None:
    st = arrange(4, hands={0: [PR, PR, PR]}, tableau={0: {W: 1, G: hunters}}, wood={0: 9})
    play(st, "buy grain")
    assert st.wood[0] == 9 - cost
    assert st.held[0][G] == 2


def test_buy_is_free_with_5_or_more_hunters_even_without_wood() -> None:
    st = arrange(4, hands={0: [PR, PR, PR]}, tableau={0: {W: 1, G: 6}}, wood={0: 0})
    assert legal(st) == ["pass", "buy grain"]
    play(st, "buy grain")
    assert st.wood[0] == 0  # free, and never a refund
    assert st.held[0][G] == 2


def test_buy_discount_counts_only_hunters_of_that_resource() -> None:
    st = arrange(4, hands={0: [PR, PR, PR]}, tableau={0: {W: 1, F: 4}}, wood={0: 4})
    assert legal(st) == ["pass", "buy fish"]  # fish costs 1, every other kind 5
    with pytest.raises(vaka.IllegalAction, match="grain sacrifice card costs you 5 wood"):
        st.apply(0, "buy grain")


def test_buy_discount_counts_only_laid_out_hunters_not_those_in_hand() -> None:
    st = arrange(4, hands={0: [G, G, G]}, tableau={0: {W: 1, G: 1}}, wood={0: 4})
    assert legal(st) == ["pass", "buy grain"]
    play(st, "buy grain")
    assert st.wood[0] == 0  # 5 - 1 laid grain hunter; the 3 in hand do not count


def test_buy_unaffordable_is_refused_with_the_cost() -> None:
    st = arrange(4, hands={0: [PR, PR, PR]}, tableau={0: {W: 1, F: 1}}, wood={0: 4})
    before = snapshot(st)
    with pytest.raises(vaka.IllegalAction) as err:
        st.apply(0, "buy potato")
    assert "costs you 5 wood and you have 4" in str(err.value)
    assert snapshot(st) == before


def test_buy_step_is_skipped_when_nothing_is_affordable() -> None:
    st = arrange(4, hands={0: [PR, F, G]}, wood={0: 4})
    assert st.queue[0][0] == rules.LAY
    assert "pass" not in legal(st)
    assert not any(a.startswith("buy") for a in legal(st))


def test_buy_sold_out_kind_cannot_be_bought() -> None:
    st = arrange(4, hands={0: [PR, PR, PR]}, wood={0: 5}, supply=[3, 0, 3, 3], sink_seat=2)
    assert "buy grain" not in legal(st)
    assert "buy fish" in legal(st)
    with pytest.raises(vaka.IllegalAction, match="no grain sacrifice cards are left"):
        st.apply(0, "buy grain")


def test_buy_step_is_skipped_when_every_affordable_kind_is_sold_out() -> None:
    st = arrange(
        4,
        hands={0: [PR, F, G]},
        tableau={0: {W: 1, F: 5}},
        wood={0: 0},
        supply=[0, 5, 5, 5],
        sink_seat=2,
    )
    assert st.queue[0][0] == rules.LAY  # only fish was affordable, and fish is gone


def test_buy_is_optional_pass_keeps_wood_and_cards() -> None:
    st = arrange(4, hands={0: [PR, F, G]}, wood={0: 6})
    held, supply = [list(h) for h in st.held], list(st.supply)
    play(st, "pass")
    assert st.wood[0] == 6
    assert st.held == held and st.supply == supply
    assert st.queue[0][0] == rules.LAY
    assert events(st, ev.Pass) == [ev.Pass(0)]


def test_buy_at_most_one_card_per_turn() -> None:
    st = arrange(4, hands={0: [PR, F, G]}, tableau={0: {W: 1, F: 5}}, wood={0: 20})
    play(st, "buy fish")
    assert st.queue[0][0] == rules.LAY
    assert not any(a.startswith("buy") for a in legal(st))
    with pytest.raises(vaka.IllegalAction, match="must lay out a card"):
        st.apply(0, "buy fish")


def test_buy_comes_before_laying() -> None:
    st = arrange(4, hands={0: [PR, F, G]}, wood={0: 6})
    with pytest.raises(vaka.IllegalAction, match="must buy a sacrifice card, or pass"):
        st.apply(0, "lay priest")


# =========================================================================== laying
def test_lay_woodcutter_is_free_and_has_no_direct_effect() -> None:
    st = arrange(3, hands={0: [W, PR, MO]}, wood={0: 3}, rows=QUIET_ROWS)
    assert legal(st) == ["lay woodcutter", "lay priest"]
    wood, fame = list(st.wood), list(st.fame)
    play(st, "lay woodcutter")
    assert st.tableau[0][W] == 2
    assert st.hands[0] == [PR, MO]
    assert st.wood == wood and st.fame == fame  # free, nothing happens yet
    assert scored(st) == []
    assert st.queue[0][0] == rules.DRAW


def test_lay_priest_is_free_and_has_no_direct_effect() -> None:
    st = arrange(3, hands={0: [W, PR, MO]}, wood={0: 3}, rows=QUIET_ROWS)
    wood, fame = list(st.wood), list(st.fame)
    play(st, "lay priest")
    assert st.tableau[0][PR] == 1
    assert st.wood == wood and st.fame == fame
    assert scored(st) == []


def test_lay_moai_costs_7_wood() -> None:
    st = arrange(2, hands={0: [MO, PR, PR]}, wood={0: 9}, held={0: [0, 0, 0, 0]})
    play(st, "pass", "lay moai")
    assert st.wood[0] == 2
    assert st.tableau[0][MO] == 1
    assert st.hands[0] == [PR, PR]


def test_lay_moai_without_7_wood_is_refused_with_the_cost() -> None:
    st = arrange(2, hands={0: [MO, PR, F]}, wood={0: 4})
    assert legal(st) == ["lay fish", "lay priest"]
    before = snapshot(st)
    with pytest.raises(vaka.IllegalAction) as err:
        st.apply(0, "lay moai")
    assert "that costs 7 wood and you have 4" in str(err.value)
    assert snapshot(st) == before


def test_lay_moai_with_6_wood_is_not_offered() -> None:
    st = arrange(2, hands={0: [MO, PR, F]}, wood={0: 6})
    play(st, "pass")
    assert "lay moai" not in legal(st)
    with pytest.raises(vaka.IllegalAction, match="that costs 7 wood and you have 6"):
        st.apply(0, "lay moai")


def test_lay_a_card_not_in_hand_is_refused() -> None:
    st = arrange(3, hands={0: [PR, F, G]}, wood={0: 0})
    with pytest.raises(vaka.IllegalAction, match="you hold 0 moai cards"):
        st.apply(0, "lay moai")


@pytest.mark.parametrize(("count", "cost"), [(1, 0), (2, 1), (3, 2)])
def test_lay_identical_hunters_costs_0_1_2_wood(count: int, cost: int) -> None:
    st = arrange(4, hands={0: [F, F, F]}, wood={0: 4}, rows=QUIET_ROWS)
    assert legal(st) == ["lay fish", "lay 2 fish", "lay 3 fish"]
    play(st, "lay fish" if count == 1 else f"lay {count} fish")
    assert st.wood[0] == 4 - cost
    assert st.tableau[0][F] == count
    assert st.hands[0] == [F] * (3 - count)


def test_lay_hunter_cost_depends_only_on_how_many_are_laid_at_once() -> None:
    # "für den zweiten 1 Holz": the second of those laid together, not the second fisher
    # in the display.
    st = arrange(4, hands={0: [F, PR, PR]}, tableau={0: {W: 1, F: 2}}, wood={0: 0})
    assert legal(st) == ["lay fish", "lay priest"]
    play(st, "lay fish")
    assert st.tableau[0][F] == 3
    assert st.wood[0] == 0


def test_lay_third_hunter_needs_a_second_wood() -> None:
    st = arrange(4, hands={0: [F, F, F]}, wood={0: 1})
    assert legal(st) == ["lay fish", "lay 2 fish"]
    with pytest.raises(vaka.IllegalAction, match="that costs 2 wood and you have 1"):
        st.apply(0, "lay 3 fish")


def test_lay_several_hunters_only_if_identical() -> None:
    st = arrange(4, hands={0: [F, G, F]}, wood={0: 4})
    assert legal(st) == ["lay fish", "lay 2 fish", "lay grain"]
    with pytest.raises(vaka.IllegalAction, match="you hold 1 grain card"):
        st.apply(0, "lay 2 grain")
    with pytest.raises(vaka.IllegalAction, match="you hold 2 fish cards"):
        st.apply(0, "lay 3 fish")


def test_lay_is_mandatory_no_pass() -> None:
    st = arrange(3, hands={0: [PR, F, G]}, wood={0: 0})
    assert st.queue[0][0] == rules.LAY
    assert "pass" not in legal(st)
    with pytest.raises(vaka.IllegalAction, match="must lay out a card from your hand"):
        st.apply(0, "pass")
    with pytest.raises(vaka.IllegalAction, match="must lay out a card from your hand"):
        st.apply(0, "draw 1")


def test_lay_skipped_when_nothing_can_be_laid() -> None:
    # Three Moais and 4 wood: no lay possible, a full hand cannot draw: the turn passes.
    st = arrange(3, hands={0: [MO, MO, MO], 1: [PR, F, G]}, wood={0: 4, 1: 0})
    assert st.active == 1
    assert st.to_move == (1,)
    assert st.hands[0] == [MO, MO, MO]
    assert st.wood[0] == 4
    assert st.tableau[0][MO] == 0


# =========================================================================== sacrifice round
def _moai_builder(players: int, builder: int, held: dict[int, list[int]], **kw: object):
    """A game where ``builder`` has passed on buying and is about to lay a Moai."""
    hands = {builder: [MO, PR, PR], **kw.pop("hands", {})}  # type: ignore[dict-item]
    st = arrange(
        players,
        seat=builder,
        phase="lay",
        hands=hands,
        wood={builder: 7},
        held=held,
        rows=QUIET_ROWS,
        **kw,  # type: ignore[arg-type]
    )
    assert "lay moai" in legal(st)
    return st


def test_sacrifice_round_follows_moai_left_neighbour_first_clockwise() -> None:
    two = [1, 1, 0, 0]
    st = _moai_builder(4, 1, {0: two, 1: two, 2: two, 3: two})
    play(st, "lay moai")
    order = []
    while st.queue[0][0] in (rules.SACRIFICE, rules.HIDE, rules.OFFER):
        phase, seat, _ = st.queue[0]
        order.append((rules.PHASE_NAMES[phase], seat))
        play(st, legal(st)[0])
    assert order == [
        ("sacrifice", 2),
        ("sacrifice", 3),
        ("sacrifice", 0),
        ("hide", 1),
        ("offer", 1),
    ]


def test_sacrifice_round_each_other_player_lays_one_card_face_up() -> None:
    st = _moai_builder(3, 0, {0: [0, 0, 0, 0], 1: [2, 1, 0, 0], 2: [0, 0, 3, 1]})
    play(st, "lay moai")
    assert st.to_move == (1,)
    assert legal(st) == ["sacrifice fish", "sacrifice grain"]
    play(st, "sacrifice grain")
    assert st.to_move == (2,)
    assert legal(st) == ["sacrifice mulberry", "sacrifice potato"]
    play(st, "sacrifice potato")
    assert st.held[1] == [2, 0, 0, 0]
    assert st.held[2] == [0, 0, 3, 0]
    assert st.stone_up[G] == 1 and st.stone_up[P] == 1
    assert events(st, ev.Sacrifice) == [ev.Sacrifice(1, G), ev.Sacrifice(2, P)]


def test_sacrifice_round_face_up_card_is_mandatory() -> None:
    st = _moai_builder(2, 0, {1: [1, 1, 0, 0]})
    play(st, "lay moai")
    assert st.to_move == (1,)
    assert "pass" not in legal(st)
    with pytest.raises(vaka.IllegalAction, match="must put one of your sacrifice cards face up"):
        st.apply(1, "pass")
    with pytest.raises(vaka.IllegalAction, match="you hold no mulberry sacrifice card"):
        st.apply(1, "sacrifice mulberry")


def test_sacrifice_round_players_without_cards_are_skipped() -> None:
    st = _moai_builder(4, 0, {0: [0, 0, 0, 0], 1: [0, 0, 0, 0], 2: [1, 0, 1, 0], 3: [0, 0, 0, 0]})
    play(st, "lay moai")
    assert st.to_move == (2,)  # seat 1 holds nothing and is skipped
    play(st, "sacrifice fish")
    assert st.queue[0][:2] == (rules.OFFER, 0)  # seat 3 skipped, and the builder has none
    assert [e.seat for e in events(st, ev.Sacrifice)] == [2]
    assert events(st, ev.Hide) == []


def test_sacrifice_round_builder_lays_own_card_face_down() -> None:
    st = _moai_builder(2, 0, {0: [0, 2, 1, 0], 1: [0, 0, 0, 0]})
    play(st, "lay moai")
    assert st.queue[0][:2] == (rules.HIDE, 0)
    assert legal(st) == ["sacrifice grain", "sacrifice mulberry"]
    up = list(st.stone_up)
    play(st, "sacrifice mulberry")
    assert st.stone_down[0] == [0, 0, 1, 0]
    assert st.stone_up == up  # face down: not among the face-up cards
    assert st.held[0] == [0, 2, 0, 0]
    # The other player sees that a card went face down, not which.
    other = st.view(1)
    assert other["seats"][0]["face_down"] == 1
    assert "face_down_cards" not in other["seats"][0]
    assert other["stone"]["face_up"] == {k: 0 for k in ("fish", "grain", "mulberry", "potato")}
    assert st.view(0)["seats"][0]["face_down_cards"]["mulberry"] == 1
    assert not any("mulberry" in e["text"] for e in other["log"])


def test_sacrifice_round_builder_face_down_card_is_mandatory() -> None:
    st = _moai_builder(2, 0, {0: [1, 1, 0, 0], 1: [0, 0, 0, 0]})
    play(st, "lay moai")
    assert st.queue[0][:2] == (rules.HIDE, 0)
    assert "pass" not in legal(st) and "offer fish" not in legal(st)
    with pytest.raises(vaka.IllegalAction, match="face down"):
        st.apply(0, "offer fish")


def test_sacrifice_round_builder_adds_one_card_from_the_supply_face_up() -> None:
    st = _moai_builder(2, 0, {0: [0, 0, 0, 0], 1: [0, 0, 0, 0]})
    supply = list(st.supply)
    play(st, "lay moai")
    assert st.queue[0][:2] == (rules.OFFER, 0)
    assert legal(st) == ["offer fish", "offer grain", "offer mulberry", "offer potato"]
    play(st, "offer potato")
    assert st.supply[P] == supply[P] - 1
    assert st.stone_up == [0, 0, 0, 1]
    assert events(st, ev.Offer) == [ev.Offer(0, P)]


def test_sacrifice_round_supply_card_only_from_kinds_left() -> None:
    st = _moai_builder(2, 0, {0: [0, 0, 0, 0], 1: [0, 0, 0, 0]}, supply=[0, 4, 0, 4], sink_seat=1)
    play(st, "lay moai", "sacrifice fish")  # seat 1 holds the cards not in the supply
    assert legal(st) == ["offer grain", "offer potato"]
    with pytest.raises(vaka.IllegalAction, match="supply has no fish sacrifice card left"):
        st.apply(0, "offer fish")


def test_sacrifice_round_supply_card_with_one_kind_left_is_automatic() -> None:
    st = _moai_builder(2, 0, {0: [0, 0, 0, 0], 1: [0, 0, 0, 0]}, supply=[0, 0, 3, 0], sink_seat=1)
    play(st, "lay moai", "sacrifice fish")
    assert st.stone_up == [1, 0, 1, 0]
    assert st.queue[0][0] == rules.DRAW


def test_sacrifice_round_supply_empty_means_no_supply_card() -> None:
    st = _moai_builder(2, 0, {0: [0, 0, 0, 0], 1: [0, 0, 0, 0]}, supply=[0, 0, 0, 0], sink_seat=1)
    play(st, "lay moai", "sacrifice grain")
    assert st.stone_up == [0, 1, 0, 0]
    assert events(st, ev.Offer) == []
    assert st.queue[0][0] == rules.DRAW


def test_sacrifice_round_comes_before_drawing() -> None:
    st = _moai_builder(2, 0, {0: [1, 0, 0, 0], 1: [0, 1, 0, 0]})
    play(st, "lay moai", "offer fish")
    kinds = [type(e) for e in st.log]
    assert kinds.index(ev.Lay) < kinds.index(ev.Sacrifice) < kinds.index(ev.Hide)
    assert kinds.index(ev.Hide) < kinds.index(ev.Offer)
    assert ev.Draw not in kinds
    assert st.queue[0][0] == rules.DRAW


def test_sacrifice_round_only_after_a_moai() -> None:
    st = arrange(2, hands={0: [PR, PR, F]}, wood={0: 0}, rows=QUIET_ROWS)
    play(st, "lay priest")
    assert st.stone_up == [0, 0, 0, 0]
    assert st.queue[0][0] == rules.DRAW


def test_sacrifice_round_cards_stay_on_the_stone_until_the_end() -> None:
    st = _moai_builder(2, 0, {0: [1, 0, 0, 0], 1: [0, 1, 0, 0]}, hands={1: [PR, PR, PR]})
    play(st, "lay moai", "offer potato", "draw 1")
    assert st.to_move == (1,)
    up, down = list(st.stone_up), [list(d) for d in st.stone_down]
    assert up == [0, 1, 0, 1] and down[0] == [1, 0, 0, 0]
    play(st, "draw 2")  # seat 1's priest was laid automatically; now its draw
    assert st.active == 0
    assert st.stone_up == up and st.stone_down == down


# =========================================================================== drawing
def test_draw_takes_the_top_card_of_a_row() -> None:
    rows = [[W, PR], [PR, MO], [W, F], [W, G]]
    st = arrange(3, phase="draw", hands={0: [PR, PR]}, rows=rows)
    play(st, "draw 3")
    assert st.rows[2] == [W]
    assert sorted(st.hands[0]) == sorted([PR, PR, F])
    assert events(st, ev.Draw) == [ev.Draw(0, 2, F)]


def test_draw_until_three_cards_in_hand_all_from_the_chosen_row() -> None:
    rows = [[W, W, PR, G], [W, PR], [W, PR], [W, PR]]
    st = arrange(4, hands={0: [F, F, F]}, wood={0: 2}, rows=rows)
    play(st, "lay 3 fish", "draw 1")  # one decision: the row; three cards from it
    assert sorted(st.hands[0]) == sorted([G, PR, W])
    assert [(e.row, e.card) for e in events(st, ev.Draw)] == [(0, G), (0, PR), (0, W)]
    assert st.rows[0] == [W]
    assert scored(st) == [W]  # one scoring, of the card uncovered last
    assert st.active == 1  # the turn is over with 3 cards in hand


def test_draw_a_row_emptied_midway_is_refilled_and_drawing_goes_on_there() -> None:
    rows = [[PR], [W, PR], [W, PR], [W, PR]]
    pile = [MO, MO, MO, F, W, PR, G, G]  # top card last: G, G, PR, W are dealt, W on top
    st = arrange(3, hands={0: [F, F, F]}, wood={0: 2}, rows=rows, pile=pile)
    play(st, "lay 3 fish", "draw 1")
    assert sorted(st.hands[0]) == sorted([PR, W, PR])  # the priest, then two new cards
    assert events(st, ev.Refill) == [ev.Refill(0, 4)]
    assert st.rows[0] == [G, G]
    assert scored(st) == [G]


def test_draw_goes_on_in_another_row_only_when_the_pile_cannot_refill() -> None:
    rows = [[PR], [W, MO], [W, PR], [W, PR]]
    st = arrange(3, hands={0: [F, F, F]}, wood={0: 2}, rows=rows, pile=[], sink_row=3)
    play(st, "lay 3 fish", "draw 1")  # row 1 runs dry, nothing scored yet
    assert st.to_move == (0,) and st.queue[0][0] == rules.DRAW
    assert scored(st) == []
    assert "draw 1" not in legal(st)
    play(st, "draw 2")  # two more from row 2: the moai, then the woodcutter
    assert sorted(st.hands[0]) == sorted([PR, MO, W])
    assert st.rows[1] == [] and scored(st) == []  # nothing left uncovered in row 2


def test_draw_one_card_after_laying_one() -> None:
    st = arrange(3, hands={0: [PR, F, G], 1: [PR, F, G]}, wood={0: 0}, rows=QUIET_ROWS)
    play(st, "lay priest", "draw 2")
    assert len(st.hands[0]) == 3
    assert len(events(st, ev.Draw)) == 1
    assert st.active == 1


def test_draw_from_an_empty_row_is_refused() -> None:
    rows = [[W, PR], [], [W, PR], [W, PR]]
    st = arrange(3, phase="draw", hands={0: [PR, PR]}, rows=rows, pile=[])
    assert legal(st) == ["draw 1", "draw 3", "draw 4"]
    with pytest.raises(vaka.IllegalAction, match="row 2 is empty"):
        st.apply(0, "draw 2")


def test_draw_triggers_scoring_of_the_uncovered_kind() -> None:
    rows = [[PR, W], [W, PR], [W, PR], [W, PR]]
    st = arrange(
        3,
        phase="draw",
        hands={0: [F, G]},
        rows=rows,
        tableau={0: {W: 1, PR: 2}, 1: {W: 1, PR: 1}, 2: {W: 1}},
        fame=[0, 0, 0],
    )
    wood = list(st.wood)
    play(st, "draw 1")  # takes the woodcutter, uncovers a priest
    assert scored(st) == [PR]
    assert st.fame == [3, 1, 0]  # 2 + bonus, 1, 0
    assert st.wood == wood  # the drawn woodcutter itself is not scored


def test_draw_scoring_applies_to_all_players_not_just_the_drawer() -> None:
    rows = [[W, PR], [W, PR], [W, PR], [W, PR]]
    st = arrange(
        3,
        seat=1,
        phase="draw",
        hands={1: [F, G]},
        rows=rows,
        tableau={0: {W: 3}, 1: {W: 1}, 2: {W: 2}},
        wood=[0, 0, 0],
    )
    play(st, "draw 4")
    assert st.wood == [4, 1, 2]


def test_draw_emptied_row_is_refilled_with_4_and_new_top_is_scored() -> None:
    rows = [[W], [W, PR], [W, PR], [W, PR]]
    pile = [MO, MO, F, G, MO, MO, MO, PR]  # top card last: PR, MO, MO, MO are dealt
    st = arrange(
        3,
        phase="draw",
        hands={0: [F, G]},
        rows=rows,
        pile=pile,
        tableau={0: {W: 1, PR: 1}, 1: {W: 1, PR: 3}, 2: {W: 1}},
        fame=[0, 0, 0],
    )
    wood = list(st.wood)
    play(st, "draw 1")  # the last card of row 1: the row is empty and refilled at once
    assert st.rows[0] == [PR, MO, MO, MO]
    assert st.pile == [MO, MO, F, G]
    assert events(st, ev.Refill) == [ev.Refill(0, 4)]
    assert scored(st) == [MO]  # the new top card decides the scoring
    # The Moai scoring is now decided; no player has a Moai, so nobody is asked.
    assert st.wood == wood and st.fame == [0, 0, 0]


def test_draw_refill_new_top_decides_scoring_kind() -> None:
    rows = [[PR], [W, PR], [W, PR], [W, PR]]
    pile = [MO, MO, W, G, G, G]  # top card last: G, G, G, W are dealt, W ends on top
    st = arrange(
        3,
        phase="draw",
        hands={0: [F, G]},
        rows=rows,
        pile=pile,
        tableau={0: {W: 2}, 1: {W: 1}, 2: {W: 1}},
        wood=[0, 0, 0],
        sink_row=3,
    )
    play(st, "draw 1")  # takes the priest; row refilled; the woodcutter on top is scored
    assert st.rows[0][-1] == W
    assert scored(st) == [W]
    assert st.wood == [3, 1, 1]


def test_draw_several_cards_triggers_one_scoring_of_the_last_uncovered_kind() -> None:
    rows = [[PR, W, F], [W, PR], [W, PR], [W, PR]]
    st = arrange(
        4,
        hands={0: [F, F, PR]},
        wood={0: 1},
        rows=rows,
        tableau={0: {W: 2, PR: 1}, 1: {W: 1}, 2: {W: 1}, 3: {W: 1}},
    )
    wood = list(st.wood)
    fame = list(st.fame)
    play(st, "lay 2 fish", "draw 1")
    # The fish taken uncovered a woodcutter, the woodcutter taken a priest: only priests score.
    assert scored(st) == [PR]
    assert st.wood == [wood[0] - 1, *wood[1:]]
    assert st.fame == [fame[0] + 1, *fame[1:]]


# =========================================================================== scorings
def _score(kind: int, players: int = 3, seat: int = 0, **kw: object):
    """A game where ``seat`` draws from row 1 and uncovers a card of ``kind``."""
    rows = [[kind, W], [W, PR], [W, PR], [W, PR]]
    return arrange(
        players,
        seat=seat,
        phase="draw",
        hands={seat: [W, W]},
        rows=rows,
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("counts", "gains"),
    [
        ([1, 3, 0], [1, 4, 0]),  # 3 and the sole majority: one more
        ([2, 2, 1], [2, 2, 1]),  # a tie for most: no bonus
        ([1, 0, 0], [1, 0, 0]),  # the sole majority with 1 woodcutter: no bonus
        ([2, 1, 1], [3, 1, 1]),  # exactly 2 is enough
    ],
)
def test_woodcutter_scoring_1_wood_each_plus_1_for_sole_majority_of_2(
    counts: list[int], gains: list[int]
) -> None:
    tableau = {s: {W: n} for s, n in enumerate(counts)}
    st = _score(W, tableau=tableau, wood=[0, 0, 0], fame=[0, 0, 0])
    play(st, "draw 1")
    assert scored(st) == [W]
    assert st.wood == gains
    assert st.fame == [0, 0, 0]


@pytest.mark.parametrize(
    ("counts", "gains"),
    [
        ([1, 3, 0], [1, 4, 0]),
        ([2, 2, 1], [2, 2, 1]),
        ([1, 0, 0], [1, 0, 0]),
        ([0, 2, 1], [0, 3, 1]),
    ],
)
def test_priest_scoring_1_fame_each_plus_1_for_sole_majority_of_2(
    counts: list[int], gains: list[int]
) -> None:
    tableau = {s: {W: 1, PR: n} for s, n in enumerate(counts)}
    st = _score(PR, tableau=tableau, wood=[0, 0, 0], fame=[0, 0, 0])
    play(st, "draw 1")
    assert scored(st) == [PR]
    assert st.fame == gains
    assert st.wood == [0, 0, 0]


def test_wood_and_fame_are_unlimited_counters() -> None:
    # The box holds 164 wood and 90 fame in tiles; the game treats both as unlimited.
    tableau = {0: {W: 3, PR: 3}, 1: {W: 1}, 2: {W: 1}}
    st = _score(W, tableau=tableau, wood=[300, 0, 0], fame=[200, 0, 0])
    play(st, "draw 1")
    assert st.wood[0] == 304
    st = _score(PR, tableau=tableau, wood=[300, 0, 0], fame=[200, 0, 0])
    play(st, "draw 1")
    assert st.fame[0] == 204


def test_moai_scoring_each_player_takes_wood_or_fame_per_moai() -> None:
    tableau = {0: {W: 1, MO: 1}, 1: {W: 1, MO: 2}, 2: {W: 1}}
    st = _score(MO, tableau=tableau, wood=[0, 0, 0], fame=[0, 0, 0])
    play(st, "draw 1")
    assert scored(st) == [MO]
    assert st.to_move == (0,)
    assert legal(st) == ["take wood", "take fame"]
    assert st.view(0)["decision"]["amount"] == 1
    play(st, "take wood")
    assert st.to_move == (1,)
    assert st.view(1)["decision"]["amount"] == 3  # 2 Moais and the sole majority
    play(st, "take fame")
    assert st.wood == [1, 0, 0]
    assert st.fame == [0, 3, 0]
    assert events(st, ev.Moai) == [ev.Moai(0, 0, 1), ev.Moai(1, 1, 3)]


def test_moai_scoring_all_wood_or_all_fame_never_mixed() -> None:
    tableau = {0: {W: 1, MO: 3}, 1: {W: 1}, 2: {W: 1}}
    st = _score(MO, tableau=tableau, wood=[0, 0, 0], fame=[0, 0, 0])
    play(st, "draw 1")
    assert legal(st) == ["take wood", "take fame"]  # no split of the 4 points
    play(st, "take fame")
    assert st.fame[0] == 4 and st.wood[0] == 0


def test_moai_scoring_bonus_needs_sole_majority() -> None:
    tableau = {0: {W: 1, MO: 2}, 1: {W: 1, MO: 2}, 2: {W: 1, MO: 1}}
    st = _score(MO, tableau=tableau, wood=[0, 0, 0], fame=[0, 0, 0])
    play(st, "draw 1", "take fame", "take fame", "take wood")
    assert st.fame == [2, 2, 0]
    assert st.wood == [0, 0, 1]


def test_moai_scoring_choices_in_seat_order_from_the_active_player() -> None:
    tableau = {0: {W: 1, MO: 1}, 1: {W: 1, MO: 1}, 2: {W: 1, MO: 1}}
    st = _score(MO, seat=1, tableau=tableau)
    play(st, "draw 1")
    order = []
    while st.queue and st.queue[0][0] == rules.MOAI_TAKE:
        order.append(st.to_move[0])
        play(st, "take wood")
    assert order == [1, 2, 0]


def test_moai_scoring_players_without_moai_are_not_asked() -> None:
    tableau = {0: {W: 1}, 1: {W: 1}, 2: {W: 1, MO: 1}}
    st = _score(MO, tableau=tableau)
    play(st, "draw 1")
    assert st.to_move == (2,)
    play(st, "take fame")
    assert st.active == 1  # seat 0's turn is over; nobody else was asked


def test_hunter_scoring_one_card_for_anyone_with_a_hunter_of_that_resource() -> None:
    tableau = {0: {W: 1, F: 1}, 1: {W: 1, G: 2}, 2: {W: 1, F: 3}}
    st = _score(F, tableau=tableau, held=[[0, 0, 0, 0]] * 3)
    play(st, "draw 1")
    assert scored(st) == [F]
    assert st.held == [[1, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 0]]  # seat 2: + bonus


def test_hunter_scoring_bonus_counts_only_hunters_of_the_scored_resource() -> None:
    # Seat 1 has more hunter-gatherers in all (5), seat 0 the most fishers (2).
    tableau = {0: {W: 1, F: 2}, 1: {W: 1, F: 1, G: 4}, 2: {W: 1}}
    st = _score(F, 3, tableau=tableau, held=[[0, 0, 0, 0]] * 3)
    play(st, "draw 1")
    assert st.held[0] == [2, 0, 0, 0]
    assert st.held[1] == [1, 0, 0, 0]


def test_hunter_scoring_bonus_needs_sole_majority_and_2() -> None:
    tableau = {0: {W: 1, G: 2}, 1: {W: 1, G: 2}, 2: {W: 1, G: 1}}
    st = _score(G, 4, tableau=tableau, held=[[0, 0, 0, 0]] * 4)
    play(st, "draw 1")
    assert [h[G] for h in st.held] == [1, 1, 1, 0]
    st = _score(G, 2, tableau={0: {W: 1, G: 1}, 1: {W: 1}}, held=[[0, 0, 0, 0]] * 2)
    play(st, "draw 1")
    assert [h[G] for h in st.held] == [1, 0]


def test_hunter_scoring_exhausted_kind_lets_the_player_choose_another() -> None:
    """„Sollte eine Opferkarte aufgebraucht sein, darf eine andere Sorte genommen werden.“
    The player owed a used-up kind picks any kind left in the supply, or none (I12)."""
    tableau = {0: {W: 1, F: 1}, 1: {W: 1, F: 1}, 2: {W: 1}}
    st = _score(
        F,
        tableau=tableau,
        held={0: [0, 0, 0, 0], 1: [0, 0, 0, 0]},
        supply=[1, 5, 5, 5],
        sink_seat=2,
    )
    play(st, "draw 1")
    assert st.held[0] == [1, 0, 0, 0]  # the active player took the last fish
    assert st.to_move == (1,)
    assert legal(st) == ["pass", "gain grain", "gain mulberry", "gain potato"]
    with pytest.raises(vaka.IllegalAction, match="supply has no fish sacrifice card left"):
        st.apply(1, "gain fish")
    play(st, "gain potato")
    assert st.held[1] == [0, 0, 0, 1]
    assert st.supply == [0, 5, 5, 4]


def test_hunter_scoring_exhausted_kind_may_be_declined() -> None:
    """„Sollte eine Opferkarte aufgebraucht sein, darf eine andere Sorte genommen werden.“
    „darf“ permits, it does not oblige: the player may also take no card at all (I12)."""
    tableau = {0: {W: 1, F: 1}, 1: {W: 1, F: 1}, 2: {W: 1}}
    st = _score(
        F,
        tableau=tableau,
        held={0: [0, 0, 0, 0], 1: [0, 0, 0, 0]},
        supply=[1, 5, 5, 5],
        sink_seat=2,
    )
    play(st, "draw 1")
    assert st.to_move == (1,) and "pass" in legal(st)
    play(st, "pass")
    assert st.held[1] == [0, 0, 0, 0]
    assert st.supply == [0, 5, 5, 5]
    assert events(st, ev.Decline) == [ev.Decline(1, F)]
    assert events(st, ev.Pass) == []  # not logged as a declined purchase
    words = [e["text"] for e in st.view(0)["log"]]
    assert "Seat 1 takes no sacrifice card (fish has run out)" in words
    assert st.active == 1  # nothing else was owed: the next turn began


def test_hunter_scoring_exhausted_kind_with_one_other_left_is_still_a_choice() -> None:
    """„Sollte eine Opferkarte aufgebraucht sein, darf eine andere Sorte genommen werden.“
    With one other kind left the player still chooses: that kind or none (I12, I17)."""
    tableau = {0: {W: 1}, 1: {W: 1, M: 2}, 2: {W: 1}}
    st = _score(M, tableau=tableau, held={1: [0, 0, 0, 0]}, supply=[0, 0, 0, 7], sink_seat=2)
    play(st, "draw 1")
    assert st.to_move == (1,)
    assert legal(st) == ["pass", "gain potato"]
    play(st, "gain potato")  # the card owed
    assert legal(st) == ["pass", "gain potato"]  # the bonus card: asked again
    play(st, "pass")
    assert st.held[1] == [0, 0, 0, 1]
    assert st.active == 1


def test_hunter_scoring_everything_exhausted_gives_nothing() -> None:
    tableau = {0: {W: 1, P: 1}, 1: {W: 1}, 2: {W: 1}}
    st = _score(P, tableau=tableau, held={0: [0, 0, 0, 0]}, supply=[0, 0, 0, 0], sink_seat=2)
    play(st, "draw 1")
    assert st.held[0] == [0, 0, 0, 0]
    assert st.active == 1


def test_hunter_scoring_bonus_card_may_be_another_kind_when_exhausted() -> None:
    tableau = {0: {W: 1, G: 2}, 1: {W: 1}, 2: {W: 1}}
    st = _score(G, tableau=tableau, held={0: [0, 0, 0, 0]}, supply=[2, 1, 2, 0], sink_seat=2)
    play(st, "draw 1")
    assert st.held[0] == [0, 1, 0, 0]
    assert legal(st) == ["pass", "gain fish", "gain mulberry"]
    play(st, "gain fish")
    assert st.held[0] == [1, 1, 0, 0]


def test_hunter_scoring_in_seat_order_from_the_active_player() -> None:
    # One fish left: seat 1 (active) gets it, seat 2 and then seat 0 must choose.
    tableau = {0: {W: 1, F: 1}, 1: {W: 1, F: 1}, 2: {W: 1, F: 1}}
    st = _score(
        F,
        4,
        seat=1,
        tableau=tableau,
        held={0: [0] * 4, 1: [0] * 4, 2: [0] * 4},
        supply=[1, 5, 5, 5],
        sink_seat=3,
    )
    play(st, "draw 1")
    assert st.held[1] == [1, 0, 0, 0]
    assert st.to_move == (2,)
    play(st, "gain grain")
    assert st.to_move == (0,)
    play(st, "gain mulberry")
    assert st.held[2] == [0, 1, 0, 0] and st.held[0] == [0, 0, 1, 0]


def test_hunter_scoring_does_not_touch_wood_or_fame() -> None:
    tableau = {0: {W: 3, PR: 2, F: 1}, 1: {W: 1}, 2: {W: 1}}
    st = _score(F, tableau=tableau, wood=[0, 0, 0], fame=[0, 0, 0])
    play(st, "draw 1")
    assert st.wood == [0, 0, 0] and st.fame == [0, 0, 0]


# =========================================================================== end of game
def test_end_when_pile_used_up_after_the_turn_cards_may_remain_in_rows() -> None:
    rows = [[W], [W, PR], [W, PR], [W, PR]]
    st = arrange(
        3,
        phase="draw",
        hands={0: [F, G]},
        rows=rows,
        pile=[W, PR],
        tableau={0: {W: 1}, 1: {W: 1}, 2: {W: 1}},
        wood=[0, 0, 0],
    )
    assert not st.is_over
    play(st, "draw 1")
    assert st.pile == []
    assert st.rows[0] == [PR, W]  # the last refill gets only 2 cards
    assert events(st, ev.Refill) == [ev.Refill(0, 2)]
    assert scored(st) == [W]  # the refill's top card is still scored
    assert st.wood == [1, 1, 1]
    assert st.is_over
    assert st.to_move == ()
    assert sum(len(r) for r in st.rows) > 0  # the display may still hold cards
    assert events(st, ev.End) == [ev.End("the draw pile is used up")]


def test_end_turn_in_progress_is_completed_first() -> None:
    # The pile runs out during the draw; the draw goes on and the Moai scoring it
    # triggers is still carried out, with its choices; then the game ends.
    rows = [[W], [W, PR], [W, PR], [W, PR]]
    st = arrange(
        3,
        phase="draw",
        hands={0: [F]},
        rows=rows,
        pile=[G, MO, G, G],  # dealt as G, G, MO, G: the grain on top is taken next
        tableau={0: {W: 1, MO: 1}, 1: {W: 1, MO: 1}, 2: {W: 1}},
        fame=[0, 0, 0],
    )
    play(st, "draw 1")
    assert st.pile == [] and st.pile_out
    assert sorted(st.hands[0]) == sorted([F, W, G])
    assert scored(st) == [MO]
    assert not st.is_over
    assert st.to_move == (0,)
    play(st, "take fame")
    assert not st.is_over and st.to_move == (1,)
    play(st, "take fame")
    assert st.fame == [1, 1, 0]
    assert st.is_over
    assert st.turns == 1


def test_end_emptied_row_not_refilled_and_not_scored_once_pile_is_out() -> None:
    rows = [[W], [PR], [W, PR], [W, PR]]
    st = arrange(
        3,
        phase="draw",
        hands={0: [F]},
        rows=rows,
        pile=[MO],  # the last refill gets a single card
        tableau={0: {W: 1, PR: 1}, 1: {W: 1}, 2: {W: 1}},
        wood=[0, 0, 0],
        fame=[0, 0, 0],
    )
    play(st, "draw 1")  # the woodcutter; refill with the last card; then that moai
    assert events(st, ev.Refill) == [ev.Refill(0, 1)]
    assert st.pile == [] and st.rows[0] == []  # emptied again: no refill now
    assert sorted(st.hands[0]) == sorted([F, W, MO])
    assert scored(st) == []  # nothing left uncovered in the row: no scoring
    assert st.wood == [0, 0, 0] and st.fame == [0, 0, 0]
    assert st.is_over


def test_end_not_before_the_pile_is_used_up() -> None:
    rows = [[W, PR], [W, PR], [W, PR], [W, PR]]
    st = arrange(3, phase="draw", hands={0: [F, G], 1: [PR, F, G]}, rows=rows)
    play(st, "draw 1")
    assert not st.is_over
    assert st.active == 1 and st.turns == 1
    assert st.winners() == []


def test_end_no_action_after_the_end() -> None:
    rows = [[W], [W, PR], [W, PR], [W, PR]]
    st = arrange(3, phase="draw", hands={0: [F, G]}, rows=rows, pile=[W, PR])
    play(st, "draw 1")
    assert st.is_over
    assert st.legal_actions(0) == [] and st.legal_actions(1) == []
    with pytest.raises(vaka.GameOver):
        st.apply(1, "pass")


def test_end_full_game_pile_ends_after_8_refills_of_4_and_one_of_2() -> None:
    import random

    for seed in range(40):
        st = new(3, seed)
        rng = random.Random(seed)
        while not st.is_over:
            seat = st.to_move[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        counts = [e.count for e in events(st, ev.Refill)]
        if st.pile_out:
            assert counts == [4] * 8 + [2]
            assert st.pile == []
            return
    pytest.fail("no random game ran through the whole pile")


# =========================================================================== final scoring
def test_final_score_adds_fame_tiles_moai_wood_and_sacrifice_cards() -> None:
    st = arrange(
        3,
        hands={0: [PR, PR, PR]},
        wood=[14, 4, 5],
        fame=[3, 0, 1],
        tableau={0: {W: 1, MO: 2}, 1: {W: 1}, 2: {W: 1, MO: 1}},
        held=[[2, 1, 0, 0], [0, 0, 0, 3], [0, 0, 0, 0]],
        stone_up=[4, 2, 0, 0],
        stone_down=[[0] * 4, [0] * 4, [0] * 4],
    )
    end_now(st)
    parts = st.breakdown()
    # fish 3, grain 2 (most often, then one less); mulberry and potato, on 0, one less: 1.
    assert parts[0] == {"fame": 3, "moai": 8, "wood": 2, "sacrifice": 8, "total": 21}
    assert parts[1] == {"fame": 0, "moai": 0, "wood": 0, "sacrifice": 3, "total": 3}
    assert parts[2] == {"fame": 1, "moai": 4, "wood": 1, "sacrifice": 0, "total": 6}
    assert st.scores() == [21.0, 3.0, 6.0]


@pytest.mark.parametrize(("wood", "fame"), [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (24, 4)])
def test_final_score_5_wood_is_1_fame(wood: int, fame: int) -> None:
    st = arrange(2, hands={0: [PR, PR, PR]}, wood=[wood, 0], fame=[0, 0], held=[[0] * 4, [0] * 4])
    end_now(st)
    assert st.breakdown()[0]["wood"] == fame
    assert st.scores()[0] == fame


def test_final_score_4_fame_per_moai() -> None:
    st = arrange(
        2,
        hands={0: [PR, PR, PR]},
        wood=[0, 0],
        fame=[0, 0],
        tableau={0: {W: 1, MO: 3}, 1: {W: 1}},
        held=[[0] * 4, [0] * 4],
    )
    end_now(st)
    assert st.scores() == [12.0, 0.0]


@pytest.mark.parametrize(
    ("stone", "values"),
    [
        ([4, 3, 2, 1], [3, 2, 1, 0]),  # most often 3, each next one less
        ([1, 2, 3, 4], [0, 1, 2, 3]),
        ([5, 2, 5, 0], [3, 2, 3, 1]),  # a tie shares the value; dense ranking after it
        ([6, 6, 1, 0], [3, 3, 2, 1]),
        ([2, 2, 2, 2], [3, 3, 3, 3]),
        ([7, 0, 0, 0], [3, 2, 2, 2]),  # never sacrificed: ranked second, on its count 0
        ([9, 5, 3, 0], [3, 2, 1, 0]),  # never sacrificed and fourth: 0 by its rank
        ([0, 0, 0, 0], [3, 3, 3, 3]),  # all tied on 0: all "most often"
    ],
)
def test_final_sacrifice_values_rank_every_kind_by_its_count(
    stone: list[int], values: list[int]
) -> None:
    """„Dabei sind Opferkarten, die am häufigsten gespendet wurden 3 RP wert, die anderen
    jeweils 1 RP weniger.“ with „Opferkarten (0-3 RP)“: all four kinds are ranked by their
    count on the stone, the most 3, each next count 1 less, a tie sharing its value; a kind
    nobody sacrificed takes its place by its count (0) like the others (I3)."""
    assert sacrifice_values(stone, "ranked") == values


@pytest.mark.parametrize(
    ("stone", "values"),
    [
        ([4, 3, 2, 1], [3, 2, 1, 0]),
        ([5, 2, 5, 0], [3, 2, 3, 0]),  # never sacrificed: worth nothing
        ([6, 6, 1, 0], [3, 3, 2, 0]),
        ([7, 0, 0, 0], [3, 0, 0, 0]),
        ([0, 0, 0, 0], [0, 0, 0, 0]),
    ],
)
def test_final_sacrifice_values_option_zero_unsacrificed(
    stone: list[int], values: list[int]
) -> None:
    """The variant ``sacrifice=zero-unsacrificed`` reads „die am häufigsten gespendet
    wurden“ as ranking only kinds that were „gespendet“: one with no card on the stone is
    worth 0 whatever its rank (I3)."""
    assert sacrifice_values(stone, "zero-unsacrificed") == values


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ({}, [2, 3, 1, 1]),
        ({"sacrifice": "ranked"}, [2, 3, 1, 1]),
        ({"sacrifice": "zero-unsacrificed"}, [2, 3, 0, 0]),
    ],
)
def test_final_sacrifice_values_follow_the_option_in_view_and_score(
    option: dict[str, str], expected: list[int]
) -> None:
    """„Dabei sind Opferkarten, die am häufigsten gespendet wurden 3 RP wert, die anderen
    jeweils 1 RP weniger.“ The values the view shows during play, the final score and the
    bots' estimate all follow the game's ``sacrifice`` option (default ``ranked``)."""
    from vaka.games.rapanui.estimate import values as estimate

    st = arrange(
        2,
        hands={0: [PR, PR, PR]},
        held=[[0, 0, 0, 2], [0] * 4],
        stone_up=[2, 3, 0, 0],
        stone_down=[[0] * 4, [0] * 4],
        fame=[0, 0],
        wood=[0, 0],
        options=option,
    )
    shown = st.view(0)["sacrifice_values"]
    assert [shown[n] for n in ("fish", "grain", "mulberry", "potato")] == expected
    before = estimate(st)
    st.held[0][POTATO] -= 1  # one potato card less: the estimate drops by its worth
    st.supply[POTATO] += 1
    assert before[0] - estimate(st)[0] == pytest.approx(expected[POTATO])
    st.held[0][POTATO] += 1
    st.supply[POTATO] -= 1
    end_now(st)
    assert st.breakdown()[0]["sacrifice"] == 2 * expected[POTATO]


def test_final_face_down_cards_count_at_the_end() -> None:
    st = arrange(
        3,
        hands={0: [PR, PR, PR]},
        held=[[1, 1, 0, 0], [0] * 4, [0] * 4],
        stone_up=[2, 3, 0, 0],
        stone_down=[[0] * 4, [2, 0, 0, 0], [0] * 4],
        fame=[0, 0, 0],
        wood=[0, 0, 0],
    )
    # During play, only the face-up cards are known: grain leads.
    assert st.view(0)["sacrifice_values"] == {"fish": 2, "grain": 3, "mulberry": 1, "potato": 1}
    end_now(st)
    # At the end the 2 face-down fish count: fish 4 > grain 3.
    assert st.view(0)["sacrifice_values"] == {"fish": 3, "grain": 2, "mulberry": 1, "potato": 1}
    assert st.breakdown()[0]["sacrifice"] == 5


def test_final_cards_on_the_stone_score_for_nobody() -> None:
    # Only sacrifice cards still held score; the builder's face-down card is gone.
    st = arrange(
        2,
        hands={0: [PR, PR, PR]},
        held=[[0] * 4, [0, 1, 0, 0]],
        stone_up=[0, 3, 0, 0],
        stone_down=[[0, 2, 0, 0], [0] * 4],
        fame=[0, 0],
        wood=[0, 0],
    )
    end_now(st)
    assert [b["sacrifice"] for b in st.breakdown()] == [0, 3]


def test_final_face_down_cards_are_revealed_at_the_end() -> None:
    st = arrange(
        3,
        hands={0: [PR, PR, PR]},
        stone_down=[[0] * 4, [0, 0, 2, 0], [0] * 4],
    )
    assert "face_down_cards" not in st.view(2)["seats"][1]
    end_now(st)
    seen = st.view(2)["seats"][1]
    assert seen["face_down_cards"] == {"fish": 0, "grain": 0, "mulberry": 2, "potato": 0}
    assert st.view(None)["stone"]["face_down"] == [0, 2, 0]


def test_final_winner_has_most_fame() -> None:
    st = arrange(3, hands={0: [PR, PR, PR]}, fame=[5, 9, 7], wood=[0, 0, 0], held=[[0] * 4] * 3)
    end_now(st)
    assert st.winners() == [1]
    assert st.view(None)["winners"] == [1]


def test_final_tie_on_fame_broken_by_moais() -> None:
    st = arrange(
        3,
        hands={0: [PR, PR, PR]},
        fame=[8, 16, 0],
        wood=[0, 0, 0],
        held=[[0] * 4] * 3,
        tableau={0: {W: 1, MO: 2}, 1: {W: 1}, 2: {W: 1}},
    )
    end_now(st)
    assert st.scores()[:2] == [16.0, 16.0]
    assert st.winners() == [0]


def test_final_tie_on_fame_and_moais_is_shared() -> None:
    st = arrange(
        3,
        hands={0: [PR, PR, PR]},
        fame=[4, 4, 3],
        wood=[0, 0, 0],
        held=[[0] * 4] * 3,
        tableau={0: {W: 1, MO: 1}, 1: {W: 1, MO: 1}, 2: {W: 1, MO: 1}},
    )
    end_now(st)
    assert st.winners() == [0, 1]


# =========================================================================== automatic decisions
def test_auto_single_possible_lay_is_taken() -> None:
    st = arrange(3, hands={0: [PR, PR, PR]}, wood={0: 0}, rows=QUIET_ROWS)
    assert st.tableau[0][PR] == 1
    assert st.queue[0][0] == rules.DRAW
    assert events(st, ev.Lay) == [ev.Lay(0, PR, 1, 0)]
    assert st.history == []  # nobody chose it


def test_auto_single_possible_sacrifice_is_taken() -> None:
    st = _moai_builder(3, 0, {0: [0, 0, 0, 0], 1: [0, 3, 0, 0], 2: [1, 0, 1, 0]})
    play(st, "lay moai")
    assert st.held[1] == [0, 2, 0, 0]  # seat 1 holds only grain: laid for it
    assert st.to_move == (2,)


def test_auto_single_possible_face_down_card_is_taken() -> None:
    st = _moai_builder(2, 0, {0: [0, 0, 0, 2], 1: [0, 0, 0, 0]})
    play(st, "lay moai")
    assert st.stone_down[0] == [0, 0, 0, 1]
    assert st.queue[0][:2] == (rules.OFFER, 0)


def test_auto_single_nonempty_row_is_drawn() -> None:
    rows = [[], [], [W, PR], []]
    st = arrange(3, phase="draw", hands={0: [F, G]}, rows=rows, pile=[], sink_row=2)
    assert events(st, ev.Draw)[0] == ev.Draw(0, 2, PR)
    assert st.history == []  # taken for seat 0, not chosen
    assert st.turns >= 1


def test_auto_moai_scoring_is_always_asked() -> None:
    tableau = {0: {W: 1, MO: 1}, 1: {W: 1}, 2: {W: 1}}
    st = _score(MO, tableau=tableau)
    play(st, "draw 1")
    assert st.queue[0][0] == rules.MOAI_TAKE
    assert len(legal(st)) == 2


def test_auto_every_decision_offers_at_least_two_choices() -> None:
    import random

    for players in (2, 3, 4):
        for seed in range(15):
            st = new(players, seed)
            rng = random.Random(seed * 10 + players)
            while not st.is_over:
                seat = st.to_move[0]
                choices = st.legal_actions(seat)
                assert len(choices) >= 2, (choices, st.queue)
                for other in range(players):
                    if other != seat:
                        assert st.legal_actions(other) == []
                st.apply(seat, rng.choice(choices))
                st.check()


# =========================================================================== stuck game
def test_stuck_game_ends_after_a_full_round_without_laying_or_drawing() -> None:
    st = arrange(
        3,
        hands={0: [MO] * 3, 1: [MO] * 3, 2: [MO] * 3},
        wood=[4, 0, 6],
        tableau={0: {W: 1}, 1: {W: 1}, 2: {W: 1}},
    )
    # Seat 0 and 1 cannot buy, lay or draw; seat 2 may still buy (6 wood) but not lay.
    assert st.to_move == (2,) and legal(st)[0] == "pass"
    play(st, "pass")
    assert st.is_over
    assert st.turns == 3
    assert events(st, ev.End) == [ev.End("no player can lay out or draw a card any more")]
    assert st.winners() != []


def test_stuck_game_not_ended_while_someone_can_still_draw() -> None:
    st = arrange(
        3,
        hands={0: [MO] * 3, 1: [MO, MO], 2: [MO] * 3},
        wood=[0, 0, 0],
        rows=QUIET_ROWS,
    )
    assert not st.is_over
    assert st.to_move == (1,) and st.queue[0][0] == rules.DRAW


def test_stuck_game_count_restarts_when_a_card_is_laid() -> None:
    st = arrange(
        3,
        hands={0: [MO] * 3, 1: [MO, MO, PR], 2: [MO] * 3},
        wood=[0, 0, 0],
        rows=[[W, MO], [W, PR], [W, PR], [W, PR]],
    )
    # Seat 0 idle, seat 1 lays its priest (auto) and draws the last Moai: play goes on.
    assert not st.is_over and st.to_move == (1,)
    play(st, "draw 1")
    # Now everybody holds three Moais without wood: one full idle round ends the game.
    assert st.is_over
    assert st.turns == 5  # seats 0, 1 (not idle), then 2, 0, 1 idle


# =========================================================================== refusals
def test_refusal_wrong_seat() -> None:
    st = new(3, seed=4)
    with pytest.raises(vaka.NotYourTurn, match="waiting for seat 0"):
        st.apply(1, legal(st)[0])
    assert st.legal_actions(1) == []


def test_refusal_malformed_action_text() -> None:
    st = new(3, seed=4)
    with pytest.raises(vaka.MalformedAction):
        st.apply(0, "lay banana")
    with pytest.raises(vaka.MalformedAction):
        st.apply(0, "draw 5")


def test_refusal_changes_nothing() -> None:
    st = arrange(3, hands={0: [PR, F, G]}, wood={0: 0})
    before = snapshot(st)
    for move in (
        "lay moai",
        "lay 2 fish",
        "draw 1",
        "take wood",
        "buy fish",
        "pass",
        "offer fish",
        "gain fish",
        "sacrifice fish",
    ):
        with pytest.raises(vaka.IllegalAction):
            st.apply(0, move)
    assert snapshot(st) == before


def test_refusal_action_text_is_accepted_in_any_case_and_spacing() -> None:
    st = arrange(3, hands={0: [PR, F, G]}, wood={0: 0}, rows=QUIET_ROWS)
    st.apply(0, "  Lay   PRIEST ")
    assert st.tableau[0][PR] == 1
    assert [(s, str(a)) for s, a in st.history] == [(0, "lay priest")]


def test_hunter_scoring_that_nobody_gains_from_says_so() -> None:
    """A hunter-gatherer scoring of a resource nobody has laid out gives nothing; the log
    says so instead of leaving the reader to wait for the cards (issue 15)."""
    st = _score(M, tableau={0: {W: 1}, 1: {W: 1}, 2: {W: 1}})
    play(st, "draw 1")
    words = [e["text"] for e in st.view(0)["log"]]
    assert "Mulberry hunter-gatherers are scored: nobody has one, nobody gains" in words
    st = _score(M, tableau={0: {W: 1}, 1: {W: 1, M: 1}, 2: {W: 1}})
    play(st, "draw 1")
    words = [e["text"] for e in st.view(0)["log"]]
    assert "Mulberry hunter-gatherers are scored" in words  # the gains follow as their own lines
    assert not any("nobody" in w for w in words)


def test_a_refusal_says_the_rule_in_the_readers_language() -> None:
    """The service and the terminal refuse in the reader's language: the kind, the count's
    form and the decision waiting in German, the English as before outside."""
    st = arrange(4, hands={0: [F, G, F]}, wood={0: 4})
    with using("de"):
        for action, german in (
            ("lay 2 grain", "Sie haben 1 Getreide-Karte auf der Hand"),
            ("lay 3 fish", "Sie haben 2 Fisch-Karten auf der Hand"),
            ("draw 1", "jetzt müssen Sie eine Handkarte auslegen"),
        ):
            with pytest.raises(vaka.IllegalAction) as refused:
                st.apply(0, action)
            assert f"{action} ist jetzt nicht erlaubt: {german}" in str(refused.value)
    with using("en_XA"), pytest.raises(vaka.IllegalAction) as pseudo:
        st.apply(0, "lay 2 grain")
    reason = str(pseudo.value).split(": ", 1)[1].split(". ", 1)[0]
    assert "hold" not in reason and "card" not in reason and "⟦" in reason, reason
    with pytest.raises(vaka.IllegalAction, match="you hold 1 grain card"):
        st.apply(0, "lay 2 grain")
