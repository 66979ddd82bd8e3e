"""The lobby's rules, apart from the service that applies them: what a rated, private or
turn-based table needs when it is made, which seat a token holds, and which tables a
visitor's filters let through.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaka.core.errors import InvalidOptions, UnknownGame
from vaka.core.registry import load
from vaka.i18n import NN_, _, ngettext, number
from vaka.server import tokens
from vaka.server.clocks import DAY
from vaka.server.messages import ClockKind, CreateTable, TableSummary
from vaka.server.table import Table

#: Seat specs that a person fills: the maker, an invited friend, anyone who joins.
FOR_PEOPLE = ("me", "invite", "open")


def per_move(days: float) -> str:
    """A turn-based table's time per move in words: "12 hours", "1 day", "3 days"."""
    hours = days * 24
    if hours >= 24:
        amount, forms = days, NN_("{n} day", "{n} days")
    elif hours >= 1:
        amount, forms = hours, NN_("{n} hour", "{n} hours")
    else:
        amount, forms = hours * 60, NN_("{n} minute", "{n} minutes")
    amount = round(amount, 2)
    return ngettext(*forms, 1 if amount == 1 else 2).format(n=number(amount))


def check_made(req: CreateTable, shortest_turn: float) -> None:
    """Refuse, with the reason, a rated table with fewer than two seats for people, a
    private table with a seat open to anyone, and a turn-based table whose time per move
    is shorter than the server gives (``shortest_turn`` seconds)."""
    kinds = [spec.partition(":")[0] for spec in req.seats]
    people = sum(kind in FOR_PEOPLE for kind in kinds)
    if req.rated and people < 2:
        raise InvalidOptions(
            _(
                "a rated table needs at least two seats for people (me, invite or open); "
                "this one has {n}: play it unrated, or invite a friend or open a seat"
            ).format(n=people)
        )
    if req.private and "open" in kinds:
        raise InvalidOptions(
            _(
                "a private table has no open seats, since nobody can find it: invite friends "
                "by link (invite:NAME) instead"
            )
        )
    if req.clock.kind == "turn" and req.clock.days * DAY < shortest_turn:
        raise InvalidOptions(
            _("a turn-based table gives each move {least} at the least, not {asked}").format(
                least=per_move(shortest_turn / DAY), asked=per_move(req.clock.days)
            )
        )


def token_seat(table: Table, token: str) -> int | None:
    """The seat of ``table`` that ``token`` acts for, if any."""
    for info in table.data.seats:
        if tokens.matches(token, info.token_hash):
            return info.seat
    return None


def open_seats(table: Table) -> list[int]:
    return [s.seat for s in table.data.seats if s.kind == "open"]


@dataclass(frozen=True)
class Filters:
    """What a visitor looks for: each left out (None) lets every table through."""

    game: str | None = None
    players: int | None = None
    clock: ClockKind | None = None
    rated: bool | None = None

    def check(self) -> None:
        """Refuse a game the server does not offer, or a player count the game lacks."""
        if self.game is None:
            return
        try:
            game = load(self.game)
        except UnknownGame as exc:
            raise InvalidOptions(_("game: {why}").format(why=exc)) from None
        if not game.offered:
            raise InvalidOptions(_("game: {game} is not offered here").format(game=repr(self.game)))
        if self.players is not None and not (game.min_players <= self.players <= game.max_players):
            raise InvalidOptions(
                _("players: {game} is for {low} to {high} players, not {n}").format(
                    game=_(game.name), low=game.min_players, high=game.max_players, n=self.players
                )
            )

    def fits(self, table: TableSummary) -> bool:
        return (
            not table.private
            and (self.game is None or table.game == self.game)
            and (self.players is None or table.players == self.players)
            and (self.clock is None or table.clock.kind == self.clock)
            and (self.rated is None or table.rated == self.rated)
        )


def fullest_first(tables: list[Table]) -> list[Table]:
    """Open tables by how soon they start: fewest seats left open, then the one that has
    waited longest."""
    return sorted(tables, key=lambda t: (len(open_seats(t)), t.data.created_at))
