"""A game's rules at hand: a short summary, a key to its screen, examples of its actions,
and an explanation for every name the screen can show.

Each game keeps its texts as data (``data/rules.md``, read by :func:`parse_rules`) and adds
entries built from its component data, so that a card's explanation is never a second copy
of its name. :meth:`RuleBook.find` reads names the way a person types what they see:
case, accents, apostrophes, hyphens and a plural ``s`` do not matter.

>>> book = RuleBook("Demo", "", "", (), [Entry("Ha'ari", "commodity", "A coconut.")])
>>> book.find("HAARI").name
"Ha'ari"
>>> book.find("haaru")
Traceback (most recent call last):
...
vaka.core.rulebook.UnknownTopic: Demo has no 'haaru'; did you mean Ha'ari?
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import wraps
from importlib.resources import files

from vaka.core.errors import VakaError
from vaka.i18n import _, current, pgettext


class UnknownTopic(VakaError, LookupError):
    """A name the rules have no explanation for; ``suggestions`` are the closest names."""

    def __init__(self, message: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.suggestions = tuple(suggestions)

    def __str__(self) -> str:  # LookupError would quote the message otherwise
        return str(self.args[0])


@dataclass(frozen=True)
class Entry:
    """One thing explained: a card, tile, location, resident, symbol or term."""

    name: str
    kind: str  # what it is, in words ("ritual", "island card", "term")
    text: str
    aliases: tuple[str, ...] = ()  # other names the screen or a player may use (ids, plurals)
    reconstructed: str | None = None  # why and where, if the content is not the publisher's
    hidden: tuple[str, ...] = ()  # names that find it but are not shown (English ones, in German)

    def describe(self) -> str:
        name = f" {normal(self.name)} "
        also = list(dict.fromkeys(a for a in self.aliases if f" {normal(a)} " not in name))
        head = self.name + (f" ({', '.join(also)})" if also else "") + f": {self.kind}"
        lines = [head, self.text.strip()]
        if self.reconstructed:
            lines.append(_("Reconstructed: {why}").format(why=self.reconstructed))
        return "\n".join(lines)


_APOSTROPHES = re.compile("['\u2018\u2019\u02bb\u02bc`]")
_SEPARATORS = re.compile(r"[-_/,;:()\[\]\"]+")


def normal(text: str) -> str:
    """A name as it is compared: no accents, apostrophes or case; separators as spaces.

    >>> normal("  Mask of Ru'a-hatu ") == normal("mask of rua hatu")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = _SEPARATORS.sub(" ", _APOSTROPHES.sub("", plain.casefold()))
    return " ".join(plain.split())


class RuleBook:
    """A game's summary, key, action examples and explanations, with a forgiving lookup."""

    def __init__(
        self,
        game: str,
        summary: str,
        key: str,
        examples: Sequence[tuple[str, str]],
        entries: Iterable[Entry],
        reconstructed: str = "",
    ) -> None:
        self.game, self.summary, self.key = game, summary.strip(), key.strip()
        self.reconstructed = reflow(reconstructed)  # what is designed, not published, and where
        self.examples = tuple(examples)
        self.entries: tuple[Entry, ...] = tuple(entries)
        self._by_key: dict[str, Entry] = {}
        for entry in self.entries:
            for name in (entry.name, *entry.aliases):
                key_ = normal(name)
                other = self._by_key.get(key_)
                if other is not None and other is not entry:
                    raise ValueError(f"{game}: {name!r} names both {other.name} and {entry.name}")
                self._by_key[key_] = entry
        for entry in self.entries:  # after the shown names, which win where they meet
            for name in entry.hidden:
                self._by_key.setdefault(normal(name), entry)

    def names(self) -> list[str]:
        """Every name and alias that finds an entry."""
        return [n for e in self.entries for n in (e.name, *e.aliases)]

    def find(self, query: str) -> Entry:
        """The entry ``query`` names; :class:`UnknownTopic` with suggestions otherwise."""
        key = normal(query)
        if not key:
            raise UnknownTopic(_("name something to explain, as the screen shows it"))
        for candidate in (key, _singular(key)):
            if candidate in self._by_key:
                return self._by_key[candidate]
        within = {e.name: e for k, e in self._by_key.items() if f" {key} " in f" {k} "}
        if len(within) == 1:
            return next(iter(within.values()))
        if within:
            names = sorted(within)
            shown = ", ".join(names[:8]) + (", …" if len(names) > 8 else "")
            raise UnknownTopic(
                _("{query} could be: {names}").format(query=repr(query.strip()), names=shown),
                names,
            )
        close = difflib.get_close_matches(key, list(self._by_key), n=3, cutoff=0.6)
        names = list(dict.fromkeys(self._by_key[k].name for k in close))
        what = repr(query.strip())
        message = (
            _("{game} has no {query}; did you mean {names}?").format(
                game=self.game, query=what, names=_(" or ").join(names)
            )
            if names
            else _("{game} has no {query}").format(game=self.game, query=what)
        )
        raise UnknownTopic(message, names)


def _singular(key: str) -> str:
    if key.endswith("ies"):
        return key[:-3] + "y"
    if key.endswith(("oes", "shes", "ches")):
        return key[:-2]
    return key[:-1] if key.endswith("s") else key


def reflow(text: str) -> str:
    r"""Lines wrapped in the file joined into paragraphs (the terminal wraps them again);
    a list item (``- ``, ``1. ``) or a blank line starts a new one.

    >>> reflow("a b\nc\n- d\ne\n\nf")
    'a b c\n- d e\n\nf'
    """
    out: list[str] = []
    for line in text.strip().splitlines():
        line = line.strip()
        starts = not line or re.match(r"(- |\d+\. )", line)
        if out and out[-1] and not starts:
            out[-1] += " " + line
        else:
            out.append(line)
    return "\n".join(out)


_ITEM = re.compile(r"(- |\d+\. )")


Translate = Callable[[str], str]


def in_context(context: str | None) -> Translate:
    """The translation of a game's own words: its ``rules.md`` texts are catalog entries
    in the game's context (one English word may be two German ones in two games: Atua's
    row is an "Auslage", Rapa Nui's a "Reihe")."""
    if context is None:
        return _
    return lambda message: pgettext(context, message)


def translated(text: str, tr: Translate = _) -> str:
    """A text of ``rules.md`` in the current language: reflowed, then each paragraph and
    list item on its own (the list marker is no part of the text translated)."""
    out = []
    for line in reflow(text).splitlines():
        marker = _ITEM.match(line)
        head = marker.group(0) if marker else ""
        body = line[len(head) :]
        out.append(head + tr(body) if body else line)
    return "\n".join(out)


def pieces(text: str) -> Iterator[tuple[str, str]]:
    """Every text of a ``rules.md`` that is translated, with what it is: what
    :func:`from_markdown` passes through the catalog (for the catalog extractor)."""
    sections = _sections(text)
    for title in ("reconstructed", "summary", "key"):
        for line in reflow(sections.get(title, "")).splitlines():
            body = line[len(m.group(0)) :] if (m := _ITEM.match(line)) else line
            if body:
                yield body, title
    for _action, what in _examples(sections):
        yield what, "example"
    for names, kind, lines, reconstructed in _blocks(sections):
        for name in names:
            yield name, "name"
        yield kind, "kind"
        for line in reflow("\n".join(lines)).splitlines():
            body = line[len(m.group(0)) :] if (m := _ITEM.match(line)) else line
            if body:
                yield body, "explain " + names[0]
        if reconstructed:
            yield reconstructed, "reconstructed"


def _sections(text: str) -> dict[str, str]:
    sections: dict[str, str] = {}
    for block in re.split(r"^## ", text, flags=re.M)[1:]:
        title, _nl, body = block.partition("\n")
        sections[title.strip().lower()] = body.strip()
    return sections


def _examples(sections: dict[str, str]) -> list[tuple[str, str]]:
    return [
        (m.group(1), m.group(2).strip().replace("`", "'"))
        for m in re.finditer(r"^- `([^`]+)`:? *(.*)$", reflow(sections.get("examples", "")), re.M)
    ]


def _blocks(sections: dict[str, str]) -> Iterator[tuple[list[str], str, list[str], str | None]]:
    for block in re.split(r"^### ", sections.get("explain", ""), flags=re.M)[1:]:
        head, _nl, body = block.partition("\n")
        names = [n.strip() for n in head.split("|") if n.strip()]
        kind, lines = "term", list[str]()
        reconstructed: str | None = None
        for line in body.strip().splitlines():
            if line.startswith("kind:") and not lines:
                kind = line[5:].strip()
            elif line.startswith("Reconstructed:"):
                reconstructed = line[14:].strip()
            elif reconstructed is not None:  # the note goes on to the end of the entry
                reconstructed += " " + line.strip()
            else:
                lines.append(line)
        yield names, kind, lines, reconstructed


def entry(
    name: str,
    kind: str,
    text: str,
    aliases: Iterable[str] = (),
    reconstructed: str | None = None,
    ids: Iterable[str] = (),
    tr: Translate = _,
) -> Entry:
    """An entry whose ``name`` and ``aliases`` are English texts of the catalog: shown in
    the current language, and found by the English ones too (hidden); ``ids`` are shown
    as they are. ``kind``, ``text`` and ``reconstructed`` come already translated."""
    aliases = tuple(aliases)
    shown = (*(tr(a) for a in aliases), *ids)
    hidden = tuple(n for n in (name, *aliases) if n not in (tr(name), *shown))
    return Entry(tr(name), kind, text, tuple(dict.fromkeys(shown)), reconstructed, hidden)


def per_language(build: Callable[[], RuleBook]) -> Callable[[], RuleBook]:
    """``build`` run once per language: a game's ``rulebook()`` in the current one."""
    books: dict[str, RuleBook] = {}

    @wraps(build)
    def rulebook() -> RuleBook:
        language = current()
        if language not in books:
            books[language] = build()
        return books[language]

    return rulebook


def load(package: str, game: str, more: Iterable[Entry] = ()) -> RuleBook:
    """The rule book of the game in ``package`` (its ``data/rules.md``) with ``more``."""
    text = files(package).joinpath("data/rules.md").read_text("utf-8")
    return from_markdown(game, text, more, context=package.rpartition(".")[2])


def from_markdown(
    game: str, text: str, more: Iterable[Entry] = (), context: str | None = None
) -> RuleBook:
    """A game's rule book from its ``rules.md`` and the entries built from its
    components (``more``), in the current language. The file has ``## Summary``, ``## Key``
    and ``## Examples`` (lines ``- `action`: what it does``) and ``## Reconstructed`` (what
    is designed, not published) as texts, and ``## Explain`` as entries, one per
    ``### Name | alias | …`` heading, an optional ``kind: …`` first line, and a line
    ``Reconstructed: …`` that marks designed content. Actions stay as typed (English); the
    English names keep finding their entries in every language. The texts are catalog
    entries in ``context`` (the game's package name; see :func:`in_context`)."""
    tr = in_context(context)
    sections = _sections(text)
    examples = [(action, tr(what)) for action, what in _examples(sections)]
    entries = [
        entry(
            names[0],
            tr(kind),
            translated("\n".join(lines), tr),
            names[1:],
            tr(reconstructed) if reconstructed else None,
            tr=tr,
        )
        for names, kind, lines, reconstructed in _blocks(sections)
    ]
    return RuleBook(
        _(game),
        translated(sections.get("summary", ""), tr),
        translated(sections.get("key", ""), tr),
        examples,
        [*entries, *more],
        translated(sections.get("reconstructed", ""), tr),
    )
