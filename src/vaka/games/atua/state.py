"""Atua's state: the data of one game, wired to the rules, view and scoring modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vaka.core.errors import IllegalAction
from vaka.core.state import Seat, State
from vaka.games.atua import rules, scoring, view
from vaka.games.atua.actions import Action
from vaka.games.atua.cards import ISLAND_IDS, VILLAGE_IDS
from vaka.games.atua.events import AtuaEvent, Setup
from vaka.games.atua.geometry import Island
from vaka.games.atua.params import (
    COCONUTS,
    HUT_COCONUTS,
    PILES,
    ROW_SIZE,
    SOLO_COCONUTS,
    SOLO_TABLES,
    START_COCONUTS,
)
from vaka.games.atua.placement import Placement
from vaka.games.atua.tiles import FATE_IDS, RESIDENT_IDS

if TYPE_CHECKING:
    from vaka.core.game import Game

#: A pending step: (phase, seat, argument); see ``rules`` for the phases.
Task = tuple[int, int, int]


class AtuaState(State):
    """Everything on the table. Cards are ids (``c1``..``c58``, ``v1``..``v6``)."""

    log: list[AtuaEvent]
    solo: bool
    tiles: bool  # resident and fate tiles in play (not in the solo game nor a first game)
    level: int  # solo: Tahuma's starting score
    islands: list[Island]
    village_box: list[str]  # sorted: unused villages
    row: list[str]
    row_coconuts: list[int]
    piles: list[list[str]]  # A, B, C; next card last (hidden)
    box: list[str]  # sorted: island cards not in the game (hidden)
    coconuts: list[int]
    coconut_box: int
    hut: int  # solo: coconuts on the hut (Tahuma's)
    offer: list[str]  # solo: the two cards drawn, left and right
    held: str | None  # the card taken, waiting to be placed
    other: str | None  # solo: the card not taken, before it goes to Tahuma (or is spared)
    tahuma: list[str]
    spared: list[str]
    set_aside: list[list[str]]  # per seat: cards taken that fit nowhere
    fates_open: list[str]
    fates_box: list[str]
    fates_owned: list[list[str]]
    residents: list[str]  # per seat ("" in the solo game); hidden until revealed
    resident_box: list[str]  # sorted (hidden)
    revealed: list[bool]
    resident_points: list[int]
    scored: list[dict[str, int]]
    queue: list[Task]
    choices: list[Action]
    active: int
    turns: int
    pending: int  # a pile (0-2) emptied this turn; -1 if none
    over: bool

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        rng = self.rng
        self.solo = players == 1
        self.tiles = not self.solo and not options["first_game"]
        self.level = SOLO_TABLES[options["tahuma"]][options["level"]] if self.solo else 0
        villages = list(VILLAGE_IDS)
        rng.shuffle(villages)
        self.islands = [Island(villages[s]) for s in range(players)]
        self.village_box = sorted(villages[players:])
        deck = list(ISLAND_IDS)
        rng.shuffle(deck)
        self.row = [] if self.solo else [deck.pop() for _ in range(ROW_SIZE)]
        self.row_coconuts = [0] * len(self.row)
        self.piles = [[deck.pop() for _ in range(n)] for n in PILES[players]]
        self.box = sorted(deck)
        self.coconuts = [SOLO_COCONUTS if self.solo else START_COCONUTS] * players
        self.hut = HUT_COCONUTS if self.solo else 0
        self.coconut_box = COCONUTS - sum(self.coconuts) - self.hut
        self.offer, self.held, self.other = [], None, None
        self.tahuma, self.spared = [], []
        self.set_aside = [[] for _ in range(players)]
        if not self.tiles:  # fate and resident tiles stay in the box
            self.fates_open, self.fates_box = [], sorted(FATE_IDS)
            self.residents, self.resident_box = [""] * players, sorted(RESIDENT_IDS)
        else:
            fates = list(FATE_IDS)
            rng.shuffle(fates)
            self.fates_open = sorted(fates[: players + 1], key=FATE_IDS.index)
            self.fates_box = sorted(fates[players + 1 :])
            residents = list(RESIDENT_IDS)
            rng.shuffle(residents)
            self.residents = residents[:players]
            self.resident_box = sorted(residents[players:])
        self.fates_owned = [[] for _ in range(players)]
        self.revealed = [False] * players
        self.resident_points = [0] * players
        self.scored = [{} for _ in range(players)]
        self.queue, self.choices = [], []
        self.active, self.turns, self.pending, self.over = 0, 0, -1, False
        self.log.append(Setup(tuple(self.residents)))
        rules.run(self)

    # ------------------------------------------------------------------ contract hooks
    @property
    def to_move(self) -> tuple[Seat, ...]:
        return () if self.over else (self.queue[0][1],)

    def _legal(self, seat: Seat) -> list[Any]:
        return list(self.choices)

    def _apply(self, seat: Seat, action: Any) -> None:
        rules.decide(self, action)

    def apply(self, seat: Seat, action: Any) -> None:
        """As :meth:`State.apply`, and any exact placement that the rules allow is played
        too, not only the offered candidates."""
        if isinstance(action, str):
            try:
                parsed = self.game.parse_action(action)
            except IllegalAction:
                parsed = None
        else:
            parsed = action
        if (
            isinstance(parsed, Placement)
            and type(seat) is int
            and 0 <= seat < self.players
            and parsed not in self.choices
            and self.game.is_action(parsed)
            and rules.placement_reason(self, seat, parsed) is None
        ):
            self._legal_cache = None
            self._apply(seat, parsed)
            self.history.append((seat, parsed))
            return
        try:
            super().apply(seat, action)
        except IllegalAction as exc:
            shorter = rules.placing_refusal(self, seat, action)
            if type(exc) is not IllegalAction or shorter is None:
                raise
            raise IllegalAction(shorter) from None

    def _explain(self, seat: Seat, action: Any) -> str | None:
        return rules.explain_action(self, seat, action)

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _redeal_hidden(self, seat: Seat) -> None:
        view.redeal_hidden(self, seat)

    def _reveals(self, after: State, seat: Seat, viewer: Seat) -> bool | None:
        return view.reveals(self, after, seat, viewer)  # type: ignore[arg-type]

    def breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def winners(self) -> list[Seat]:
        if not self.over:
            return []
        return scoring.winners(self, [b["total"] for b in scoring.breakdown(self)])

    def check(self) -> None:
        """Every card and every coconut is somewhere, exactly once."""
        places: list[str] = [*self.village_box, *self.row, *self.box, *self.offer]
        places += [c for pile in self.piles for c in pile]
        places += [c for isl in self.islands for c in isl.card_ids]
        places += [c for aside in self.set_aside for c in aside]
        places += [*self.tahuma, *self.spared]
        places += [c for c in (self.held, self.other) if c is not None]
        assert sorted(places) == sorted([*ISLAND_IDS, *VILLAGE_IDS]), "a card is lost or doubled"
        nuts = sum(self.coconuts) + sum(self.row_coconuts) + self.hut + self.coconut_box
        assert nuts == COCONUTS and min(self.coconuts) >= 0, "coconuts are lost or doubled"
        assert self.coconut_box >= 0 and self.hut >= 0
        assert len(self.row) == len(self.row_coconuts)
        fates = [*self.fates_open, *self.fates_box, *(f for o in self.fates_owned for f in o)]
        assert sorted(fates) == sorted(FATE_IDS), "a fate tile is lost or doubled"
        residents = [r for r in self.residents if r] + self.resident_box
        assert sorted(residents) == sorted(RESIDENT_IDS), "a resident is lost or doubled"
        for seat, isl in enumerate(self.islands):
            assert isl.card_ids[0].startswith("v")
            assert len(isl.placements) + len(self.set_aside[seat]) - 1 <= self.turns + 1

    def _copy_mutables(self) -> None:
        self.islands = list(self.islands)  # an island is replaced, never changed, when laid
        self.village_box = list(self.village_box)
        self.row = list(self.row)
        self.row_coconuts = list(self.row_coconuts)
        self.piles = [list(p) for p in self.piles]
        self.box = list(self.box)
        self.coconuts = list(self.coconuts)
        self.offer = list(self.offer)
        self.tahuma = list(self.tahuma)
        self.spared = list(self.spared)
        self.set_aside = [list(a) for a in self.set_aside]
        self.fates_open = list(self.fates_open)
        self.fates_box = list(self.fates_box)
        self.fates_owned = [list(o) for o in self.fates_owned]
        self.residents = list(self.residents)
        self.resident_box = list(self.resident_box)
        self.revealed = list(self.revealed)
        self.resident_points = list(self.resident_points)
        self.scored = [dict(s) for s in self.scored]
        self.queue = list(self.queue)
        self.choices = list(self.choices)

    # An island keeps caches (spatial indexes) that depend on what was asked of it; a
    # pickle keeps only its placements, so equal games pickle equally.
    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        state["islands"] = [tuple(isl.placements) for isl in self.islands]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        islands = []
        for placements in state["islands"]:
            isl = Island(placements[0])
            for p in placements[1:]:
                isl.add(p)
            islands.append(isl)
        self.__dict__.update(state)
        self.islands = islands
