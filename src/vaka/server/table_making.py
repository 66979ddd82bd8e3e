"""Making a table: the request's checks, its seats (bots, the maker's, invitations, open
ones) with their tokens and names, and the stored table they make.

It is apart from the service because it all happens before the table exists: nothing here
holds a lock, tells a listener or touches another table, so the rules of a new table read
in one place and the service only stores and starts what this builds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from vaka.agents import AGENTS, ALIASES, default_level, level_of
from vaka.core.errors import InvalidOptions, UnknownGame
from vaka.core.game import Game
from vaka.core.registry import load
from vaka.i18n import _
from vaka.server import tokens
from vaka.server.accounts import User
from vaka.server.lobby_rules import check_made
from vaka.server.messages import CreateTable, shown_as_written
from vaka.server.store import Seat, TableData


@dataclass
class Seating:
    """A new table's seats, and the tokens of those the maker holds or hands out."""

    seats: list[Seat] = field(default_factory=list)
    #: seat: token, for the maker's own seats
    mine: dict[int, str] = field(default_factory=dict)
    #: seat: token, for the seats the maker invites friends to
    invited: dict[int, str] = field(default_factory=dict)


def checked_options(req: CreateTable, shortest_turn: float) -> tuple[Game, dict[str, Any]]:
    """The game and its checked options; :class:`InvalidOptions` for a request the game
    or the lobby's rules refuse."""
    try:
        game = load(req.game)
        options = game.check_options(req.options)
        game.new_state(req.players, 0, **options)
    except (UnknownGame, InvalidOptions) as exc:
        raise InvalidOptions(str(exc)) from exc
    if len(req.seats) != req.players:
        raise InvalidOptions(_("give one seat for each of the {n} players").format(n=req.players))
    check_made(req, shortest_turn)
    return game, options


def seating(req: CreateTable, game_id: str, user: User | None = None) -> Seating:
    """The seats a request asks for; a signed-in maker's seats are theirs, under their
    name."""
    made = Seating()
    for i, spec in enumerate(req.seats):
        kind, _sep, arg = spec.partition(":")
        if kind == "bot":
            # An alias takes its level's name, so that a seat made bot:ismcts searches
            # to the hard bot's time budget as bot:hard does.
            level = level_of(arg or default_level(game_id))
            if level not in AGENTS:
                raise InvalidOptions(
                    _("seat {seat}: no bot level {level}; levels: {levels}").format(
                        seat=i,
                        level=repr(level),
                        levels=", ".join(a for a in AGENTS if a not in ALIASES),
                    )
                )
            made.seats.append(Seat(i, "bot", f"{level} bot", level))
        elif kind in ("me", "invite"):
            token = tokens.new_token()
            (made.mine if kind == "me" else made.invited)[i] = token
            name = req.name if kind == "me" else (arg.strip()[:40] or f"Friend {i}")
            owner = user.id if user is not None and kind == "me" else None
            name = user.name if owner is not None and user is not None else name
            try:
                shown_as_written(name)
            except ValueError as exc:
                raise InvalidOptions(
                    _("seat {seat}: {reason}").format(seat=i, reason=exc)
                ) from None
            made.seats.append(Seat(i, "human", name, None, tokens.token_hash(token), owner))
        elif kind == "open" and not arg:
            made.seats.append(Seat(i, "open"))
        else:
            raise InvalidOptions(
                _("seat {seat}: {spec} is not me, open, bot:LEVEL or invite:NAME").format(
                    seat=i, spec=repr(spec)
                )
            )
    return made


def table_data(
    req: CreateTable, game_id: str, options: dict[str, Any], seats: list[Seat]
) -> TableData:
    """The new table as it is stored: playing at once if no seat is open."""
    now = time.time()
    full = all(s.kind != "open" for s in seats)
    return TableData(
        id=tokens.new_table_id(),
        game=game_id,
        players=req.players,
        options=options,
        seed=int.from_bytes(tokens.new_token().encode()[:8], "big") >> 2,
        clock=req.clock.model_dump(),
        policy=req.policy,
        status="playing" if full else "open",
        created_at=now,
        started_at=now if full else None,
        seats=seats,
        rated=req.rated,
        private=req.private,
    )
