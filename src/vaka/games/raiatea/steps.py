"""The steps of Raiatea's queue: one small immutable class per phase, holding that phase's
arguments, so that every step built and every rule that reads one is type-checked.

A step's class is its phase: ``rules`` finds its rules by the exact class (steps are never
subclassed, so ``type(step) is X`` asks which phase a step is). ``phase`` is the name the
view shows; ``seat`` is who decides (or whose effect it is), :data:`TABLE` for a step of
the whole table. Steps are frozen, so clones of a state share them (``_copy_mutables`` copies
the queue's list only). They are grouped here by the module that files their rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

#: The seat of a step that belongs to no player.
TABLE = -1
#: The kinds of sealed step, in which several seats decide at once.
SealedKind = Literal["prep", "offer", "auction"]


# ------------------------------------------------------------------ rounds.py
@dataclass(frozen=True, slots=True)
class SetupDraw:
    """Setup 14: draw the starting rituals, then keep ``keep`` of them."""

    phase: ClassVar = "setup_draw"
    seat: int
    keep: int


@dataclass(frozen=True, slots=True)
class Round:
    """The round marker's space: an action round, a ceremony, or the end."""

    phase: ClassVar = "round"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class ClaimNext:
    """The next claim of the action round, or its end."""

    phase: ClassVar = "claim_next"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class Claim:
    phase: ClassVar = "claim"
    seat: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw rituals (``deck`` "rank": a deck of the seat's rank, U4; ``count`` "rank": as
    many as the rank draws) and keep ``keep``; ``optional``: passing is allowed."""

    phase: ClassVar = "draw"
    seat: int
    optional: bool
    deck: Literal["normal", "rank"]
    count: int | Literal["rank"]
    keep: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep one drawn ritual; ``left``: how many more to keep, this one included."""

    phase: ClassVar = "keep"
    seat: int
    left: int


# ------------------------------------------------------------------ locations.py
@dataclass(frozen=True, slots=True)
class Location:
    """The steps of location ``loc`` claimed by its Kahuna ``seat``."""

    phase: ClassVar = "loc"
    seat: int
    loc: str


@dataclass(frozen=True, slots=True)
class Pick:
    """A forest pick; ``collector``: the pick a Collector B gave, which cannot give another
    (R9: one activation per pick)."""

    phase: ClassVar = "pick"
    seat: int
    collector: bool = False


@dataclass(frozen=True, slots=True)
class ForestLast:
    phase: ClassVar = "forest_last"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class ForestReveal:
    phase: ClassVar = "forest_reveal"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class Sacrifice:
    phase: ClassVar = "sacrifice"
    seat: int


@dataclass(frozen=True, slots=True)
class Reef:
    """The Kahuna ``seat`` rolls for everyone's pearls."""

    phase: ClassVar = "reef"
    seat: int


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit priests at the Path or the Dance; ``free``: priests gained without paying."""

    phase: ClassVar = "recruit"
    seat: int
    free: int = 0


@dataclass(frozen=True, slots=True)
class PriestMana:
    phase: ClassVar = "priest_mana"
    seat: int


@dataclass(frozen=True, slots=True)
class Give:
    """Add a mask to the Mask Market (the Neighbourhood, or Ritual RN30's exchange)."""

    phase: ClassVar = "give"
    seat: int


@dataclass(frozen=True, slots=True)
class GetAll:
    """Those who added a mask take one, in the order they added."""

    phase: ClassVar = "get_all"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class Get:
    phase: ClassVar = "get"
    seat: int


@dataclass(frozen=True, slots=True)
class Market:
    """A Market turn with ``sells`` sales and ``hires`` hires left."""

    phase: ClassVar = "market"
    seat: int
    sells: int
    hires: int


@dataclass(frozen=True, slots=True)
class Bonus:
    """The price-chart bonus for the ``commodity`` (its index) just sold."""

    phase: ClassVar = "bonus"
    seat: int
    commodity: int


@dataclass(frozen=True, slots=True)
class TakeCommodity:
    """A take from the Commodities Market; ``may``: passing is allowed (Collector A, R15)."""

    phase: ClassVar = "take_comm"
    seat: int
    may: bool = False


@dataclass(frozen=True, slots=True)
class TakeAssistant:
    """A take from the Assistant Market; ``may``: passing is allowed (Merchant A, R15)."""

    phase: ClassVar = "take_asst"
    seat: int
    may: bool = False


# ------------------------------------------------------------------ assistants.py
@dataclass(frozen=True, slots=True)
class Die:
    """Assistants' effect A: the Kahuna ``seat`` rolls at location ``loc``."""

    phase: ClassVar = "die"
    seat: int
    loc: str


@dataclass(frozen=True, slots=True)
class ShamanA:
    phase: ClassVar = "shaman_a"
    seat: int


@dataclass(frozen=True, slots=True)
class PickCommodity:
    """Collector B's commodity from the forest supply."""

    phase: ClassVar = "pick_comm"
    seat: int


@dataclass(frozen=True, slots=True)
class Top:
    """Merchant B: a price marker to the top."""

    phase: ClassVar = "top"
    seat: int


@dataclass(frozen=True, slots=True)
class Diver:
    """The offer of Pearl Diver B after a mission."""

    phase: ClassVar = "diver"
    seat: int


# ------------------------------------------------------------------ ceremony.py
@dataclass(frozen=True, slots=True)
class DanceMana:
    phase: ClassVar = "dance_mana"
    seat: int


@dataclass(frozen=True, slots=True)
class BuyRitual:
    phase: ClassVar = "buy_ritual"
    seat: int


@dataclass(frozen=True, slots=True)
class Open:
    """Open a sealed step of this kind."""

    phase: ClassVar = "open"
    seat: ClassVar = TABLE
    kind: SealedKind


@dataclass(frozen=True, slots=True)
class Sealed:
    """A sealed step: the seats in ``sealed_wait`` decide, in any order."""

    phase: ClassVar = "sealed"
    seat: ClassVar = TABLE
    kind: SealedKind


@dataclass(frozen=True, slots=True)
class Gifts:
    phase: ClassVar = "gifts"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class Gift:
    phase: ClassVar = "gift"
    seat: int


@dataclass(frozen=True, slots=True)
class Bless:
    phase: ClassVar = "bless"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class BlessNext:
    """The next ritual of the blessing row; ``chosen``: its owner has just chosen it."""

    phase: ClassVar = "bless_next"
    seat: ClassVar = TABLE
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class Order:
    """The owner chooses which of equal-cost rituals is performed first."""

    phase: ClassVar = "order"
    seat: int


@dataclass(frozen=True, slots=True)
class EndCeremony:
    phase: ClassVar = "end_ceremony"
    seat: ClassVar = TABLE


# ------------------------------------------------------------------ toos.py
@dataclass(frozen=True, slots=True)
class Mission:
    """A chance to fulfil a mission: ``why`` "build" (a construction turn, R6), "opt"
    (Neighbourhood, Mahi-mahi, a ritual) or "second" (Pearl Diver B, R7)."""

    phase: ClassVar = "mission"
    seat: int
    why: Literal["build", "opt", "second"]


@dataclass(frozen=True, slots=True)
class BuildStart:
    phase: ClassVar = "build_start"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class Build:
    """The next construction turn of step 6."""

    phase: ClassVar = "build"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class Auctions:
    """Auction the lone auction missions of the row of ``slot``, or of every row (-1)."""

    phase: ClassVar = "auctions"
    seat: ClassVar = TABLE
    slot: int = -1


@dataclass(frozen=True, slots=True)
class PayAny:
    """Pay ``n`` more commodities of any types."""

    phase: ClassVar = "pay_any"
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class PayDifferent:
    """Pay ``n`` more commodities, each of a type not in ``paid``."""

    phase: ClassVar = "pay_diff"
    seat: int
    n: int
    paid: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PaySame:
    """Pay ``n`` commodities of one type."""

    phase: ClassVar = "pay_same"
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class PayMask:
    """Pay ``n`` more masks."""

    phase: ClassVar = "pay_mask"
    seat: int
    n: int


# ------------------------------------------------------------------ effects.py
@dataclass(frozen=True, slots=True)
class Effect:
    """One effect (a record of data/effects.json's kinds) for ``seat`` (-1: a General
    ritual's); ``target``: the chosen other seat or -1; ``interactive``: from an Interactive
    ritual (wards apply)."""

    phase: ClassVar = "eff"
    seat: int
    effect: dict[str, Any]
    target: int = -1
    interactive: bool = False


@dataclass(frozen=True, slots=True)
class Perform:
    """Perform a ritual from hand for free, costing at most ``max_cost`` (Tahua U7, Shaman B
    U18, a ritual's effect)."""

    phase: ClassVar = "perform"
    seat: int
    max_cost: int | Literal["any"]


@dataclass(frozen=True, slots=True)
class RitualDone:
    phase: ClassVar = "ritual_done"
    seat: int
    ritual: str


@dataclass(frozen=True, slots=True)
class Target:
    """Choose the other seat that ``ritual`` acts on."""

    phase: ClassVar = "target"
    seat: int
    ritual: str


@dataclass(frozen=True, slots=True)
class Steal:
    """Take an unpaired mask from ``victim``."""

    phase: ClassVar = "steal"
    seat: int
    victim: int


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn an assistant; ``left``: how many, this one included."""

    phase: ClassVar = "turn"
    seat: int
    left: int = 1


@dataclass(frozen=True, slots=True)
class Reactivate:
    phase: ClassVar = "reactivate"
    seat: int


@dataclass(frozen=True, slots=True)
class Discard:
    phase: ClassVar = "discard"
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseType:
    """The assistant type a blue ritual counts."""

    phase: ClassVar = "type"
    seat: int


@dataclass(frozen=True, slots=True)
class ForestKeep:
    """Keep one of the forest cards a ritual revealed."""

    phase: ClassVar = "forest_keep"
    seat: int


@dataclass(frozen=True, slots=True)
class RevealedRest:
    phase: ClassVar = "revealed_rest"
    seat: ClassVar = TABLE


@dataclass(frozen=True, slots=True)
class Exchange:
    """Ritual RN30: the Neighbourhood's exchange."""

    phase: ClassVar = "exchange"
    seat: ClassVar = TABLE


#: Any step of the queue.
Step = (
    SetupDraw | Round | ClaimNext | Claim | Draw | Keep
    | Location | Pick | ForestLast | ForestReveal | Sacrifice | Reef | Recruit | PriestMana
    | Give | GetAll | Get | Market | Bonus | TakeCommodity | TakeAssistant
    | Die | ShamanA | PickCommodity | Top | Diver
    | DanceMana | BuyRitual | Open | Sealed | Gifts | Gift | Bless | BlessNext | Order
    | EndCeremony
    | Mission | BuildStart | Build | Auctions | PayAny | PayDifferent | PaySame | PayMask
    | Effect | Perform | RitualDone | Target | Steal | Turn | Reactivate | Discard | ChooseType
    | ForestKeep | RevealedRest | Exchange
)  # fmt: skip
