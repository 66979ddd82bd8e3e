"""Game review: decisions judged from the seat's observation, labelled by win-chance loss."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from vaka.agents import Observation, make_agent
from vaka.core.errors import VakaError
from vaka.core.record import replay
from vaka.core.registry import load
from vaka.core.rng import Rng, derive_seed
from vaka.sim.match import play
from vaka.sim.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    ONLY_MOVE_GAP,
    Budget,
    judge,
    label,
    move_accuracy,
    review_decision,
    review_game,
    seat_report,
)
from vaka.sim.review_judge import Estimate, hindsight, loss_of, only_gap
from vaka.sim.review_labels import SOLO_POINTS, WON, Yardstick, yardstick

SMALL = Budget(playouts=4)


def medium_game(seed: int, players: int = 2) -> Any:
    """A Rapa Nui game between medium bots, seeded."""
    state = load("rapa-nui").new_state(players, seed)
    play(state, [make_agent("medium", "rapa-nui", derive_seed(seed, s)) for s in range(players)])
    return state


def finish(record: dict[str, Any], seed: int) -> dict[str, Any]:
    """The record played on to the end by medium bots."""
    state = replay(record)
    players = state.players
    bots = [make_agent("medium", "rapa-nui", derive_seed(seed, "end", s)) for s in range(players)]
    play(state, bots)
    return state.record()


# In the game of seed 3 between medium bots, at action 71 seat 1 must draw from a row: row 3
# wins the game, the others lose it. The planted blunder draws from row 2.
PLANT_SEED, PLANT_AT, PLANT_SEAT, PLANT_BAD = 3, 71, 1, "draw 2"


def planted() -> tuple[dict[str, Any], str]:
    record = medium_game(PLANT_SEED).record()
    seat, good = record["actions"][PLANT_AT]
    assert seat == PLANT_SEAT and good != PLANT_BAD
    record["actions"] = [*record["actions"][:PLANT_AT], [PLANT_SEAT, PLANT_BAD]]
    return finish(record, 1), good


def test_labels_follow_the_thresholds() -> None:
    assert INACCURACY < MISTAKE < BLUNDER
    assert label(0.0) == "good"
    assert label(INACCURACY - 0.01) == "good"
    assert label(INACCURACY) == "inaccuracy"
    assert label(MISTAKE) == "mistake"
    assert label(BLUNDER) == "blunder"
    assert label(0.0, gap=ONLY_MOVE_GAP) == "only move"
    assert label(0.0, gap=ONLY_MOVE_GAP - 0.01) == "good"
    assert label(MISTAKE, gap=ONLY_MOVE_GAP) == "mistake"  # the gap counts only for the best


def test_move_accuracy_falls_with_the_loss() -> None:
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert 100 > move_accuracy(0.05) > move_accuracy(0.2) > move_accuracy(0.5) >= 0
    assert move_accuracy(1.0) == 0.0


def test_the_planted_blunder_is_bad_in_the_real_game() -> None:
    """The engine's own verdict, from the true state: the action taken by the bot wins
    whatever the bots do next, the planted one loses."""
    record, good = planted()
    before = replay(record, upto=PLANT_AT)
    results = {}
    for action in (good, PLANT_BAD):
        wins = 0
        for k in range(6):
            state = before.clone()
            state.apply(PLANT_SEAT, action)
            play(state, [make_agent("medium", "rapa-nui", derive_seed(k, s)) for s in range(2)])
            wins += PLANT_SEAT in state.winners()
        results[action] = wins
    assert results[good] >= 5 and results[PLANT_BAD] <= 1, results


def test_a_planted_blunder_is_found_and_labelled() -> None:
    record, _ = planted()
    decision = review_decision(record, PLANT_AT, Budget(playouts=12), seed=3)
    assert decision.taken == PLANT_BAD and decision.seat == PLANT_SEAT
    assert decision.label in ("mistake", "blunder")
    assert decision.loss >= MISTAKE
    assert decision.best is not None and decision.best.action != PLANT_BAD
    assert decision.margin_loss > 0
    assert len({e.action for e in decision.estimates}) == decision.legal  # 4 rows: all judged


def test_the_review_of_the_bot_move_there_is_not_a_mistake() -> None:
    record = medium_game(PLANT_SEED).record()
    decision = review_decision(record, PLANT_AT, Budget(playouts=12), seed=3)
    assert decision.label in ("good", "only move", "inaccuracy")


def late(record: dict[str, Any], count: int) -> range:
    n = len(record["actions"])
    return range(n - count, n)


def test_review_is_deterministic_and_the_same_for_any_number_of_jobs() -> None:
    record = medium_game(3).record()
    only = late(record, 10)
    one = review_game(record, budget=SMALL, seed=5, only=only)
    again = review_game(record, budget=SMALL, seed=5, only=only)
    two = review_game(record, budget=SMALL, seed=5, jobs=2, only=only)
    assert one == again == two
    assert [d.index for d in one.decisions] == list(only)
    assert any(not d.forced for d in one.decisions)


def test_a_seat_review_judges_only_that_seat() -> None:
    record = medium_game(3).record()
    review = review_game(record, seats=[1], budget=SMALL, only=late(record, 8))
    assert review.seats == (1,)
    assert review.decisions and {d.seat for d in review.decisions} == {1}
    report = review.seat_reports()[0]
    assert report == seat_report(review.decisions, 1)
    assert sum(report.labels.values()) == len(review.decisions)


def random_record(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """A finished game of random moves (the golden playthroughs' way of choosing)."""
    state = load(game_id).new_state(players, seed)
    rng = Rng(seed)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state.record()


def test_forced_decisions_are_skipped() -> None:
    record = random_record("raiatea", 3, 4)
    counts = []
    for index in range(40):
        seat = record["actions"][index][0]
        counts.append(len(replay(record, upto=index).legal_actions(seat)))
    forced = counts.index(1)  # Raiatea's "done" when nothing else is left
    judged = next(i for i in range(forced - 1, -1, -1) if counts[i] > 1)
    review = review_game(record, budget=Budget(playouts=1), only=[judged, forced])
    by_index = {d.index: d for d in review.decisions}
    assert by_index[forced].forced and by_index[forced].estimates == ()
    assert by_index[forced].label == "forced" and by_index[forced].legal == 1
    assert not by_index[judged].forced and by_index[judged].estimates
    assert seat_report(review.decisions, by_index[forced].seat).labels["forced"] == 1


def test_the_judgement_never_looks_at_hidden_cards() -> None:
    """Swap the rival's hand and the pile of the true state for another deal the seat
    cannot tell apart: the judgement stays the same. Playing out the true state itself
    instead would change (checked below), so a review that used it would fail here."""
    record = medium_game(PLANT_SEED).record()
    index = PLANT_AT
    seat, taken = record["actions"][index]
    true = replay(record, upto=index)
    other = true.determinize(seat, 12345)
    assert other.view(seat) == true.view(seat)
    hidden = (true.hands[1 - seat], true.pile)  # type: ignore[attr-defined]
    assert (other.hands[1 - seat], other.pile) != hidden  # type: ignore[attr-defined]
    action = true.game.parse_action(taken)
    budget = Budget(playouts=6)
    assert judge(Observation(true, seat), action, budget, 9) == judge(
        Observation(other, seat), action, budget, 9
    )
    # The hidden cards matter to how the game goes on: the true futures differ.
    outcomes = []
    for state in (true.clone(), other.clone()):
        state.apply(seat, action)
        play(state, [make_agent("medium", "rapa-nui", s) for s in range(2)])
        outcomes.append(state.scores())
    assert outcomes[0] != outcomes[1]


def test_bad_input_is_refused() -> None:
    record = medium_game(3).record()
    with pytest.raises(VakaError):
        review_game(record, seats=[2])
    with pytest.raises(VakaError):
        review_game(record, jobs=0)
    unfinished = dict(record, actions=record["actions"][:10])
    with pytest.raises(VakaError):
        review_game(unfinished)
    with pytest.raises(VakaError):
        Budget(playouts=0)
    with pytest.raises(VakaError):
        Budget(candidates=1)


def test_a_costly_decision_is_played_again_in_as_many_new_deals() -> None:
    """Budget.confirm: where the loss reaches an inaccuracy, every candidate gets the same
    playouts again (the first deals, then as many new ones); elsewhere nothing more."""
    record, good = planted()
    obs = Observation(replay(record, upto=PLANT_AT), PLANT_SEAT)
    bad = obs.game.parse_action(PLANT_BAD)
    once, twice = Budget(playouts=5, confirm=False), Budget(playouts=10, confirm=False)
    confirmed = judge(obs, bad, Budget(playouts=5), 2)
    assert confirmed == judge(obs, bad, twice, 2) != judge(obs, bad, once, 2)
    best = obs.game.parse_action(good)
    assert judge(obs, best, Budget(playouts=5), 2) == judge(obs, best, once, 2)


def test_the_full_information_is_shown_apart_and_changes_nothing_else() -> None:
    """``full``: each candidate also played from the true position. The review itself
    (estimates, label, loss) is the same with or without it, and the hindsight figures do
    read the true hidden cards: another deal the seat cannot tell apart changes them."""
    record, _ = planted()
    budget = Budget(playouts=4)
    plain = review_decision(record, PLANT_AT, budget, 3)
    full = review_decision(record, PLANT_AT, budget, 3, full=True)
    assert plain.hindsight == () and full.hindsight
    assert dataclasses.replace(full, hindsight=()) == plain
    assert [e.action for e in full.hindsight] == [e.action for e in full.estimates]
    true = replay(record, upto=PLANT_AT)
    other = true.determinize(PLANT_SEAT, 12345)
    actions = [e.action for e in full.estimates]
    assert hindsight(true, PLANT_SEAT, actions, 4, 3) == list(full.hindsight)
    assert hindsight(other, PLANT_SEAT, actions, 4, 3) != list(full.hindsight)


@pytest.mark.parametrize(("game_id", "players"), [("raiatea", 3), ("atua", 2), ("atua", 1)])
def test_every_game_can_be_reviewed(game_id: str, players: int) -> None:
    """The last judged decisions of a random game, at a tiny budget: every candidate is a
    legal action there, and the action taken is among them."""
    record = random_record(game_id, players, 2)
    n = len(record["actions"])
    review = review_game(record, budget=Budget(playouts=1, iterations=10), only=range(n - 3, n))
    judged = [d for d in review.decisions if not d.forced]
    assert judged
    for decision in judged:
        legal = replay(record, upto=decision.index).legal_actions(decision.seat)
        assert {e.action for e in decision.estimates} <= {str(a) for a in legal}
        assert decision.chosen is not None and 0 <= decision.loss <= 1


def test_an_action_written_otherwise_in_the_record_is_still_the_action_taken() -> None:
    record, _ = planted()
    record["actions"][PLANT_AT] = [PLANT_SEAT, "  " + PLANT_BAD.upper()]
    decision = review_decision(record, PLANT_AT, Budget(playouts=4), 3)
    assert decision.taken == PLANT_BAD and decision.chosen is not None
    assert decision.label in ("mistake", "blunder")


def solo_loss(points: float) -> float:
    """What giving up ``points`` of final lead costs alone, on the labels' 0-1 scale."""
    return yardstick(None, 1).shortfalls([(1.0, points), (1.0, 0.0)])[1]


def test_alone_a_decision_is_labelled_by_the_score_it_gave_up() -> None:
    """Against Tahuma the win chance is often the same for every candidate: the solo
    review ranks candidates by final score and labels the points given up."""
    assert [label(solo_loss(p)) for p in (2.9, 3, 6, 9, 40)] == [
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert solo_loss(-5) == 0 and solo_loss(SOLO_POINTS * 3) == 1
    record = random_record("atua", 1, 2)
    n = len(record["actions"])
    review = review_game(record, budget=Budget(playouts=2, iterations=10), only=range(n - 4, n))
    judged = [d for d in review.decisions if not d.forced]
    assert judged and all(d.solo for d in judged)
    for d in judged:
        margins = [e.margin for e in d.estimates]
        assert margins == sorted(margins, reverse=True)  # best first by score
        assert d.chosen is not None
        assert d.margin_loss == pytest.approx(d.estimates[0].margin - d.chosen.margin)
        assert d.loss == pytest.approx(solo_loss(d.margin_loss))
        assert d.by_lead and d.points == SOLO_POINTS
        gap = solo_loss(margins[0] - margins[1]) if len(margins) > 1 else None
        assert d.label == label(d.loss, gap)
    other = random_record("rapa-nui", 2, 2)
    n = len(other["actions"])
    two = review_game(other, budget=Budget(playouts=1, iterations=10), only=range(n - 4, n))
    assert not any(d.solo for d in two.decisions)


def test_a_yardstick_counts_the_larger_of_the_win_chance_and_the_lead_given_up() -> None:
    """Far behind, every candidate leaves about no win chance: the lead given up (over the
    game's points) still tells a blunder; where the measures disagree, the best candidate
    is the one that stands least below the best of either."""
    behind = [(0.01, -6.0), (0.0, -9.5), (0.012, -6.5)]
    assert Yardstick().shortfalls(behind) == pytest.approx([0.002, 0.012, 0.0])
    assert Yardstick(points=10).shortfalls(behind) == pytest.approx([0.002, 0.35, 0.05])
    assert label(Yardstick().shortfalls(behind)[1]) == "good"
    assert label(Yardstick(points=10).shortfalls(behind)[1]) == "blunder"
    mixed = [(0.6, 1.0), (0.5, 3.0)]  # more win chance, or more lead
    assert Yardstick(points=10).shortfalls(mixed) == pytest.approx([0.2, 0.1])
    estimates = [Estimate("a", 0.6, 1.0), Estimate("b", 0.5, 3.0)]
    assert loss_of(estimates, "a", Yardstick(points=10)) == pytest.approx(0.1)
    assert loss_of(estimates, "b", Yardstick(points=10)) == 0
    assert loss_of(estimates, "b", Yardstick()) == pytest.approx(0.1)
    assert Yardstick(win=False, points=30).shortfalls([(1, 50), (1, 40)]) == [0, 10 / 30]


def test_points_given_up_in_a_game_already_won_count_at_half() -> None:
    """Where the best candidate wins at least ``won``, the points given up no longer change
    the result (a player who plays to win spends them): they count at half; behind, they
    count in full. The games' yardsticks do so, alone the lead counts in full always."""
    ahead = [(1.0, 10.0), (0.97, 6.0)]  # won either way: 4 points given up
    assert Yardstick(points=20).shortfalls(ahead) == pytest.approx([0, 0.2])
    assert Yardstick(points=20, won=WON).shortfalls(ahead) == pytest.approx([0, 0.1])
    assert label(Yardstick(points=20, won=WON).shortfalls(ahead)[1]) == "inaccuracy"
    behind = [(0.0, -6.0), (0.0, -10.0)]  # lost either way: the same 4 points
    assert Yardstick(points=20, won=WON).shortfalls(behind) == pytest.approx([0, 0.2])
    assert Yardstick(points=20, won=WON).points_at(0.96) == 40
    assert Yardstick(points=20, won=WON).points_at(0.5) == 20
    assert yardstick(20.0, 3).won == WON and yardstick(None, 1).won is None


@pytest.mark.parametrize(("game", "players"), [("raiatea", 3), ("atua", 2), ("rapa-nui", 2)])
def test_each_games_decisions_are_measured_by_its_own_yardstick(game: str, players: int) -> None:
    record = random_record(game, players, 4)
    n = len(record["actions"])
    review = review_game(record, budget=Budget(playouts=2, iterations=10), only=range(n - 3, n))
    judged = [d for d in review.decisions if not d.forced]
    assert judged
    points = load(game).review_points
    assert (points is None) == (game == "rapa-nui")
    for d in judged:
        top_win = max(e.win for e in d.estimates)
        assert d.points == (None if points is None else points * (2 if top_win >= WON else 1))
        assert d.loss == pytest.approx(loss_of(d.estimates, d.taken, yardstick(points, players)))
        assert d.label == label(d.loss, only_gap(d.estimates, yardstick(points, players)))
        assert d.chosen is not None and d.best is not None
        assert d.by_lead == (points is not None and d.loss > d.best.win - d.chosen.win)
