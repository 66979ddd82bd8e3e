"""A game against bots in this process: the seats, saving and loading, and undo.

The bots decide afresh for every decision, seeded by the game's seed, their seat and the
number of actions played so far. A bot's choice therefore depends only on the position:
a game loaded from its file continues exactly as it would have gone on, and after an
undo, choosing the same again meets the same answers (the bots know nothing of the
choice taken back, and undo cannot be used to deal their answers anew).

The file is the game's record (``vaka replay`` reads it) with one more section,
``table``: the player's seat, each bot seat's level, and for each action whether it
showed the player anything hidden or random (``0``/``1`` per action), which is how far
undo may go back (``vaka.core.undo``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.text import Text

from vaka.agents import Agent, make_agent
from vaka.agents.heuristic import leads
from vaka.agents.ismcts import Choice, IsmctsAgent
from vaka.agents.reasons import bot_reason, hint_sentence
from vaka.cli.common import console
from vaka.cli.news import table_names
from vaka.cli.prompt import ask
from vaka.core.errors import InvalidRecord, VakaError
from vaka.core.game import Action, Game
from vaka.core.record import load_record, record_text, replay
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.core.undo import CannotUndo, takeback
from vaka.core.words import bot_name
from vaka.i18n import N_, _
from vaka.sim.match import decide_together

HELP_LINES = (  # translated where they are shown (screen.help_text)
    N_(
        "  [bold]undo[/bold]         take back your last decision and the bots' moves after it "
        "(not once something hidden or random has come to light)"
    ),
    N_(
        "  [bold]why[/bold]          why the bots chose as they did since your last decision "
        "(a bot judges from its own hand, so its reasons can hint at what it holds)"
    ),
)


@dataclass
class Sitting:
    """One player against bots: the game, whose seat is whose, and the undo marks."""

    game: Game
    state: State
    me: int
    levels: dict[int, str]  # bot seat -> level ("medium", ...)
    revealed: list[bool] = field(default_factory=list)  # per action in the history
    #: Why each bot chose as it did since the player's last decision: (seat, reason).
    reasons: list[tuple[int, str]] = field(default_factory=list)
    #: Of those, how many bots decided together with the player (sealed choices): their
    #: reasons still count after the player's decision, which they did not see.
    _together: int = 0

    def __post_init__(self) -> None:
        if len(self.revealed) != len(self.state.history):
            # Actions taken before the sitting began (none, normally) are never taken back.
            self.revealed = [True] * len(self.state.history)
        for level in set(self.levels.values()):
            make_agent(level, self.game.id)  # an unknown level fails now, not mid-game

    # ------------------------------------------------------------------ playing
    def bots(self) -> dict[int, Agent]:
        """The bots to move now, each seeded for this very decision."""
        done = len(self.state.history)
        return {
            seat: make_agent(level, self.game.id, derive_seed(self.state.seed, "bot", seat, done))
            for seat, level in self.levels.items()
            if seat in self.state.to_move
        }

    def decide_bots(self) -> list[tuple[int, Action]]:
        """The bots' decisions, all taken on the same position (see ``decide_together``),
        with their reasons noted for ``why``."""
        bots = self.bots()
        decided = decide_together(self.state, bots)
        self.reasons += [
            (seat, bot_reason(bots[seat], len(self.state.legal_actions(seat))))
            for seat, _ in decided
        ]
        self._together = len(decided) if self.me in self.state.to_move else 0
        return decided

    def apply_bots(self, decided: list[tuple[int, Action]]) -> None:
        """Apply decisions taken together (one that no longer applies is asked again
        later, as in ``apply_decided``), marking what each showed the player. All or
        nothing: they are played on a copy, so Ctrl-C cannot leave half of them done."""
        state, revealed = self.state.clone(), list(self.revealed)
        for seat, action in decided:
            if seat in state.to_move and action in state.legal_actions(seat):
                revealed.append(state.reveals(seat, action, viewer=self.me))
                state.apply(seat, action)
        self.state, self.revealed = state, revealed

    def play(self, action: Action | str) -> None:
        """The player's own action (IllegalAction changes nothing)."""
        trial = self.state.clone()
        trial.apply(self.me, action)
        shown = self.state.reveals(self.me, trial.history[-1][1])
        self.state, self.revealed = trial, [*self.revealed, shown]
        self.reasons = self.reasons[len(self.reasons) - self._together :]
        self._together = 0

    def undo(self) -> int:
        """Take back the player's last decision and the bots' actions after it; returns
        how many actions went. Raises ``CannotUndo`` (changing nothing) with the reason."""
        if self.state.is_over:
            raise CannotUndo("the game is over")
        seats = [seat for seat, _ in self.state.history]
        steps = list(zip(seats, self.revealed, strict=True))
        count = takeback(steps, self.me, along=self.levels)
        keep = len(self.state.history) - count
        self.state = replay(self.state.record(), upto=keep)
        del self.revealed[keep:]
        self.reasons = []
        return count

    def names(self) -> list[str]:
        """The names the table shows: "You" for the player, "medium bot" for a bot (with
        its seat number where two share a level)."""
        levels = [
            None if s == self.me else bot_name(self.levels[s]) for s in range(self.state.players)
        ]
        return table_names(levels, self.me)

    def log_seen(self) -> int:
        """How many log entries the player had seen at its last decision: a loaded game
        shows the rest, the screen play would have shown had it never stopped."""
        mine = [i for i, (seat, _) in enumerate(self.state.history) if seat == self.me]
        if not mine:
            return 0
        return len(replay(self.state.record(), upto=mine[-1]).view(self.me)["log"])

    # ------------------------------------------------------------------ files
    def record(self) -> dict[str, Any]:
        record = self.state.record()
        record["table"] = {
            "seat": self.me,
            "bots": {str(seat): level for seat, level in sorted(self.levels.items())},
            "revealed": "".join("1" if shown else "0" for shown in self.revealed),
        }
        return record

    def save(self, path: Path) -> None:
        """Write the file that ``--load`` continues (OSError if it cannot be written)."""
        path.write_text(record_text(self.record()), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Sitting:
        """The game saved in ``path``, as it stood. Raises InvalidRecord, saying what is
        wrong, for a missing, damaged or foreign file, or a game that is over."""
        record = load_record(path)
        state = replay(record)  # checks the game itself
        table = record.get("table")
        if not isinstance(table, Mapping):
            raise InvalidRecord(
                f"{path} holds a game record but no seats and bots (it was not saved by "
                f"'vaka play'); watch it with 'vaka replay {path}'"
            )
        if state.is_over:
            raise InvalidRecord(f"the game in {path} is over; watch it with 'vaka replay {path}'")
        me, levels, revealed = table.get("seat"), table.get("bots"), table.get("revealed")
        try:
            state.check_seat(me)
        except VakaError as exc:
            raise InvalidRecord(f"{path}: the player's seat: {exc}") from None
        assert isinstance(me, int)
        others = {str(s) for s in range(state.players) if s != me}
        if (
            not isinstance(levels, Mapping)
            or set(levels) != others
            or not all(isinstance(v, str) for v in levels.values())
        ):
            raise InvalidRecord(f"{path}: 'bots' should name a level for each of seats "
                                f"{', '.join(sorted(others)) or '(none)'}")  # fmt: skip
        if (
            not isinstance(revealed, str)
            or len(revealed) != len(state.history)
            or set(revealed) - {"0", "1"}
        ):
            raise InvalidRecord(f"{path}: 'revealed' should hold a 0 or 1 for each action")
        try:
            return cls(
                state.game, state, me, {int(s): v for s, v in levels.items()},
                [c == "1" for c in revealed],
            )  # fmt: skip
        except VakaError as exc:  # an unknown bot level
            raise InvalidRecord(f"{path}: {exc}") from None


def bot_levels(spec: str, players: int, human: int) -> dict[int, str]:
    """``--bots``: one level for every bot seat, or a comma list, one per bot seat.
    Raises ValueError saying what is wrong."""
    names = [s.strip().lower() for s in spec.split(",") if s.strip()] or ["random"]
    seats = [s for s in range(players) if s != human]
    if len(names) == 1:
        names *= len(seats)
    if len(names) != len(seats):
        raise ValueError(f"give one bot kind, or {len(seats)} (one per bot seat)")
    return dict(zip(seats, names, strict=True))


def reasons_text(sitting: Sitting) -> list[str]:
    """The bots' reasons since the player's last decision, one line each, each bot by the
    name the table shows."""
    names = sitting.names()
    return [f"{names[seat]}: {reason}" for seat, reason in sitting.reasons]


class Quit(Exception):
    """The player asked to stop."""


def check_load(
    game_id: str | None, players: int | None, solo: bool, level: str | None,
    seat: int | None, seed: int | None, bots: str, option: list[str] | None,
) -> None:  # fmt: skip
    """A loaded game brings its own game, seats, bots and seed: asking for others is
    refused rather than silently ignored."""
    given = {
        "GAME": game_id is not None, "--players": players is not None, "--solo": solo,
        "--level": level is not None, "--seat": seat is not None, "--seed": seed is not None,
        "--bots": bool(bots), "--option": bool(option),
    }  # fmt: skip
    for flag, there in given.items():
        if there:
            raise typer.BadParameter(
                "leave it out with --load: the saved game brings its own", param_hint=flag
            )


def save_and_say(sitting: Sitting, path: Path) -> bool:
    try:
        sitting.save(path)
    except OSError as exc:
        console.print(
            Text(_("Cannot save to {file}: {error}").format(file=path, error=exc), style="red")
        )
        return False
    if sitting.state.is_over:
        saved = _("Game saved to {file}; replay it with: vaka replay {file}")
    else:
        saved = _("Game saved to {file}; replay it with: vaka replay {file}; "
                  "continue it with: vaka play --load {file}")  # fmt: skip
    # soft wrap: the terminal folds the line, so the commands copy whole
    console.print(Text(saved.format(file=path)), soft_wrap=True)
    return True


def why(sitting: Sitting, quiet: bool = False) -> None:
    lines = reasons_text(sitting)
    if not lines and not quiet:
        console.print(_("No bot has decided anything since your last decision."))
    for line in lines:
        console.print(Text("  " + _("why:") + " ", style="dim") + Text(line))


def leave_or_stay(sitting: Sitting, save: Path | None) -> None:
    """Ctrl-D or Ctrl-C: ask before leaving, offering to save (raises Quit to leave).
    Without a terminal to ask at, the end of the input is the end of the game."""
    if not sys.stdin.isatty():
        raise Quit
    target = save or Path(f"{sitting.game.id}-{sitting.state.seed}.vaka.json")
    console.print()
    question = (
        _("Leave the game? [bold]y[/bold]: leave (it is saved to {file}), Enter: play on ")
        if save is not None
        else _("Leave the game? [bold]s[/bold]: save to {file} and leave, "
               "[bold]q[/bold]: leave without saving, Enter: play on ")
    ).format(file=escape(str(target)))  # fmt: skip
    try:
        answer = ask(question).strip().lower()
    except (EOFError, KeyboardInterrupt):  # asked twice: leave
        console.print()
        raise Quit from None
    if answer in ("y", "q", "quit") or (answer == "s" and save is not None):
        raise Quit
    if answer == "s":
        if save_and_say(sitting, target):
            raise Quit
        return
    console.print(_("Playing on."))


def hint_words(game: Game, state: State, me: int, bot: IsmctsAgent, choices: list[Choice]) -> str:
    """The hint's top choice in a sentence, from the search's statistics and, where the
    game has a score estimate, each choice's estimated lead one move ahead (as the
    medium bot weighs it, on one guess of what the player cannot see)."""
    legal = state.legal_actions(me)
    values = game.estimate()
    top = [c.action for c in choices[:2]]
    one_step = (
        leads(
            values,
            state.determinize(me, derive_seed(state.seed, "hint-estimate", len(state.history))),
            me,
            top,
        )
        if values is not None and len(top) == 2
        else []
    )

    def name(action: Action) -> str:
        if action not in legal:
            return str(action)
        return _("choice {n} ({action})").format(n=legal.index(action) + 1, action=action)

    return hint_sentence(bot, choices, name, one_step)
