"""Raiatea's final scoring and winners.

"1. Victory Points Gained By Rank ... Ariki earn 3 VP, Arioi earn 6 VP, and Tahua earn 9 VP.
2. ... The Papa-Ra'i Forbidden Rituals generate VP. 3. ... Fulfilled To'o Missions give 1-3 VP.
4. ... Masks can only be scored if you have a matching pair ... Masks are scored per pair."
"If there is a tie, it is resolved in favour of the tied player who is earlier in ceremonial
order."
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from vaka.games.raiatea.params import ASSISTANTS, MASKS, RANKS, RITUALS, TOOS

if TYPE_CHECKING:
    from vaka.games.raiatea.state import RaiateaState


def pairs(masks: list[str]) -> list[str]:
    """The mask ids of which ``masks`` holds a complete pair (one entry per pair)."""
    return sorted(m for m, n in Counter(masks).items() for _ in range(n // 2))


def _per(st: RaiateaState, seat: int, eff: dict[str, Any]) -> int:
    """An ``end_vp_per`` effect: vp per `every` counted things, at most `max`."""
    per, flt = eff["per"], eff.get("filter")
    if per == "too_token":
        count = sum(1 for t in st.toos[seat] if flt is None or TOOS[t]["category"] == flt)
    elif per == "assistant":
        types = range(len(ASSISTANTS)) if flt is None else [ASSISTANTS.index(flt)]
        count = sum(st.ready[seat][t] + st.turned[seat][t] for t in types)
    else:  # mask_pair (U15: every complete pair, this one included)
        count = len(pairs(st.masks[seat]))
    vp = int(eff["vp"]) * (count // int(eff.get("every", 1)))
    return min(vp, int(eff["max"])) if "max" in eff else vp


def breakdown(st: RaiateaState) -> list[dict[str, int]]:
    """Each seat's score by category (as if the game ended now)."""
    from vaka.games.raiatea.rules import rank_of

    result = []
    for seat in range(st.players):
        rituals = 0
        for r in st.blue[seat]:  # U16: only performed Papa-Ra'i count
            for e in RITUALS[r]["effects"]:
                if e["kind"] == "end_vp":
                    rituals += int(e["vp"])
                elif e["kind"] == "end_vp_per":
                    rituals += _per(st, seat, e)
        parts = {
            "rank": int(RANKS[rank_of(st, seat)]["vp"]),
            "rituals": rituals,
            "missions": sum(int(TOOS[t]["vp"]) for t in st.toos[seat]),
            "masks": sum(_per(st, seat, MASKS[m]["pair_score"]) for m in pairs(st.masks[seat])),
        }
        parts["total"] = sum(parts.values())
        result.append(parts)
    return result


def winners(st: RaiateaState) -> list[int]:
    """Most VP wins; a tie goes to the tied player earliest in ceremonial order."""
    totals = [b["total"] for b in breakdown(st)]
    best = max(totals)
    return [next(s for s in st.order if totals[s] == best)]
