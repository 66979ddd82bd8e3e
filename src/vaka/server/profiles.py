"""What anyone may see of a person: their ratings, the leaderboards, their profile.

Everything here comes from what the tables showed to all: names, final scores, places,
ratings, whose turn it is. No view, hand, token or address is read. A deleted account
has no profile and is on no leaderboard; the tables it sat at name it "a former player".
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select

from vaka.core.registry import load
from vaka.server.errors import NotFound
from vaka.server.people_messages import (
    Current,
    GameRecord,
    Leader,
    PersonRatings,
    Profile,
    Recent,
    SeatedPerson,
)
from vaka.server.people_rows import RatingRow, ResultRow
from vaka.server.service import TableService
from vaka.server.store import SeatRow, TableRow, UserRow

RECENT = 20  # finished tables on a profile
CURRENT = 20  # open and playing tables on a profile


def game_name(game: str) -> str:
    try:
        return load(game).name
    except Exception:  # a game no longer installed keeps its id
        return game


class Profiles:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.store = service.store

    async def live(self, user_id: str) -> UserRow | None:
        """The account, unless there is none or it was deleted."""
        async with self.store.sessions() as s:
            row = await s.get(UserRow, user_id) if 0 < len(user_id) <= 16 else None
        return row if row is not None and row.deleted_at is None else None

    async def ratings(self, ids: Sequence[str]) -> list[PersonRatings]:
        """The shown ratings, by game, of these people (deleted accounts left out)."""
        async with self.store.sessions() as s:
            users = (
                await s.execute(
                    select(UserRow.id, UserRow.name).where(
                        UserRow.id.in_(list(ids)), UserRow.deleted_at.is_(None)
                    )
                )
            ).all()
            rated = (
                await s.execute(
                    select(RatingRow.user_id, RatingRow.game, RatingRow.shown).where(
                        RatingRow.user_id.in_([u.id for u in users]), RatingRow.games > 0
                    )
                )
            ).all()
        found = {u.id: PersonRatings(id=u.id, name=u.name, ratings={}) for u in users}
        for user_id, game, shown in rated:
            found[user_id].ratings[game] = shown
        return [found[i] for i in dict.fromkeys(ids) if i in found]

    async def leaderboard(self, game: str, min_games: int, limit: int, offset: int) -> list[Leader]:
        """People with at least ``min_games`` rated games of ``game``, best shown rating
        first (then more games, then name)."""
        async with self.store.sessions() as s:
            rows = (
                await s.execute(
                    select(
                        RatingRow.user_id,
                        UserRow.name,
                        RatingRow.shown,
                        RatingRow.games,
                        RatingRow.wins,
                    )
                    .join(UserRow, UserRow.id == RatingRow.user_id)
                    .where(
                        RatingRow.game == game,
                        RatingRow.games >= min_games,
                        UserRow.deleted_at.is_(None),
                    )
                    .order_by(RatingRow.shown.desc(), RatingRow.games.desc(), UserRow.name)
                    .limit(limit)
                    .offset(offset)
                )
            ).all()
        return [
            Leader(place=offset + i + 1, id=r[0], name=r[1], rating=r[2], games=r[3], wins=r[4])
            for i, r in enumerate(rows)
        ]

    async def profile(self, user_id: str, viewer: str | None = None) -> Profile:
        """A person's profile as ``viewer`` (a person's id, None: a guest) sees it: a
        private table shows only on its own player's profile, to them."""
        user = await self.live(user_id)
        if user is None:
            raise NotFound(f"there is nobody {user_id!r} (a former player has no profile)")
        own = viewer == user.id
        return Profile(
            id=user.id,
            name=user.name,
            since=user.created_at,
            games=await self._games(user.id),
            recent=await self._recent(user.id, own),
            current=await self._current(user.id, own),
        )

    async def _games(self, user_id: str) -> list[GameRecord]:
        async with self.store.sessions() as s:
            played = (
                await s.execute(
                    select(
                        ResultRow.game,
                        func.count(),
                        func.sum(ResultRow.won.cast(RatingRow.games.type)),
                    )
                    .where(ResultRow.user_id == user_id)
                    .group_by(ResultRow.game)
                )
            ).all()
            rated = {
                r.game: r
                for r in (
                    await s.scalars(select(RatingRow).where(RatingRow.user_id == user_id))
                ).all()
            }
        games = {
            game: GameRecord(game=game, game_name=game_name(game), played=n, wins=int(w or 0))
            for game, n, w in played
        }
        for game, r in rated.items():
            record = games.setdefault(
                game, GameRecord(game=game, game_name=game_name(game), played=0, wins=0)
            )
            if r.games:
                record.rating, record.rated_games, record.rated_wins = r.shown, r.games, r.wins
        return sorted(games.values(), key=lambda g: (-g.played, g.game))

    async def _recent(self, user_id: str, own: bool) -> list[Recent]:
        query = select(ResultRow).where(ResultRow.user_id == user_id)
        if not own:
            query = query.join(TableRow, TableRow.id == ResultRow.table_id).where(
                TableRow.private.is_(False)
            )
        async with self.store.sessions() as s:
            rows = (await s.scalars(query.order_by(ResultRow.at.desc()).limit(RECENT))).all()
            seated = await self._seated(s, [r.table_id for r in rows])
        return [
            Recent(
                table=r.table_id,
                game=r.game,
                game_name=game_name(r.game),
                at=r.at,
                seat=r.seat,
                place=r.place,
                players=r.players,
                won=r.won,
                left=r.left,
                score=r.score,
                rated=r.rated,
                before=r.before,
                after=r.after,
                seats=seated.get(r.table_id, []),
            )
            for r in rows
        ]

    @staticmethod
    async def _seated(s: object, table_ids: list[str]) -> dict[str, list[SeatedPerson]]:
        """Who sat where at these tables, as the tables named them (a person's id only
        while their account lives)."""
        if not table_ids:
            return {}
        query = (
            select(SeatRow.table_id, SeatRow.seat, SeatRow.kind, SeatRow.name, UserRow.id)
            .outerjoin(UserRow, (UserRow.id == SeatRow.user_id) & UserRow.deleted_at.is_(None))
            .where(SeatRow.table_id.in_(table_ids))
            .order_by(SeatRow.table_id, SeatRow.seat)
        )
        found: dict[str, list[SeatedPerson]] = {}
        for table_id, seat, kind, name, user in (await s.execute(query)).all():  # type: ignore[attr-defined]
            found.setdefault(table_id, []).append(
                SeatedPerson(seat=seat, kind=kind, name=name, id=user)
            )
        return found

    async def _current(self, user_id: str, own: bool) -> list[Current]:
        """The person's open and playing tables, and whose turn it is at each."""
        async with self.store.sessions() as s:
            rows = (
                await s.execute(
                    select(SeatRow.table_id, SeatRow.seat)
                    .join(TableRow, TableRow.id == SeatRow.table_id)
                    .where(SeatRow.user_id == user_id, TableRow.status.in_(["open", "playing"]))
                    .order_by(TableRow.created_at.desc())
                    .limit(CURRENT * 8)
                )
            ).all()
        seats: dict[str, list[int]] = {}
        for table_id, seat in rows:
            seats.setdefault(table_id, []).append(seat)
        found = []
        for table_id, mine in list(seats.items())[:CURRENT]:
            table = await self.service.table(table_id)
            summary = self.service.summary(table)
            if summary.status == "over" or (table.data.private and not own):
                continue
            found.append(
                Current(
                    table=table_id,
                    game=summary.game,
                    game_name=summary.game_name,
                    status=summary.status,
                    seats=sorted(mine),
                    to_move=[summary.names[s] for s in summary.to_move],
                    their_turn=any(s in summary.to_move for s in mine),
                    names=summary.names,
                )
            )
        return found
