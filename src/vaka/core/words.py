"""Small helpers for the words games print: a number with its noun in the right form, and
seats called by the names a table shows."""

from __future__ import annotations

import re
from collections.abc import Sequence

from vaka.i18n import N_, _

#: A bot's name at the table, by its level (what a table stores is the English name).
BOT_NAMES = {
    "random": N_("random bot"),
    "easy": N_("easy bot"),
    "medium": N_("medium bot"),
    "hard": N_("hard bot"),
    "expert": N_("expert bot"),
}


def counted(n: int | str, word: str, plural: str | None = None) -> str:
    """``n`` with ``word`` in the singular for exactly 1 and in the plural otherwise
    ("1 pearl", "3 pearls", "0 pearls"); ``plural`` for irregular nouns ("commodities")
    and for nouns that do not change ("mana"). A number given as text ("all") takes the
    plural.

    >>> counted(1, "pearl"), counted(2, "To'o token"), counted(1, "commodity", "commodities")
    ('1 pearl', "2 To'o tokens", '1 commodity')
    """
    one = n == 1 or n == "1"
    return f"{n} {word if one else plural or word + 's'}"


def bot_name(level: str) -> str:
    """A bot's name at the table ("medium bot"), in the reader's language."""
    return _(BOT_NAMES[level]) if level in BOT_NAMES else _("{level} bot").format(level=level)


def shown_name(name: str | None, level: str | None = None) -> str | None:
    """A seat's name as a reader sees it: a bot's stored English name ("medium bot", as
    tables store it) in the reader's language, any other name as it is."""
    if level is not None and name == f"{level} bot":
        return bot_name(level)
    return name


_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def display_names(names: Sequence[str | None]) -> list[str]:
    """The names a table shows for its seats: each seat's own name ("open seat N" for an
    unnamed one), with the seat number added where two seats share a name.

    >>> display_names(["Ana", "medium bot", "medium bot", None])
    ['Ana', 'medium bot 1', 'medium bot 2', 'open seat 3']
    """
    base = [
        n.strip() if n and n.strip() else _("open seat {n}").format(n=i)
        for i, n in enumerate(names)
    ]
    return [f"{n} {i}" if base.count(n) > 1 else n for i, n in enumerate(base)]


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every "seat N" of a seat in ``names`` written as that seat's name
    (capitalized where "Seat" was, as at a sentence's start); other numbers are left.

    >>> name_seats("Seat 1 takes the priest; seat 0’s turn", ["Ana", "medium bot"])
    'Medium bot takes the priest; Ana’s turn'
    """

    def named(m: re.Match[str]) -> str:
        seat = int(m.group(2))
        if seat >= len(names):
            return m.group(0)
        name = names[seat]
        return name[:1].upper() + name[1:] if m.group(1) == "S" else name

    return _SEAT.sub(named, text)
