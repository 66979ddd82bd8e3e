"""One table in memory: its stored data and the game rebuilt from its log.

The log holds every event that changes the game, numbered from 1: ``act`` (an action),
``undo`` (takes back the last action still in effect), ``resign`` and ``timeout`` (a bot
takes the seat over). The table's version is the number of the last event.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vaka.agents import default_level
from vaka.core.game import Game
from vaka.core.log_words import Unkeyable, strict
from vaka.core.registry import load
from vaka.core.state import State
from vaka.core.undo import CannotUndo, takeback
from vaka.server.moves import Moves
from vaka.server.store import Move, TableData

if TYPE_CHECKING:
    from vaka.server.messages import TableSummary
    from vaka.server.results import Result
    from vaka.server.show import Shown


#: Who is to move, one shared tuple for each set of seats: a table keeps one per version,
#: and a game makes a new tuple each time it is asked.
_TO_MOVE: dict[tuple[int, ...], tuple[int, ...]] = {}
#: A game's log events and history entries (seat, action) as every table of the process
#: shares them: most are alike from table to table ("seat 1's turn 5", "draw 2"), and a
#: table keeps one of each per move for as long as it is open. Events never change once
#: made (vaka.core.events), nor do the actions a history holds.
_EVENTS: dict[Any, Any] = {}
_ACTED: dict[Any, tuple[int, Any]] = {}
#: A game's options and a table's clock, one dictionary for the tables that have the
#: same (read, never changed: a copy of a game copies its own)
_OPTIONS: dict[Any, dict[str, Any]] = {}
SHARED_KEPT = 8192  # entries of each, at most (then all are dropped and shared anew)


def _shared(to_move: tuple[int, ...]) -> tuple[int, ...]:
    return _TO_MOVE.setdefault(to_move, to_move)


def share(state: State, logged: int = 0, acted: int = 0) -> None:
    """Put the process's shared copies in ``state``'s log from entry ``logged`` on and in
    its history from entry ``acted`` on, where there are some (an equal event, an entry
    of the same seat and action object), and keep its others to be shared; a whole game's
    options too."""
    if not logged:
        state.options = shared_options(state.options)
    log = state.log
    for i in range(logged, len(log)):
        try:
            key = strict(log[i])
        except Unkeyable:
            continue
        found = _EVENTS.get(key)
        if found is not None:
            log[i] = found
        else:
            if len(_EVENTS) >= SHARED_KEPT:
                _EVENTS.clear()
            _EVENTS[key] = log[i]
    history = state.history
    for i in range(acted, len(history)):
        entry = history[i]
        try:
            kept = _ACTED.get(entry)
        except TypeError:  # an action that cannot be hashed
            continue
        if kept is not None and kept[1] is entry[1]:
            history[i] = kept
        elif kept is None:
            if len(_ACTED) >= SHARED_KEPT:
                _ACTED.clear()
            _ACTED[entry] = entry


def shared_options(options: dict[str, Any]) -> dict[str, Any]:
    """The process's dictionary equal to ``options`` (these, where none is yet); a
    clock's settings too."""
    try:
        key = strict(tuple(sorted(options.items())))
    except (Unkeyable, TypeError):
        return options
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= SHARED_KEPT:
            _OPTIONS.clear()
        found = _OPTIONS[key] = options
    return found


@dataclass(slots=True)  # kept for as long as the table is open
class Table:
    data: TableData
    game: Game
    state: State
    #: its moves, in columns (``data.moves`` is this too once the table is built)
    moves: Moves = field(default_factory=Moves)
    to_move_at: list[tuple[int, ...]] = field(default_factory=list)  # by version
    left: dict[int, str] = field(default_factory=dict)  # seat -> "resign" or "timeout"
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: bot seats being decided now (a frozen set: most tables share the empty one)
    thinking: frozenset[int] = frozenset()
    timer: asyncio.TimerHandle | None = None
    #: (seat (None: spectators), language) -> its state as last built, with its JSON
    shown: dict[tuple[int | None, str], Shown] = field(default_factory=dict)
    #: (language, seats' names) -> id of a log entry's words -> (them, said so): the
    #: log's entries as said in the languages asked other than English
    said: dict[tuple[str, tuple[str, ...]], dict[int, tuple[str, str]]] = field(
        default_factory=dict
    )
    #: (what it was built from, the table's summary): the same in every seat's push
    summarized: dict[str, tuple[Hashable, TableSummary]] = field(default_factory=dict)
    #: seat -> sockets open for it in this process (who is at the table now)
    present: dict[int, int] = field(default_factory=dict)
    #: this process's sockets with a push under way (none: each was sent the latest)
    pushing: int = 0
    #: once over: each person's result and rating change (None: not looked up yet)
    results: list[Result] | None = None

    @classmethod
    def build(cls, data: TableData) -> Table:
        game = load(data.game)
        data.options, data.clock = shared_options(data.options), shared_options(data.clock)
        table = cls(data, game, game.new_state(data.players, data.seed, **data.options))
        share(table.state)
        table.to_move_at = [_shared(table.state.to_move)]
        stored, data.moves = data.moves, table.moves
        for move in stored:
            table.follow(move)
        return table

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def version(self) -> int:
        return self.moves.version

    def follow(self, move: Move) -> None:
        """Bring the game up to date with one more stored event."""
        state = self.state
        if move.kind == "act":
            assert move.action is not None
            logged, acted = len(state.log), len(state.history)
            state.apply(move.seat, move.action)
            share(state, logged, acted)
        elif move.kind == "undo":
            self.state = self.replayed(self.in_effect()[:-1])
            share(self.state)
        else:
            self.left[move.seat] = move.kind
        self.moves.append(move)
        self.to_move_at.append(_shared(self.state.to_move))

    def in_effect(self) -> list[Move]:
        """The actions in effect, in order: each undo takes back the last one still in
        effect. Read from the moves when an undo asks (a list of them kept would be one
        more entry for every action of every table)."""
        acts: list[Move] = []
        for move in self.moves:
            if move.kind == "act":
                acts.append(move)
            elif move.kind == "undo":
                acts.pop()
        return acts

    def last_act(self) -> Move | None:
        """The last action in effect, read back from the last move (undos skip one each)."""
        undone = 0
        for move in reversed(self.moves):
            if move.kind == "undo":
                undone += 1
            elif move.kind == "act":
                if not undone:
                    return move
                undone -= 1
        return None

    def replayed(self, acts: list[Move]) -> State:
        state = self.game.new_state(self.data.players, self.data.seed, **self.data.options)
        for move in acts:
            assert move.action is not None
            state.apply(move.seat, move.action)
        return state

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot that plays ``seat``, if a bot does."""
        if seat in self.left:  # the game's default bot plays on (medium where it has one)
            return default_level(self.game.id)
        info = self.data.seats[seat]
        return info.level if info.kind == "bot" else None

    def people(self) -> set[int]:
        """Seats played by people (whose clocks run)."""
        return {s.seat for s in self.data.seats if s.kind == "human" and s.seat not in self.left}

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last action: nobody else has acted since and
        it showed nothing hidden or random."""
        last = self.last_act()
        if last is None or self.state.is_over or seat in self.left:
            return False
        try:  # online no other seat's actions go along: the last action alone decides
            takeback([(last.seat, last.revealed)], seat)
        except CannotUndo:
            return False
        # Nor may anything else have happened since, such as another seat's undo.
        return all(m.seat == seat for m in self.since(last.number))

    def since(self, number: int) -> list[Move]:
        """The moves after move ``number`` (read from the end: a push asks every time)."""
        moves = self.moves
        start = len(moves)
        while start and moves.number(start - 1) > number:
            start -= 1
        return moves[start:]

    def stale_but_fine(self, seat: int, seen: int) -> bool:
        """An action sent from version ``seen`` may still go through if the seat was to
        move then and only others have acted since (sealed choices made at once)."""
        if not 0 <= seen < self.version or seat not in self.to_move_at[seen]:
            return False
        return all(m.kind == "act" and m.seat != seat for m in self.since(seen))
