"""Getting a seat at a table on a server, for ``vaka play --server``: make a table (you,
bots, invited friends, open seats) or join one with a token or into an open seat."""

from __future__ import annotations

from typing import Any

import typer
from rich.text import Text

from vaka.cli.common import console, inert
from vaka.cli.remote import Seat
from vaka.cli.wire import Link
from vaka.core.game import Game
from vaka.i18n import _, ngettext


def seat_specs(players: int, me: int, bots: str, invite: int, open_seats: int) -> list[str]:
    """The seats of a new table: ``me`` is yours; of the others the first ``invite`` are
    kept for friends, the next ``open_seats`` are open to anyone, the rest are bots (one
    level for all, or one per bot seat).

    >>> seat_specs(4, 1, "easy,hard", 1, 0)
    ['invite:', 'me', 'bot:easy', 'bot:hard']
    """
    others = [s for s in range(players) if s != me]
    if invite < 0 or open_seats < 0 or invite + open_seats > len(others):
        raise typer.BadParameter(
            f"only {len(others)} seat{'s' * (len(others) != 1)} besides yours "
            "can be kept for friends or left open",
            param_hint="--invite/--open",
        )
    bot_seats = others[invite + open_seats :]
    levels = [b.strip() for b in bots.split(",") if b.strip()] or ["medium"]
    if len(levels) == 1:
        levels *= len(bot_seats)
    if bot_seats and len(levels) != len(bot_seats):
        raise typer.BadParameter(
            f"give one bot level, or {len(bot_seats)} (one per bot seat)", param_hint="--bots"
        )
    specs = ["me"] * players
    for s in others[:invite]:
        specs[s] = "invite:"  # the server names the seat "Friend N"
    for s in others[invite : invite + open_seats]:
        specs[s] = "open"
    for s, level in zip(bot_seats, levels, strict=False):
        specs[s] = f"bot:{level}"
    return specs


def create(
    link: Link, game: Game, players: int, specs: list[str], options: dict[str, Any], name: str
) -> Seat:
    """Make the table and print how the others come in and how to come back."""
    made = link.create(
        {"game": game.id, "players": players, "seats": specs, "name": name, "options": options}
    )
    table = made["table"]
    (mine,) = made["tokens"].values()
    console.print(
        Text(_("Made table") + " ")
        + Text(table["id"], style="bold")
        + Text(
            " "
            + ngettext(
                "on {url}: {game}, {n} player.", "on {url}: {game}, {n} players.", players
            ).format(url=link.url, game=inert(table["game_name"]), n=players)
        )
    )
    for seat, token in made["invitations"].items():
        who = inert(table["seats"][int(seat)]["name"])
        console.print(
            Text(
                _("Invitation for seat {n} ({who}): {command}").format(
                    n=seat,
                    who=who,
                    command=f"vaka play --server {link.url} --join {table['id']} --token {token}",
                )
            ),
            soft_wrap=True,  # a command to copy: never broken across lines
        )
    for info in table["seats"]:
        if info["kind"] == "open":
            console.print(
                Text(
                    _("Seat {n} is open: {command}").format(
                        n=info["seat"],
                        command=f"vaka play --server {link.url} --join {table['id']} "
                        f"--seat {info['seat']} --name NAME",
                    )
                ),
                soft_wrap=True,
            )
    seat = Seat(link, table["id"], mine)
    console.print(
        Text(_("To come back to your seat: {command}").format(command=seat.rejoin())),
        soft_wrap=True,
    )
    return seat


def join(link: Link, table: str, token: str | None, seat: int | None, name: str) -> Seat:
    """Join with a token (an invitation's or your own), or take an open seat."""
    if token is None:
        if seat is None:
            raise typer.BadParameter(
                _("give --token TOKEN (an invitation's or your seat's) or --seat N (an open seat)"),
                param_hint="--join",
            )
        token = link.take_seat(table, seat, name)
        taken = Seat(link, table, token)
        console.print(
            Text(
                _("You took seat {n}. To come back to it: {command}").format(
                    n=seat, command=taken.rejoin()
                )
            ),
            soft_wrap=True,
        )
        return taken
    state = link.state(table, token)  # checks the table and the token before connecting
    if seat is not None and seat != state["seat"]:
        raise typer.BadParameter(
            _("that token is for seat {n}, not {seat}").format(n=state["seat"], seat=seat),
            param_hint="--seat",
        )
    return Seat(link, table, token)
