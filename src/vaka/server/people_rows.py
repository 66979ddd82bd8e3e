"""The tables of what people have played: ratings, each finished table's results,
friends and presence (migration 0004); :mod:`vaka.server.models` imports it."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from vaka.server.store import Base


class RatingRow(Base):
    """One person's rating in one game."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game_shown", "game", "shown"),)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    shown: Mapped[int] = mapped_column(Integer)  # the conservative number people see
    games: Mapped[int] = mapped_column(Integer)  # rated games
    wins: Mapped[int] = mapped_column(Integer)  # rated games won
    updated_at: Mapped[float] = mapped_column(Float)


class ResultRow(Base):
    """How a person's seat ended a finished table, and their rating's change if it was
    rated. The key (table, person) lets exactly one writer record a table, however many
    processes share the database."""

    __tablename__ = "results"
    __table_args__ = (Index("ix_results_user_id_at", "user_id", "at"),)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)  # 1 is best; equals share a place
    players: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    left: Mapped[bool] = mapped_column(Boolean)  # resigned or ran out of time
    score: Mapped[float] = mapped_column(Float)
    rated: Mapped[bool] = mapped_column(Boolean)
    before: Mapped[int | None] = mapped_column(Integer, nullable=True)  # shown rating
    after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[float] = mapped_column(Float)  # when the game ended


class FriendRow(Base):
    """``user_id`` counts ``friend_id`` a friend (one way: both ways is a friendship)."""

    __tablename__ = "friends"
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    friend_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    at: Mapped[float] = mapped_column(Float)


class PresenceRow(Base):
    """A page of a person's that is open: it says so every ``HEARTBEAT`` seconds."""

    __tablename__ = "presence"
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    page: Mapped[str] = mapped_column(String(32), primary_key=True)
    seen_at: Mapped[float] = mapped_column(Float, index=True)
