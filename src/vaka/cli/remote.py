"""``vaka play --server URL``: a seat at a table on a vaka server, played in the terminal
with the same screen as a local game.

The client knows only what the protocol tells its seat (docs/PROTOCOL.md): the view, the
legal choices with their notes, the version. It sends the chosen action with the version
it showed, so the server can refuse a move made on an outdated table.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text

from vaka.cli import rules
from vaka.cli.common import console, inert
from vaka.cli.news import named_view, print_summary, table_names
from vaka.cli.screen import (
    choice_number,
    draw,
    help_text,
    parse_all,
    print_entry,
    print_log,
    show_choices,
    show_part,
)
from vaka.cli.wire import TIMEOUT, Link, ServerError, Socket
from vaka.core.game import Game
from vaka.core.record import record_text
from vaka.core.registry import load
from vaka.i18n import N_, _, ngettext

HELP = (  # the commands of the help beyond those every mode has (screen.help_text)
    N_(
        "  [bold]undo[/bold]         take back your last action (until another seat acts "
        "or something hidden shows)"
    ),
    N_("  [bold]chat[/bold] TEXT    say something to the table"),
    N_("  [bold]resign[/bold]       give up; a bot plays your seat to the end (asks first)"),
    N_("  [bold]quit[/bold]         leave the table without resigning (come back with --join)"),
    N_("While others move, commands run at once; a choice typed then waits for your turn."),
)
COMMANDS = {"quit", "exit", "help", "board", "log", "hint", "chat", "undo", "resign"}
COMMANDS |= set(rules.COMMANDS)
LABELS = {  # before a refusal's reason, by its code (translated where shown)
    "illegal": "",
    "forbidden": N_("Not allowed: "),
    "refused": N_("Refused: "),
    "malformed": "",
    "invalid": N_("Not understood: "),
    "rate_limited": N_("Too fast: "),
    "too_large": N_("Too long: "),
}


class Quit(Exception):
    """The player left the table (the seat stays theirs)."""


class Resigned(Exception):
    """The player resigned; a bot plays the seat on."""


@dataclass
class Seat:
    """Where the player sits: enough to come back later."""

    link: Link
    table: str
    token: str

    def rejoin(self) -> str:
        return f"vaka play --server {self.link.url} --join {self.table} --token {self.token}"


class Session:
    """One seat's game: pushes in, commands out, the screen in between."""

    def __init__(self, seat: Seat, save: Path | None, pictures: Path) -> None:
        self.seat, self.save, self.pictures = seat, save, pictures
        self.socket = Socket(seat.link.url, seat.table, seat.token)
        self.state: dict[str, Any] = {}
        self.game: Game | None = None
        self.shown = 0  # log entries printed
        self.heard = 0.0  # time of the last chat line printed
        self.drawn = -1  # the version last drawn with its choices
        self.waited: list[int] | None = None  # the seats last announced as to move
        self.typed: deque[str | None] = deque()  # lines typed ahead; None: input ended
        self.since = -1  # the log's length at the player's last decision (-1: none yet)

    # ------------------------------------------------------------ the loop
    def run(self) -> None:
        self.socket.open()
        self._keyboard()
        try:
            self._first_state()
            while True:
                if self.state["table"]["status"] == "over":
                    self._finish()
                    return
                if self.state["legal"]:
                    if self.state["version"] != self.drawn:
                        self._show()
                    self._ask()
                else:
                    self._wait()
        except (Quit, KeyboardInterrupt):
            self._leave()
        except Resigned:
            console.print(
                _("You resigned; a bot plays seat {n} to the end. The table: {url}").format(
                    n=self.state["seat"], url=f"{self.seat.link.url}/api/tables/{self.seat.table}"
                )
            )
        finally:
            self.socket.close()

    def _first_state(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not self.state:
            if time.monotonic() > deadline:
                raise ServerError(
                    _("the server at {url} sent no state").format(url=self.seat.link.url)
                )
            error = self._next(deadline - time.monotonic())
            if error is not None:
                raise ServerError(error["reason"], error["error"])
        table = self.state["table"]
        self.game = load(table["game"])
        me = self.state["seat"]
        console.print(
            Text(inert(table["game_name"]), style="bold")
            + Text(
                ", "
                + ngettext(
                    "{n} player, table {table}. You are seat {seat} ({name}).",
                    "{n} players, table {table}. You are seat {seat} ({name}).",
                    table["players"],
                ).format(
                    n=table["players"],
                    table=inert(table["id"]),
                    seat=me,
                    name=inert(table["seats"][me]["name"]),
                )
                + " "
            )
            + Text.from_markup(_("Type [bold]help[/bold] for help."))
        )
        self._news()

    def _next(self, timeout: float | None) -> dict[str, Any] | None:
        """Take in the next message (a state or a lost connection is dealt with here);
        returns an error message for the caller, else None (also when nothing came)."""
        msg = self.socket.next(timeout)
        if msg is None:
            return None
        if msg["type"] == "closed":
            console.print(Text(_("Lost the connection to the server; connecting again…")))
            if not self.socket.reopen():
                raise ServerError(
                    _("lost the connection to {url}; come back with: {command}").format(
                        url=self.seat.link.url, command=self.seat.rejoin()
                    )
                )
            console.print(Text(_("Connected again.")))
            return None
        if msg["type"] == "line":
            self.typed.append(msg["text"])
            return None
        if msg["type"] == "error":
            return msg
        if msg["type"] == "state":
            self.state = msg
            if self.game is not None:
                self._news()
        return None

    def _drain(self) -> None:
        """Take in everything that has arrived, showing any error on the way."""
        while not self.socket.events.empty():
            error = self._next(0.01)
            if error is not None:
                _say_error(error)

    def _names(self) -> list[str]:
        """The names the table shows for its seats, this player's own as "You"."""
        table = self.state["table"]
        names = table.get("names") or [s["name"] for s in table["seats"]]
        return table_names(names, self.state["seat"])

    def _news(self) -> None:
        """Print the log entries and chat lines that arrived since last time."""
        self.shown = print_log(self.state["view"], self.shown, self._names())
        for line in self.state["chat"]:
            if line["at"] > self.heard:
                who = inert(line["name"])
                who += "" if line["seat"] is None else " " + _("(seat {n})").format(n=line["seat"])
                console.print(
                    Text("  " + _("{who} says:").format(who=who) + " ", style="bold")
                    + Text(inert(line["text"]))
                )
                self.heard = line["at"]

    def _show(self) -> None:
        assert self.game is not None
        view, legal, names = self.state["view"], self.state["legal"], self._names()
        console.print(self.game.render(named_view(view, names)))
        texts = [c["action"] for c in legal]
        draw(self.game, view, parse_all(self.game, texts), self.pictures)
        show_choices([(c["action"], c["note"]) for c in legal])
        print_summary(view["log"], max(self.since, 0), names, moved=self.since >= 0)
        self.drawn = self.state["version"]

    def _wait(self) -> None:
        """Someone else is to move: say who (once), then wait for the server."""
        table = self.state["table"]
        if table["to_move"] != self.waited:
            self.waited = table["to_move"]
            names = [
                f"{inert(table['seats'][s]['name'])} " + _("(seat {n})").format(n=s)
                for s in table["to_move"]
            ]
            mine = table["seats"][self.state["seat"]]
            why = (
                " " + _("A bot plays your seat ({why}).").format(why=mine["left"])
                if mine.get("left")
                else ""
            )
            if table["status"] == "open":
                names = [_("players to take the open seats")]
            waiting = ", ".join(names) or _("the table")
            console.print(Text(_("Waiting for {who}…").format(who=waiting) + why, "dim"))
        if self._typed_commands():
            return  # look at the table again before waiting
        error = self._next(None)
        if error is not None:
            _say_error(error)

    # ------------------------------------------------------------ commands
    def _ask(self) -> None:
        """Read commands until one changed the table."""
        seen = self.state
        choices = [c["action"] for c in seen["legal"]]
        while True:
            line = self._line("[bold]" + _("your move>") + "[/bold] ")
            self._drain()
            word, _sep, rest = line.partition(" ")
            if not line:
                if self.state["version"] != seen["version"]:
                    return  # the table changed meanwhile: draw it again
            elif word.lower() in COMMANDS:
                if self._command(word.lower(), rest.strip()):
                    return
            else:
                number = choice_number(line, len(choices))
                if number == -1:
                    continue
                action = line if number is None else choices[number]
                if self._send({"type": "act", "action": action, "version": seen["version"]}):
                    self.since = len(seen["view"]["log"])
                    return

    def _command(self, word: str, rest: str) -> bool:
        """Run a command other than a choice; True if it changed the table."""
        if word in ("quit", "exit"):
            raise Quit
        if word == "help":
            shown = help_text(*HELP)
            console.print(rules.with_examples(self.game, shown) if self.game else shown)
        elif self.game is not None and rules.answer(self.game, word, rest):
            pass
        elif word == "board":
            self._show()
        elif word == "show" and self.game is not None:
            show_part(self.game, self.state["view"], rest.strip())
        elif word == "log":
            for entry in self.state["view"]["log"]:
                print_entry(entry, self._names())
        elif word == "hint":
            console.print(_("A hint needs the whole game; it is for local games only."))
        elif word == "chat":
            if rest:
                self._chat(rest)
            else:
                console.print(_("Write it as: chat TEXT"))
        elif word == "undo":
            return self._send({"type": "undo", "version": self.state["version"]})
        elif word == "resign":
            self._resign()
        return False

    def _typed_commands(self) -> bool:
        """While others move: run the commands typed so far, in order, up to the first
        choice (kept for your turn, as a terminal keeps what is typed ahead). True if
        any ran."""
        ran = False
        while self.typed:
            line = self.typed[0]
            if line is None:
                raise Quit  # the input ended
            word, _sep, rest = line.partition(" ")
            if line and word.lower() not in COMMANDS:
                break
            self.typed.popleft()
            if line:
                self._command(word.lower(), rest.strip())
                ran = True
        return ran

    def _line(self, prompt: str) -> str:
        """The next line typed (stripped), waiting for it while taking in pushes; the
        prompt is shown again after anything printed meanwhile."""
        console.print(prompt, end="")
        while not self.typed:
            before = (self.shown, self.heard)
            error = self._next(None)
            if error is not None:
                _say_error(error)
            if error is not None or (self.shown, self.heard) != before:
                console.print(prompt, end="")
        line = self.typed.popleft()
        if line is None:
            raise Quit
        return line

    def _keyboard(self) -> None:
        """Read what is typed in a thread of its own, into the queue the pushes use."""
        events = self.socket.events

        def read() -> None:
            for line in sys.stdin:
                events.put({"type": "line", "text": line.strip()})
            events.put({"type": "line", "text": None})

        threading.Thread(target=read, daemon=True).start()

    def _send(self, msg: dict[str, Any], done: Callable[[], bool] | None = None) -> bool:
        """Send a message that changes the table and wait for the outcome: True once the
        table moved on (or ``done()``), False after an error (shown in words)."""
        after = self.state["version"]
        done = done or (lambda: self.state["version"] > after)
        self.socket.send(msg)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            error = self._next(deadline - time.monotonic())
            if error is not None:
                _say_error(error)
                if error["error"] == "stale":
                    self._catch_up(error.get("version"))
                    return True
                return False
            if done():
                return True
        raise ServerError(
            _("the server at {url} did not answer in time").format(url=self.seat.link.url)
        )

    def _chat(self, text: str) -> None:
        """Say something; the line shows once the server has stored and pushed it."""
        heard = self.heard
        self._send({"type": "chat", "text": text}, lambda: self.heard > heard)

    def _catch_up(self, version: int | None) -> None:
        """After a stale refusal: wait for the state the server pushes with it."""
        deadline = time.monotonic() + TIMEOUT
        while self.state["version"] < (version or 0) and time.monotonic() < deadline:
            error = self._next(deadline - time.monotonic())
            if error is not None:
                _say_error(error)
        self.drawn = -1  # draw it again

    def _resign(self) -> None:
        lose = self.state["table"]["policy"] == "lose"
        answer = self._line(
            _("Resign? A bot plays your seat to the end and you count as lost. Type "
              "[bold]yes[/bold] to resign: ")
            if lose
            else _("Resign? A bot plays your seat to the end. Type [bold]yes[/bold] to resign: ")
        )  # fmt: skip
        if answer.strip().lower() not in ("y", "yes"):
            console.print(_("You play on."))
            return
        if self._send({"type": "resign"}):
            raise Resigned

    # ------------------------------------------------------------ the end
    def _leave(self) -> None:
        console.print(
            Text(_("You left the table; your seat stays yours. Come back with:") + " ")
            + Text(self.seat.rejoin()),
            soft_wrap=True,
        )
        if self.save is not None:
            console.print(
                _("The record is published when the game is over: {url}").format(
                    url=self.seat.link.record_url(self.seat.table)
                )
            )

    def _finish(self) -> None:
        assert self.game is not None
        table = self.state["table"]
        console.print(self.game.render(self.state["view"]))
        draw(self.game, self.state["view"], [], self.pictures)
        names = [
            f"{inert(s['name'])} " + _("(seat {n})").format(n=s["seat"]) for s in table["seats"]
        ]
        scores = ", ".join(f"{n} {v:g}" for n, v in zip(names, table["scores"], strict=True))
        console.print(Text(_("Final scores: {scores}").format(scores=scores)))
        winners = ", ".join(names[w] for w in table["winners"]) or _("nobody")
        won = ngettext("Winner: {names}", "Winners: {names}", len(table["winners"]))
        console.print(Text(won.format(names=winners)))
        if table["lost"]:
            lost = ", ".join(names[s] for s in table["lost"])
            console.print(Text(_("Counted as lost: {names}").format(names=lost)))
        url = self.seat.link.record_url(self.seat.table)
        console.print(Text(_("The game's record: GET {url}").format(url=url)), soft_wrap=True)
        if self.save is not None:
            _save(self.seat.link.record(self.seat.table, self.seat.token), self.save)


def _say_error(error: dict[str, Any]) -> None:
    code, reason = error["error"], error["reason"]
    if code == "stale":
        console.print(
            Text(
                _(
                    "The table moved on before your move arrived (it is at version {version}); "
                    "here it is now."
                ).format(version=error.get("version")),
                style="yellow",
            )
        )
        return
    label = LABELS.get(code)
    shown = (_(label) if label else "") if label is not None else f"{inert(code)}: "
    console.print(Text(shown + inert(reason), style="red"))


def _save(record: dict[str, Any], path: Path) -> None:
    try:
        path.write_text(record_text(record), encoding="utf-8")
    except OSError as exc:
        console.print(
            Text(_("Cannot save to {file}: {error}").format(file=path, error=exc), style="red")
        )
        return
    saved = _("Game saved to {file}; replay it with: vaka replay {file}").format(file=path)
    console.print(Text(saved), soft_wrap=True)
