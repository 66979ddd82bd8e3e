"""Raiatea's state: the data of one game, wired to the rules, view and scoring modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vaka.core.state import Seat, State
from vaka.games.raiatea import rules, scoring, view
from vaka.games.raiatea.events import RaiateaEvent
from vaka.games.raiatea.params import (
    ASSISTANTS,
    COMMODITIES,
    FORBIDDEN_DECK,
    FOREST_DECK,
    MISSION_SLOTS,
    NORMAL_DECK,
    PRICE_START,
    START_ASSISTANTS,
    START_COMMODITIES,
    START_MANA,
    START_PEARLS,
    STARTING_MASKS,
    STATUES,
    TOO_POOL,
    round_track,
)
from vaka.games.raiatea.steps import Round, Sealed, Step

if TYPE_CHECKING:
    from vaka.core.game import Action, Game


class RaiateaState(State):
    """Everything on the table and behind the screens."""

    words_of_entry_alone = True  # the log's words read the entry, the viewer and the end
    log: list[RaiateaEvent]

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        n = players
        rng = self.rng
        self.track = round_track(n)
        self.space = 0  # index into the round track
        self.ceremony = 0  # ceremonies held
        # Setup 1: 5 mana and 4 pearls behind each screen.
        self.pearls = [START_PEARLS] * n
        self.mana = [START_MANA] * n
        # Setup 2: a random starting player; play goes clockwise (seat + 1).
        self.start = rng.below(n)
        # Setup 9 and 11: tattoo markers on Raatira (space 0), priest markers on 0.
        self.tattoo = [0] * n
        self.priests = [0] * n
        self.comms = [[0] * len(COMMODITIES) for _ in range(n)]
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.drawn: list[list[str]] = [[] for _ in range(n)]  # rituals drawn, not yet kept
        self.blue: list[list[str]] = [[] for _ in range(n)]
        self.ti_types: list[list[int]] = [[] for _ in range(n)]
        self.ready = [[0] * len(ASSISTANTS) for _ in range(n)]  # unturned assistants by type
        self.turned = [[0] * len(ASSISTANTS) for _ in range(n)]
        self.toos: list[list[str]] = [[] for _ in range(n)]
        self.prepared: list[list[str]] = [[] for _ in range(n)]  # clipped rituals in the bag
        self.generals: list[list[str]] = [[] for _ in range(n)]  # unclipped brown rituals
        self.tahua_used = [False] * n
        self.bag_mana = 0
        self.performing: list[str] = []  # rituals being performed (effects under way)
        # Setup 4-6: the Assistant Market, the Commodities Market, price markers on space 1 (U1).
        self.asst_market = list(START_ASSISTANTS)
        self.comm_market = list(START_COMMODITIES)
        self.price = [PRICE_START] * len(COMMODITIES)
        # Setup 7: one starting mask each, the rest form the Mask Market.
        masks = list(STARTING_MASKS)
        rng.shuffle(masks)
        self.masks = [[masks.pop()] for _ in range(n)]
        self.mask_market = sorted(masks)
        # Setup 8: the forest draw pile and a display of players + 1 cards.
        self.forest = list(FOREST_DECK)
        rng.shuffle(self.forest)
        self.display: list[str] = []
        self.revealed: list[str] = []  # forest cards revealed by a ritual, not yet kept
        rules.reveal_forest(self)
        # Setup 10: To'o tokens by statue, VP side up; statue 1 face up; the rest to the box.
        self.slots = [""] * len(MISSION_SLOTS)
        self.box: list[list[str]] = []
        for statue in range(len(STATUES)):
            pool = list(TOO_POOL[statue])
            rng.shuffle(pool)
            for i, (st_, _, _) in enumerate(MISSION_SLOTS):
                if st_ == statue:
                    self.slots[i] = pool.pop()
            self.box.append(sorted(pool))
        self.face_up = [True, False, False]
        # Setup 14-15: the ritual decks.
        self.piles = {"normal": list(NORMAL_DECK), "forbidden": list(FORBIDDEN_DECK)}
        rng.shuffle(self.piles["normal"])
        rng.shuffle(self.piles["forbidden"])
        self.discards: dict[str, list[str]] = {"normal": [], "forbidden": []}
        # Setup 16: ritual cubes in player order, the starting player's leftmost.
        self.order = [(self.start + i) % n for i in range(n)]
        # Round bookkeeping.
        self.tiles: list[str] = []  # locations claimed this action round
        self.kahuna = -1
        self.die = 0
        self.gave: list[int] = []  # Neighbourhood: seats that added a mask
        self.gifts_left: list[str] = []
        self.blessing: list[tuple[str, int]] = []  # (ritual, owner) in resolution order
        self.builders: list[int] = []
        self.build_pos = 0
        self.auctioned: list[int] = []  # auction slots already offered in this step 6
        self.auction_slot = -1
        self.sealed_wait: list[int] = []
        self.bids = [0] * n
        self.over = False
        self.queue: list[Step] = []
        rules.setup_rituals(self)
        self.queue.append(Round())
        rules.run(self)

    # ------------------------------------------------------------------ hooks
    @property
    def to_move(self) -> tuple[Seat, ...]:
        if self.over:
            return ()
        step = self.queue[0]
        if type(step) is Sealed:
            return tuple(self.sealed_wait)
        return (step.seat,)

    def _legal(self, seat: Seat) -> list[Action]:
        return list(rules.options(self, seat))

    def _apply(self, seat: Seat, action: Action) -> None:
        rules.decide(self, seat, action)  # type: ignore[arg-type]

    def _explain(self, seat: Seat, action: Action) -> str | None:
        return rules.explain(self, seat)

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
        for name in (
            "pearls", "mana", "tattoo", "priests", "tahua_used", "asst_market", "comm_market",
            "price", "mask_market", "forest", "display", "revealed", "slots", "face_up",
            "order", "tiles", "gave", "gifts_left", "blessing", "builders", "auctioned",
            "sealed_wait", "bids", "queue", "performing",
        ):  # fmt: skip
            setattr(self, name, list(getattr(self, name)))
        for name in (
            "comms", "hand", "drawn", "blue", "ti_types", "ready", "turned", "toos",
            "prepared", "generals", "masks", "box",
        ):  # fmt: skip
            setattr(self, name, [list(x) for x in getattr(self, name)])
        self.piles = {k: list(v) for k, v in self.piles.items()}
        self.discards = {k: list(v) for k, v in self.discards.items()}
