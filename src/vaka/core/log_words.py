"""Log entries in words, shared by every game of a process where a game allows it.

A server holds many tables of the same game, and their logs say the same few thousand
things ("Seat 2 takes the grain from row 3"), each entry described once per viewer. An
entry's words are a few hundred bytes (a :class:`vaka.i18n.said.Said` keeps its template
and fields), so a game whose words depend on the entry, the viewer and whether the game is
over alone (:attr:`vaka.core.state.State.words_of_entry_alone`) has them described once
per process and shared by every table's views: a table's log then holds references.
"""

from __future__ import annotations

from typing import Any

#: At most this many entries kept (then all are dropped and described again as asked):
#: a few megabytes, next to a few hundred bytes per entry and viewer at every table.
KEPT = 8192

_MISSING = object()
#: (state class, entry, viewer, whether over) -> the entry as views give it (None: unseen)
_WORDS: dict[tuple[Any, ...], dict[str, Any] | None] = {}


class Unkeyable(Exception):
    """An entry holding something other than numbers, text, None, tuples, lists and
    events made of them."""


def strict(value: Any) -> Any:
    """``value`` as a key that tells apart what compares equal but may read differently
    (1, 1.0 and True; a tuple and a list). Text and whole numbers, most fields, are
    themselves: the others are marked (a key is kept for every entry shared)."""
    kind = type(value)
    if kind is str or kind is int or value is None:
        return value
    if kind is bool or kind is float:
        return (kind, value)
    if kind is tuple or kind is list:
        return (kind, *map(strict, value))
    fields = getattr(kind, "__dataclass_fields__", None)
    if fields is not None:  # a typed event (vaka.core.events): its kind and its fields
        return (kind, *(strict(getattr(value, name)) for name in fields))
    raise Unkeyable


def shared(key: tuple[Any, ...], describe: Any) -> dict[str, Any] | None:
    """The entry kept for ``key``, else ``describe()`` kept for it."""
    entry = _WORDS.get(key, _MISSING)
    if entry is _MISSING:
        entry = describe()
        if len(_WORDS) >= KEPT:
            _WORDS.clear()
        _WORDS[key] = entry
    return entry  # type: ignore[return-value]


def clear() -> None:
    """Forget every kept entry (tests)."""
    _WORDS.clear()
