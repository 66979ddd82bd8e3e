"""What one seat may know of a Rapa Nui game and determinization (the log in words: events.py).

Hidden from other players: your hand, the sacrifice cards you hold (face down) and the
kinds of those you laid face down on the stone. Hidden from everybody: the draw pile (and,
with the ``rows="top-only"`` option, every card of a row below its top card). At the end
all is revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from vaka.core.rng import Rng
from vaka.games.rapanui import rules
from vaka.games.rapanui.events import Buy, CardEvent, Gain, Hide, Sacrifice
from vaka.games.rapanui.params import KIND_NAMES, RESOURCES
from vaka.games.rapanui.scoring import breakdown, card_values, stone_counts

if TYPE_CHECKING:
    from vaka.games.rapanui.state import RapaNuiState


def _per_resource(counts: list[int]) -> dict[str, int]:
    return {KIND_NAMES[r]: counts[r] for r in RESOURCES}


def _row(row: list[int], open_row: bool) -> dict[str, Any]:
    """A row of the display: its top card, its size, and (fanned) every card, top first."""
    shown: dict[str, Any] = {"top": KIND_NAMES[row[-1]] if row else None, "cards": len(row)}
    if open_row:
        shown["kinds"] = [KIND_NAMES[card] for card in reversed(row)]
    return shown


def view(st: RapaNuiState, seat: int | None) -> dict[str, Any]:
    over = st.over
    decision = None
    if st.queue:
        phase, who, arg = st.queue[0]
        decision = {
            "seat": who,
            "phase": rules.PHASE_NAMES[phase],
            "prompt": rules.PHASE_PROMPTS[phase],
        }
        if phase == rules.MOAI_TAKE:
            decision["amount"] = arg
    stone = stone_counts(st) if over else st.stone_up
    fanned = st.options["rows"] == "fanned"
    scores = breakdown(st) if over else None
    seats = []
    for s in range(st.players):
        entry: dict[str, Any] = {
            "seat": s,
            "colour": st.colours[s],
            "wood": st.wood[s],
            "fame": st.fame[s],
            "laid": {KIND_NAMES[k]: n for k, n in enumerate(st.tableau[s])},
            "hand_size": len(st.hands[s]),
            "sacrifice_cards": sum(st.held[s]),
            "face_down": sum(st.stone_down[s]),
        }
        if s == seat or over:
            entry["hand"] = sorted(KIND_NAMES[k] for k in st.hands[s])
            entry["sacrifice"] = _per_resource(st.held[s])
            entry["face_down_cards"] = _per_resource(st.stone_down[s])
        if scores is not None:
            entry["score"] = scores[s]
        seats.append(entry)
    return {
        "turn": st.turns + (0 if over else 1),
        "active": st.active,
        "decision": decision,
        "rows": [_row(row, fanned or over) for row in st.rows],
        "pile": len(st.pile),
        "supply": _per_resource(st.supply),
        "stone": {
            "face_up": _per_resource(st.stone_up),
            "face_down": [sum(d) for d in st.stone_down],
            **({"all": _per_resource(stone)} if over else {}),  # face-down ones revealed
        },
        # Worth of a sacrifice card in hand, from what lies open on the stone (all at the end),
        # under the game's ``sacrifice`` option.
        "sacrifice_values": _per_resource(card_values(st, stone)),
        "seats": seats,
    }


def redeal_hidden(st: RapaNuiState, seat: int) -> None:
    """Re-deal what ``seat`` cannot know: the order of the draw pile (and, with top-only rows,
    the cards under each top card), and which kind each other player hid face down.

    Every other player's card movements are public except the kinds they hid; the re-deal
    picks those kinds again, in order, each from what that player could have held at the
    time, so that every later public move (a face-up sacrifice of some kind) stays possible.
    The hidden choices are rewritten in the log.
    """
    if st.over:
        return
    rng = st.rng
    # Everything is sorted before it is shuffled: the result must depend only on what the
    # seat may know, or knowing the seed would let it undo the shuffle.
    if st.options["rows"] == "fanned":
        st.pile.sort()
        rng.shuffle(st.pile)
    else:
        unseen = sorted(st.pile + [card for row in st.rows for card in row[:-1]])
        rng.shuffle(unseen)
        st.pile = unseen[: len(st.pile)]
        rest = unseen[len(st.pile) :]
        for row in st.rows:
            if row:
                below = len(row) - 1
                row[:below], rest = rest[:below], rest[below:]
    for other in range(st.players):
        if other != seat:
            _rehide(st, other)
    st.choices = rules.options(st, *st.queue[0])
    st._legal_cache = None


def reveals(before: RapaNuiState, after: RapaNuiState, seat: int, viewer: int) -> bool | None:
    """Whether ``seat``'s action (``before`` to ``after``) showed ``viewer`` something hidden
    (``State._reveals``): exactly what ``redeal_hidden`` re-deals, read off the rules.

    Cards come to light only from the hidden cards (the pile and, with top-only rows, the
    cards under the tops), and news only if those are not all of one kind. Another seat's
    face-down kinds show only where its sacrifice cards decide something: a card it gives
    (chosen, or taken for it as the one possible), or a choice of one that waits for it
    (in a guess there might be only one, taken at once); while it has hidden none, the
    viewer knows every card it holds. The end shows everything: the guesses decide then.
    """
    if after.over:
        return None
    for event in after.log[len(before.log) :]:
        if type(event) in (Sacrifice, Hide) and event.seat != viewer \
                and _has_hidden(before, event.seat):  # fmt: skip
            return None  # taken for a seat whose cards the viewer cannot know
    if after.queue[0][0] in (rules.SACRIFICE, rules.HIDE):
        waiting = after.queue[0][1]
        if waiting != viewer and _has_hidden(after, waiting):
            return None  # its choices (or a single one, taken for it) are hidden
    if _hidden_count(after) < _hidden_count(before):
        return len(set(_hidden_cards(before))) > 1
    return False


def _has_hidden(st: RapaNuiState, seat: int | None) -> bool:
    """Whether ``seat`` has laid a card face down (only then are its kinds uncertain)."""
    return seat is not None and any(type(st.log[i]) is Hide for i in st.card_events[seat])


def _hidden_count(st: RapaNuiState) -> int:
    if st.options["rows"] == "fanned":
        return len(st.pile)
    return len(st.pile) + sum(len(row) - 1 for row in st.rows if row)


def _hidden_cards(st: RapaNuiState) -> list[int]:
    if st.options["rows"] == "fanned":
        return st.pile
    return st.pile + [card for row in st.rows for card in row[:-1]]


def _rehide(st: RapaNuiState, seat: int) -> None:
    """Pick new kinds for ``seat``'s face-down cards, consistent with all its public moves."""
    events = [cast(CardEvent, st.log[i]) for i in st.card_events[seat]]
    hides = [i for i in st.card_events[seat] if type(st.log[i]) is Hide]
    if not hides:
        return
    kinds = _assign(events, [1, 1, 1, 1], 0, st.rng)  # everybody starts with one of each
    assert kinds is not None, "the real game is a consistent assignment"
    held, down = [1, 1, 1, 1], [0, 0, 0, 0]
    picks = iter(kinds)
    for i in st.card_events[seat]:
        event = cast(CardEvent, st.log[i])
        if type(event) is Hide:
            kind = next(picks)
            st.log[i] = Hide(seat, kind)
            held[kind] -= 1
            down[kind] += 1
        elif type(event) is Sacrifice:
            held[event.kind] -= 1
        else:  # Buy or Gain
            held[event.kind] += 1
    st.held[seat] = held
    st.stone_down[seat] = down


def _room_for_later_sacrifices(
    events: list[CardEvent], start: int, held: list[int], kind: int
) -> bool:
    """Whether giving up one card of ``kind`` now still leaves one for each later face-up
    sacrifice of that kind (later hides aside): prunes the search early."""
    count = held[kind] - 1
    for event in events[start:]:
        if event.kind != kind or type(event) is Hide:
            continue
        if type(event) is Sacrifice:
            count -= 1
            if count < 0:
                return False
        else:  # Buy or Gain
            count += 1
    return True


def _assign(events: list[CardEvent], held: list[int], start: int, rng: Rng) -> list[int] | None:
    """Kinds for the hides among ``events[start:]`` that keep every count at 0 or more,
    chosen at random (a kind as likely as the cards of it held), backtracking if needed."""
    held = list(held)
    for pos in range(start, len(events)):
        event = events[pos]
        if type(event) is Sacrifice:
            held[event.kind] -= 1
            if held[event.kind] < 0:
                return None
        elif type(event) in (Buy, Gain):
            held[event.kind] += 1
        else:  # a hide: try the kinds in a random order weighted by the cards held
            options = [r for r in RESOURCES for _ in range(held[r])]
            tried: set[int] = set()
            while len(tried) < len(set(options)):
                kind = rng.choice([r for r in options if r not in tried])
                tried.add(kind)
                if not _room_for_later_sacrifices(events, pos + 1, held, kind):
                    continue
                held[kind] -= 1
                rest = _assign(events, held, pos + 1, rng)
                if rest is not None:
                    return [kind, *rest]
                held[kind] += 1
            return None
    return []
