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
        Text("Made table ")
        + Text(table["id"], style="bold")
        + Text(f" on {link.url}: {inert(table['game_name'])}, {players} players.")
    )
    for seat, token in made["invitations"].items():
        who = inert(table["seats"][int(seat)]["name"])
        console.print(
            Text(
                f"Invitation for seat {seat} ({who}): vaka play --server {link.url} "
                f"--join {table['id']} --token {token}"
            ),
            soft_wrap=True,  # a command to copy: never broken across lines
        )
    for info in table["seats"]:
        if info["kind"] == "open":
            console.print(
                Text(
                    f"Seat {info['seat']} is open: vaka play --server {link.url} "
                    f"--join {table['id']} --seat {info['seat']} --name NAME"
                ),
                soft_wrap=True,
            )
    seat = Seat(link, table["id"], mine)
    console.print(Text(f"To come back to your seat: {seat.rejoin()}"), soft_wrap=True)
    return seat


def join(link: Link, table: str, token: str | None, seat: int | None, name: str) -> Seat:
    """Join with a token (an invitation's or your own), or take an open seat."""
    if token is None:
        if seat is None:
            raise typer.BadParameter(
                "give --token TOKEN (an invitation's or your seat's) or --seat N (an open seat)",
                param_hint="--join",
            )
        token = link.take_seat(table, seat, name)
        taken = Seat(link, table, token)
        console.print(
            Text(f"You took seat {seat}. To come back to it: {taken.rejoin()}"), soft_wrap=True
        )
        return taken
    state = link.state(table, token)  # checks the table and the token before connecting
    if seat is not None and seat != state["seat"]:
        raise typer.BadParameter(
            f"that token is for seat {state['seat']}, not {seat}", param_hint="--seat"
        )
    return Seat(link, table, token)
