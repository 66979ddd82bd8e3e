"""The solo game against Tahuma (rulebook: Solo Game)."""

from __future__ import annotations

from collections import Counter

import pytest

import vaka
from tests.games.atua.game_helpers import new
from vaka.agents import Observation, make_agent
from vaka.games.atua import GAME, scoring
from vaka.games.atua.actions import parse
from vaka.games.atua.cards import CARDS
from vaka.games.atua.params import SOLO_LEVELS, SOLO_LEVELS_PRINTED


def test_solo_setup() -> None:
    st = new(1, level="hard", tahuma="printed")
    assert [len(p) for p in st.piles] == [16 - 2, 12, 8]  # the first two are drawn
    assert st.row == [] and st.coconuts == [6] and st.hut == 3
    assert len(st.offer) == 2 and st.fates_open == [] and st.residents == [""]
    assert st.level == 35
    st.check()


@pytest.mark.parametrize(
    ("level", "start"),
    [("easy", 20), ("medium", 28), ("hard", 35), ("legendary", 42), ("expert", 42)],
)
def test_levels(level: str, start: int) -> None:
    """Solo setup: "Easy = 20 points • Medium = 28 points • Hard = 35 points •
    Legendary = 42 points" (``expert`` is an older name for legendary, still accepted):
    the rulebook's numbers, with the option ``tahuma=printed``."""
    assert new(1, level=level, tahuma="printed").level == start
    with pytest.raises(vaka.InvalidOptions):
        new(1, level="legendary-ish", tahuma="printed")


@pytest.mark.parametrize(
    ("level", "start"),
    [("easy", 5), ("medium", 13), ("hard", 20), ("legendary", 27), ("expert", 27)],
)
def test_calibrated_levels_are_the_default(level: str, start: int) -> None:
    """By default the levels give the starts calibrated for the reconstructed card faces
    (docs/rules/atua.md, "Solo levels"): each the printed one less the same amount, so the
    rulebook's steps between levels stay."""
    assert new(1, level=level).level == start
    assert new(1, level=level, tahuma="calibrated").level == start
    assert new(1, level=level, tahuma="printed").level - start == 15
    assert new(1).level == new(1, level="medium").level  # the default level is medium


def test_the_rules_at_hand_give_the_starts_the_game_uses() -> None:
    """`explain Tahuma` and the summary name both tables as the game holds them."""
    book = GAME.rulebook()
    tahuma = " ".join(book.find("Tahuma").text.split())
    summary = " ".join(book.summary.split())
    for table in (SOLO_LEVELS, SOLO_LEVELS_PRINTED):
        starts = [str(table[k]) for k in ("easy", "medium", "hard", "legendary")]
        assert "/".join(starts) in tahuma
        assert ", ".join(starts[:-1]) + " and " + starts[-1] in summary or (
            ", ".join(starts[:-1]) + " or " + starts[-1] in summary
        )
    assert "tahuma=printed" in tahuma and "tahuma=printed" in summary
    assert "solo levels" in book.reconstructed.lower()


def test_the_table_option_is_checked_and_changes_only_tahumas_start() -> None:
    with pytest.raises(vaka.InvalidOptions, match="tahuma"):
        new(1, tahuma="rulebook")
    a, b = new(1, seed=5, level="hard"), new(1, seed=5, level="hard", tahuma="printed")
    assert (a.offer, a.piles, a.islands[0].card_ids) == (b.offer, b.piles, b.islands[0].card_ids)
    for st in (a, b):
        while not st.is_over:
            st.apply(0, st.legal_actions(0)[-1])
    ta, tb = scoring.tahuma_breakdown(a), scoring.tahuma_breakdown(b)
    assert tb["start"] - ta["start"] == 35 - 20
    assert {k: v for k, v in ta.items() if k not in ("start", "total")} == {
        k: v for k, v in tb.items() if k not in ("start", "total")
    }
    assert a.scores() == b.scores()
    assert new(3, tahuma="printed").level == 0  # no Tahuma with rivals


def test_left_costs_a_coconut_right_brings_one_from_the_hut() -> None:
    st = new(1)
    left, right = st.offer
    st.apply(0, "take left")
    assert (st.held, st.other, st.coconuts[0], st.hut) == (left, right, 5, 4)
    st = new(1)
    st.apply(0, "take right")
    assert (st.held, st.coconuts[0], st.hut) == (right, 7, 2)
    st = new(1)
    st.hut, st.coconut_box = 0, st.coconut_box + 3
    st.apply(0, "take right")
    assert st.coconuts[0] == 6  # an empty hut gives nothing
    st = new(1)
    st.coconuts[0], st.coconut_box = 0, st.coconut_box + 6
    st.choices = []
    from vaka.games.atua import rules

    assert [str(a) for a in rules.legal(st, rules.TAKE, 0, 0)] == ["take right"]


def test_the_other_card_goes_to_tahuma_unless_spared() -> None:
    st = new(1)
    st.apply(0, "take left")
    other = st.other
    st.apply(0, "give")
    assert st.tahuma == [other]
    st = new(1)
    st.apply(0, "take right")
    other = st.other
    st.apply(0, "spare")
    assert st.spared == [other] and st.coconuts[0] == 7 - 3 and st.hut == 2 + 3
    st.check()


def test_solo_counts_identical_totems() -> None:
    """Solo: "Unlike in the normal game, you may also score identical totems. Simply count
    the total number of totems on your island, whether identical or different."
    """
    assert scoring.totem_points(Counter({"moon": 2, "tiki": 1}), count_identical=True) == 4
    assert scoring.totem_points(Counter({"moon": 2, "tiki": 1})) == 0


def test_the_totems_note_counts_as_the_scoring_does() -> None:
    """The note on "score totems" counts identical totems in the solo game ("Simply count
    the total number of totems on your island"), and only unique ones otherwise."""
    totems = {"moon": 2, "tiki": 1, "shark": 1}
    for players, points, words in ((1, 7, "4 totems"), (3, 2, "2 unique totems")):
        view = new(players).view(0)
        view["seats"][0]["totems"] = dict(totems)
        assert GAME.describe_choice(view, parse("score totems")) == f"{points} points ({words})"
        solo = players == 1
        assert points == scoring.totem_points(Counter(totems), count_identical=solo)


def test_tahuma_scores_half_pairs_hut_volcano_majority_and_beach() -> None:
    st = new(1)
    fm = [c for c in CARDS if CARDS[c].kind == "island"]
    st.tahuma = fm[:10]
    b = scoring.tahuma_breakdown(st)
    kinds: Counter[str] = Counter(s.kind for c in st.tahuma for s in CARDS[c].symbols)
    assert b["fishing"] == scoring.pair_points(kinds["fisherman"], kinds["fish"], 2, tahuma=True)
    assert b["coconuts"] == st.hut
    assert b["volcanoes"] == (7 if kinds["volcano"] > 0 else 0)
    assert b["total"] == sum(v for k, v in b.items() if k != "total")
    assert scoring.tahuma_beach(st) == sum(1 for c in st.tahuma if CARDS[c].beaches)
    assert scoring.pair_points(5, 2, 2, tahuma=True) == 4


def test_a_solo_game_lasts_18_turns_and_ends_with_three_scorings() -> None:
    st = new(1, seed=2)
    while not st.is_over:
        st.apply(0, st.legal_actions(0)[-1])
    assert st.turns == 18 and set(st.scored[0]) == set(scoring.SOURCES)
    assert len(st.tahuma) + len(st.spared) == 18
    mine = st.scores()[0]
    tahuma = scoring.tahuma_breakdown(st)["total"]
    assert st.winners() == (
        [0] if mine > tahuma or (mine == tahuma and st.coconuts[0] >= st.hut) else []
    )
    st.check()


def test_the_medium_bot_plays_the_same_at_every_level() -> None:
    """What lets one run of games measure every level (scripts/solo_levels.py): a level
    only adds to Tahuma's total, so the bot's choices do not depend on it."""
    games = [new(1, seed=8, level="easy"), new(1, seed=8, level="legendary", tahuma="printed")]
    assert (games[0].level, games[1].level) == (5, 42)  # the bar differs, the play must not
    bots = [make_agent("medium", "atua", 8) for _ in games]
    for _ in range(15):
        chosen = [bot.act(Observation(st, 0)) for bot, st in zip(bots, games, strict=True)]
        assert chosen[0] == chosen[1]
        for st, action in zip(games, chosen, strict=True):
            st.apply(0, action)
