"""What a game says in its log, kept so that it can be said again in the reader's language.

A game's log entry is a :class:`Said`: a ``str`` whose value is the English sentence (what
the service sends, what records and tests read, unchanged) that also keeps the English
template it came from, marked with ``N_()`` in the game, and its fields. The screen that
shows it calls :func:`say`, which translates the template in the current language and
fills it with its fields, each said again in turn (a card's name, a count, a seat). A
seat is a field of its own (:func:`seat`), so that it is written as the name the table
shows, in any language, rather than found again in the words afterwards.

>>> from vaka.i18n import using
>>> line = Said("{seat} takes the {card} from row {row}", seat=seat(1, capital=True),
...             card=Said("grain", context="rapanui"), row=2)
>>> line
'Seat 1 takes the grain from row 2'
>>> say(line, ["Ana", "medium bot"])
'Medium bot takes the grain from row 2'
>>> say("Seat 1 passes", ["Ana", "Bo"])  # plain text (from the wire): the seats named
'Bo passes'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from vaka.core.words import name_seats
from vaka.i18n import N_, SOURCE, ngettext, npgettext, pgettext, using
from vaka.i18n import _ as gettext


class Said(str):
    """English words that remember how they were made: ``template.format(**fields)``,
    with ``plural`` and ``number`` where a number decides the form, and a ``context`` for
    a word with two meanings (as ``pgettext``). A field that is a tuple is a list, said
    with commas. ``capital``: the sentence begins with a capital whatever its first field.
    ``headline``: a shorter template for the summary above the prompt, where the entry
    says only that a turn begins."""

    # Slots rather than a dictionary: a server keeps thousands of log entries, each a few
    # of these, and a dictionary of eight is 300 bytes.
    __slots__ = ("capital", "context", "fields", "headline", "number", "plural", "seat", "template")

    template: str
    fields: dict[str, Any]
    context: str | None
    plural: str | None
    number: int | None
    headline: str | None
    capital: bool
    seat: int | None  # a seat's own words: written as the table's name for it

    def __new__(
        cls,
        template: str,
        *,
        context: str | None = None,
        plural: str | None = None,
        number: int | None = None,
        headline: str | None = None,
        capital: bool = False,
        **fields: Any,
    ) -> Said:
        chosen = plural if plural is not None and number != 1 else template
        if fields:
            with using(SOURCE):  # the words made by a function (Words) in English too
                text = chosen.format(**{k: _english(v) for k, v in fields.items()})
        else:
            text = chosen
        self = super().__new__(cls, _upper(text) if capital else text)
        self.template, self.fields, self.context = template, fields, context
        self.plural, self.number, self.headline, self.seat = plural, number, headline, None
        self.capital = capital
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (str(self), {name: getattr(self, name) for name in self.__slots__}))

    def __deepcopy__(self, memo: dict[int, Any]) -> Said:
        return self  # never changed once made

    def __copy__(self) -> Said:
        return self


class Words:
    """A field made by a function that speaks the current language (a card's name from
    the game's own helpers): called in English for the text, again where it is shown."""

    __slots__ = ("args", "make")

    def __init__(self, make: Callable[..., str], *args: Any) -> None:
        self.make, self.args = make, args

    def __str__(self) -> str:
        return self.make(*self.args)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Words, (self.make, *self.args))


def _rebuild(text: str, attributes: dict[str, Any]) -> Said:
    said = str.__new__(Said, text)
    for name, value in attributes.items():
        setattr(said, name, value)
    return said


@cache
def seat(n: int, capital: bool = False) -> Said:
    """A seat as a field: "seat 2" (or "Seat 2" at a sentence's start) in English, the
    table's name for it where :func:`say` is given names. Made once for each seat and
    shared (words never change once made), not once for each entry naming it."""
    said = Said(N_("Seat {n}") if capital else N_("seat {n}"), n=n)
    said.seat = n
    return said


def say(text: object, names: Sequence[str] = ()) -> str:
    """``text`` in the current language, its seats written as ``names`` (the names the
    table shows). Plain text (an older record, words from a server) is shown as it is,
    its "seat N" written as the seat's name."""
    if not isinstance(text, Said):
        return name_seats(str(text), names)
    if text.seat is not None and 0 <= text.seat < len(names):
        name = names[text.seat]
        return name[:1].upper() + name[1:] if text.template.startswith("S") else name
    template = _translated(text, text.template)
    if text.fields:
        template = template.format(**{k: _field(v, names) for k, v in text.fields.items()})
    return _upper(template) if text.capital else template


def headline(text: object) -> str | None:
    """The entry's short form for the summary (a turn begins), in the current language."""
    if isinstance(text, Said) and text.headline is not None:
        short = _translated(text, text.headline, plural=False)
        return short.format(**{k: _field(v, ()) for k, v in text.fields.items()})
    return None


def _translated(text: Said, template: str, plural: bool = True) -> str:
    if plural and text.plural is not None and text.number is not None:
        if text.context:
            return npgettext(text.context, template, text.plural, text.number)
        return ngettext(template, text.plural, text.number)
    return pgettext(text.context, template) if text.context else gettext(template)


def _field(value: Any, names: Sequence[str]) -> Any:
    if isinstance(value, Words):
        return str(value)
    if isinstance(value, tuple):
        return ", ".join(str(_field(v, names)) for v in value)
    return say(value, names) if isinstance(value, Said) else value


def _english(value: Any) -> Any:
    if isinstance(value, Words):
        return str(value)
    return ", ".join(map(str, value)) if isinstance(value, tuple) else value


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]
