"""Setup and the five steps of a turn (rulebook: Setup, Course of Play 1-5)."""

from __future__ import annotations

import pytest

import vaka
from tests.games.atua.game_helpers import new, play_first
from vaka.games.atua import rules
from vaka.games.atua.candidates import candidates
from vaka.games.atua.cards import CARDS
from vaka.games.atua.geometry import check
from vaka.games.atua.params import PILES
from vaka.games.atua.placement import Placement
from vaka.games.atua.state import AtuaState
from vaka.i18n import using


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_by_player_count(players: int) -> None:
    st = new(players)
    assert [len(p) for p in st.piles] == list(PILES[players])
    assert len(st.row) == 4 and st.row_coconuts == [0] * 4
    assert st.coconuts == [5] * players
    assert len(st.fates_open) == players + 1
    assert all(st.residents) and not any(st.revealed)
    assert len({isl.village.card for isl in st.islands}) == players
    st.check()


@pytest.mark.parametrize("players", [2, 5])
def test_a_first_game_has_no_resident_nor_fate_tiles(players: int) -> None:
    """Setup: "For your first games … playing without resident and fate tiles. So skip
    steps 4 and 5 of the setup." Turns then have no fate and no resident step."""
    st = new(players, first_game=True)
    assert st.fates_open == [] and len(st.fates_box) == 10
    assert st.residents == [""] * players and len(st.resident_box) == 6
    assert [len(p) for p in st.piles] == list(PILES[players]) and len(st.row) == 4
    phases = set()
    while not st.is_over:
        phases.add(st.view(None)["decision"]["phase"])
        seat = st.to_move[0]
        st.apply(seat, st.legal_actions(seat)[0])
        st.check()
    assert "fate" not in phases and "resident" not in phases
    assert {"take", "place", "score"} <= phases
    assert all(b["fate"] == 0 and b["resident"] == 0 for b in st.breakdown())
    with pytest.raises(vaka.InvalidOptions):
        new(players, first_game="yes")


def test_residents_are_face_down_to_others() -> None:
    st = new(3)
    seats = st.view(0)["seats"]
    assert seats[0]["resident"] == st.residents[0]
    assert seats[1]["resident"] is None and seats[2]["resident"] is None
    assert all(s["resident"] is None for s in st.view(None)["seats"])


def test_taking_puts_a_coconut_on_each_card_to_the_left_and_gains_those_on_it() -> None:
    st = new(2)
    st.row_coconuts[2], st.coconut_box = 2, st.coconut_box - 2
    card = st.row[2]
    st.apply(0, "take 3")
    assert st.held == card
    assert st.coconuts[0] == 5 - 2 + 2
    assert st.row_coconuts[:2] == [1, 1]
    st.check()


def test_a_card_you_cannot_pay_for_is_refused() -> None:
    st = new(2)
    st.coconuts[0], st.coconut_box = 2, st.coconut_box + 3
    st.choices = rules.legal(st, rules.TAKE, 0, 0)
    assert "take 4" not in [str(a) for a in st.legal_actions(0)]
    with pytest.raises(vaka.IllegalAction, match="costs 3 coconuts"):
        st.apply(0, "take 4")
    assert "take 1" in [str(a) for a in st.legal_actions(0)]  # the first card is free


def test_placement_choices_are_the_candidates() -> None:
    st = new(2)
    st.apply(0, "take 1")
    assert st.legal_actions(0) == candidates(st.islands[0], st.held)  # type: ignore[arg-type]


def _exact_but_not_offered(st: object) -> Placement:
    assert hasattr(st, "islands")
    for cand in st.legal_actions(0):  # type: ignore[attr-defined]
        for dx in (1, -1, 2, -2, 3):
            p = Placement(cand.card, cand.x + dx, cand.y, cand.angle)
            if p not in st.choices and check(st.islands[0], p) is None:  # type: ignore[attr-defined]
                return p
    raise AssertionError("no exact placement near the candidates")


def test_any_exact_legal_placement_is_accepted() -> None:
    st = new(2)
    st.apply(0, "take 1")
    p = _exact_but_not_offered(st)
    st.apply(0, str(p))
    assert st.islands[0].placements[-1] == p
    assert st.history[-1] == (0, p)
    again = vaka.replay(st.record()) if "atua" in vaka.game_ids() else None
    assert again is None or again.history == st.history


def test_an_illegal_placement_is_refused_with_the_rule() -> None:
    st = new(2)
    st.apply(0, "take 1")
    card = st.held
    with pytest.raises(vaka.IllegalAction, match="covers no symbol"):
        st.apply(0, f"place {card} at 9000,9000 angle 0")
    other = next(c for c in ("c1", "c2") if c != card)
    with pytest.raises(vaka.IllegalAction, match=f"the card to place is {card}"):
        st.apply(0, f"place {other} at 0,0 angle 0")
    with pytest.raises(vaka.MalformedAction):
        st.apply(0, "place v1 at 0,0 angle 0")


def test_a_refusal_while_placing_names_the_rule_and_counts_the_placements() -> None:
    """Not the 40 placements in one paragraph; the rule once, and how many are offered."""
    st = new(2)
    st.apply(0, "take 1")
    card, offered = st.held, st.legal_actions(0)
    before = st.clone()
    for text, why in (
        (f"place {card} at 9000,9000 angle 0", "it covers no symbol completely"),
        ("take 2", f"your card {card} waits to be placed first"),
        ("pass", f"your card {card} waits to be placed first"),
    ):
        with pytest.raises(vaka.IllegalAction) as refused:
            st.apply(0, text)
        message = str(refused.value)
        assert type(refused.value) is vaka.IllegalAction
        assert message.startswith(f"{text} is not allowed now: {why}")
        assert f"Allowed: {len(offered)} placements of {card}" in message
        assert f"1-{len(offered)}" in message
        assert not any(str(p) in message for p in offered)
        assert "now: now:" not in message and message.count("not allowed") == 1
    assert st.history == before.history and st.legal_actions(0) == offered


def test_a_refusal_at_another_step_says_which_decision_waits() -> None:
    st = new(2)
    with pytest.raises(vaka.IllegalAction) as refused:
        st.apply(0, "pass")
    message = str(refused.value)
    assert "not allowed now: the decision waiting is: take an island card" in message
    assert "now: now:" not in message


# Marae (v4) is all mainland: a headland, sandbar or reef (c45-c52) fits nowhere on it
# (their mainland, if any, is walled in by sea); the first cards fit (c1: inland)
MARAE_SEED = 11  # seat 0's village is Marae
UNFIT = ("c45", "c46", "c49", "c51")


def _lay_out(st: AtuaState, cards: list[str], where: str = "row") -> None:
    """Put ``cards`` in the row (or the solo offer), swapping them with the cards there."""
    spot: list[str] = getattr(st, where)
    places = [st.row, st.offer, st.box, *st.piles]
    for i, card in enumerate(cards):
        holder = next(p for p in places if card in p)
        j = holder.index(card)
        holder[j], spot[i] = spot[i], card
    st.choices = rules.legal(st, rules.TAKE, 0, 0)
    st.check()


def test_a_card_that_fits_nowhere_cannot_be_taken() -> None:
    """ "Take a card from the row and add it to your island": a card that cannot be added to
    your island cannot be taken (as one you cannot pay for "you cannot take"), while another
    card can."""
    st = new(2, seed=MARAE_SEED)
    assert st.islands[0].village.card == "v4"
    _lay_out(st, ["c45", "c1", "c49", "c2"])
    assert [str(a) for a in st.legal_actions(0)] == ["take 2", "take 4"]
    with pytest.raises(vaka.IllegalAction, match="c45 fits nowhere on your island"):
        st.apply(0, "take 1")
    assert st.held is None and st.row[0] == "c45"
    st.apply(0, "take 2")
    assert st.held == "c1" and st.legal_actions(0) == candidates(st.islands[0], "c1")


def test_when_no_card_fits_one_is_taken_and_set_aside() -> None:
    """When no card you can pay for fits your island, you still take one ("3 mandatory
    actions"); it goes aside, out of the game (interpretation), and the row is refilled."""
    st = new(2, seed=MARAE_SEED)
    _lay_out(st, list(UNFIT))
    assert [str(a) for a in st.legal_actions(0)] == ["take 1", "take 2", "take 3", "take 4"]
    st.apply(0, "take 3")
    assert [str(a) for a in st.legal_actions(0)] == ["set aside"]
    pile_before = len(st.piles[0])
    st.apply(0, "set aside")
    assert st.set_aside[0] == ["c49"] and st.islands[0].card_ids == ["v4"]
    assert len(st.row) == 4 and len(st.piles[0]) == pile_before - 1  # refilled
    st.check()


def test_a_card_that_fits_must_be_one_you_can_pay_for() -> None:
    """ "Don't have enough coconuts? Then you cannot take this card": when the only card that
    fits costs more than you have, the cards you can pay for are offered (and set aside)."""
    st = new(2, seed=MARAE_SEED)
    st.coconuts[0], st.coconut_box = 2, st.coconut_box + 3
    _lay_out(st, ["c45", "c46", "c49", "c1"])
    assert [str(a) for a in st.legal_actions(0)] == ["take 1", "take 2", "take 3"]


@pytest.mark.parametrize(("offer", "taken"), [(["c1", "c45"], "left"), (["c45", "c1"], "right")])
def test_solo_a_card_that_fits_nowhere_cannot_be_taken(offer: list[str], taken: str) -> None:
    """Solo: "Take 1 of them. … Then expand your island with the chosen card according to
    the usual rules": of the two cards drawn, one that fits nowhere cannot be taken."""
    st = new(1, seed=MARAE_SEED)
    assert st.islands[0].village.card == "v4"
    _lay_out(st, offer, where="offer")
    assert [str(a) for a in st.legal_actions(0)] == [f"take {taken}"]
    with pytest.raises(vaka.IllegalAction, match="c45 fits nowhere"):
        st.apply(0, f"take {'right' if taken == 'left' else 'left'}")


def test_the_row_slides_left_and_refills_from_the_nearest_pile() -> None:
    st = new(2)
    row, top = list(st.row), st.piles[0][-1]
    st.apply(0, "take 2")
    st.apply(0, st.legal_actions(0)[0])
    assert st.row == [row[0], row[2], row[3], top]


def test_fate_tile_cost_goes_left_to_right_onto_the_row() -> None:
    st = new(3)
    play_first(st, "fate")
    fate = "f3" if "f3" in st.fates_open else None
    buys = [a for a in st.legal_actions(0) if str(a).startswith("buy")]
    assert buys
    choice = buys[-1]
    from vaka.games.atua.tiles import FATES

    cost = FATES[choice.arg].cost  # type: ignore[union-attr]
    before = list(st.row_coconuts)
    nuts = st.coconuts[0]
    st.apply(0, choice)
    assert st.coconuts[0] == nuts - cost
    added = [a - b for a, b in zip(st.row_coconuts, before, strict=True)]
    assert added == [1 if i < cost else 0 for i in range(4)]
    assert choice.arg in st.fates_owned[0] and choice.arg not in st.fates_open  # type: ignore[union-attr]
    assert fate is None or fate in st.fates_open or fate in st.fates_owned[0]
    # one fate tile per turn: the next decision is the resident
    assert st.view(None)["decision"]["phase"] == "resident"


def _give_resident(st: AtuaState, seat: int, rid: str) -> None:
    mine = st.residents[seat]
    if rid in st.resident_box:
        st.resident_box = sorted([*(r for r in st.resident_box if r != rid), mine])
    else:
        st.residents[st.residents.index(rid)] = mine
    st.residents[seat] = rid
    st.check()


def test_revealing_a_resident_scores_pairs_in_the_row() -> None:
    st = new(2)
    _give_resident(st, 0, "r1")  # Akroa: 3 points per 2 birds in the row
    play_first(st, "resident")
    birds = sum(1 for c in st.row for s in CARDS[c].symbols if s.kind == "bird")
    st.apply(0, "reveal")
    assert st.revealed[0] and st.resident_points[0] == 3 * (birds // 2)
    assert "reveal" not in [str(a) for a in rules.legal(st, rules.RESIDENT, 0, 0)]


@pytest.mark.parametrize("players", [2, 3])
def test_interim_scorings_one_two_three_sources(players: int) -> None:
    st = new(players, seed=4)
    scored_at: list[list[int]] = []
    while not st.is_over:
        seat = st.to_move[0]
        st.apply(seat, st.legal_actions(seat)[-1])
        counts = [len(s) for s in st.scored]
        if not scored_at or counts != scored_at[-1]:
            scored_at.append(counts)
    assert [1] * players in scored_at and [3] * players in scored_at
    assert [len(s) for s in st.scored] == [6] * players
    for seat in range(players):  # nine cards each: laid or set aside
        assert len(st.islands[seat].placements) - 1 + len(st.set_aside[seat]) == 9
    assert st.turns == 9 * players
    st.check()


def test_a_refusal_is_said_in_the_readers_language() -> None:
    """The rule and the decision waiting, in German, as the service and the terminal say
    them to a German reader; the English words stay as they were outside."""
    st = new(2)
    with using("de"), pytest.raises(vaka.IllegalAction) as waiting:
        st.apply(0, "pass")
    assert "anstehende Entscheidung: eine Inselkarte nehmen" in str(waiting.value)
    st.apply(0, "take 1")
    card = st.held
    with using("de"), pytest.raises(vaka.IllegalAction) as refused:
        st.apply(0, f"place {card} at 9000,9000 angle 0")
    assert "nicht erlaubt: sie überdeckt kein Symbol vollständig" in str(refused.value)
    with using("de"):
        assert rules.placement_reason(st, 1, Placement(card, 0, 0, 0)) == (
            "keine Karte wartet darauf, gelegt zu werden"
        )
    with using("de"):
        with pytest.raises(vaka.MalformedAction, match="ist keine Aktion von Atua; versuchen"):
            st.apply(0, "frobnicate")
        with pytest.raises(vaka.MalformedAction, match="keine Lage: 'place c1 at 1,2'"):
            st.apply(0, "place c1 at 1,2")
    with pytest.raises(vaka.IllegalAction, match="it covers no symbol completely"):
        st.apply(0, f"place {card} at 9000,9000 angle 0")
