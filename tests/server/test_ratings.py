"""How a finished game moves people's ratings (the arithmetic; the service's tests play
rated tables on a real server)."""

from __future__ import annotations

from vaka.server.ratings import MU, SIGMA, Outcome, places, rate, shown


def test_a_newcomer_shows_1000_and_the_number_is_conservative() -> None:
    assert shown(MU, SIGMA) == 1000
    # the same mean, surer: a higher number; the same spread, a higher mean: higher too
    assert shown(MU, SIGMA / 2) > shown(MU, SIGMA)
    assert shown(MU + 1, SIGMA) == 1050


def test_places_put_winners_first_then_scores_and_leavers_last() -> None:
    ended = [
        Outcome(0, 20, False),
        Outcome(1, 31, True),
        Outcome(2, 31, False),  # lost the tie-break
        Outcome(3, 40, False, left=True),  # a bot scored 40 for a seat that resigned
    ]
    assert places(ended) == [3, 1, 2, 4]


def test_ties_are_ties() -> None:
    assert places([Outcome(0, 12, True), Outcome(1, 12, True)]) == [1, 1]
    (mu0, s0), (mu1, s1) = rate([(MU, SIGMA), (MU, SIGMA)], [1, 1])
    assert mu0 == mu1 == MU and s0 == s1 < SIGMA


def test_the_winner_rises_and_the_loser_falls() -> None:
    (mu0, _), (mu1, _) = rate([(MU, SIGMA), (MU, SIGMA)], [1, 2])
    assert mu0 > MU > mu1


def test_three_people_move_in_order_of_their_places() -> None:
    after = rate([(MU, SIGMA)] * 3, [2, 1, 3])
    assert after[1][0] > after[0][0] > after[2][0]


def test_one_person_alone_is_not_moved() -> None:
    assert rate([(30.0, 2.0)], [1]) == [(30.0, 2.0)]
