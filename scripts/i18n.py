#!/usr/bin/env python3
"""vaka's message catalogs (src/vaka/locale), kept with Babel:

    scripts/i18n.py extract   the template vaka.pot from the code and the data files (babel.cfg)
    scripts/i18n.py update    each language's .po brought level with the template, and the
                              pseudo-language en_XA written anew from it
    scripts/i18n.py compile   the .mo files that ship, from the .po files
    scripts/i18n.py all       the three in order (after changing a text or a translation)

Add a language: `pybabel init -i src/vaka/locale/vaka.pot -d src/vaka/locale -D vaka -l fr`,
translate its .po, add it to vaka.i18n.LANGUAGES, then `scripts/i18n.py compile`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "vaka" / "locale"
TEMPLATE = LOCALE / "vaka.pot"
PSEUDO = "en_XA"
OPEN, CLOSE = "⟦", "⟧"
# Every letter of a catalog text becomes a look-alike outside ASCII, so that any plain
# ASCII word in a run in en_XA is text that never went through the catalog.
LOOKALIKE = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóþʠŕšŧúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŦÚṼŴẊÝŽ",
)
# kept as they are: {fields} of a template and the terminal's [style] tags
KEEP = re.compile(r"\{[^{}]*\}|\[/?(?:bold|dim|red|blue|green|yellow|italic)?\]")


def pseudo_text(text: str) -> str:
    """``text`` in look-alike letters between markers, its fields and tags untouched.

    >>> pseudo_text("[bold]{n} cards[/bold]")
    '⟦[bold]{n} çáŕđš[/bold]⟧'
    """
    out, at = [], 0
    for kept in KEEP.finditer(text):
        out.append(text[at : kept.start()].translate(LOOKALIKE) + kept.group(0))
        at = kept.end()
    return OPEN + "".join(out) + text[at:].translate(LOOKALIKE) + CLOSE


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def extract() -> None:
    pybabel(
        "extract", "-F", "babel.cfg", "-o", str(TEMPLATE), "--no-location", "--omit-header",
        "--add-comments", "TRANSLATORS:", "-k", "N_", "-k", "NP_:1c,2", "-k", "NN_:1,2",
        "--project", "vaka", "src",
    )  # fmt: skip


def pseudo() -> None:
    """en_XA: every text of the template in look-alike letters between markers, so that a
    run in it shows any text that never went through the catalog."""
    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    catalog = Catalog(
        locale=PSEUDO, project="vaka", fuzzy=False, copyright_holder="the vaka authors"
    )
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            string: str | tuple[str, ...] = tuple(pseudo_text(m) for m in message.id)
        else:
            string = pseudo_text(message.id)
        catalog.add(message.id, string, auto_comments=message.auto_comments,
                    flags=message.flags - {"fuzzy"}, context=message.context)  # fmt: skip
    out = LOCALE / PSEUDO / "LC_MESSAGES" / "vaka.po"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as f:
        write_po(f, catalog, no_location=True, width=100)


def update() -> None:
    pybabel(
        "update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "vaka",
        "--no-fuzzy-matching", "--ignore-obsolete", "--width", "100",
    )  # fmt: skip
    pseudo()


def compile_() -> None:
    pybabel("compile", "-d", str(LOCALE), "-D", "vaka", "--statistics")


STEPS = {"extract": [extract], "update": [update], "compile": [compile_],
         "all": [extract, update, compile_]}  # fmt: skip

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in STEPS:
        sys.exit(__doc__)
    for step in STEPS[sys.argv[1]]:
        step()
