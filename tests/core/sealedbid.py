"""A tiny game for testing the engine contract where Rapa Nui cannot: sealed simultaneous
choices and chance during play.

Three rounds. Each round a die (the state's own generator) sets a prize of 1-6 points; all
players bid 0-3 coins at once, sealed. The single highest bid wins the prize and pays its
bid; ties win nothing. Coins start at 5. Most points wins; ties share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vaka.core import Game, MalformedAction, Seat, State
from vaka.core.events import NoSeat, event

ROUNDS = 3
MAX_BID = 3


@dataclass(frozen=True)
class Bid:
    coins: int

    def __str__(self) -> str:
        return f"bid {self.coins}"


BIDS = tuple(Bid(n) for n in range(MAX_BID + 1))


@event
class Prize(NoSeat):
    round: int
    points: int

    def said(self, viewer: Seat | None, over: bool) -> str:
        return f"round {self.round}: prize {self.points}"


@event
class Sealed:
    seat: int
    coins: int

    def said(self, viewer: Seat | None, over: bool) -> str:
        return f"seat {self.seat} bids {self.coins}" if viewer == self.seat \
            else f"seat {self.seat} has bid"  # fmt: skip


@event
class Revealed(NoSeat):
    bids: tuple[int, ...]

    def said(self, viewer: Seat | None, over: bool) -> str:
        return "bids: " + ", ".join(map(str, self.bids))


SealedBidEvent = Prize | Sealed | Revealed


class SealedBidState(State):
    log: list[SealedBidEvent]

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        self.coins = [5] * players
        self.points = [0] * players
        self.round = 0
        self.pending: dict[int, int] = {}
        self._new_round()

    def _new_round(self) -> None:
        self.round += 1
        self.prize = 1 + self.rng.below(6)
        self.log.append(Prize(self.round, self.prize))

    @property
    def to_move(self) -> tuple[Seat, ...]:
        if self.round > ROUNDS:
            return ()
        return tuple(s for s in range(self.players) if s not in self.pending)

    def _legal(self, seat: Seat) -> list[Any]:
        return list(BIDS[: min(MAX_BID, self.coins[seat]) + 1])

    def _apply(self, seat: Seat, action: Any) -> None:
        self.pending[seat] = action.coins
        self.log.append(Sealed(seat, action.coins))
        if len(self.pending) < self.players:
            return
        bids = [self.pending[s] for s in range(self.players)]
        self.log.append(Revealed(tuple(bids)))
        top = max(bids)
        if bids.count(top) == 1:
            winner = bids.index(top)
            self.coins[winner] -= top
            self.points[winner] += self.prize
        self.pending = {}
        if self.round < ROUNDS:
            self._new_round()
        else:
            self.round += 1

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "prize": self.prize,
            "coins": list(self.coins),
            "points": list(self.points),
            "chosen": sorted(self.pending),
            "my_bid": self.pending.get(seat) if seat is not None else None,
        }

    def breakdown(self) -> list[dict[str, int]]:
        return [{"total": p} for p in self.points]

    def winners(self) -> list[Seat]:
        if not self.is_over:
            return []
        best = max(self.points)
        return [s for s in range(self.players) if self.points[s] == best]

    def _copy_mutables(self) -> None:
        self.coins = list(self.coins)
        self.points = list(self.points)
        self.pending = dict(self.pending)

    def _redeal_hidden(self, seat: Seat) -> None:
        # Others' sealed bids are unknown: guess them; the log's sealed entries too.
        for other in self.pending:
            if other != seat:
                self.pending[other] = self.rng.below(min(MAX_BID, self.coins[other]) + 1)
        for i, entry in enumerate(self.log):
            if type(entry) is Sealed and entry.seat in self.pending and entry.seat != seat:
                self.log[i] = Sealed(entry.seat, self.pending[entry.seat])


class SealedBid(Game):
    id = "sealed-bid"
    name = "Sealed Bid"
    offered = False  # it exists to test the engine, not to be played
    min_players = 2
    max_players = 4

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return SealedBidState(self, players, seed, options)

    @property
    def actions(self) -> Sequence[Any]:
        return BIDS

    def parse_action(self, text: str) -> Any:
        for bid in BIDS:
            if isinstance(text, str) and text.strip().lower() == str(bid):
                return bid
        raise MalformedAction(f"{text!r} is not a bid; try 'bid 0' to 'bid {MAX_BID}'")


GAME = SealedBid()
