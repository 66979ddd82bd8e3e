"""What happened since the player's last decision, in words, just above the prompt.

The board is drawn again at every decision (a player wants it in view when deciding), so
the log lines it pushes up scroll away; the summary gathers them, one line per seat in the
order they acted, right where the eye is. Seats are called by the names the table shows
("You", "medium bot 1", a person's name), never by their number.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from vaka.cli.common import console
from vaka.core.words import display_names
from vaka.i18n import N_, _, ngettext
from vaka.i18n.said import headline, say

YOU = N_("You")
#: The summary's line for log entries that belong to no seat (a round ends, cards are dealt).
TABLE = N_("Table")
#: On joining a game under way ("So far:"), the summary's last lines shown; the rest fold
#: into one line that points at ``log``.
SO_FAR = 4


def table_names(names: Sequence[str | None], me: int | None) -> list[str]:
    """The names a table shows for its seats, the player's own seat as "You"."""
    shown = display_names(names)
    if me is not None and 0 <= me < len(shown):
        shown[me] = _(YOU)
    return shown


def entry_text(entry: Mapping[str, Any], names: Sequence[str]) -> str:
    """A log entry's words in the reader's language, the seats called by their names."""
    return say(entry["text"], names)


def named_view(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """``view`` with its log in the table's names, for a game's picture of the table
    (Raiatea's shows the latest lines); the game's own view is left as it is."""
    return {**view, "log": [{**e, "text": entry_text(e, names)} for e in view.get("log", [])]}


def summary(
    log: Sequence[Mapping[str, Any]], since: int, names: Sequence[str]
) -> list[tuple[str, str]]:
    """What happened from log entry ``since`` on: one line per turn of a seat, in the order
    they came, as (name, what it did), such as ("Medium bot 1", "Turn 2; lays out a grain;
    takes the moai from row 1"). Entries of no seat (a round ends, a card is scored) go
    with the turn that brought them about, or stand as the "Table"'s before any turn; a
    turn that has only begun ("Turn 4: your turn", the player's own) says nothing."""
    lines: list[tuple[str, list[str], bool]] = []  # who, what, whether anything was done
    for entry in log[since:]:
        seat = entry.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            who = names[seat][:1].upper() + names[seat][1:]
        elif lines:
            who = lines[-1][0]  # the table's doing follows from the turn before it
        else:
            who = _(TABLE)
        short = headline(entry["text"])
        if short is not None:  # the entry only says that a turn begins
            text, begun = short, True
        else:
            text, begun = _without(who, entry_text(entry, names))
        if not lines or lines[-1][0] != who:
            lines.append((who, [], False))
        lines[-1][1].append(text)
        if not begun:
            lines[-1] = (who, lines[-1][1], True)
    return [(who, "; ".join(texts)) for who, texts, done in lines if done]


def _without(who: str, text: str) -> tuple[str, bool]:
    """``text`` without ``who``, since the line begins with the name ("Medium bot 1 takes
    the moai" gives "takes the moai"), and whether it only says that a turn begins ("Turn 2:
    medium bot 1’s turn" gives "Turn 2")."""
    n = len(who)
    if text[:n].lower() == who.lower() and text[n : n + 1] in (" ", ":"):
        return text[n:].lstrip(": "), False
    own = re.fullmatch(rf"(.+): (?:{re.escape(who)}[’']s|your) turn", text, re.IGNORECASE)
    return (own.group(1), True) if own else (text, False)


def print_summary(
    log: Sequence[Mapping[str, Any]], since: int, names: Sequence[str], moved: bool
) -> None:
    """The summary under its heading, names in a column of their own; nothing if nothing
    happened. ``moved``: whether the player has decided anything yet (else it is what
    happened so far, of which the last :data:`SO_FAR` turns are shown)."""
    lines = summary(log, since, names)
    if not lines:
        return
    console.print(Text(_("Since your last move:") if moved else _("So far:"), style="bold"))
    if not moved and len(lines) > SO_FAR:
        earlier = len(lines) - SO_FAR
        lines = lines[-SO_FAR:]
        folded = ngettext(
            "  … {n} turn before these (type log to see them all)",
            "  … {n} turns before these (type log to see them all)",
            earlier,
        ).format(n=earlier)
        console.print(Text(folded, style="dim"))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for who, what in lines:
        grid.add_row(Text("  " + who + ":", style="bold"), Text(what))
    console.print(grid)
