"""Recording a finished table: each person's result, and their ratings if it was rated.

The service calls :meth:`Results.finished` before it tells anyone a table is over, after a
restart for any finished table not yet recorded (:meth:`Results.unrecorded`), and when it
reads a finished table from storage. Recording happens exactly once per table however many
processes share the database: the key (table, person) of ``results`` admits one row per
person, and a rated table's transaction first locks its people's ratings (PostgreSQL:
``SELECT … FOR UPDATE``; SQLite: the write lock its first statement takes), then looks
whether another process recorded the table meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import exists, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncConnection

from vaka.server.people_rows import RatingRow, ResultRow
from vaka.server.ratings import MU, SIGMA, Outcome, places, rate, shown
from vaka.server.store import SeatRow, Store, TableRow
from vaka.server.table import Table

log = logging.getLogger(__name__)
Row = dict[str, float | int | str | None]  # a results row to insert


@dataclass(frozen=True)
class Result:
    """One person's end of a table (their shown rating before and after, if rated)."""

    user_id: str
    seat: int
    place: int
    won: bool
    left: bool
    score: float
    rated: bool
    before: int | None
    after: int | None


def outcomes(table: Table) -> list[Outcome]:
    """How every seat of a finished table ended (as its summary shows it)."""
    state, data = table.state, table.data
    lost = set(table.left) if data.policy == "lose" else set()
    winners = {w for w in state.winners() if w not in lost}
    scores = state.scores()
    return [
        Outcome(s, float(scores[s]), s in winners, s in table.left) for s in range(data.players)
    ]


def people(table: Table) -> dict[int, str]:
    """The seats people with accounts played, and whose they are."""
    return {
        s.seat: s.user_id for s in table.data.seats if s.kind == "human" and s.user_id is not None
    }


def is_rated(table: Table) -> bool:
    """A rated table with at least two people, none of whom held two seats (nobody is
    rated against themselves)."""
    held = list(people(table).values())
    rated = table.data.rated
    return rated and len(held) >= 2 and len(set(held)) == len(held)


class Results:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._doing: dict[str, asyncio.Task[list[Result] | None]] = {}

    async def finished(self, table: Table) -> None:
        """Record a finished table if nobody has, and keep its results on it
        (``table.results``) for its summary. Calls for one table at once share one try."""
        if table.results is not None or table.data.status != "over":
            return
        if not people(table):
            table.results = []
            return
        task = self._doing.get(table.id)
        if task is None:
            task = self._doing[table.id] = asyncio.ensure_future(self._record(table))
            task.add_done_callback(lambda _: self._doing.pop(table.id, None))
        table.results = await asyncio.shield(task)

    async def _record(self, table: Table) -> list[Result] | None:
        """The table's results, recorded first if need be; None if that failed (a busy
        database, say: the table is shown without them, and the next push tries again)."""
        try:
            await self.record(table)
            return await self.of(table.id)
        except Exception:
            log.exception("the results of table %s could not be recorded", table.id)
            return None

    async def record(self, table: Table) -> None:
        """Store each person's result (and new rating) unless another process did."""
        held = people(table)
        seen = outcomes(table)
        place = places(seen)
        rated = is_rated(table)
        at = table.data.finished_at or time.time()
        best: dict[str, int] = {}  # a person in several seats: their best placed one
        for seat, user in sorted(held.items()):
            if user not in best or place[seat] < place[best[user]]:
                best[user] = seat
        rows = {
            user: {
                "table_id": table.id,
                "user_id": user,
                "game": table.data.game,
                "seat": seat,
                "place": place[seat],
                "players": table.data.players,
                "won": seen[seat].won,
                "left": seen[seat].left,
                "score": seen[seat].score,
                "rated": rated,
                "before": None,
                "after": None,
                "at": at,
            }
            for user, seat in best.items()
        }
        insert = pg_insert if self.store.is_postgres else sqlite_insert
        async with self.store.writing(), self.store.engine.begin() as conn:
            if rated:
                ratings = await self._lock_ratings(conn, table.data.game, sorted(rows))
                if (
                    await conn.execute(
                        select(ResultRow.user_id).where(ResultRow.table_id == table.id).limit(1)
                    )
                ).first() is not None:
                    return  # another process recorded it while this one waited
                self._rate(rows, ratings, [seen[best[u]] for u in rows])
            stored = await conn.execute(
                insert(ResultRow)
                .on_conflict_do_nothing(index_elements=["table_id", "user_id"])
                .returning(ResultRow.user_id),
                list(rows.values()),
            )
            if rated:
                if len(stored.all()) != len(rows):
                    raise RuntimeError(f"table {table.id} was recorded twice at once")
                await self._store_ratings(conn, table.data.game, rows, ratings, at)

    async def _lock_ratings(
        self, conn: AsyncConnection, game: str, users: Sequence[str]
    ) -> dict[str, RatingRow]:
        """The people's ratings in ``game`` (a newcomer's made first), locked until the
        transaction ends."""
        insert = pg_insert if self.store.is_postgres else sqlite_insert
        now = time.time()
        await conn.execute(
            insert(RatingRow).on_conflict_do_nothing(index_elements=["user_id", "game"]),
            [
                {
                    "user_id": u,
                    "game": game,
                    "mu": MU,
                    "sigma": SIGMA,
                    "shown": shown(MU, SIGMA),
                    "games": 0,
                    "wins": 0,
                    "updated_at": now,
                }
                for u in users
            ],
        )
        query = (
            select(RatingRow)
            .where(RatingRow.user_id.in_(users), RatingRow.game == game)
            .order_by(RatingRow.user_id)
        )
        if self.store.is_postgres:
            query = query.with_for_update()
        found = (await conn.execute(query)).all()
        return {r.user_id: RatingRow(**r._asdict()) for r in found}

    @staticmethod
    def _rate(
        rows: dict[str, Row],
        ratings: dict[str, RatingRow],
        seen: list[Outcome],
    ) -> None:
        """Fill in each row's rating before and after: the people ranked among themselves."""
        users = list(rows)
        before = [(ratings[u].mu, ratings[u].sigma) for u in users]
        after = rate(before, places(seen))
        for user, (mu, sigma), (mu2, sigma2) in zip(users, before, after, strict=True):
            rows[user]["before"] = shown(mu, sigma)
            rows[user]["after"] = shown(mu2, sigma2)
            ratings[user].mu, ratings[user].sigma = mu2, sigma2

    @staticmethod
    async def _store_ratings(
        conn: AsyncConnection,
        game: str,
        rows: dict[str, Row],
        ratings: dict[str, RatingRow],
        at: float,
    ) -> None:
        for user, row in rows.items():
            r = ratings[user]
            await conn.execute(
                update(RatingRow)
                .where(RatingRow.user_id == user, RatingRow.game == game)
                .values(
                    mu=r.mu,
                    sigma=r.sigma,
                    shown=row["after"],
                    games=RatingRow.games + 1,
                    wins=RatingRow.wins + (1 if row["won"] else 0),
                    updated_at=at,
                )
            )

    async def of(self, table_id: str) -> list[Result]:
        """A table's recorded results, by seat."""
        return (await self.of_tables([table_id])).get(table_id, [])

    async def of_tables(self, table_ids: Sequence[str]) -> dict[str, list[Result]]:
        """The recorded results of these tables (one query), each by seat."""
        found: dict[str, list[Result]] = {}
        if not table_ids:
            return found
        async with self.store.sessions() as s:
            rows = await s.scalars(
                select(ResultRow)
                .where(ResultRow.table_id.in_(table_ids))
                .order_by(ResultRow.table_id, ResultRow.seat)
            )
            for r in rows.all():
                found.setdefault(r.table_id, []).append(
                    Result(
                        r.user_id,
                        r.seat,
                        r.place,
                        r.won,
                        r.left,
                        r.score,
                        r.rated,
                        r.before,
                        r.after,
                    )
                )
        return found

    async def unrecorded(self, limit: int = 500) -> list[str]:
        """Finished tables with a person's seat not yet recorded (the server stopped
        between a game's last move and its recording), the latest first."""
        recorded = exists().where(
            ResultRow.table_id == SeatRow.table_id, ResultRow.user_id == SeatRow.user_id
        )
        async with self.store.sessions() as s:
            found = await s.execute(
                select(TableRow.id, TableRow.finished_at)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(TableRow.status == "over", SeatRow.user_id.is_not(None), ~recorded)
                .distinct()
                .order_by(TableRow.finished_at.desc())
                .limit(limit)
            )
            return [row[0] for row in found.all()]
