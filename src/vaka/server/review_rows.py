"""Reviews kept in the database: a review is minutes of CPU, so once made it is stored and
every process (and the same one after a restart) answers with it at once."""

from __future__ import annotations

import time

from sqlalchemy import Float, ForeignKey, Integer, Text, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Mapped, mapped_column

from vaka.server.messages import GameReview
from vaka.server.store import Base, Store

EVERY_SEAT = -1  # the key's seat for a review of every seat (a key cannot be null)


class ReviewRow(Base):
    __tablename__ = "reviews"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    playouts: Mapped[int] = mapped_column(Integer, primary_key=True)
    review: Mapped[str] = mapped_column(Text)  # JSON, as the wire carries it
    made_at: Mapped[float] = mapped_column(Float)


async def save(store: Store, table_id: str, seat: int | None, review: GameReview) -> None:
    """Keep a made review; a second process that made the same one first wins quietly
    (both judged the same decisions with the same seeds)."""
    row = {
        "table_id": table_id,
        "seat": EVERY_SEAT if seat is None else seat,
        "playouts": review.playouts,
        "review": review.model_dump_json(),
        "made_at": time.time(),
    }
    insert = pg_insert if store.is_postgres else sqlite_insert
    async with store.writing(), store.sessions.begin() as s:
        await s.execute(insert(ReviewRow).values(**row).on_conflict_do_nothing())


async def load(store: Store, table_id: str, seat: int | None, playouts: int) -> GameReview | None:
    """The kept review, if one was made."""
    async with store.sessions() as s:
        found = await s.scalar(
            select(ReviewRow.review).where(
                ReviewRow.table_id == table_id,
                ReviewRow.seat == (EVERY_SEAT if seat is None else seat),
                ReviewRow.playouts == playouts,
            )
        )
    return None if found is None else GameReview.model_validate_json(found)
