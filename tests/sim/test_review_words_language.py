"""Each game's words of moves in the reader's language (the games' ``moments``): every
moment, action said, choice label and outcome of a random game comes from the catalogs,
so in the pseudo-language no plain English word is left, and German reads as German
while English stays as it was."""

from __future__ import annotations

import re

import pytest

from vaka.core.registry import load
from vaka.core.rng import Rng
from vaka.i18n import using

#: A plain word: the pseudo-language writes every catalog text in look-alike letters.
PLAIN = re.compile(r"\b[A-Za-z]{2,}\b")


def words(game_id: str, players: int) -> list[str]:
    """Every moment, action said (and label), and outcome of a random game, in the current
    language (Atua's first dozen of its many placements)."""
    game = load(game_id)
    state, rng, out = game.new_state(players, 2), Rng(2), []
    while not state.is_over:
        seat = state.to_move[0]
        view = state.view(seat)
        out.append(game.moment(view) or "")
        legal = state.legal_actions(seat)
        for action in legal[:12]:
            out += [game.say(view, action), game.label_choice(view, action) or ""]
        action = legal[rng.below(len(legal))]
        state.apply(seat, action)
        out.append(game.outcome(view, action, state.view(seat)) or "")
    return [w for w in out if w]


@pytest.mark.parametrize(
    ("game_id", "players"), [("rapa-nui", 2), ("raiatea", 3), ("atua", 2), ("atua", 1)]
)
def test_every_word_of_a_game_comes_from_the_catalogs(game_id: str, players: int) -> None:
    with using("en_XA"):
        pseudo = words(game_id, players)
    left = sorted({w for w in pseudo if PLAIN.search(w)})
    assert left == [], left[:10]


def test_a_raiatea_choice_reads_as_a_command_in_german() -> None:
    game = load("raiatea")
    state = game.new_state(3, 1)
    view = state.view(state.to_move[0])
    keep = game.parse_action("keep RN19")
    with using("de"):
        assert game.label_choice(view, keep) == "Hand des Hiro (2 Mana) behalten"
        assert game.say(view, keep) == "Hand des Hiro (2 Mana) behalten"
        assert game.label_choice(view, game.parse_action("claim reef")) == "Muschelriff besetzen"
    assert game.label_choice(view, keep) == "Keep Hand of Hiro (2 mana)"
    assert game.say(view, game.parse_action("claim reef")) == "claiming the Pearl Oyster Reef"
