"""What every part of Raiatea's rules shares: the rules of a phase (``Rules``, which each part
files for the steps of its phases, ``steps``), and the small facts about a seat that many
rules ask (rank, priests counted, ongoing rituals) or change (tattoos, gains, draws).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from vaka.games.raiatea import actions as A
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.params import (
    ASSISTANTS,
    COMMODITIES,
    DIE_SIDES,
    HIRE_PEARLS,
    MAX_CLIPS,
    MISSION_SLOTS,
    PRIEST_MAX,
    RANK_IDS,
    RANKS,
    RECRUIT_PEARLS,
    RITUALS,
    TATTOO_MAX,
)
from vaka.games.raiatea.steps import Effect, Perform, Step

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState

COLLECTOR, MERCHANT, SHAMAN, PEARL_DIVER = range(4)
SLOT_TEXTS = tuple(A.slot_text(s) for s in MISSION_SLOTS)


S = TypeVar("S", bound=Step)


@dataclass(frozen=True, slots=True)
class Rules(Generic[S]):
    """The rules of one phase, the steps of class ``step``: an automatic step has ``auto``; a
    decision has a prompt, its possible answers (``options``; empty: it cannot be done and is
    skipped) and what an answer does (``resolve``). Each function takes the step's own class,
    so a rule reads its arguments type-checked."""

    step: type[S]
    prompt: str = ""
    options: Callable[[RaiateaState, S], list[RaiateaAction]] | None = None
    resolve: Callable[[RaiateaState, S, RaiateaAction], None] | None = None
    auto: Callable[[RaiateaState, S], None] | None = None


def push(st: RaiateaState, steps: Sequence[Step]) -> None:
    """Put steps at the front of the queue, in this order."""
    st.queue[0:0] = steps


def clockwise(st: RaiateaState, first: int) -> list[int]:
    return [(first + i) % st.players for i in range(st.players)]


def rank_of(st: RaiateaState, seat: int) -> int:
    """Rank index: the highest rank space reached (U5)."""
    t = st.tattoo[seat]
    return max(i for i, r in enumerate(RANKS) if t >= r["space"])


def ongoing(st: RaiateaState, seat: int, kind: str) -> list[dict[str, Any]]:
    """The ongoing effects of a kind on the blue rituals in front of ``seat``."""
    return [e for r in st.blue[seat] for e in RITUALS[r]["effects"] if e["kind"] == kind]


def assistants(st: RaiateaState, seat: int, t: int) -> int:
    return st.ready[seat][t] + st.turned[seat][t]


def priests_counted(st: RaiateaState, seat: int) -> int:
    extra = sum(e["amount"] for e in ongoing(st, seat, "count_extra") if e["what"] == "priests")
    return int(st.priests[seat] + extra)


def warded(st: RaiateaState, seat: int) -> bool:
    return bool(ongoing(st, seat, "ward"))


def prep_limit(st: RaiateaState, seat: int) -> int:
    base = int(RANKS[rank_of(st, seat)]["prepare"])
    extra = sum(e["amount"] for e in ongoing(st, seat, "extra_prep"))
    return int(min(MAX_CLIPS, base + extra))


def recruit_cost(st: RaiateaState, seat: int, n: int) -> int:
    off = sum(e["amount"] for e in ongoing(st, seat, "discount") if e["on"] == "recruit_priest")
    return int(max(0, RECRUIT_PEARLS[n] - off))


def hire_cost(st: RaiateaState, seat: int) -> int:
    off = sum(e["amount"] for e in ongoing(st, seat, "discount") if e["on"] == "hire_assistant")
    return int(max(0, HIRE_PEARLS - off))


def roll(st: RaiateaState, kahuna: int, why: str) -> int:
    st.die = 1 + st.rng.below(DIE_SIDES)
    st.log.append(ev.Die(kahuna, why, st.die))
    return st.die


def advance(st: RaiateaState, seat: int, n: int) -> list[Step]:
    """Move a tattoo marker; return the steps of every rank newly reached (U5, U6). Ariki and
    Arioi have none: their better draw applies from then on (U4); Tahua's free ritual is a
    one-time bonus."""
    before = rank_of(st, seat)
    st.tattoo[seat] = min(TATTOO_MAX, st.tattoo[seat] + n)
    st.log.append(ev.Tattoo(seat, st.tattoo[seat]))
    after = rank_of(st, seat)
    steps: list[Step] = []
    for r in range(before + 1, after + 1):
        st.log.append(ev.Rank(seat, RANK_IDS[r]))
        for eff in RANKS[r]["on_reach"]:
            if eff["kind"] == "perform_ritual":  # Tahua: a one-time free ritual (U7)
                if not st.tahua_used[seat]:
                    st.tahua_used[seat] = True
                    steps.append(Perform(seat, "any"))
            else:
                steps.append(Effect(seat, eff))
    return steps


def gain_priests(st: RaiateaState, seat: int, n: int) -> None:
    st.priests[seat] = min(PRIEST_MAX, st.priests[seat] + n)
    st.log.append(ev.Priests(seat, st.priests[seat]))


def gain(st: RaiateaState, seat: int, what: str, n: int) -> list[Step]:
    if what == "pearls":
        st.pearls[seat] += n
    elif what == "mana":
        st.mana[seat] += n
    elif what == "tattoo":
        return advance(st, seat, n)
    elif what == "priests":
        gain_priests(st, seat, n)
        return []
    st.log.append(ev.Gain(seat, what, n))
    return []


def to_market(st: RaiateaState, card: str) -> None:
    """A forest card goes to its market."""
    if card in COMMODITIES:
        st.comm_market[COMMODITIES.index(card)] += 1
    elif card in ASSISTANTS:
        st.asst_market[ASSISTANTS.index(card)] += 1
    else:
        st.mask_market.append(card)
        st.mask_market.sort()


def all_to_market(st: RaiateaState, cards: list[str]) -> None:
    """Forest cards left over go to their markets, each said in the log."""
    for card in cards:
        to_market(st, card)
        st.log.append(ev.ToMarket(card))


def reveal_forest(st: RaiateaState) -> None:
    """Reveal players + 1 forest cards (what is left, when the pile runs short: U21)."""
    for _ in range(min(st.players + 1, len(st.forest))):
        st.display.append(st.forest.pop())
    st.display.sort()
    st.log.append(ev.Display(tuple(st.display)))


def draw_ritual(st: RaiateaState, deck: str) -> str | None:
    pile = st.piles[deck]
    if not pile and st.discards[deck]:  # U21: the discards become a new deck
        pile.extend(sorted(st.discards[deck]))
        st.discards[deck].clear()
        st.rng.shuffle(pile)
        st.log.append(ev.Reshuffle(deck))
    return pile.pop() if pile else None


def draw_decks(st: RaiateaState, seat: int, deck: str) -> list[str]:
    """The decks a draw may use: Normal, or those of the seat's rank now (U4)."""
    if deck == "normal":
        return ["normal"]
    return list(RANKS[rank_of(st, seat)]["draw"]["decks"])
