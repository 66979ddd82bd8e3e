"""Typer's and Click's own words (help panels, "Usage:", usage errors) in the language.

Typer carries its own copy of Click, whose words are English f-strings ("Missing argument
'GAME'.", "Usage: ") and never pass through gettext; Typer's own few go through the
standard library's gettext, in a domain vaka does not own. So they are translated where
they are shown, through the only hooks Typer offers: the panel words it keeps as module
settings, its error and help printers (``rich_utils.rich_format_error`` and
``rich_format_help``, looked up when they are used) and the usage line of its help
formatter. vaka's own help texts (each command's docstring, each option's ``help``) are
English in the source and said in the language as the help is printed: the catalog holds
them because ``scripts/i18n.py extract`` reads them from the built commands
(vaka.i18n.extract's ``vaka_cli``). An error message is matched against
Click's sentences below and rebuilt from the catalog's template; one that matches none
(a message of vaka's own, already translated) is shown as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import typer.rich_utils as rich_utils
from typer._click import decorators, formatting
from typer._click.exceptions import ClickException

from vaka.i18n import N_, _

# Typer's own words that it lets be set, so that help and usage errors speak the language.
TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
USAGE = N_("Usage:")
HELP_OPTION = N_("Show this message and exit.")  # Click's help for --help, as it writes it

#: Click's sentences, as regular expressions over the English, and the templates that say
#: them again (their named groups are the fields). Tried in order; the first match wins.
SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), template)
    for pattern, template in (
        (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
        (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
        (r"Missing parameter (?P<name>.+)\.", N_("Missing parameter {name}.")),
        (r"Missing command\.", N_("Missing command.")),
        (
            r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
            N_("No such option: {name} (possible options: {options})"),
        ),
        (r"No such option: (?P<name>.+)", N_("No such option: {name}")),
        (
            r"No such command (?P<name>.+)\. Did you mean (?P<options>.+)\?",
            N_("No such command {name}. Did you mean {options}?"),
        ),
        (r"No such command (?P<name>.+)\.", N_("No such command {name}.")),
        (
            r"Got unexpected extra argument\(s\) \((?P<args>.*)\)",
            N_("Got unexpected extra argument(s) ({args})"),
        ),
        (r"Option (?P<name>.+) requires an argument\.", N_("Option {name} requires an argument.")),
        (
            r"Option (?P<name>.+) requires (?P<n>\d+) arguments\.",
            N_("Option {name} requires {n} arguments."),
        ),
        (
            r"Option (?P<name>.+) does not take a value\.",
            N_("Option {name} does not take a value."),
        ),
        (
            r"Invalid value for (?P<name>.+?): (?P<why>.*)",
            N_("Invalid value for {name}: {why}"),
        ),
        (r"Invalid value: (?P<why>.*)", N_("Invalid value: {why}")),
        (
            r"Input should be a valid integer, unable to parse string as an integer",
            N_("Input should be a valid integer, unable to parse string as an integer"),
        ),
        (r"Input should be a valid integer", N_("Input should be a valid integer")),
        (
            r"Value (?P<value>.+) is not a valid (?P<kind>\w+)\.",
            N_("Value {value} is not a valid {kind}."),
        ),
        (r"(?P<value>.+) is not one of (?P<options>.+)\.", N_("{value} is not one of {options}.")),
    )
)


def said(message: str) -> str:
    """One of Click's messages in the current language (the part after a colon, such as
    the reason a value is invalid, translated in turn); any other message as it is.

    >>> from vaka.i18n import using
    >>> with using("de"):
    ...     said("Missing argument 'GAME'.")
    "Fehlendes Argument 'GAME'."
    """
    for pattern, template in SENTENCES:
        found = pattern.fullmatch(message)
        if found:
            fields = found.groupdict()
            if "why" in fields:
                fields["why"] = said(fields["why"])
            return _(template).format(**fields)
    return message


def install() -> None:
    """Speak the current language in Typer's panels and Click's messages (again, after a
    change of language: each call sets the panel words anew)."""
    for name, text in TYPER_WORDS.items():
        setattr(rich_utils, name, _(text))
    if getattr(rich_utils.rich_format_error, "__module__", "") != __name__:
        rich_utils.rich_format_error = _error_printer(rich_utils.rich_format_error)  # type: ignore[assignment]
    if getattr(rich_utils.rich_format_help, "__module__", "") != __name__:
        rich_utils.rich_format_help = _help_printer(rich_utils.rich_format_help)
    if getattr(decorators.help_option, "__module__", "") != __name__:
        decorators.help_option = _help_option(decorators.help_option)
    if getattr(formatting.HelpFormatter.write_usage, "__module__", "") != __name__:
        formatting.HelpFormatter.write_usage = _usage_writer(  # type: ignore[method-assign]
            formatting.HelpFormatter.write_usage
        )


def _error_printer(show: Callable[[ClickException], None]) -> Callable[[ClickException], None]:
    def rich_format_error(exc: ClickException) -> None:
        """Typer's printer, with Click's message in the language."""
        message = said(exc.format_message())
        exc.format_message = lambda: message  # type: ignore[method-assign]
        show(exc)

    return rich_format_error


def help_texts(command: Any) -> Iterator[tuple[Any, str]]:
    """Every help text a person reads in ``command``'s help and in its subcommands' (the
    object that holds it and the attribute's name), depth first; a group's subcommands
    as it lists them (vaka's builds each when first asked for it)."""
    for holder in (command, *command.params):
        for attribute in ("help", "short_help", "epilog", "rich_help_panel"):
            if getattr(holder, attribute, None):
                yield holder, attribute
    if hasattr(command, "list_commands"):
        for name in command.list_commands(None):
            sub = command.get_command(None, name)
            if sub is not None:
                yield from help_texts(sub)


def _help_printer(show: Callable[..., Any]) -> Callable[..., Any]:
    def rich_format_help(*, obj: Any, **kwargs: Any) -> Any:
        """Typer's help printer, with vaka's help texts in the language."""
        for holder, attribute in help_texts(obj):
            setattr(holder, attribute, _(getattr(holder, attribute)))
        return show(obj=obj, **kwargs)

    return rich_format_help


def _help_option(make: Callable[[list[str]], Callable[[Any], Any]]) -> Callable[..., Any]:
    def help_option(param_decls: list[str]) -> Callable[[Any], Any]:
        """Click's --help option, its own help in the language."""
        add = make(param_decls)

        def added(command: Any) -> Any:
            command = add(command)
            command.params[-1].help = _(HELP_OPTION)
            return command

        return added

    return help_option


def _usage_writer(write: Callable[..., None]) -> Callable[..., None]:
    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        """Click's usage line, its "Usage:" in the language."""
        write(self, prog, args, _(USAGE) + " " if prefix is None else prefix)

    return write_usage
