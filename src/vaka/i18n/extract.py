"""Babel extractors for the texts that live in data files rather than in code, so that
``pybabel extract -F babel.cfg`` (scripts/i18n.py) puts them in the catalog template too.

- ``vaka_rules``: a game's ``data/rules.md``, cut into the same pieces that
  :func:`vaka.core.rulebook.from_markdown` translates (a paragraph, a list item, an
  example's meaning, an entry's names, kind and lines).
- ``vaka_json``: the string values under the keys named in the option ``keys`` (for
  example ``keys = name text``), anywhere in a JSON file, less those that the regular
  expression in the option ``skip`` finds.

- ``vaka_texts``: the strings held by the module-level names listed in the option
  ``names`` (a dict's values, a tuple's items) of the Python module the file is, for
  texts a game builds in tables its rules read (Raiatea's prompts, one per phase).
- ``vaka_cli``: the help texts of the terminal's commands and options (docstrings,
  ``help=``), read from the commands Typer builds, and the file's own ``_()`` texts.
- ``vaka_browser``: the browser client's ``t("…")``, ``tn("…", "…", n)`` and
  ``tc("context", "…")`` (``vaka/web/static/i18n.js``), wherever they stand, inside
  ``html`…``` templates too (Babel's JavaScript lexer loses calls whose arguments hold an
  object there). Only literal texts are found; ``t(name)`` of a text made at run time
  looks up what the Python side put in the catalog.

This module is build tooling: it reads the rule book parser, and nothing imports it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, cast

Found = tuple[int, str | None, str | tuple[str, str], list[str]]


def extract_rules(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Found]:
    """Every piece of a ``rules.md`` a person reads."""
    from vaka.core.rulebook import pieces  # the parser that reads them at run time

    text = fileobj.read().decode("utf-8")
    # the game's package: .../games/<package>/data/rules.md (vaka.core.rulebook.load)
    context = Path(str(getattr(fileobj, "name", ""))).parent.parent.name or None
    for message, note in pieces(text):
        comments = [note] if note else []
        if context:  # as pgettext(context, message) is read
            yield 0, "pgettext", (context, message), comments
        else:
            yield 0, None, message, comments


def extract_json(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Found]:
    """The strings under ``options["keys"]`` (space-separated) in a JSON file."""
    keys = set(str(options.get("keys", "name text")).split())
    skip = re.compile(str(options["skip"])) if options.get("skip") else None
    data = json.loads(fileobj.read().decode("utf-8"))

    def walk(node: Any, key: str) -> Iterator[Found]:
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(v, str(k))
        elif isinstance(node, list):
            for v in node:
                yield from walk(v, key)
        elif isinstance(node, str) and key in keys and node.strip():
            if skip is not None and skip.search(node):
                return
            yield 0, None, node, [key]

    yield from walk(data, "")


def extract_texts(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Found]:
    """The strings under the names in ``options["names"]`` of the module the file is."""
    import importlib

    path = Path(str(getattr(fileobj, "name", "")))
    parts = path.with_suffix("").parts
    module = importlib.import_module(".".join(parts[parts.index("vaka") :]))
    for name in str(options.get("names", "")).split():
        found = getattr(module, name)
        values = found.values() if isinstance(found, Mapping) else found
        for value in values:
            if isinstance(value, str) and value.strip():
                yield 0, None, value, [name]


_LITERAL = r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\''
_CALL = re.compile(rf"(?<![\w$.])(?P<f>tn|tc|t)\(\s*(?P<a>{_LITERAL})(?:\s*,\s*(?P<b>{_LITERAL}))?")


def _js_string(literal: str) -> str:
    """A JavaScript string literal's text (the escapes JSON shares with JavaScript)."""
    if literal.startswith("'"):
        literal = '"' + literal[1:-1].replace("\\'", "'").replace('"', '\\"') + '"'
    text: str = json.loads(literal)
    return text


def extract_browser(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Found]:
    """Every literal text of a ``t``, ``tn`` or ``tc`` call in a JavaScript module."""
    source = fileobj.read().decode("utf-8")
    for call in _CALL.finditer(source):
        line = source.count("\n", 0, call.start()) + 1
        first = _js_string(call["a"])
        second = _js_string(call["b"]) if call["b"] else None
        if call["f"] == "t":
            yield line, None, first, []
        elif second is not None:  # tn(one, many, n) as ngettext; tc(context, text)
            yield line, "ngettext" if call["f"] == "tn" else "pgettext", (first, second), []


def extract_cli(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Found]:
    """The help of every command and option of ``vaka`` (the file is vaka/cli/main.py,
    which puts the commands together), after the file's own texts."""
    import os

    from babel.messages.extract import extract_python

    for found in extract_python(fileobj, keywords, comment_tags, dict(options)):  # type: ignore[arg-type]
        yield cast(Found, found)
    os.environ["LANGUAGE"] = "en"  # the commands are built in the source's language
    import typer.main

    from vaka.cli.clickwords import help_texts
    from vaka.cli.main import app

    for holder, attribute in help_texts(typer.main.get_command(app)):
        yield 0, None, getattr(holder, attribute), ["help"]
