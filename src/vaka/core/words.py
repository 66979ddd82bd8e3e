"""Small helpers for the words games print: a number with its noun in the right form."""

from __future__ import annotations


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
