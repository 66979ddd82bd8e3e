"""The terminal's language: ``--lang`` before the command, else ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES`` or ``LANG`` (vaka.i18n.choose), chosen before the commands are built so
that their help texts are in it too."""

from __future__ import annotations

from collections.abc import Sequence

import typer

from vaka import i18n
from vaka.cli import clickwords
from vaka.i18n import N_, _

OPTION = "--lang"
HELP = N_("The language vaka speaks: {languages} (default: from LANG).")


def requested(argv: Sequence[str]) -> str | None:
    """What ``--lang X`` or ``--lang=X`` asks for, if the command line has it.

    >>> requested(["vaka", "--lang", "de", "games"]), requested(["vaka", "--lang=en"])
    ('de', 'en')
    """
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == OPTION and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(OPTION + "="):
            return arg[len(OPTION) + 1 :]
    return None


def start(argv: Sequence[str]) -> None:
    """Speak the language the command line or the environment asks for (English if it
    names one vaka lacks: the ``--lang`` option then says so)."""
    try:
        language = i18n.choose(requested(argv))
    except ValueError:
        language = i18n.choose()
    speak(language)


def speak(language: str) -> None:
    """Speak ``language`` in vaka's texts and in Typer's and Click's own words."""
    i18n.set_language(language)
    clickwords.install()


def option(value: str | None) -> str | None:
    """``--lang``'s check: a language vaka speaks, or a clear error."""
    if value is None:
        return None
    try:
        speak(i18n.choose(value))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


def help_text() -> str:
    return _(HELP).format(languages=", ".join(i18n.LANGUAGES))
