"""Turning points in each game's own words (vaka.sim.review_words): the game's moment, the
action and the better one as players say them, and what the record shows came of it; a
game that names nothing keeps the generic words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.core.sealedbid import GAME as SEALED_BID
from tests.core.sealedbid import Bid
from tests.sim.test_review import PLANT_AT, PLANT_SEAT, planted
from tests.sim.test_review_games import PLANTS
from tests.sim.test_review_games import planted as planted_in
from vaka.core.game import Action
from vaka.core.record import replay
from vaka.core.registry import load
from vaka.core.rng import Rng
from vaka.core.state import State
from vaka.games.atua.placement import Placement
from vaka.games.atua.rules import SCORE
from vaka.games.atua.state import AtuaState
from vaka.games.raiatea import events as raiatea_events
from vaka.games.raiatea.names import thing
from vaka.games.raiatea.params import MISSION_SLOTS, TOOS
from vaka.games.raiatea.scoring import breakdown
from vaka.games.raiatea.state import RaiateaState
from vaka.games.rapanui import events as rapanui_events
from vaka.games.rapanui.params import KIND_NAMES
from vaka.sim.review import (
    Budget,
    Decision,
    Estimate,
    assemble,
    describe,
    review_decision,
    turning_points,
)
from vaka.sim.review_words import tell

CHEAP = Budget(playouts=3)


def test_a_rapa_nui_turning_point_names_the_turn_the_row_and_what_the_draw_uncovered() -> None:
    record, _ = planted()  # seat 1 draws from row 2 instead of row 3: a blunder
    decision = review_decision(record, PLANT_AT, CHEAP, seed=3)
    before = replay(record, upto=PLANT_AT)
    turn = sum(1 for e in before.log if isinstance(e, rapanui_events.Turn))
    card = KIND_NAMES[before.rows[1][-1]]
    assert decision.moment == f"turn {turn}"
    assert dict(decision.words)["draw 2"] == f"taking the {card} from row 2"
    # What the draw uncovered, and the scoring that card brought, as the game logged them.
    after = before.clone()
    after.apply(PLANT_SEAT, before.game.parse_action("draw 2"))
    assert decision.outcome.startswith(f"it uncovered a {KIND_NAMES[after.rows[1][-1]]}")
    units = {"priest": "fame", "woodcutter": "wood"}
    for e in after.log[len(before.log) :]:
        if isinstance(e, rapanui_events.Score) and KIND_NAMES[e.kind] in units:
            for seat, n in enumerate(e.amounts):
                if n:
                    assert f"seat {seat} +{n} {units[KIND_NAMES[e.kind]]}" in decision.outcome
    best = decision.best
    assert best is not None and best.action != "draw 2"
    row = int(best.action.split()[1])
    best_card = KIND_NAMES[before.rows[row - 1][-1]]
    (point,) = turning_points(assemble(record, replay(record), (1,), [decision], CHEAP, 3))
    assert point.startswith(f"turn {turn}, seat {PLANT_SEAT}: taking the {card} from row 2 left ")
    assert f"; taking the {best_card} from row {row} was worth " in point
    assert "action" not in point and "draw" not in point


def test_a_rival_that_took_the_better_card_next_is_named() -> None:
    """Every draw of the planted game, told as if the next rival's draw from another row had
    been the better one: the rival is named when it took the very card (the same row's top
    card as at the decision); a better draw no rival made names nobody."""
    record, _ = planted()
    actions = record["actions"]
    named = 0
    for i, (seat, text) in enumerate(actions[:PLANT_AT]):
        later = []
        for j in range(i + 1, len(actions)):
            if actions[j][0] == seat:
                break
            later.append(j)
        draws = [j for j in later if actions[j][1].startswith("draw") and actions[j][1] != text]
        if not text.startswith("draw") or not draws:
            continue
        j = draws[0]
        other, rival = actions[j]
        row = int(rival.split()[1]) - 1
        state = replay(record, upto=i)
        same = replay(record, upto=j).rows[row][-1] == state.rows[row][-1]
        taken = state.game.parse_action(text)
        told = tell(record, i, state, taken, [rival], rival)
        assert told.best_taken_by == (other if same else None), (i, j)
        named += same
        # A better draw that no rival made before the seat's next turn names nobody.
        unmade = {f"draw {k}" for k in range(1, 5)} - {text} - {actions[k][1] for k in later}
        for best in unmade:
            assert tell(record, i, state, taken, [best], best).best_taken_by is None
    assert named > 0


def test_raiatea_and_atua_turning_points_speak_of_rounds_missions_and_cards() -> None:
    (raiatea, atua) = PLANTS
    record, _ = planted_in(*raiatea)  # a mission left unfulfilled
    index = raiatea[2]
    decision = review_decision(record, index, CHEAP, seed=3)
    before = replay(record, upto=index)
    kind, number = before.track[before.space]
    assert kind == "action" and decision.moment == f"action round {number}"
    words = dict(decision.words)
    assert words["pass"] == "fulfilling no To'o mission"
    best = decision.best
    assert best is not None and best.action.startswith("mission ")
    slot = best.action.split()[1]
    token = before.slots[[".".join(str(n + 1) for n in s) for s in MISSION_SLOTS].index(slot)]
    assert words[best.action].startswith(f"fulfilling the To'o mission {slot} (")
    assert words[best.action].endswith(f", {TOOS[token]['vp']} VP)")
    text = describe(decision)
    assert text.startswith(f"action round {number}, seat {decision.seat}: fulfilling no To'o")
    assert f"; {words[best.action]} was worth " in text

    record, _ = planted_in(*atua)  # the fourth card of the row taken, not the first
    index = atua[2]
    decision = review_decision(record, index, Budget(playouts=2, iterations=20), seed=3)
    before = replay(record, upto=index)
    assert decision.moment == f"round {before.turns // 2 + 1}"  # two seats, a turn each
    text = describe(decision)
    assert text.startswith(f"round {before.turns // 2 + 1}, seat {decision.seat}: ")
    assert f"taking {before.row[3]} (card 4 of the row) left " in text
    best = decision.best
    assert best is not None and best.action == "take 1"
    assert f"; taking {before.row[0]} (card 1 of the row) was worth " in text


def test_an_atua_placement_is_named_by_its_card_and_a_solo_game_by_its_turns() -> None:
    game = load("atua")
    for players in (2, 1):
        state = game.new_state(players, 4)
        while True:
            (seat,) = state.to_move
            legal = state.legal_actions(seat)
            placements = [a for a in legal if isinstance(a, Placement)]
            if placements:
                break
            state.apply(seat, legal[0])
        view = state.view(seat)
        said = game.say(view, placements[0])
        assert said.startswith(f"laying {placements[0].card} (") and said.endswith(" now)")
        assert " at " not in said and "angle" not in said
        expected = "turn 1" if players == 1 else "round 1"
        assert game.moment(view) == expected


def test_a_game_that_names_nothing_keeps_the_generic_words() -> None:
    state = SEALED_BID.new_state(2, 1)
    record = {"actions": [[0, "bid 2"]]}
    told = tell(record, 0, state, Bid(2), ["bid 0", "bid 2"], "bid 0")
    assert told.moment == "" and told.outcome == "" and told.best_taken_by is None
    assert dict(told.words) == {"bid 2": "bid 2", "bid 0": "bid 0"}
    estimates = (Estimate("bid 0", 0.8, 2.0), Estimate("bid 2", 0.4, -1.0))
    decision = Decision(
        4, 0, "bid 2", 4, estimates, "blunder", 0.4, 3.0, 0.05, moment="", words=told.words
    )
    assert describe(decision) == (
        "action 5, seat 0: bid 2 left 40% to win; bid 0 was worth 80% and 3.0 points more "
        "at the end: a blunder"
    )


@pytest.mark.parametrize(("game_id", "players"), [("rapa-nui", 2), ("raiatea", 3), ("atua", 1)])
def test_every_decision_of_a_game_has_a_moment_and_every_choice_words(
    game_id: str, players: int
) -> None:
    """A random game: at every decision the game names the moment and says each legal
    action (Atua's first dozen of its many placements) in words, never as its bare text."""
    game = load(game_id)
    state, rng = game.new_state(players, 1), Rng(1)
    while not state.is_over:
        seat = state.to_move[0]
        view = state.view(seat)
        assert game.moment(view)
        legal = state.legal_actions(seat)
        for action in legal[:12]:
            said = game.say(view, action)
            assert said and said != str(action), said
        action = legal[rng.below(len(legal))]
        state.apply(seat, action)
        game.outcome(view, action, state.view(seat))  # tells or not, but never fails


def _walk(game_id: str, players: int) -> Iterator[tuple[int, State, Action, State]]:
    """A random game's decisions: (seat, the state before, the action, the state after)."""
    state, rng = load(game_id).new_state(players, 1), Rng(1)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        before = state.clone()
        action = legal[rng.below(len(legal))]
        state.apply(seat, action)
        yield seat, before, action, state


def _told(game_id: str, seat: int, before: State, action: Action, after: State) -> str | None:
    return before.game.outcome(before.view(seat), action, after.view(seat))


def test_a_raiatea_outcome_tells_the_die_and_each_seats_pearls_by_number() -> None:
    told = {"reef": 0, "offer": 0, "none": 0}
    for seat, before, action, after in _walk("raiatea", 3):
        assert isinstance(before, RaiateaState) and isinstance(after, RaiateaState)
        outcome = _told("raiatea", seat, before, action, after)
        new = after.log[len(before.log) :]
        if str(action) == "claim reef":
            rolls = [
                f"{e.value} for {'the reef' if e.why == 'reef' else thing(e.why) + 's'}"
                for e in new
                if isinstance(e, raiatea_events.Die)
            ]
            assert outcome is not None and outcome.startswith(
                f"the die showed {', then '.join(rolls)}: "
            )
            groups = outcome.split(": ", 1)[1].split(", ")
            for s in range(3):
                n = after.pearls[s] - before.pearls[s]  # nothing else pays or gains pearls here
                (group,) = [g for g in groups if str(s) in g.split(" +")[0]]
                assert group.endswith(f" +{n} pearls") and "You" not in group
            told["reef"] += 1
        elif any(isinstance(e, raiatea_events.Offering) for e in new):  # the last mana offered
            order = after.order
            assert outcome == f"the ceremonial order: seats {order[0]}, {order[1]} and {order[2]}"
            told["offer"] += 1
        elif (
            not new
            and after.priests == before.priests
            and [b["total"] for b in breakdown(after)] == [b["total"] for b in breakdown(before)]
        ):
            assert outcome is None, (action, outcome)
            told["none"] += 1
    assert all(told.values()), told


def test_an_atua_outcome_tells_coconuts_cards_that_came_up_and_scorings() -> None:
    told = {"take": 0, "scoring": 0, "score": 0, "none": 0}
    for seat, before, action, after in _walk("atua", 2):
        assert isinstance(before, AtuaState) and isinstance(after, AtuaState)
        outcome = _told("atua", seat, before, action, after)
        text = str(action)
        if text.startswith("take "):
            i = int(text.split()[1]) - 1  # pays one coconut onto each card before it
            gained = before.row_coconuts[i]
            words = [f"paid {i} coconut{'s' * (i != 1)}"] * (i > 0)
            words += [f"gained {gained} coconut{'s' * (gained != 1)}"] * (gained > 0)
            assert outcome == ("it " + " and ".join(words) if words else None)
            told["take"] += 1
        elif isinstance(action, Placement) and after.queue and after.queue[0][0] == SCORE:
            piles = zip("ABC", before.piles, after.piles, strict=True)
            (pile,) = [name for name, old, now in piles if old and not now]
            (card,) = set(after.row) - set(before.row)
            assert outcome is not None
            assert outcome.endswith(f"{card} came up; pile {pile} ran out: interim scoring")
            told["scoring"] += 1
        elif text.startswith("score ") and not after.is_over:
            source = text.split()[1]
            n = after.scored[seat][source]
            assert outcome == f"seat {seat} scored {n} point{'s' * (n != 1)} for {source}"
            told["score"] += 1
        elif text.startswith("buy "):  # the price is said with the tile; nothing follows
            assert outcome is None
            told["none"] += 1
    assert all(told.values()), told
