"""Raiatea's rules: what may be done, and what happens when it is.

The game is a queue of steps (phase, seat, argument). The front step is either carried out at
once (a die roll, a gain, the end of a round) or waits for its seat to decide; a decision with
a single possible answer is taken for the player. A ``sealed`` step waits for several seats at
once (ritual preparation, the Mana offering, Mana auctions): each decides in any order and the
others see only that it did. Effects of rituals, masks, price charts and ranks are carried out
by one interpreter keyed by the effect kinds of data/effects.json (``EFFECTS``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from vaka.games.raiatea import actions as A
from vaka.games.raiatea.actions import RaiateaAction
from vaka.games.raiatea.params import (
    ASSISTANTS,
    BUY_RITUAL_MANA,
    CHARTS,
    COMMODITIES,
    DIE_LOCATION,
    DIE_SIDES,
    FORBIDDEN_DECK,
    FOREST_DECK,
    GIFT_EFFECTS,
    GIFTS,
    GIFTS_BY_PLAYERS,
    HIRE_PEARLS,
    LOC,
    LOCATIONS,
    MASKS,
    MAX_BID,
    MAX_CLIPS,
    MISSION_SLOTS,
    NORMAL_DECK,
    PEARL_DIVER_PEARLS,
    PRICE_TOP,
    PRIEST_MAX,
    RANK_IDS,
    RANKS,
    RECRUIT_PEARLS,
    RITUALS,
    START_ASSISTANTS,
    START_COMMODITIES,
    START_RITUALS,
    STARTING_MASKS,
    STATUES,
    TATTOO_MAX,
    TOO_POOL,
    TOOS,
    cost,
    deck_of,
    is_general,
)

if TYPE_CHECKING:
    from vaka.games.raiatea.state import RaiateaState, Step

COLLECTOR, MERCHANT, SHAMAN, PEARL_DIVER = range(4)
SLOT_TEXTS = tuple(A.slot_text(s) for s in MISSION_SLOTS)

PROMPTS = {
    "claim": "claim a location tile (you are its Kahuna)",
    "pick": "take a forest card from the display",
    "take_comm": "take a commodity from the Commodities Market",
    "take_asst": "take an assistant from the Assistant Market",
    "sacrifice": "sacrifice a commodity for a tattoo, or pass",
    "draw": "draw ritual cards (choose the deck), or pass",
    "keep": "keep a ritual card you drew",
    "recruit": "recruit priests (2 pearls: 1, 5 pearls: 2), or pass",
    "give": "add a mask to the Mask Market, or pass",
    "get": "take a mask from the Mask Market",
    "mission": "fulfil a To'o mission, or pass",
    "market": "sell a commodity, hire an assistant, or be done",
    "bonus": "choose a bonus at or below the price marker",
    "buy_ritual": "put 3 mana into the bag to draw rituals, or pass",
    "gift": "choose a ceremonial gift",
    "target": "choose the player your ritual acts on",
    "pay_any": "pay a commodity",
    "pay_diff": "pay a commodity of a type not paid yet",
    "pay_same": "pay commodities of one type",
    "pay_mask": "pay a mask (to the Mask Market)",
    "turn": "turn one of your unturned assistants",
    "reactivate": "reactivate one of your turned assistants",
    "steal": "take an unpaired mask",
    "discard": "discard a ritual card from your hand",
    "perform": "perform a ritual from your hand for free, or pass",
    "type": "choose the assistant type your ritual counts",
    "forest_keep": "keep one of the revealed forest cards",
    "order": "choose which of your equal-cost rituals is performed first",
    "pick_comm": "take a commodity from the forest supply (Collector)",
    "top": "move a price marker to the top (Merchant)",
    "diver": "turn a Pearl Diver to fulfil a second mission, or pass",
    "shaman_a": "advance your tattoo marker (Shamans), or pass",
    "sealed": "",
}
SEALED_PROMPTS = {
    "prep": "prepare rituals for the bag (clip up to your limit; brown ones free), then done",
    "offer": "offer mana (sealed)",
    "auction": "bid mana for the auction mission (sealed)",
}


# =========================================================================== helpers
def push(st: RaiateaState, steps: list[Step]) -> None:
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


def roll(st: RaiateaState, kahuna: int, why: str) -> int:
    st.die = 1 + st.rng.below(DIE_SIDES)
    st.log.append(("die", kahuna, (why, st.die)))
    return st.die


def advance(st: RaiateaState, seat: int, n: int) -> list[Step]:
    """Move a tattoo marker; return the steps of every rank newly reached (U5, U6)."""
    before = rank_of(st, seat)
    st.tattoo[seat] = min(TATTOO_MAX, st.tattoo[seat] + n)
    st.log.append(("tattoo", seat, st.tattoo[seat]))
    after = rank_of(st, seat)
    steps: list[Step] = []
    for r in range(before + 1, after + 1):
        st.log.append(("rank", seat, RANK_IDS[r]))
        for eff in RANKS[r]["on_reach"]:
            if eff["kind"] == "perform_ritual":  # Tahua: a one-time free ritual
                if not st.tahua_used[seat]:
                    st.tahua_used[seat] = True
                    steps.append(("perform", seat, ("any", "tahua")))
            else:
                steps.append(("eff", seat, (eff, -1, False)))
    return steps


def gain_priests(st: RaiateaState, seat: int, n: int) -> None:
    st.priests[seat] = min(PRIEST_MAX, st.priests[seat] + n)
    st.log.append(("priests", seat, st.priests[seat]))


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
    st.log.append(("gain", seat, (what, n)))
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


def reveal_forest(st: RaiateaState) -> None:
    """Reveal players + 1 forest cards (what is left, when the pile runs short: U21)."""
    for _ in range(min(st.players + 1, len(st.forest))):
        st.display.append(st.forest.pop())
    st.display.sort()
    st.log.append(("display", None, tuple(st.display)))


def take_card(st: RaiateaState, seat: int, card: str) -> list[Step]:
    """Resolve a forest card taken at the Forest: a mask with its treasure, a commodity
    behind the screen, an assistant in front of it."""
    st.log.append(("forest", seat, card))
    if card in COMMODITIES:
        st.comms[seat][COMMODITIES.index(card)] += 1
        return []
    if card in ASSISTANTS:
        st.ready[seat][ASSISTANTS.index(card)] += 1
        return []
    st.masks[seat].append(card)
    st.masks[seat].sort()
    return [("eff", seat, (eff, -1, False)) for eff in MASKS[card]["treasure"]]


def draw_ritual(st: RaiateaState, deck: str) -> str | None:
    pile = st.piles[deck]
    if not pile and st.discards[deck]:  # U21: the discards become a new deck
        pile.extend(sorted(st.discards[deck]))
        st.discards[deck].clear()
        st.rng.shuffle(pile)
        st.log.append(("reshuffle", None, deck))
    return pile.pop() if pile else None


def setup_rituals(st: RaiateaState) -> None:
    """Setup 14: each draws 5 Normal rituals and keeps 2; with 4 players player 1 keeps
    only 1; with 5 players player 5 does it twice (U22: counted from the starting player)."""
    exc = START_RITUALS["exceptions"].get(str(st.players), {})
    for i, seat in enumerate(st.order, start=1):
        keep = START_RITUALS["keep"]
        times = 1
        if exc.get("player") == i:
            keep = exc.get("keep", keep)
            times += exc.get("repeat", 0)
        for _ in range(times):
            st.queue.append(("setup_draw", seat, keep))


# =========================================================================== the loop
def run(st: RaiateaState) -> None:
    """Carry out steps until one waits for a real decision (or the game ends)."""
    queue = st.queue
    while queue:
        step = queue[0]
        phase = step[0]
        auto = AUTO.get(phase)
        if auto is not None:
            queue.pop(0)
            auto(st, step)
            continue
        if phase == "sealed":
            if st.sealed_wait:
                return
            queue.pop(0)
            SEALED_RESOLVE[step[2]](st)
            continue
        choices = step_options(st, step)
        if len(choices) > 1 or (choices and holds(st, step)):
            return
        queue.pop(0)
        if choices:
            resolve(st, step, choices[0])
    st.over = True


def options(st: RaiateaState, seat: int) -> list[RaiateaAction]:
    step = st.queue[0]
    if step[0] == "sealed":
        return sealed_options(st, seat, step[2])
    return step_options(st, step)


def decide(st: RaiateaState, seat: int, act: RaiateaAction) -> None:
    step = st.queue[0]
    if step[0] == "sealed":
        sealed_decide(st, seat, step[2], act)
    else:
        st.queue.pop(0)
        resolve(st, step, act)
    run(st)


def explain(st: RaiateaState, seat: int) -> str | None:
    phase = st.queue[0][0]
    if phase == "sealed":
        return f"now you must {SEALED_PROMPTS[st.queue[0][2]]}"
    return f"now you must {PROMPTS.get(phase, phase)}"


# =========================================================================== auto steps
def _setup_draw(st: RaiateaState, step: Step) -> None:
    _, seat, keep = step
    for _ in range(START_RITUALS["draw"]):
        card = draw_ritual(st, "normal")
        if card is not None:
            st.drawn[seat].append(card)
    st.drawn[seat].sort()
    st.log.append(("draw", seat, ("normal", len(st.drawn[seat]))))
    push(st, [("keep", seat, keep)])


def _round(st: RaiateaState, step: Step) -> None:
    if st.space >= len(st.track):
        st.log.append(("end", None, None))
        st.queue.clear()
        return
    kind, number = st.track[st.space]
    st.log.append(("round", None, (kind, number)))
    if kind == "action":
        push(st, [("claim_next", -1, 0)])
        return
    st.ceremony += 1
    order = list(st.order)
    steps: list[Step] = []
    for s in order:  # 1. the Dance of the Priests
        steps += [("recruit", s, (0, "dance")), ("dance_mana", s, 0)]
    steps += [("buy_ritual", s, 0) for s in order]  # 2. buy rituals
    steps += [("open", -1, "prep"), ("sealed", -1, "prep")]  # 3. preparation
    steps += [("open", -1, "offer"), ("sealed", -1, "offer")]  # 4. offering
    steps += [("gifts", -1, 0), ("bless", -1, 0)]  # 4. gifts, 5. blessings
    steps += [("build_start", -1, 0), ("build", -1, 0), ("end_ceremony", -1, 0)]  # 6.
    push(st, steps)


def _claim_next(st: RaiateaState, step: Step) -> None:
    if len(st.tiles) < st.players:
        seat = (st.start + len(st.tiles)) % st.players
        push(st, [("claim", seat, 0), ("claim_next", -1, 0)])
        return
    # End of an action round: the start player passes left, leftover forest cards go to
    # their markets, new forest cards, the tiles return, the round marker advances.
    st.start = (st.start + 1) % st.players
    for card in st.display:
        to_market(st, card)
    st.display = []
    reveal_forest(st)
    st.tiles = []
    st.kahuna = -1
    st.space += 1
    st.log.append(("round_end", None, st.start))
    push(st, [("round", -1, 0)])


def _location(st: RaiateaState, step: Step) -> None:
    _, k, loc = step
    order = clockwise(st, k)
    steps: list[Step] = []
    if LOC[loc].get("die"):
        steps.append(("die", k, loc))
    if loc == "forest":
        steps += [("pick", s, 0) for s in order]
        steps += [("forest_last", -1, 0), ("forest_reveal", -1, 0)]
        ccw = [k] + [(k - i) % st.players for i in range(1, st.players)]
        steps += [("pick", s, 0) for s in ccw]
        steps.append(("forest_last", -1, 0))
    elif loc == "marae":
        for s in order:
            steps += [("sacrifice", s, 0), ("draw", s, (True, "rank", "rank", 1))]
            if s == k:
                steps += [("sacrifice", s, 0), ("draw", s, (True, "rank", "rank", 1))]
    elif loc == "reef":
        steps.append(("reef", k, 0))
    elif loc == "path":
        for s in order:
            free = int(LOC["path"]["kahuna_free_priests"]) if s == k else 0
            steps += [("recruit", s, (free, "path")), ("priest_mana", s, 0)]
    elif loc == "neighbourhood":
        st.gave = []
        steps += [("give", s, "neighbourhood") for s in order]
        steps += [("get_all", -1, 0), ("mission", k, "opt")]
    elif loc == "market":
        steps += [("market", s, (2, 2) if s == k else (1, 1)) for s in order]
    push(st, steps)


def _die(st: RaiateaState, step: Step) -> None:
    """Assistants' effect A: the Kahuna rolls before any action; owners of at least that
    many assistants of the location's type gain its bonus."""
    _, k, loc = step
    t = DIE_LOCATION[loc]
    result = roll(st, k, ASSISTANTS[t])
    steps: list[Step] = []
    for s in clockwise(st, k):
        count = assistants(st, s, t) + st.ti_types[s].count(t)
        if count < result:
            continue
        st.log.append(("assistant_a", s, ASSISTANTS[t]))
        if loc == "forest":  # "may take one Commodity Card"
            steps.append(("take_comm", s, "may"))
        elif loc == "market":  # "may take one Assistant of their choice"
            steps.append(("take_asst", s, "may"))
        elif loc == "marae":  # "may advance their Tattoo Markers by 1 space"
            steps.append(("shaman_a", s, 0))
        elif loc == "reef":
            st.pearls[s] += PEARL_DIVER_PEARLS
            st.log.append(("gain", s, ("pearls", PEARL_DIVER_PEARLS)))
    push(st, steps)


def _reef(st: RaiateaState, step: Step) -> None:
    k = step[1]
    result = roll(st, k, "reef")
    for s in clockwise(st, k):
        n = result + sum(e["amount"] for e in ongoing(st, s, "trigger_gain") if e["when"] == "reef")
        if s == k:
            n += int(LOC["reef"]["kahuna_pearls"])
        st.pearls[s] += n
        st.log.append(("gain", s, ("pearls", n)))


def _priest_mana(st: RaiateaState, step: Step) -> None:
    s = step[1]
    if st.priests[s]:
        st.mana[s] += st.priests[s]
        st.log.append(("gain", s, ("mana", st.priests[s])))


def _dance_mana(st: RaiateaState, step: Step) -> None:
    s = step[1]
    for e in ongoing(st, s, "trigger_gain"):
        if e["when"] == "dance" and e["what"] == "priests":
            gain_priests(st, s, e["amount"])
    _priest_mana(st, step)
    for e in ongoing(st, s, "trigger_gain"):
        if e["when"] == "dance" and e["what"] != "priests":
            gain(st, s, e["what"], e["amount"])


def _forest_last(st: RaiateaState, step: Step) -> None:
    for card in st.display:
        to_market(st, card)
        st.log.append(("to_market", None, card))
    st.display = []


def _forest_reveal(st: RaiateaState, step: Step) -> None:
    reveal_forest(st)


def _get_all(st: RaiateaState, step: Step) -> None:
    push(st, [("get", s, 0) for s in st.gave])
    st.gave = []


def _open(st: RaiateaState, step: Step) -> None:
    """Open a sealed step. Every seat prepares rituals (whether a hand is empty is not public
    once General rituals went into the bag unseen, R14); a bid waits for those with mana."""
    kind = step[2]
    st.bids = [0] * st.players
    if kind == "prep":
        st.sealed_wait = list(range(st.players))
    else:
        st.sealed_wait = [s for s in range(st.players) if st.mana[s] > 0]


def _gifts(st: RaiateaState, step: Step) -> None:
    count = GIFTS_BY_PLAYERS[st.players]
    st.gifts_left = list(GIFTS)
    push(st, [("gift", s, 0) for s in st.order[:count]])


def _bless(st: RaiateaState, step: Step) -> None:
    """Divine Blessings: the bag is emptied; rituals sorted by cost, General rituals first
    among equals and by id (they carry no owner, R14), then ceremonial order (an owner's
    equal-cost rituals by id until the owner chooses)."""
    pos = {s: i for i, s in enumerate(st.order)}
    pos[-1] = -1
    entries = []
    for s in range(st.players):
        entries += [(r, s) for r in st.prepared[s]] + [(r, -1) for r in st.generals[s]]
        st.prepared[s] = []
        st.generals[s] = []
    entries.sort(key=lambda e: (cost(e[0]), pos[e[1]], e[0]))
    st.blessing = entries
    st.log.append(("bag", None, (tuple(entries), st.bag_mana)))
    push(st, [("bless_next", -1, 0)])


def _equal_group(st: RaiateaState) -> list[str]:
    """The rituals at the front of the blessing row that share its cost, owner and colour
    class: "If two or more Rituals of equal value belong to the same player, that player
    decides which of those Rituals will be performed first."""
    first, owner = st.blessing[0]
    return [
        r
        for r, s in st.blessing
        if s == owner and cost(r) == cost(first) and is_general(r) == is_general(first)
    ]


def _bless_next(st: RaiateaState, step: Step) -> None:
    if not st.blessing:
        return
    ritual, owner = st.blessing[0]
    choice = owner >= 0 and step[2] == 0 and st.bag_mana >= cost(ritual)
    if choice and len(set(_equal_group(st))) > 1:
        push(st, [("order", owner, 0)])
        return
    ritual, owner = st.blessing[0]
    if st.bag_mana < cost(ritual):
        for r, _ in st.blessing:
            st.discards[deck_of(r)].append(r)
        st.log.append(("unblessed", None, (tuple(r for r, _ in st.blessing), st.bag_mana)))
        st.blessing = []
        return
    st.blessing.pop(0)
    st.bag_mana -= cost(ritual)
    push(st, [*perform(st, owner, ritual), ("bless_next", -1, 0)])


def _build_start(st: RaiateaState, step: Step) -> None:
    st.builders = list(st.order)
    st.build_pos = 0
    st.auctioned = []


def _build(st: RaiateaState, step: Step) -> None:
    """Construction of the To'o: in ceremonial order each fulfils a mission or passes
    (a pass is final for this ceremony); auctions come first whenever a row holds only
    auction missions."""
    if next_auction(st) >= 0:
        push(st, [("auctions", -1, -1), ("build", -1, 0)])
        return
    if not st.builders:
        return
    st.build_pos %= len(st.builders)
    seat = st.builders[st.build_pos]
    push(st, [("mission", seat, "build"), ("build", -1, 0)])


def _auctions(st: RaiateaState, step: Step) -> None:
    """Auction missions are auctioned "as soon as there are no other types of Mission left
    in that row", each separately: after a mission is fulfilled anywhere, its row (arg: a
    slot of it) is checked; at the start of step 6 and between construction turns, every
    row (arg -1), which takes the tokens that stood alone when their statue was revealed."""
    slot = next_auction(st, step[2])
    if slot >= 0:
        st.auctioned.append(slot)
        st.auction_slot = slot
        push(st, [("open", -1, "auction"), ("sealed", -1, "auction"), step])


def _end_ceremony(st: RaiateaState, step: Step) -> None:
    if st.ceremony < len(st.face_up):
        st.face_up[st.ceremony] = True
        st.log.append(("statue", None, st.ceremony + 1))
    st.builders = []
    st.auctioned = []
    st.space += 1
    push(st, [("round", -1, 0)])


def _eff(st: RaiateaState, step: Step) -> None:
    _, seat, (eff, target, interactive) = step
    EFFECTS[eff["kind"]](st, seat, eff, target, interactive)


def _ritual_done(st: RaiateaState, step: Step) -> None:
    _, seat, ritual = step
    st.performing.remove(ritual)
    if RITUALS[ritual]["type"] == "permanent":
        st.blue[seat].append(ritual)
        st.blue[seat].sort()
        if any(
            e["kind"] == "count_extra" and e["what"] == "chosen_type"
            for e in RITUALS[ritual]["effects"]
        ):
            push(st, [("type", seat, 0)])
    else:
        st.discards[deck_of(ritual)].append(ritual)


def _revealed_rest(st: RaiateaState, step: Step) -> None:
    for card in st.revealed:
        to_market(st, card)
        st.log.append(("to_market", None, card))
    st.revealed = []


def _exchange(st: RaiateaState, step: Step) -> None:
    st.gave = []
    push(st, [("give", s, "feast") for s in st.order] + [("get_all", -1, 0)])


AUTO: dict[str, Callable[[RaiateaState, Step], None]] = {
    "setup_draw": _setup_draw,
    "round": _round,
    "claim_next": _claim_next,
    "loc": _location,
    "die": _die,
    "reef": _reef,
    "priest_mana": _priest_mana,
    "dance_mana": _dance_mana,
    "forest_last": _forest_last,
    "forest_reveal": _forest_reveal,
    "get_all": _get_all,
    "open": _open,
    "gifts": _gifts,
    "bless": _bless,
    "bless_next": _bless_next,
    "build_start": _build_start,
    "build": _build,
    "auctions": _auctions,
    "end_ceremony": _end_ceremony,
    "eff": _eff,
    "ritual_done": _ritual_done,
    "revealed_rest": _revealed_rest,
    "exchange": _exchange,
}


# =========================================================================== rituals
def price_of(ritual: str) -> dict[str, int]:
    return {k: int(v) for k, v in RITUALS[ritual]["cost"].items() if k != "mana"}


def can_pay(st: RaiateaState, seat: int, price: dict[str, int]) -> bool:
    return (
        st.pearls[seat] >= price.get("pearls", 0)
        and st.priests[seat] >= price.get("priests", 0)
        and sum(st.comms[seat]) >= price.get("commodities", 0)
        and len(st.masks[seat]) >= price.get("masks", 0)
        and sum(st.ready[seat]) >= price.get("turn_assistants", 0)
    )


def perform(st: RaiateaState, seat: int, ritual: str) -> list[Step]:
    """The steps that perform a ritual (its mana is already paid or waived): its price
    (U17: a price that cannot be paid discards it without effect), its effects, then it is
    discarded or, if blue, placed in front of its owner's screen."""
    price = price_of(ritual)
    assert seat >= 0 or not price, "a General ritual from the bag has no owner to pay"
    if not can_pay(st, seat, price):
        st.discards[deck_of(ritual)].append(ritual)
        st.log.append(("unpaid", seat, ritual))
        return []
    st.log.append(("perform", seat if seat >= 0 else None, ritual))  # -1: a General's
    st.performing.append(ritual)
    steps: list[Step] = []
    if price.get("pearls"):
        st.pearls[seat] -= price["pearls"]
        st.log.append(("pay", seat, ("pearls", price["pearls"])))
    if price.get("priests"):
        st.priests[seat] -= price["priests"]
        st.log.append(("priests", seat, st.priests[seat]))
    if price.get("commodities"):
        steps.append(("pay_any", seat, price["commodities"]))
    if price.get("masks"):
        steps.append(("pay_mask", seat, price["masks"]))
    if price.get("turn_assistants"):
        steps.append(("turn", seat, price["turn_assistants"]))
    card = RITUALS[ritual]
    interactive = card["type"] == "interactive"
    effects = card["effects"]
    if any(e.get("from") == "chosen_other" or e.get("target") == "chosen_other" for e in effects):
        steps.append(("target", seat, ritual))
    else:
        steps += [("eff", seat, (e, -1, interactive)) for e in effects]
    steps.append(("ritual_done", seat, ritual))
    return steps


# =========================================================================== effects
def _targets(st: RaiateaState, seat: int, eff: dict[str, Any], interactive: bool) -> list[int]:
    target = eff.get("target", "self")
    if target == "all":
        return list(st.order)
    if target == "each_other":
        return [s for s in st.order if s != seat and not (interactive and warded(st, s))]
    return [seat]


def e_gain(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    steps: list[Step] = []
    for s in _targets(st, seat, eff, inter):
        steps += gain(st, s, eff["what"], eff["amount"])
    push(st, steps)


def e_gain_per(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    for s in _targets(st, seat, eff, inter):
        n = min(eff["max"], eff["amount"] * (st.priests[s] // eff.get("every", 1)))
        if n:
            gain(st, s, "mana", n)


def e_lose(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    for s in _targets(st, seat, eff, inter):
        if eff["what"] == "mana":
            n = min(st.mana[s], eff["amount"])
            st.mana[s] -= n
            st.log.append(("pay", s, ("mana", n)))
        else:
            st.priests[s] = max(0, st.priests[s] - eff["amount"])
            st.log.append(("priests", s, st.priests[s]))


def e_steal(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    if target < 0:
        return
    what, amount = eff["what"], eff["amount"]
    if what in ("pearls", "mana"):
        have = st.pearls if what == "pearls" else st.mana
        n = min(have[target], amount)
        have[target] -= n
        have[seat] += n
        st.log.append(("steal", seat, (target, what, n)))
    elif what == "commodity":
        for _ in range(amount):
            held = [c for c in range(len(COMMODITIES)) for _ in range(st.comms[target][c])]
            if held:
                c = st.rng.choice(held)  # drawn blind (the card is then shown: see docs)
                st.comms[target][c] -= 1
                st.comms[seat][c] += 1
                st.log.append(("steal", seat, (target, COMMODITIES[c], 1)))
    else:
        push(st, [("steal", seat, target)] * amount)


def e_take(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    phase = "take_comm" if eff["what"] == "commodity" else "take_asst"
    push(st, [(phase, seat, 0)] * eff["amount"])


def e_take_forest(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    for _ in range(min(eff["reveal"], len(st.forest))):
        st.revealed.append(st.forest.pop())
    st.revealed.sort()
    st.log.append(("revealed", seat, tuple(st.revealed)))
    push(st, [("forest_keep", seat, 0)] * eff["keep"] + [("revealed_rest", -1, 0)])


def e_reactivate(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    steps: list[Step] = []
    for s in _targets(st, seat, eff, inter):
        if eff["amount"] == "all":
            for t in range(len(ASSISTANTS)):
                st.ready[s][t] += st.turned[s][t]
                st.turned[s][t] = 0
            st.log.append(("reactivate", s, "all"))
        else:
            steps += [("reactivate", s, 0)] * eff["amount"]
    push(st, steps)


def e_turn_assistant(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    if target >= 0:
        push(st, [("turn", target, 1)] * eff["amount"])


def e_draw_rituals(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    push(
        st,
        [
            ("draw", s, (eff.get("may", False), eff["deck"], eff["draw"], eff["keep"]))
            for s in _targets(st, seat, eff, inter)
        ],
    )


def e_discard_rituals(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    steps: list[Step] = []
    for s in _targets(st, seat, eff, inter):
        steps += [("discard", s, 0)] * eff["amount"]
    push(st, steps)


def e_fulfil_mission(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    push(st, [("mission", seat, "opt")] * eff["amount"])


def e_move_price(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    for c in range(len(COMMODITIES)):
        st.price[c] = min(PRICE_TOP, st.price[c] + eff["steps"])
    st.log.append(("prices", None, tuple(st.price)))


def e_exchange_mask(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    push(st, [("exchange", -1, 0)])


def e_feed_pool(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    for s in _targets(st, seat, eff, inter):
        n = min(st.mana[s], eff["amount"])
        st.mana[s] -= n
        st.bag_mana += n
        st.log.append(("feed", s, n))


def e_perform_ritual(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    push(st, [("perform", seat, (eff["max_cost"], "effect"))] * eff["amount"])


def e_ongoing(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    """Ongoing and end-of-game kinds do nothing when the ritual resolves: they act while
    the blue ritual lies in front of its owner (``ongoing``) or at the end (scoring)."""


EFFECTS: dict[str, Callable[..., None]] = {
    "gain": e_gain,
    "gain_per": e_gain_per,
    "lose": e_lose,
    "steal": e_steal,
    "take": e_take,
    "take_forest": e_take_forest,
    "reactivate": e_reactivate,
    "turn_assistant": e_turn_assistant,
    "draw_rituals": e_draw_rituals,
    "discard_rituals": e_discard_rituals,
    "fulfil_mission": e_fulfil_mission,
    "move_price": e_move_price,
    "exchange_mask": e_exchange_mask,
    "feed_pool": e_feed_pool,
    "perform_ritual": e_perform_ritual,
    **{
        k: e_ongoing
        for k in (
            "trigger_gain",
            "count_extra",
            "discount",
            "draw_bonus",
            "offering_bonus",
            "ward",
            "extra_prep",
            "end_vp",
            "end_vp_per",
        )
    },
}


# =========================================================================== To'o missions
def mission_row_has_other(st: RaiateaState, i: int) -> bool:
    statue, row, _ = MISSION_SLOTS[i]
    return any(
        st.slots[j] and TOOS[st.slots[j]]["kind"] != "auction"
        for j, (s2, r2, _) in enumerate(MISSION_SLOTS)
        if s2 == statue and r2 == row
    )


def next_auction(st: RaiateaState, near: int = -1) -> int:
    """The first auction mission on a face-up statue whose row holds no other kind, not yet
    offered in this step 6; only in the row of slot ``near`` unless it is -1; -1 if none."""
    for i, token in enumerate(st.slots):
        if (
            token
            and (near < 0 or MISSION_SLOTS[i][:2] == MISSION_SLOTS[near][:2])
            and TOOS[token]["kind"] == "auction"
            and st.face_up[MISSION_SLOTS[i][0]]
            and i not in st.auctioned
            and not mission_row_has_other(st, i)
        ):
            return i
    return -1


def can_fulfil(st: RaiateaState, seat: int, token: str) -> bool:
    t = TOOS[token]
    if t["kind"] == "auction":
        return False  # U11: only by auction
    if t["kind"] == "conditional":
        cond = t["condition"]
        if "rank" in cond:
            return bool(rank_of(st, seat) >= RANK_IDS.index(cond["rank"]))
        if "priests" in cond:
            return bool(priests_counted(st, seat) >= cond["priests"])
        counts = [assistants(st, seat, a) for a in range(len(ASSISTANTS))]
        have = max(counts) if cond.get("same_type") else sum(counts)
        return bool(have >= cond["assistants"])
    pay = t["pay"]
    if "pearls" in pay:
        return bool(st.pearls[seat] >= pay["pearls"])
    if "mana" in pay:
        return bool(st.mana[seat] >= pay["mana"])
    if "masks" in pay:
        return bool(len(st.masks[seat]) >= pay["masks"])
    need = pay["commodities"]
    held = st.comms[seat]
    if "any" in need:
        return bool(sum(held) >= need["any"])
    if "different" in need:
        return bool(sum(1 for h in held if h) >= need["different"])
    if "same" in need:
        return bool(max(held) >= need["same"])
    ((kind, n),) = need.items()
    return bool(held[COMMODITIES.index(kind)] >= n)


def fulfil(st: RaiateaState, seat: int, i: int) -> list[Step]:
    token = st.slots[i]
    st.slots[i] = ""
    st.toos[seat].append(token)
    st.toos[seat].sort()
    st.log.append(("mission", seat, (i, token)))
    t = TOOS[token]
    if t["kind"] != "resource":
        return []
    pay = t["pay"]
    if "pearls" in pay:
        st.pearls[seat] -= pay["pearls"]
        st.log.append(("pay", seat, ("pearls", pay["pearls"])))
    elif "mana" in pay:
        st.mana[seat] -= pay["mana"]
        st.log.append(("pay", seat, ("mana", pay["mana"])))
    elif "masks" in pay:
        return [("pay_mask", seat, pay["masks"])]
    else:
        need = pay["commodities"]
        if "any" in need:
            return [("pay_any", seat, need["any"])]
        if "different" in need:
            return [("pay_diff", seat, (need["different"], ()))]
        if "same" in need:
            return [("pay_same", seat, need["same"])]
        ((kind, n),) = need.items()
        c = COMMODITIES.index(kind)
        st.comms[seat][c] -= n
        st.comm_market[c] += n
        st.log.append(("pay", seat, (kind, n)))
    return []


# =========================================================================== decisions
def recruit_cost(st: RaiateaState, seat: int, n: int) -> int:
    off = sum(e["amount"] for e in ongoing(st, seat, "discount") if e["on"] == "recruit_priest")
    return int(max(0, RECRUIT_PEARLS[n] - off))


def hire_cost(st: RaiateaState, seat: int) -> int:
    off = sum(e["amount"] for e in ongoing(st, seat, "discount") if e["on"] == "hire_assistant")
    return int(max(0, HIRE_PEARLS - off))


def draw_decks(st: RaiateaState, seat: int, deck: str) -> list[str]:
    if deck == "normal":
        return ["normal"]
    return list(RANKS[rank_of(st, seat)]["draw"]["decks"])


def step_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """The possible answers to a waiting step; empty when it cannot be done at all."""
    phase, seat, arg = step
    if phase == "claim" or phase == "buy_ritual":
        if phase == "claim":
            found = [A.act("claim", loc) for loc in LOCATIONS if loc not in st.tiles]
        elif st.mana[seat] < BUY_RITUAL_MANA:
            found = [A.PASS]
        else:
            decks = [d for d in draw_decks(st, seat, "rank") if st.piles[d] or st.discards[d]]
            found = [A.PASS, *(A.act("draw", d) for d in decks)]
        if can_use_shaman(st, seat):
            found.append(A.USE["shaman"])
        return found
    if phase == "pick":
        found = [A.act("pick", c) for c in sorted(set(st.display))]
        if found and arg == 0 and st.ready[seat][COLLECTOR] and st.forest:
            found.append(A.USE["collector"])
        return found
    if phase == "pick_comm":
        return [A.act("pick", c) for c in sorted(set(st.display)) if c in COMMODITIES]
    if phase == "top":
        return [A.act("top", c) for i, c in enumerate(COMMODITIES) if st.price[i] < PRICE_TOP]
    if phase == "diver":  # offered only when a second mission can be fulfilled
        if st.ready[seat][PEARL_DIVER] and any(
            token and st.face_up[MISSION_SLOTS[i][0]] and can_fulfil(st, seat, token)
            for i, token in enumerate(st.slots)
        ):
            return [A.PASS, A.USE["pearl_diver"]]
        return []
    if phase == "forest_keep":
        return [A.act("pick", c) for c in sorted(set(st.revealed))]
    if phase == "take_comm" or phase == "take_asst":
        market, names = (
            (st.comm_market, COMMODITIES) if phase == "take_comm" else (st.asst_market, ASSISTANTS)
        )
        found = [A.act("take", x) for i, x in enumerate(names) if market[i]]
        return [A.PASS, *found] if arg == "may" and found else found  # Collector/Merchant A
    if phase == "shaman_a":
        return [A.PASS, A.ADVANCE]
    if phase == "sacrifice":
        held = st.comms[seat]
        found = [A.act("sacrifice", c) for i, c in enumerate(COMMODITIES) if held[i]]
        return [A.PASS, *found] if found else []
    if phase == "draw":
        optional, deck, _, _ = arg
        decks = [d for d in draw_decks(st, seat, deck) if st.piles[d] or st.discards[d]]
        found = [A.act("draw", d) for d in decks]
        return [A.PASS, *found] if optional and found else found
    if phase == "keep":
        return [A.act("keep", r) for r in sorted(set(st.drawn[seat]))]
    if phase == "recruit":
        found = [A.PASS]
        for n in (1, 2):
            if st.pearls[seat] >= recruit_cost(st, seat, n) and st.priests[seat] < PRIEST_MAX:
                found.append(A.act("recruit", n))
        return found
    if phase == "give":
        found = [A.act("give", m) for m in sorted(set(st.masks[seat]))]
        return [A.PASS, *found] if found else []
    if phase == "get":  # "may take a Mask from that Market"
        found = [A.act("get", m) for m in sorted(set(st.mask_market))]
        return [A.PASS, *found] if found else []
    if phase == "mission":
        found = [
            A.act("mission", A.slot_text(MISSION_SLOTS[i]))
            for i, token in enumerate(st.slots)
            if token and st.face_up[MISSION_SLOTS[i][0]] and can_fulfil(st, seat, token)
        ]
        if arg == "build" and can_use_shaman(st, seat):  # a construction turn is one's own
            found.append(A.USE["shaman"])
        return [A.PASS, *found]
    if phase == "market":
        sells, hires = arg
        found = [A.DONE]
        if sells:
            found += [A.act("sell", c) for i, c in enumerate(COMMODITIES) if st.comms[seat][i]]
        if hires and st.pearls[seat] >= hire_cost(st, seat):
            found += [A.act("hire", t) for i, t in enumerate(ASSISTANTS) if st.asst_market[i]]
        if st.ready[seat][MERCHANT] and any(p < PRICE_TOP for p in st.price):
            found.append(A.USE["merchant"])
        return found
    if phase == "bonus":
        return [A.act("bonus", k) for k in range(st.price[arg] + 1)]
    if phase == "gift":
        found = [A.act("gift", g) for g in st.gifts_left]
        if len(found) > 1 and not any(st.comm_market):
            found = [a for a in found if a.arg != "commodity"]
        return found
    if phase == "target":
        others = [s for s in range(st.players) if s != seat]
        if RITUALS[arg]["type"] == "interactive":
            others = [s for s in others if not warded(st, s)]
        return [A.act("target", f"seat{s}") for s in others]
    if phase == "pay_any":
        return [A.act("pay", c) for i, c in enumerate(COMMODITIES) if st.comms[seat][i]]
    if phase == "pay_diff":
        _, paid = arg
        return [
            A.act("pay", c)
            for i, c in enumerate(COMMODITIES)
            if st.comms[seat][i] and c not in paid
        ]
    if phase == "pay_same":
        return [A.act("pay", c) for i, c in enumerate(COMMODITIES) if st.comms[seat][i] >= arg]
    if phase == "pay_mask":
        return [A.act("give", m) for m in sorted(set(st.masks[seat]))]
    if phase == "turn":
        return [A.act("turn", t) for i, t in enumerate(ASSISTANTS) if st.ready[seat][i]]
    if phase == "reactivate":
        return [A.act("reactivate", t) for i, t in enumerate(ASSISTANTS) if st.turned[seat][i]]
    if phase == "steal":
        masks = st.masks[arg]
        return [A.act("steal", m) for m in sorted(set(masks)) if masks.count(m) == 1]
    if phase == "discard":
        return [A.act("discard", r) for r in sorted(set(st.hand[seat]))]
    if phase == "perform":
        max_cost, _ = arg
        found = [
            A.act("perform", r)
            for r in sorted(set(st.hand[seat]))
            if max_cost == "any" or cost(r) <= max_cost
        ]
        # Always offer to pass: whether a cheap enough ritual is in hand is hidden from the
        # others, so the step must not vanish from a guess where none is (it is skipped by
        # run() when pass is the only answer).
        return [A.PASS, *found]
    if phase == "type":
        return [A.act("type", t) for t in ASSISTANTS]
    if phase == "order":
        return [A.act("perform", r) for r in sorted(set(_equal_group(st)))]
    raise AssertionError(f"phase {phase} takes no decision")


def resolve(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    """Carry out one answer to a waiting step."""
    phase, seat, arg = step
    verb, x = act.verb, act.arg
    steps: list[Step] = []
    if verb == "use":
        _use(st, step, x)
        return
    if phase == "claim":
        st.tiles.append(x)
        st.kahuna = seat
        st.log.append(("claim", seat, x))
        steps.append(("loc", seat, x))
    elif phase == "pick":
        st.display.remove(x)
        steps += take_card(st, seat, x)
    elif phase == "pick_comm":
        st.display.remove(x)  # from the forest supply: the price marker does not move
        st.comms[seat][COMMODITIES.index(x)] += 1
        st.log.append(("forest", seat, x))
    elif phase == "top":
        st.price[COMMODITIES.index(x)] = PRICE_TOP
        st.log.append(("prices", None, tuple(st.price)))
    elif phase == "diver":
        pass
    elif phase == "forest_keep":
        st.revealed.remove(x)
        steps += take_card(st, seat, x)
    elif phase in ("take_comm", "take_asst", "get") and verb == "pass":
        pass
    elif phase == "shaman_a":
        if verb == "advance":
            steps += advance(st, seat, 1)
    elif phase == "take_comm":
        c = COMMODITIES.index(x)
        st.comm_market[c] -= 1
        st.comms[seat][c] += 1
        st.price[c] = min(PRICE_TOP, st.price[c] + 1)  # U13
        st.log.append(("take", seat, x))
    elif phase == "take_asst":
        t = ASSISTANTS.index(x)
        st.asst_market[t] -= 1
        st.ready[seat][t] += 1
        st.log.append(("take", seat, x))
    elif phase == "sacrifice":
        if verb == "sacrifice":
            c = COMMODITIES.index(x)
            st.comms[seat][c] -= 1
            st.comm_market[c] += 1
            st.log.append(("sacrifice", seat, x))
            steps += advance(st, seat, 1)
    elif phase == "draw" or phase == "buy_ritual":
        if verb == "draw":
            if phase == "buy_ritual":
                st.mana[seat] -= BUY_RITUAL_MANA
                st.bag_mana += BUY_RITUAL_MANA
                st.log.append(("buy", seat, BUY_RITUAL_MANA))
                count: Any = "rank"
                keep = 1
            else:
                count, keep = arg[2], arg[3]
            if count == "rank":
                count = RANKS[rank_of(st, seat)]["draw"]["count"]
            for e in ongoing(st, seat, "draw_bonus"):
                count += e["extra_draw"]
                keep += e["extra_keep"]
            for _ in range(count):
                card = draw_ritual(st, x)
                if card is not None:
                    st.drawn[seat].append(card)
            st.drawn[seat].sort()
            st.log.append(("draw", seat, (x, len(st.drawn[seat]))))
            if st.drawn[seat]:
                steps.append(("keep", seat, keep))
    elif phase == "keep":
        st.drawn[seat].remove(x)
        st.hand[seat].append(x)
        st.hand[seat].sort()
        st.log.append(("keep", seat, x))
        if arg > 1 and st.drawn[seat]:
            steps.append(("keep", seat, arg - 1))
        else:
            rest = st.drawn[seat]
            for r in rest:
                st.discards[deck_of(r)].append(r)
            if rest:
                st.log.append(("discard_drawn", seat, tuple(rest)))
            st.drawn[seat] = []
    elif phase == "recruit":
        free, _ = arg
        n = 0
        if verb == "recruit":
            n = int(x)
            price = recruit_cost(st, seat, n)
            st.pearls[seat] -= price
            st.log.append(("recruit", seat, (n, price)))
        if n + free:
            gain_priests(st, seat, n + free)
    elif phase == "give":
        if verb == "give":
            st.masks[seat].remove(x)
            st.mask_market.append(x)
            st.mask_market.sort()
            st.gave.append(seat)
            st.log.append(("give", seat, x))
    elif phase == "get":
        st.mask_market.remove(x)
        st.masks[seat].append(x)
        st.masks[seat].sort()
        st.log.append(("get", seat, x))
    elif phase == "mission":
        if verb == "pass":
            if arg == "build" and seat in st.builders:
                st.builders.remove(seat)
            st.log.append(("no_mission", seat, None))
        else:
            i = SLOT_TEXTS.index(x)
            steps += fulfil(st, seat, i)
            steps.append(("auctions", -1, i))  # the row may now hold only auctions
            if arg == "build":
                st.build_pos += 1
            if arg != "second":  # Pearl Diver B: a second mission, never a third
                steps.append(("diver", seat, 0))
    elif phase == "market":
        sells, hires = arg
        if verb == "sell":
            c = COMMODITIES.index(x)
            st.comms[seat][c] -= 1
            st.comm_market[c] += 1
            st.log.append(("sell", seat, x))
            steps += [("bonus", seat, c), ("market", seat, (sells - 1, hires))]
        elif verb == "hire":
            t = ASSISTANTS.index(x)
            price = hire_cost(st, seat)
            st.pearls[seat] -= price
            st.asst_market[t] -= 1
            st.ready[seat][t] += 1
            st.log.append(("hire", seat, (x, price)))
            steps.append(("market", seat, (sells, hires - 1)))
    elif phase == "bonus":
        k = int(x)
        st.price[arg] = max(0, st.price[arg] - 1)
        st.log.append(("bonus", seat, (COMMODITIES[arg], k)))
        steps += [("eff", seat, (e, -1, False)) for e in CHARTS[arg][k]]
    elif phase == "gift":
        st.gifts_left.remove(x)
        st.log.append(("gift", seat, x))
        for e in GIFT_EFFECTS[GIFTS.index(x)]:
            steps.append(("eff", seat, (e, -1, False)))
    elif phase == "target":
        target = int(x[4:])
        st.log.append(("target", seat, target))
        card = RITUALS[arg]
        inter = card["type"] == "interactive"
        steps += [("eff", seat, (e, target, inter)) for e in card["effects"]]
    elif phase in ("pay_any", "pay_diff", "pay_same"):
        c = COMMODITIES.index(x)
        n = arg if phase == "pay_same" else 1
        st.comms[seat][c] -= n
        st.comm_market[c] += n
        st.log.append(("pay", seat, (x, n)))
        if phase == "pay_any" and arg > 1:
            steps.append(("pay_any", seat, arg - 1))
        if phase == "pay_diff" and arg[0] > 1:
            steps.append(("pay_diff", seat, (arg[0] - 1, (*arg[1], x))))
    elif phase == "pay_mask":
        st.masks[seat].remove(x)
        st.mask_market.append(x)
        st.mask_market.sort()
        st.log.append(("pay_mask", seat, x))
        if arg > 1:
            steps.append(("pay_mask", seat, arg - 1))
    elif phase == "turn":
        t = ASSISTANTS.index(x)
        st.ready[seat][t] -= 1
        st.turned[seat][t] += 1
        st.log.append(("turn", seat, x))
        if arg > 1:
            steps.append(("turn", seat, arg - 1))
    elif phase == "reactivate":
        t = ASSISTANTS.index(x)
        st.turned[seat][t] -= 1
        st.ready[seat][t] += 1
        st.log.append(("reactivate", seat, x))
    elif phase == "steal":
        st.masks[arg].remove(x)
        st.masks[seat].append(x)
        st.masks[seat].sort()
        st.log.append(("steal", seat, (arg, x, 1)))
    elif phase == "discard":
        st.hand[seat].remove(x)
        st.discards[deck_of(x)].append(x)
        st.log.append(("discard", seat, x))
    elif phase == "perform":
        if verb == "perform":
            st.hand[seat].remove(x)
            steps += perform(st, seat, x)
    elif phase == "order":
        i = next(j for j, (r, _) in enumerate(st.blessing) if r == x)
        st.blessing.insert(0, st.blessing.pop(i))
        steps.append(("bless_next", -1, 1))  # performs the chosen one without asking again
    elif phase == "type":
        st.ti_types[seat].append(ASSISTANTS.index(x))
        st.log.append(("type", seat, x))
    else:
        raise AssertionError(f"phase {phase} takes no decision")
    push(st, steps)


def shaman_in_reach(st: RaiateaState, seat: int) -> bool:
    """What the table sees of Shaman B: an unturned Shaman, a ritual in hand and a priest."""
    return bool(st.ready[seat][SHAMAN] and st.hand[seat] and priests_counted(st, seat))


def can_use_shaman(st: RaiateaState, seat: int) -> bool:
    """Shaman B is offered on the seat's own turn only when a ritual in hand costs at most
    its priests, so that using it always performs one (R8)."""
    if not shaman_in_reach(st, seat):
        return False
    most = priests_counted(st, seat)
    return any(cost(r) <= most for r in st.hand[seat])


def holds(st: RaiateaState, step: Step) -> bool:
    """A turn of one's own waits for its seat even with pass as the only answer while the
    seat has what Shaman B needs in the table's eyes (R8): whether it waits then depends on
    public facts only, not on which rituals are behind the screen."""
    phase, seat, arg = step
    if phase == "buy_ritual" or (phase == "mission" and arg == "build"):
        return shaman_in_reach(st, seat)
    return False


def _use(st: RaiateaState, step: Step, which: str) -> None:
    """An assistant's one-time effect B: the assistant is turned."""
    seat = step[1]
    t = ASSISTANTS.index(which)
    st.ready[seat][t] -= 1
    st.turned[seat][t] += 1
    st.log.append(("use", seat, which))
    if which == "collector":  # one more forest card; a pick, then a commodity from the supply
        st.display.append(st.forest.pop())
        st.display.sort()
        st.log.append(("display", None, tuple(st.display)))
        push(st, [("pick", seat, 1), ("pick_comm", seat, 0)])
    elif which == "merchant":  # a price marker to the top; the market turn goes on
        push(st, [("top", seat, 0), step])
    elif which == "shaman":  # a ritual costing at most the priests, then the turn goes on
        push(st, [("perform", seat, (priests_counted(st, seat), "shaman")), step])
    else:  # pearl diver: a second mission
        push(st, [("mission", seat, "second")])


# =========================================================================== sealed steps
def sealed_options(st: RaiateaState, seat: int, kind: str) -> list[RaiateaAction]:
    if kind == "prep":
        clipped = len(st.prepared[seat]) < prep_limit(st, seat)
        found = [
            A.act("prepare", r) for r in sorted(set(st.hand[seat])) if is_general(r) or clipped
        ]
        return [A.DONE, *found]
    return [A.act("bid", n) for n in range(min(st.mana[seat], MAX_BID) + 1)]


def sealed_decide(st: RaiateaState, seat: int, kind: str, act: RaiateaAction) -> None:
    if kind == "prep":
        if act.verb == "done":
            st.sealed_wait.remove(seat)
            st.log.append(("prepared", seat, None))
            return
        st.hand[seat].remove(act.arg)
        if is_general(act.arg):  # "without a clip": nothing tells the table who (R14)
            st.generals[seat].append(act.arg)
        else:  # the clip shows
            st.prepared[seat].append(act.arg)
            st.log.append(("prepare", seat, act.arg))
        return
    st.bids[seat] = int(act.arg)
    st.sealed_wait.remove(seat)
    st.log.append(("sealed", seat, int(act.arg)))


def _resolve_offer(st: RaiateaState) -> None:
    """The Mana offering sets the ceremonial order (ties keep the relative order); all the
    offered mana goes into the bag."""
    bids = list(st.bids)
    pos = {s: i for i, s in enumerate(st.order)}
    counted = [
        bids[s] + sum(e["amount"] for e in ongoing(st, s, "offering_bonus"))
        for s in range(st.players)
    ]
    st.order.sort(key=lambda s: (-counted[s], pos[s]))
    for s in range(st.players):
        st.mana[s] -= bids[s]
        st.bag_mana += bids[s]
    st.log.append(("offering", None, (tuple(bids), tuple(st.order))))


def _resolve_auction(st: RaiateaState) -> None:
    i = st.auction_slot
    token = st.slots[i]
    bids = list(st.bids)
    for s in range(st.players):
        st.mana[s] -= bids[s]
        st.bag_mana += bids[s]
    best = max(bids)
    winner = -1
    if best >= TOOS[token]["auction"]["min_bid"]:
        winner = next(s for s in st.order if bids[s] == best)
        st.slots[i] = ""
        st.toos[winner].append(token)
        st.toos[winner].sort()
    st.log.append(("auction", winner, (i, token, tuple(bids))))
    st.auction_slot = -1


SEALED_RESOLVE: dict[str, Callable[[RaiateaState], None]] = {
    "prep": lambda st: st.log.append(("prep_done", None, None)),
    "offer": _resolve_offer,
    "auction": _resolve_auction,
}


# =========================================================================== invariants
def check(st: RaiateaState) -> None:
    """Every card and token is somewhere, exactly once; no count is negative."""
    from collections import Counter

    rituals: Counter[str] = Counter()
    for seat in range(st.players):
        for where in (st.hand, st.drawn, st.blue, st.prepared, st.generals):
            rituals.update(where[seat])
    for deck in ("normal", "forbidden"):
        rituals.update(st.piles[deck])
        rituals.update(st.discards[deck])
    rituals.update(r for r, _ in st.blessing)
    rituals.update(st.performing)
    assert rituals == Counter(NORMAL_DECK + FORBIDDEN_DECK), "ritual cards lost or doubled"

    forest: Counter[str] = Counter(st.forest + st.display + st.revealed + st.mask_market)
    for seat in range(st.players):
        forest.update(st.masks[seat])
        for i, c in enumerate(COMMODITIES):
            forest[c] += st.comms[seat][i]
        for i, t in enumerate(ASSISTANTS):
            forest[t] += st.ready[seat][i] + st.turned[seat][i]
    for i, c in enumerate(COMMODITIES):
        forest[c] += st.comm_market[i]
    for i, t in enumerate(ASSISTANTS):
        forest[t] += st.asst_market[i]
    expected: Counter[str] = Counter(FOREST_DECK + STARTING_MASKS)
    for i, c in enumerate(COMMODITIES):
        expected[c] += START_COMMODITIES[i]
    for i, t in enumerate(ASSISTANTS):
        expected[t] += START_ASSISTANTS[i]
    assert forest == expected, f"forest/starting cards: {forest - expected} {expected - forest}"

    toos: Counter[str] = Counter(t for t in st.slots if t)
    for seat in range(st.players):
        toos.update(st.toos[seat])
    for box in st.box:
        toos.update(box)
    assert toos == Counter(sum(TOO_POOL, ())), "To'o tokens lost or doubled"
    assert sum(STATUES[0]) + sum(STATUES[1]) + sum(STATUES[2]) == len(st.slots)

    for values in (st.pearls, st.mana, st.priests, st.comm_market, st.asst_market, st.price):
        assert min(values) >= 0, f"negative count in {values}"
    assert st.bag_mana >= 0
    for seat in range(st.players):
        assert min(st.comms[seat]) >= 0 and min(st.ready[seat]) >= 0
        assert min(st.turned[seat]) >= 0
        assert len(st.prepared[seat]) <= MAX_CLIPS
    assert all(0 <= p <= PRICE_TOP for p in st.price)
    assert all(0 <= t <= TATTOO_MAX for t in st.tattoo)
