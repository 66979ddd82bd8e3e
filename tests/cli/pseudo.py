"""Finding text that never went through the catalogs in a run in the pseudo-language
en_XA, where every letter of a catalog text is a look-alike outside ASCII ("⟦Ŧĥé ŕúĺéš⟧"),
so that a plain ASCII word is one that was never translated."""

from __future__ import annotations

import re

#: What is never translated: identifiers with a digit (RN05, T1-01, c12, f3), paths,
#: options as typed (--lang, rows=top-only), and what a caller names in ``kept``.
_KEPT = re.compile(
    r"[\w.-]*\d[\w.-]*"  # ids, and numbers with a unit attached
    r"|(?:docs|shared)/[\w./-]+|[\w-]+\.(?:md|txt|json|svg)\b"  # files
    r"|--?[a-z][\w-]*(?:=[\w|.…-]+)?"  # options, with a value
    r"|\b[a-z_]+=[\w|.…\"-]+"  # name=value as typed
)


def untranslated(text: str, kept: tuple[str, ...] = ()) -> list[str]:
    """The plain ASCII words of ``text`` that are not identifiers, options, paths or one
    of ``kept`` (what is typed as it is: game ids, commands, option values)."""
    left = _KEPT.sub(" ", text)
    allowed = {k.lower() for k in kept}
    return [w for w in re.findall(r"[A-Za-z]{2,}", left) if w.lower() not in allowed]
