"""vaka in the reader's language: gettext catalogs (``vaka/locale``) read with Babel.

Every text a person reads is English in the source and goes through :func:`_` (or
:func:`ngettext` where a count decides the form); the catalogs hold the other languages,
keyed by the English text. The language is one per context (a :class:`~contextvars.ContextVar`),
so a service can answer each request in its reader's language while the terminal sets it
once from ``--lang`` or the environment (:func:`choose`).

``en_XA`` is a pseudo-language for tests: every text that has a catalog entry comes back
in look-alike letters between ``⟦…⟧`` (scripts/i18n.py), so a plain ASCII word in a run in it
was never translated.

>>> with using("de"):
...     _("vaka games"), ngettext("{n} pearl", "{n} pearls", 2).format(n=2), number(1234.5)
('vaka-Spiele', '2 Perlen', '1.234,5')
>>> _("vaka games"), number(1234.5)
('vaka games', '1,234.5')
>>> choose(None, {"LANG": "de_AT.UTF-8"}), choose("en", {"LANG": "de_DE"}), choose(None, {})
('de', 'en', 'en')
"""

from __future__ import annotations

import datetime as dt
import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib.resources import files

from babel import Locale, UnknownLocaleError
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent
from babel.support import Translations

DOMAIN = "vaka"
SOURCE = "en"  # the language of the texts in the source
PSEUDO = "en_XA"  # every translated text in markers, for the completeness tests
LANGUAGES = ("en", "de")  # offered to people; each but SOURCE has a catalog
_OFFERED = {language: language for language in LANGUAGES}
#: Where a language is looked for, first to last, as GNU gettext reads them.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_current: ContextVar[str] = ContextVar("vaka_language", default=SOURCE)
#: Catalogs of games from outside vaka, read after vaka's own: domain -> folder.
_bound: dict[str, str] = {}


def locale_dir() -> str:
    """The folder of the compiled catalogs (``<lang>/LC_MESSAGES/vaka.mo``)."""
    return str(files("vaka").joinpath("locale"))


def known(tag: str | None) -> str | None:
    """The language vaka offers for a tag as people and systems write it ("de_DE.UTF-8",
    "de-AT", "DE", "en_XA"), or None.

    >>> known("de-AT"), known("de_DE.UTF-8@euro"), known("fr_FR"), known("C.UTF-8")
    ('de', 'de', None, None)
    """
    if not tag:
        return None
    tag = tag.split(".")[0].split("@")[0].replace("-", "_").strip()
    if tag.lower() == PSEUDO.lower():
        return PSEUDO
    language = tag.split("_")[0].lower()
    # the constant itself, not an equal string made here: a server keeps the language
    # of every socket and of what it built for it
    return _OFFERED.get(language)


def choose(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``requested`` (``--lang``) if vaka offers it, else the first
    that the environment names and vaka offers (``LANGUAGE`` may list several, as
    ``de:en``), else English. ``C`` and ``POSIX`` name no language."""
    if requested:
        found = known(requested)
        if found is None:
            raise ValueError(
                f"vaka speaks {', '.join(LANGUAGES)}; there is no language {requested!r}"
            )
        return found
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        for tag in env.get(name, "").split(":"):
            found = known(tag)
            if found:
                return found
    return SOURCE


def current() -> str:
    """The language of this context."""
    return _current.get()


def set_language(language: str) -> None:
    """Speak ``language`` from now on in this context (the terminal sets it once)."""
    found = known(language)
    if found is None:
        raise ValueError(f"no language {language!r}")
    _current.set(found)


@contextmanager
def using(language: str) -> Iterator[None]:
    """Speak ``language`` inside the block only."""
    found = known(language)
    if found is None:
        raise ValueError(f"no language {language!r}")
    token = _current.set(found)
    try:
        yield
    finally:
        _current.reset(token)


def bind(domain: str, folder: str) -> None:
    """Read the catalogs of ``domain`` in ``folder`` (``<lang>/LC_MESSAGES/<domain>.mo``)
    after vaka's own: a game from outside vaka brings its texts' translations this way
    (``Game.locale``). vaka's own entry wins where both have one."""
    if _bound.get(domain) != folder:
        _bound[domain] = folder
        translations.cache_clear()


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``language`` (with those of :func:`bind` behind it); the
    source language has none."""
    if language == SOURCE:
        return _gettext.NullTranslations()
    found = Translations.load(locale_dir(), [language], DOMAIN)
    if not isinstance(found, Translations):  # no catalog there: a broken install
        raise FileNotFoundError(f"no compiled catalog for {language!r} in {locale_dir()}")
    for domain, folder in _bound.items():
        extra = Translations.load(folder, [language], domain)
        if isinstance(extra, Translations):  # a game may lack this language: English
            found.add_fallback(extra)
    return found


def _(message: str) -> str:
    """``message`` in the current language (itself where the catalog has no entry)."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a text that depends on a count, in the current language."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context``, where one English word has two meanings."""
    return translations(_current.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` for a word whose English form another text also uses."""
    return translations(_current.get()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (a table of texts
    built at import, translated where it is shown)."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """:func:`N_` for a text with a plural (read with :func:`ngettext`)."""
    return singular, plural


def NP_(context: str, message: str) -> str:
    """:func:`N_` for a text meant in ``context`` (read with :func:`pgettext`)."""
    return message


def babel_locale(language: str | None = None) -> Locale:
    """Babel's locale for a language (the pseudo-language formats as English)."""
    language = language or _current.get()
    try:
        return Locale.parse("en" if language == PSEUDO else language)
    except (ValueError, UnknownLocaleError):
        return Locale.parse(SOURCE)


def number(value: float, digits: int | None = None) -> str:
    """A number as the current language writes it ("1,234.5", German "1.234,5"); with
    ``digits``, exactly that many after the point."""
    pattern = None if digits is None else "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=babel_locale())


def percent(value: float, digits: int = 1) -> str:
    """A share as a percentage ("12.3%", German "12,3 %"): the language's own pattern,
    with ``digits`` after the point."""
    locale = babel_locale()
    pattern = str(locale.percent_formats[None].pattern)
    pattern = pattern.replace("#,##0", "#,##0" + ("." + "0" * digits if digits else ""), 1)
    return format_percent(value, format=pattern, locale=locale)


def date(value: dt.date) -> str:
    """A date as the current language writes it ("Dec 3, 2026", German "03.12.2026")."""
    return format_date(value, format="medium", locale=babel_locale())


__all__ = [
    "LANGUAGES",
    "NP_",
    "N_",
    "PSEUDO",
    "SOURCE",
    "_",
    "babel_locale",
    "bind",
    "choose",
    "current",
    "date",
    "known",
    "locale_dir",
    "ngettext",
    "npgettext",
    "number",
    "percent",
    "pgettext",
    "set_language",
    "translations",
    "using",
]
