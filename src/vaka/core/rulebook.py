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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.resources import files

from vaka.core.errors import VakaError


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

    def describe(self) -> str:
        name = f" {normal(self.name)} "
        also = [a for a in self.aliases if f" {normal(a)} " not in name]
        head = self.name + (f" ({', '.join(also)})" if also else "") + f": {self.kind}"
        lines = [head, self.text.strip()]
        if self.reconstructed:
            lines.append("Reconstructed: " + self.reconstructed)
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

    def names(self) -> list[str]:
        """Every name and alias that finds an entry."""
        return [n for e in self.entries for n in (e.name, *e.aliases)]

    def find(self, query: str) -> Entry:
        """The entry ``query`` names; :class:`UnknownTopic` with suggestions otherwise."""
        key = normal(query)
        if not key:
            raise UnknownTopic("name something to explain, as the screen shows it")
        for candidate in (key, _singular(key)):
            if candidate in self._by_key:
                return self._by_key[candidate]
        within = {e.name: e for k, e in self._by_key.items() if f" {key} " in f" {k} "}
        if len(within) == 1:
            return next(iter(within.values()))
        if within:
            names = sorted(within)
            shown = ", ".join(names[:8]) + (", …" if len(names) > 8 else "")
            raise UnknownTopic(f"{query.strip()!r} could be: {shown}", names)
        close = difflib.get_close_matches(key, list(self._by_key), n=3, cutoff=0.6)
        names = list(dict.fromkeys(self._by_key[k].name for k in close))
        hint = f"; did you mean {' or '.join(names)}?" if names else ""
        raise UnknownTopic(f"{self.game} has no {query.strip()!r}{hint}", names)


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


def load(package: str, game: str, more: Iterable[Entry] = ()) -> RuleBook:
    """The rule book of the game in ``package`` (its ``data/rules.md``) with ``more``."""
    text = files(package).joinpath("data/rules.md").read_text("utf-8")
    return from_markdown(game, text, more)


def from_markdown(game: str, text: str, more: Iterable[Entry] = ()) -> RuleBook:
    """A game's rule book from its ``rules.md`` and the entries built from its
    components (``more``). The file has ``## Summary``, ``## Key`` and ``## Examples`` (lines
    ``- `action`: what it does``) and ``## Reconstructed`` (what is designed, not published)
    as texts, and ``## Explain`` as entries, one per ``### Name | alias | …`` heading, an
    optional ``kind: …`` first line, and a line ``Reconstructed: …`` that marks designed
    content."""
    sections: dict[str, str] = {}
    for block in re.split(r"^## ", text, flags=re.M)[1:]:
        title, _, body = block.partition("\n")
        sections[title.strip().lower()] = body.strip()
    examples = [
        (m.group(1), m.group(2).strip().replace("`", "'"))
        for m in re.finditer(r"^- `([^`]+)`:? *(.*)$", reflow(sections.get("examples", "")), re.M)
    ]
    entries = []
    for block in re.split(r"^### ", sections.get("explain", ""), flags=re.M)[1:]:
        head, _, body = block.partition("\n")
        names = [n.strip() for n in head.split("|") if n.strip()]
        kind, lines = "term", list[str]()
        reconstructed: str | None = None
        for line in body.strip().splitlines():
            if line.startswith("kind:") and not lines:
                kind = line[5:].strip()
            elif line.startswith("Reconstructed:"):
                reconstructed = line[14:].strip()
            else:
                lines.append(line)
        text_ = reflow("\n".join(lines))
        entries.append(Entry(names[0], kind, text_, tuple(names[1:]), reconstructed))
    return RuleBook(
        game,
        sections.get("summary", ""),
        sections.get("key", ""),
        examples,
        [*entries, *more],
        sections.get("reconstructed", ""),
    )
