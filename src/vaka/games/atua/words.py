"""Atua's things in words, in the reader's language: the symbols, totems, terrains,
sources and card names that the data files name by id ("fisherman", "tribal_mask",
"coast 12"). English is the source; every form here is a text of the catalog."""

from __future__ import annotations

from vaka.i18n import _, npgettext, pgettext


def symbol(kind: str, n: int = 1) -> str:
    """A symbol, totem or counted category in the form for ``n`` ("fisherman",
    "fishermen", "tribal mask"), without the number."""
    forms = {
        "fisherman": lambda: npgettext("symbol", "fisherman", "fishermen", n),
        "fish": lambda: npgettext("symbol", "fish", "fish", n),
        "huntress": lambda: npgettext("symbol", "huntress", "huntresses", n),
        "bird": lambda: npgettext("symbol", "bird", "birds", n),
        "canoe": lambda: npgettext("symbol", "canoe", "canoes", n),
        "palm": lambda: npgettext("symbol", "palm", "palms", n),
        "coconut": lambda: npgettext("symbol", "coconut", "coconuts", n),
        "coconuts": lambda: npgettext("symbol", "coconut", "coconuts", n),
        "totem": lambda: npgettext("symbol", "totem", "totems", n),
        "volcano": lambda: npgettext("symbol", "volcano", "volcanoes", n),
        "beach_cards": lambda: npgettext("symbol", "beach card", "beach cards", n),
        "salamander": lambda: npgettext("totem", "salamander", "salamanders", n),
        "tribal_mask": lambda: npgettext("totem", "tribal mask", "tribal masks", n),
        "moon": lambda: npgettext("totem", "moon", "moons", n),
        "turtle": lambda: npgettext("totem", "turtle", "turtles", n),
        "shark": lambda: npgettext("totem", "shark", "sharks", n),
        "tiki": lambda: npgettext("totem", "tiki", "tikis", n),
        "manta": lambda: npgettext("totem", "manta", "mantas", n),
    }
    form = forms.get(kind.replace(" ", "_"))  # a totem symbol's name has a space
    return form() if form else kind.replace("_", " ")


def counted(kind: str, n: int) -> str:
    """``n`` of a symbol: "1 bird", "2 birds"."""
    return f"{n} {symbol(kind, n)}"


def terrain(name: str) -> str:
    words = {
        "beach": lambda: pgettext("terrain", "beach"),
        "sea": lambda: pgettext("terrain", "sea"),
        "mainland": lambda: pgettext("terrain", "mainland"),
    }
    return words[name]() if name in words else name


def source(name: str) -> str:
    """A harmony source by its name ("Fishing")."""
    words = {
        "fishing": lambda: pgettext("source", "Fishing"),
        "hunting": lambda: pgettext("source", "Hunting"),
        "canoes": lambda: pgettext("source", "Canoes"),
        "coconuts": lambda: pgettext("source", "Coconuts"),
        "totems": lambda: pgettext("source", "Totems"),
        "volcanoes": lambda: pgettext("source", "Volcanoes"),
    }
    return words[name]() if name in words else name.capitalize()


def card_name(name: str) -> str:
    """An island card's name ("coast 12") or a village's (a proper name, kept)."""
    word, _sep, number = name.rpartition(" ")
    words = {
        "inland": lambda: pgettext("card", "inland"),
        "coast": lambda: pgettext("card", "coast"),
        "strait": lambda: pgettext("card", "strait"),
        "cove": lambda: pgettext("card", "cove"),
        "cape": lambda: pgettext("card", "cape"),
        "headland": lambda: pgettext("card", "headland"),
        "sandbar": lambda: pgettext("card", "sandbar"),
        "reef": lambda: pgettext("card", "reef"),
        "volcano": lambda: pgettext("card", "volcano"),
    }
    if number.isdigit() and word in words:
        return f"{words[word]()} {number}"
    return _(name)  # babel.cfg extracts the village names from cards.json


def capital(text: str) -> str:
    """The first letter capitalized, the rest as it is ("tribal mask" → "Tribal mask")."""
    return text[:1].upper() + text[1:]
