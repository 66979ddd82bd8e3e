"""Rapa Nui's state: the data of one game, wired to the rules, view and scoring modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vaka.core.state import Seat, State
from vaka.games.rapanui import rules, scoring, view
from vaka.games.rapanui.events import RapaNuiEvent
from vaka.games.rapanui.params import (
    DECK,
    ROW_SIZE,
    ROWS,
    SACRIFICE_SUPPLY,
    STARTING_SETS,
    STARTING_WOOD,
    WOODCUTTER,
)

if TYPE_CHECKING:
    from vaka.core.game import Action, Game
    from vaka.games.rapanui.actions import RapaNuiAction

#: A pending step of the game: (phase, seat, argument). See ``rules`` for the phases.
Task = tuple[int, int, int]


class RapaNuiState(State):
    """Everything on the table. Lists of small ints; kinds and resources as in ``params``."""

    words_of_entry_alone = True  # the log's words read the entry, the viewer and the end

    log: list[RapaNuiEvent]
    active: int  # the seat whose turn it is
    queue: list[Task]  # pending steps, the front one is being decided or carried out
    choices: list[RapaNuiAction]  # the legal actions of the front step, once it waits
    rows: list[list[int]]  # each row's cards, the top (visible) card last
    pile: list[int]  # the face-down draw pile, next card last
    hands: list[list[int]]
    tableau: list[list[int]]  # laid-out cards: a count per kind per seat
    wood: list[int]
    fame: list[int]  # fame-point tiles collected during play
    held: list[list[int]]  # sacrifice cards in hand: a count per resource per seat
    stone_up: list[int]  # face-up sacrifice cards on the stone, per resource
    stone_down: list[list[int]]  # face-down cards on the stone, per seat per resource
    card_events: list[list[int]]  # per seat, where the log moves its sacrifice cards
    supply: list[int]  # sacrifice cards left in the general supply, per resource
    colours: tuple[str, ...]  # each seat's starting-set colour
    turns: int  # turns completed
    idle_turns: int  # turns in a row in which nobody could lay or draw
    pile_out: bool  # the draw pile is used up: the game ends with this turn
    over: bool

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        rng = self.rng
        sets = list(range(len(STARTING_SETS)))
        rng.shuffle(sets)  # the colours players pick; unused sets go back to the box
        deck = list(DECK)
        rng.shuffle(deck)
        self.rows = [[deck.pop() for _ in range(ROW_SIZE)] for _ in range(ROWS)]
        self.pile = deck
        colours = []
        self.hands = []
        self.tableau = []
        for seat in range(players):
            colour, woodcutters, hand = STARTING_SETS[sets[seat]]
            colours.append(colour)
            self.hands.append(list(hand))
            laid = [0] * 7
            laid[WOODCUTTER] = woodcutters
            self.tableau.append(laid)
        self.colours = tuple(colours)
        self.wood = list(STARTING_WOOD[:players])
        self.fame = [0] * players
        self.held = [[1, 1, 1, 1] for _ in range(players)]
        self.supply = [n - players for n in SACRIFICE_SUPPLY]
        self.stone_up = [0, 0, 0, 0]
        self.stone_down = [[0, 0, 0, 0] for _ in range(players)]
        self.card_events = [[] for _ in range(players)]
        self.active = 0
        self.turns = 0
        self.idle_turns = 0
        self.pile_out = False
        self.over = False
        self.queue = []
        self.choices = []
        rules.start_turn(self)
        rules.run(self)

    @property
    def to_move(self) -> tuple[Seat, ...]:
        return () if self.over else (self.queue[0][1],)

    def _legal(self, seat: Seat) -> list[Action]:
        return list(self.choices)

    def _apply(self, seat: Seat, action: Action) -> None:
        rules.decide(self, action)  # type: ignore[arg-type]

    def _explain(self, seat: Seat, action: Action) -> str | None:
        return rules.explain(self, action)  # type: ignore[arg-type]

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _redeal_hidden(self, seat: Seat) -> None:
        view.redeal_hidden(self, seat)

    def _reveals(self, after: State, seat: Seat, viewer: Seat) -> bool | None:
        return view.reveals(self, after, seat, viewer)  # type: ignore[arg-type]

    def breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def winners(self) -> list[Seat]:
        return scoring.winners(self) if self.over else []

    def check(self) -> None:
        rules.check(self)

    def _copy_mutables(self) -> None:
        self.queue = list(self.queue)
        self.choices = list(self.choices)
        self.rows = [list(r) for r in self.rows]
        self.pile = list(self.pile)
        self.hands = [list(h) for h in self.hands]
        self.tableau = [list(t) for t in self.tableau]
        self.wood = list(self.wood)
        self.fame = list(self.fame)
        self.held = [list(h) for h in self.held]
        self.stone_up = list(self.stone_up)
        self.stone_down = [list(d) for d in self.stone_down]
        self.card_events = [list(e) for e in self.card_events]
        self.supply = list(self.supply)
