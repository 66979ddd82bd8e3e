"""The rules at hand: ``vaka rules GAME [TOPIC]``, and ``rules`` / ``explain X`` and the
game's own examples in ``help`` while playing (local and at a server alike)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from vaka.cli.common import console, friendly_errors
from vaka.core.game import Game
from vaka.core.registry import load
from vaka.core.rulebook import RuleBook, UnknownTopic
from vaka.i18n import N_, _

COMMANDS = ("rules", "explain")
HELP_LINES = (  # in the play screen's help (translated where it is shown)
    N_("  [bold]rules[/bold] \\[key]  how the game goes, scores and ends; with 'key': the screen"),
    N_("  [bold]explain[/bold] NAME what a card, tile, location or word on the screen means"),
)
#: What TOPIC may say to see the summary or the key, in each language.
SUMMARY_WORDS = ("summary", "short", "zusammenfassung", "kurz", "regeln")
KEY_WORDS = ("key", "screen", "symbols", "legende", "bildschirm", "symbole")
HELP = N_(
    "The rules at hand: a game in short, its screen, and what any name on it means.\n\n"
    "TOPIC 'summary' or 'key' prints one of the two; any other TOPIC is explained: a card, "
    "tile, location, resident or term as the screen shows it.\n\n"
    "Examples:\n\n"
    "  vaka rules rapa-nui               # the summary and the key\n\n"
    "  vaka rules atua akroa             # what a resident does\n\n"
    '  vaka rules raiatea "Path of the Gods"'
)


def command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help=_("Game id, see 'vaka games'."))],
    topic: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[TOPIC]",
            help=_("'summary', 'key', or a name from the screen to explain."),
            show_default=False,
        ),
    ] = None,
) -> None:
    """The rules at hand (``HELP`` is what ``vaka rules --help`` says)."""
    with friendly_errors():
        game = load(game_id)
        book = _book(game)
        words = " ".join(topic or []).strip()
        if not words:
            _summary(book)
            _key(book)
        else:
            _topic(book, words)


def answer(game: Game, word: str, rest: str) -> bool:
    """Run ``rules [TOPIC]`` or ``explain NAME`` typed while playing; False if ``word`` is
    another command. A name the game does not know is answered with suggestions."""
    if word not in COMMANDS:
        return False
    book = game.rulebook()
    if book is None:
        console.print(_("There is no rules summary for {game}.").format(game=_(game.name)))
        return True
    try:
        if word == "explain" and not rest:
            console.print(_explain_usage(book))
        elif word == "rules" and not rest:
            _summary(book)
            console.print(
                _(
                    "More: [bold]rules key[/bold] (the screen), [bold]explain NAME[/bold] "
                    "(any card, tile, location or word shown)."
                )
            )
        else:
            _topic(book, rest)
    except UnknownTopic as exc:
        console.print(Text(str(exc), style="red"))
    return True


def with_examples(game: Game, help_text: str) -> RenderableType:
    """The help text, the parts of the table ``show`` opens, and the game's own example
    actions."""
    if game.parts:
        help_text += "\n" + _(
            "  [bold]show[/bold] PART    one part of the table in full: {parts}"
        ).format(parts=", ".join(game.parts))
    book = game.rulebook()
    if book is None or not book.examples:
        return help_text
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 2))
    for action, what in book.examples:
        table.add_row(Text(action, style="bold"), Text(what))
    return Group(help_text, Text(_("Examples in {game}:").format(game=_(game.name))), table)


def _book(game: Game) -> RuleBook:
    book = game.rulebook()
    if book is None:
        raise UnknownTopic(_("there is no rules summary for {game}").format(game=_(game.name)))
    return book


def _summary(book: RuleBook) -> None:
    console.print(Text(_("{game}: the rules in short").format(game=book.game), style="bold"))
    console.print(Markdown(book.summary))


def _key(book: RuleBook) -> None:
    console.print(Text(_("{game}: the screen").format(game=book.game), style="bold"))
    console.print(Markdown(book.key))


def _topic(book: RuleBook, words: str) -> None:
    if words.lower() in SUMMARY_WORDS:
        _summary(book)
    elif words.lower() in KEY_WORDS:
        _key(book)
    else:
        console.print(Text(book.find(words).describe()))


def _explain_usage(book: RuleBook) -> str:
    names = ", ".join(escape(e.name) for e in book.entries[:6])
    return _("Write it as: explain NAME, a name as the screen shows it (e.g. {names}).").format(
        names=names
    )
