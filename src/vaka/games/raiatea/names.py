"""Raiatea's things in words: the one name each thing has on the screen, in the log and in
the notes on the choices, so that a player never meets an id ("SM02", "mahi_mahi") or a
piece of data. Ids stay in the action texts, which are what a player types."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from vaka.core.words import counted
from vaka.games.raiatea.params import (
    ASSISTANT_NAMES,
    COMMODITY_NAMES,
    MASKS,
    RANK_IDS,
    RANKS,
    RITUALS,
    TOOS,
)

#: Commodities by their island names alone ("Ha'ari", not "Ha'ari (coconut)").
SHORT: dict[str, str] = {c: str(n).split(" (")[0] for c, n in COMMODITY_NAMES.items()}
RANK_NAMES: dict[str, str] = {r: str(RANKS[i]["name"]) for i, r in enumerate(RANK_IDS)}
#: The ceremonial gifts (``gift X``).
GIFTS = {"tattoo": "1 tattoo", "commodity": "1 commodity from the market", "pearls": "2 pearls"}
#: Nouns as counted things: (singular, plural).
NOUNS: dict[str, tuple[str, str]] = {
    "pearls": ("pearl", "pearls"),
    "mana": ("mana", "mana"),
    "priests": ("priest", "priests"),
    "tattoo": ("tattoo", "tattoos"),
    "masks": ("mask", "masks"),
    "commodities": ("commodity", "commodities"),
    "commodity": ("commodity", "commodities"),
    "assistant": ("assistant", "assistants"),
    "assistants": ("assistant", "assistants"),
    "turn_assistants": ("assistant to turn", "assistants to turn"),
}


def amount(n: int | str, what: str) -> str:
    """A number of a kind of thing: "1 pearl", "3 mana", "2 Ha'ari", "1 Shaman"."""
    if what in NOUNS:
        return counted(n, *NOUNS[what])
    if what in SHORT:
        return f"{n} {SHORT[what]}"
    if what in ASSISTANT_NAMES:
        return counted(n, str(ASSISTANT_NAMES[what]))
    return counted(n, what)


def mask(m: str) -> str:
    return str(MASKS[m]["name"])


def mask_short(m: str) -> str:
    """A mask by its god or animal alone ("Maui", "Honu (turtle)"), where the column says
    that these are masks."""
    return mask(m).replace("Mask of ", "").replace(" Mask", "")


def cost(price: Mapping[str, int]) -> str:
    """A ritual's price in words: "2 mana", "5 mana and 2 pearls"."""
    parts = [amount(n, what) for what, n in price.items()]
    return " and ".join(parts)


def ritual(r: str) -> str:
    """A ritual card by its name and price: "Hand of Hiro (2 mana)"."""
    return f"{RITUALS[r]['name']} ({cost(RITUALS[r]['cost'])})"


def thing(x: str) -> str:
    """Any card or token a player holds or takes, by its name."""
    if x in SHORT:
        return SHORT[x]
    if x in ASSISTANT_NAMES:
        return str(ASSISTANT_NAMES[x])
    if x in MASKS:
        return mask(x)
    if x in RITUALS:
        return ritual(x)
    return x


def grouped(names: Iterable[str]) -> str:
    """Names in their first order, repeats counted: "Collector ×2, Shaman"."""
    counts = Counter(names)
    return ", ".join(n + (f" ×{k}" if k > 1 else "") for n, k in counts.items())


def mission(token: str) -> str:
    """What a To'o mission asks: "pay 3 pearls", "have 3 priests", "mana auction"."""
    t = TOOS[token]
    if t["kind"] == "auction":
        return "mana auction"
    if t["kind"] == "conditional":
        cond = dict(t["condition"])
        if "rank" in cond:
            return f"be {RANK_NAMES[cond['rank']]} or higher"
        same = cond.pop("same_type", False)
        ((what, n),) = cond.items()
        return "have " + amount(n, what) + (" alike" if same else "")
    ((what, n),) = t["pay"].items()
    if what != "commodities":
        return "pay " + amount(n, what)
    ((mode, k),) = n.items()
    if mode in SHORT:
        return f"pay {k} {SHORT[mode]}"
    if mode == "different":
        return f"pay {k} different commodities"
    return "pay " + amount(k, "commodities") + (" alike" if mode == "same" else "")


def bonus(effects: Iterable[Mapping[str, Any]]) -> str:
    """A space of a price chart (or any short list of effects) in words."""
    parts = []
    for e in effects:
        kind, n = e["kind"], e.get("amount", 1)
        if kind == "gain" or kind == "take":
            parts.append("+" + amount(n, e["what"]))
        elif kind == "reactivate":
            parts.append("reactivate all" if n == "all" else f"reactivate {n}")
        elif kind == "draw_rituals":
            parts.append("draw rituals")
        elif kind == "fulfil_mission":
            parts.append("a To'o mission")
        else:
            parts.append(kind.replace("_", " "))
    return ", ".join(parts)
