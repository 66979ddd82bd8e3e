"""``vaka play``: play a game in the terminal against bots."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.text import Text

from vaka.agents import Observation, default_level, hard_agent
from vaka.cli import rules, session
from vaka.cli.common import OPTION_HELP, console, friendly_errors, parse_options
from vaka.cli.news import named_view, print_summary
from vaka.cli.prompt import ask
from vaka.cli.screen import (
    choice_number,
    draw,
    help_text,
    print_entry,
    show_choices,
    show_part,
)
from vaka.cli.session import Quit, Sitting
from vaka.core.errors import IllegalAction
from vaka.core.game import Game
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.core.undo import CannotUndo
from vaka.i18n import N_, _, ngettext, number, percent

if TYPE_CHECKING:
    from vaka.cli.remote import Seat

HELP = (  # the commands of the help beyond those every mode has (screen.help_text)
    N_("  [bold]hint[/bold]         ask the strongest bot what it would do, and why"),
    N_("  [bold]save[/bold] [FILE]  save the game so far (replay it with 'vaka replay FILE')"),
    N_("  [bold]quit[/bold]         stop playing (the game is saved if you gave --save)"),
    *session.HELP_LINES,
)
REMOTE = "Playing on a server"


#: A hint searches this many times as long as the hard bot (600 iterations by the hand-written
#: judge).
HINT_TIMES = 2


def command(
    game_id: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="Game id, see 'vaka games' (not with --join)."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players (default: the game's most)."),
    ] = None,
    solo: Annotated[
        bool,
        typer.Option(
            "--solo", help="Play alone against the game's own opponent (Atua: Tahuma); -p 1."
        ),
    ] = False,
    level: Annotated[
        str | None,
        typer.Option(
            help="The solo opponent's strength (Atua: easy, medium, hard, legendary); "
            "the same as --option level=….",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            help="Your seat, counted from 0 (default 0); who starts is the game's own rule "
            "(Raiatea draws the start player). With --join, the open seat to take.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the shuffle; the same seed deals the same game.")
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Bot level for the other seats: random, easy, medium, hard or expert; "
            "or a comma list, one per bot seat. Default: medium where the game has it.",
            show_default=False,
        ),
    ] = "",
    option: Annotated[list[str] | None, typer.Option(help=OPTION_HELP)] = None,
    pictures: Annotated[
        Path,
        typer.Option(help="Where to write pictures (SVG) of the table, for games that draw them."),
    ] = Path("vaka-pictures"),
    save: Annotated[
        Path | None, typer.Option(help="Write the game record here when the game ends or you quit.")
    ] = None,
    load_from: Annotated[
        Path | None,
        typer.Option(
            "--load",
            metavar="FILE",
            help="Continue a game saved by 'save' or --save: the same seats, bots and seed.",
            show_default=False,
        ),
    ] = None,
    explain_bots: Annotated[
        bool,
        typer.Option(
            "--explain-bots",
            help="Say after each bot decision why the bot chose it (also the 'why' command); "
            "a bot judges from its own hand, so this can hint at what it holds.",
        ),
    ] = False,
    server: Annotated[
        str | None,
        typer.Option(
            help="Play at a table on this vaka server ('vaka serve'), e.g. "
            "http://127.0.0.1:8000: with GAME a new table, with --join an existing one.",
            rich_help_panel=REMOTE,
            show_default=False,
        ),
    ] = None,
    join: Annotated[
        str | None,
        typer.Option(
            metavar="TABLE",
            help="Join this table, with --token or (for an open seat) --seat.",
            rich_help_panel=REMOTE,
            show_default=False,
        ),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            help="Your seat's token, or the one in your invitation.",
            rich_help_panel=REMOTE,
            show_default=False,
        ),
    ] = None,
    name: Annotated[
        str, typer.Option(help="Your name at the table.", rich_help_panel=REMOTE)
    ] = "Player",
    invite: Annotated[
        int,
        typer.Option(
            help="Keep this many seats for friends (their invitations are printed); "
            "bots take the rest.",
            rich_help_panel=REMOTE,
        ),
    ] = 0,
    open_seats: Annotated[
        int,
        typer.Option(
            "--open", help="Leave this many seats open for anyone.", rich_help_panel=REMOTE
        ),
    ] = 0,
) -> None:
    """Play a game in the terminal against bots, here or at a table on a vaka server.

    Examples:

      vaka play rapa-nui                    # 4 players, you start

      vaka play rapa-nui -p 3 --seat 1 --seed 7 --save game.json

      vaka play rapa-nui --option rows=top-only      # a game option

      vaka play atua --solo --level hard     # alone against Tahuma

      vaka play rapa-nui --server http://127.0.0.1:8000 -p 3 --invite 1   # a friend, a bot

      vaka play --server http://127.0.0.1:8000 --join TABLE --token TOKEN
    """
    if server is not None:
        from vaka.cli.remote import Session  # the network client only when it is needed

        with friendly_errors():
            seated = _seat_on_server(
                server, game_id, players, solo, level, seat, seed, bots, option,
                join, token, name, invite, open_seats, save,
            )  # fmt: skip
            Session(seated, save, pictures).run()
        return
    with friendly_errors():
        for given, flag in ((join, "--join"), (token, "--token"), (invite, "--invite"),
                            (open_seats, "--open")):  # fmt: skip
            if given:
                raise typer.BadParameter(
                    _("{flag} needs --server URL").format(flag=flag), param_hint=flag
                )
        _check_save(save)
        if load_from is not None:
            session.check_load(game_id, players, solo, level, seat, seed, bots, option)
            sitting = Sitting.load(load_from)
        else:
            sitting = _new(game_id, players, solo, level, seat, seed, bots, option)
    game, state = sitting.game, sitting.state
    n = state.players
    console.print(
        ngettext(
            "[bold]{game}[/bold], {n} player, seed {seed}. "
            "You are seat {seat}. Type [bold]help[/bold] for help.",
            "[bold]{game}[/bold], {n} players, seed {seed}. "
            "You are seat {seat}. Type [bold]help[/bold] for help.",
            n,
        ).format(game=escape(_(game.name)), n=n, seed=state.seed, seat=sitting.me)
    )
    if load_from is not None:
        console.print(
            Text(_("Continued from {file}, after {n} actions.").format(
                file=load_from, n=len(state.history)))
        )  # fmt: skip
    try:
        seen = sitting.log_seen() if load_from is not None else 0
        _loop(sitting, save or load_from, pictures, explain_bots, seen)
    except Quit:
        console.print(_("Stopped."))
    finally:
        if save is not None:
            session.save_and_say(sitting, save)
    if sitting.state.is_over:
        console.print(game.render(named_view(sitting.state.view(sitting.me), sitting.names())))


def _new(
    game_id: str | None, players: int | None, solo: bool, level: str | None,
    seat: int | None, seed: int | None, bots: str, option: list[str] | None,
) -> Sitting:  # fmt: skip
    """A new game against bots, from the command line's choices."""
    if game_id is None:
        raise typer.BadParameter(_("name a game; 'vaka games' lists them"), param_hint="GAME")
    game = load(game_id)
    n = _players(game, players, solo)
    options = _options(game, option, level)
    if seed is None:
        seed = secrets.randbelow(10**9)
    seat = seat or 0
    state = game.new_state(n, seed, **options)
    state.check_seat(seat)
    try:
        levels = session.bot_levels(bots or default_level(game.id), n, seat)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--bots") from None
    return Sitting(game, state, seat, levels)


def _seat_on_server(
    server: str, game_id: str | None, players: int | None, solo: bool, level: str | None,
    seat: int | None, seed: int | None, bots: str, option: list[str] | None,
    join: str | None, token: str | None, name: str, invite: int, open_seats: int,
    save: Path | None,
) -> Seat:  # fmt: skip
    """A seat at a table on the server: a new table (GAME given) or one joined."""
    from vaka.cli import lobby
    from vaka.cli.wire import Link

    link = Link(check_url(server))
    _check_save(save)
    if seed is not None:
        raise typer.BadParameter(
            "the server shuffles; --seed is for local games", param_hint="--seed"
        )
    if join is not None:
        if game_id is not None:
            raise typer.BadParameter(
                "leave out GAME with --join: the table has one", param_hint="GAME"
            )
        return lobby.join(link, join, token, seat, name)
    if token is not None:
        raise typer.BadParameter("--token comes with --join TABLE", param_hint="--token")
    if game_id is None:
        raise typer.BadParameter("name a game to make a table, or --join TABLE", param_hint="GAME")
    game = load(game_id)
    n = _players(game, players, solo)
    me = seat or 0
    if not 0 <= me < n:
        raise typer.BadParameter(f"seat must be 0-{n - 1}", param_hint="--seat")
    specs = lobby.seat_specs(n, me, bots or default_level(game.id), invite, open_seats)
    return lobby.create(link, game, n, specs, _options(game, option, level), name)


def check_url(url: str) -> str:
    if not url.startswith(("http://", "https://")):
        raise typer.BadParameter(
            "give the server's address, e.g. http://127.0.0.1:8000", param_hint="--server"
        )
    return url.rstrip("/")


def _options(game: Game, pairs: list[str] | None, level: str | None) -> dict[str, Any]:
    options = parse_options(pairs)
    if level is not None:
        if "level" not in game.options:
            raise typer.BadParameter(f"{game.name} has no levels", param_hint="--level")
        if "level" in options:
            raise typer.BadParameter("give the level once", param_hint="--level")
        options["level"] = level
    return options


def _check_save(save: Path | None) -> None:
    if save is not None and not save.parent.is_dir():
        raise typer.BadParameter(f"there is no folder {str(save.parent)!r}", param_hint="--save")


def _players(game: Game, players: int | None, solo: bool) -> int:
    if not solo:
        return players if players is not None else game.max_players
    if game.min_players > 1:
        raise typer.BadParameter(f"{game.name} has no solo game", param_hint="--solo")
    if players not in (None, 1):
        raise typer.BadParameter(
            "a solo game has 1 player; leave out --players", param_hint="--solo"
        )
    return 1


def _loop(
    sitting: Sitting, save: Path | None, pictures: Path, explain: bool, since: int = 0
) -> None:
    """Play to the end; ``since``: the log entries there were at the player's last
    decision (what came after is summed up above the next prompt)."""
    while not sitting.state.is_over:
        try:
            since = _turn(sitting, save, pictures, explain, since)
        except KeyboardInterrupt:  # Ctrl-C while the bots think: the position is kept,
            session.leave_or_stay(sitting, save)  # and they decide again, the same way
    print_summary(sitting.state.view(sitting.me)["log"], since, sitting.names(), moved=True)
    if explain:
        session.why(sitting, quiet=True)


def _turn(sitting: Sitting, save: Path | None, pictures: Path, explain: bool, since: int) -> int:
    """The bots' decisions at this position and, if the player is to move, its own
    (or an undo); returns the log's length at the player's last decision."""
    game, me = sitting.game, sitting.me
    decided = sitting.decide_bots()  # before the human's answer, as in matches
    state = sitting.state
    if me in state.to_move:
        view = state.view(me)
        console.print(game.render(named_view(view, sitting.names())))
        draw(game, view, state.legal_actions(me), pictures)
        if not _ask(sitting, save, since, explain):
            return sitting.log_seen()  # taken back: the position before the last decision
        since = len(view["log"])
    sitting.apply_bots(decided)
    state = sitting.state
    if me not in state.to_move:  # else the question on the next turn draws them
        draw(game, state.view(me), [], pictures, quiet=not state.is_over)
    return since


def _under_board(sitting: Sitting, since: int, explain: bool) -> None:
    """What stands between the board and the prompt: the choices, then what happened
    since the player's last decision (and, asked for, why the bots chose so), so that
    the news is where the eye is when deciding."""
    game, state, me = sitting.game, sitting.state, sitting.me
    _choices(game, state, me)
    moved = any(seat == me for seat, _ in state.history)
    print_summary(state.view(me)["log"], since, sitting.names(), moved)
    if explain:
        session.why(sitting, quiet=True)


def _choices(game: Game, state: State, me: int) -> None:
    view = state.view(me)
    legal = state.legal_actions(me)
    show_choices([(str(a), game.describe_choice(view, a)) for a in legal])


def _hint(game: Game, state: State, me: int) -> None:
    """The hard bot's search for this seat: its top choices, how often it tried each and
    how well they went (0 = a sure loss, 1 = a sure win; alone, the expected final lead
    over the game's own opponent, such as Atua's Tahuma)."""
    seed = derive_seed(state.seed, "hint", len(state.history))
    bot = hard_agent(game.id, seed, times=HINT_TIMES)
    with console.status(_("thinking…")):
        choices = bot.analyse(Observation(state, me))
    total = sum(c.visits for c in choices) or 1
    console.print(_("The hard bot searched {n} futures:").format(n=total))
    legal = state.legal_actions(me)
    for rank, choice in enumerate(choices[:3], 1):
        action = escape(str(choice.action))
        if choice.action in legal:  # the number to type, as in the list of choices
            action = _("choice {n}: {action}").format(
                n=legal.index(choice.action) + 1, action=action
            )
        lead = bot.solo_lead(choice.value)
        outcome = (
            _("went well {share}").format(share=percent(choice.value, 0))
            if lead is None
            else _("expected final lead {lead} points").format(
                lead=("+" if lead >= 0 else "") + number(lead, 1))
        )  # fmt: skip
        tried = _("tried {share} of the time").format(share=percent(choice.visits / total, 0))
        console.print(
            f"  {rank}. [bold]{action}[/bold]: {tried}, "
            + outcome
            + ("  " + _("← it would play this") if rank == 1 else "")
        )
    console.print(Text(session.hint_words(game, state, me, bot, choices)))


def _ask(sitting: Sitting, save: Path | None, since: int, explain: bool) -> bool:
    """Read commands until one action has been played (True) or the player's last
    decision has been taken back (False)."""
    game, state, me = sitting.game, sitting.state, sitting.me
    _under_board(sitting, since, explain)
    while True:
        try:
            line = ask("[bold]" + _("your move>") + "[/bold] ").strip()
        except (EOFError, KeyboardInterrupt):
            session.leave_or_stay(sitting, save)
            continue
        legal = state.legal_actions(me)
        word, _sep, rest = line.partition(" ")
        word = word.lower()
        if not line:
            continue
        if word in ("quit", "exit"):
            raise Quit
        if word == "help":
            console.print(rules.with_examples(game, help_text(*HELP)))
        elif rules.answer(game, word, rest.strip()):
            pass
        elif word == "board":
            console.print(game.render(named_view(state.view(me), sitting.names())))
            _under_board(sitting, since, explain)
        elif word == "show":
            show_part(game, state.view(me), rest.strip())
        elif word == "hint":
            _hint(game, state, me)
        elif word == "log":
            for entry in state.view(me)["log"]:
                print_entry(entry, sitting.names())
        elif word == "save":
            target = (
                Path(rest.strip())
                if rest.strip()
                else save or Path(f"{game.id}-{state.seed}.vaka.json")
            )
            session.save_and_say(sitting, target)
        elif word == "undo" and not rest:
            try:
                count = sitting.undo()
            except CannotUndo as exc:
                console.print(
                    Text(_("Nothing taken back: {reason}.").format(reason=exc), style="red")
                )
                continue
            if count > 1:
                console.print(ngettext(
                    "Took back your last decision and the {n} bot action after it; choose again.",
                    "Took back your last decision and the {n} bot actions after it; choose again.",
                    count - 1,
                ).format(n=count - 1))  # fmt: skip
            else:
                console.print(_("Took back your last decision; choose again."))
            return False
        elif word == "why" and not rest:
            session.why(sitting)
        elif (number := choice_number(line, len(legal))) is not None:
            if number >= 0:
                sitting.play(legal[number])
                return True
        else:
            try:
                sitting.play(line)
                return True
            except IllegalAction as exc:
                console.print(Text(str(exc), style="red"))
