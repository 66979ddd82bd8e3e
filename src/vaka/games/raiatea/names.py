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
from vaka.i18n import N_, _, ngettext

#: The seats' colours (the view's ``colour``), as texts of the catalog.
COLOURS: dict[str, str] = {
    "teal": N_("teal"), "orange": N_("orange"), "black": N_("black"), "grey": N_("grey"),
    "purple": N_("purple"),
}  # fmt: skip


def colour(c: str) -> str:
    """A seat's colour in the reader's language."""
    return _(COLOURS[c]) if c in COLOURS else c


#: Commodities by their island names alone ("Ha'ari", not "Ha'ari (coconut)").
SHORT: dict[str, str] = {c: str(n).split(" (")[0] for c, n in COMMODITY_NAMES.items()}
RANK_NAMES: dict[str, str] = {r: str(RANKS[i]["name"]) for i, r in enumerate(RANK_IDS)}
#: The ceremonial gifts (``gift X``), as texts of the catalog (``_(GIFTS[x])`` shows one).
GIFTS = {
    "tattoo": N_("1 tattoo"),
    "commodity": N_("1 commodity from the market"),
    "pearls": N_("2 pearls"),
}
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


def _counted(n: int | str, what: str) -> str | None:
    """A count of a thing with a plural of its own, in the current language."""
    k = n if isinstance(n, int) else (1 if str(n) == "1" else 2)  # "all" is plural
    forms = {
        "pearls": lambda: ngettext("{n} pearl", "{n} pearls", k),
        "mana": lambda: ngettext("{n} mana", "{n} mana", k),
        "priests": lambda: ngettext("{n} priest", "{n} priests", k),
        "tattoo": lambda: ngettext("{n} tattoo", "{n} tattoos", k),
        "masks": lambda: ngettext("{n} mask", "{n} masks", k),
        "commodities": lambda: ngettext("{n} commodity", "{n} commodities", k),
        "assistants": lambda: ngettext("{n} assistant", "{n} assistants", k),
        "turn_assistants": lambda: ngettext("{n} assistant to turn", "{n} assistants to turn", k),
        "collector": lambda: ngettext("{n} Collector", "{n} Collectors", k),
        "merchant": lambda: ngettext("{n} Merchant", "{n} Merchants", k),
        "shaman": lambda: ngettext("{n} Shaman", "{n} Shamans", k),
        "pearl_diver": lambda: ngettext("{n} Pearl Diver", "{n} Pearl Divers", k),
    }
    what = {"commodity": "commodities", "assistant": "assistants"}.get(what, what)
    form = forms.get(what)
    return form().format(n=n) if form else None


def amount(n: int | str, what: str) -> str:
    """A number of a kind of thing: "1 pearl", "3 mana", "2 Ha'ari", "1 Shaman"."""
    if what in SHORT:
        return f"{n} {short(what)}"
    found = _counted(n, what)
    if found is not None:
        return found
    if what in ASSISTANT_NAMES:  # an assistant type the table above lacks
        return counted(n, _(str(ASSISTANT_NAMES[what])))
    return counted(n, what)


def short(commodity: str) -> str:
    """A commodity by its island name alone, in the current language."""
    return _(str(COMMODITY_NAMES[commodity])).split(" (")[0]


def mask(m: str) -> str:
    return _(str(MASKS[m]["name"]))


def mask_short(m: str) -> str:
    """A mask by its god or animal alone ("Maui", "Honu (turtle)"), where the column says
    that these are masks."""
    return mask(m).replace(_("Mask of "), "").replace(_(" Mask"), "")


def cost(price: Mapping[str, int]) -> str:
    """A ritual's price in words: "2 mana", "5 mana and 2 pearls"."""
    parts = [amount(n, what) for what, n in price.items()]
    return _(" and ").join(parts)


def ritual(r: str) -> str:
    """A ritual card by its name and price: "Hand of Hiro (2 mana)"."""
    return f"{_(RITUALS[r]['name'])} ({cost(RITUALS[r]['cost'])})"


def thing(x: str) -> str:
    """Any card or token a player holds or takes, by its name."""
    if x in SHORT:
        return short(x)
    if x in ASSISTANT_NAMES:
        return _(str(ASSISTANT_NAMES[x]))
    if x in MASKS:
        return mask(x)
    if x in RITUALS:
        return ritual(x)
    return x


#: The kinds of assistant in the plural ("counting Collectors").
PLURALS = {
    "collector": N_("Collectors"),
    "merchant": N_("Merchants"),
    "shaman": N_("Shamans"),
    "pearl_diver": N_("Pearl Divers"),
}


def things(x: str) -> str:
    """A kind of assistant in the plural ("Collectors"); any other thing by its name."""
    return _(PLURALS[x]) if x in PLURALS else thing(x)


def grouped(names: Iterable[str]) -> str:
    """Names in their first order, repeats counted: "Collector ×2, Shaman"."""
    counts = Counter(names)
    return ", ".join(n + (f" ×{k}" if k > 1 else "") for n, k in counts.items())


def mission(token: str) -> str:
    """What a To'o mission asks: "pay 3 pearls", "have 3 priests", "mana auction"."""
    t = TOOS[token]
    if t["kind"] == "auction":
        return _("mana auction")
    if t["kind"] == "conditional":
        cond = dict(t["condition"])
        if "rank" in cond:
            return _("be {rank} or higher").format(rank=_(RANK_NAMES[cond["rank"]]))
        same = cond.pop("same_type", False)
        ((what, n),) = cond.items()
        had = amount(n, what)
        return (_("have {things} alike") if same else _("have {things}")).format(things=had)
    ((what, n),) = t["pay"].items()
    if what != "commodities":
        return _("pay {things}").format(things=amount(n, what))
    ((mode, k),) = n.items()
    if mode in SHORT:
        return _("pay {things}").format(things=f"{k} {short(mode)}")
    if mode == "different":
        return ngettext(
            "pay {n} different commodity", "pay {n} different commodities", int(k)
        ).format(n=k)
    paid = amount(k, "commodities")
    return (_("pay {things} alike") if mode == "same" else _("pay {things}")).format(things=paid)


def bonus(effects: Iterable[Mapping[str, Any]]) -> str:
    """A space of a price chart (or any short list of effects) in words."""
    parts = []
    for e in effects:
        kind, n = e["kind"], e.get("amount", 1)
        if kind == "gain" or kind == "take":
            parts.append("+" + amount(n, e["what"]))
        elif kind == "reactivate":
            parts.append(_("reactivate all") if n == "all" else _("reactivate {n}").format(n=n))
        elif kind == "draw_rituals":
            parts.append(_("draw rituals"))
        elif kind == "fulfil_mission":
            parts.append(_("a To'o mission"))
        else:  # an effect no chart has yet: its name as the data writes it
            parts.append(kind.replace("_", " "))
    return ", ".join(parts)
