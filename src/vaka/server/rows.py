"""The rows of the service's own tables: tables, seats, moves and chat, and the accounts
and signed-in sessions that seats belong to, on the :class:`Base` every module that keeps
rows builds on.

They are apart from :mod:`~vaka.server.store` so that the schema reads in one place and
the store holds only what it does with them (storing and loading tables, the group commit
of moves); ``from vaka.server.store import TableRow`` still works.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # JSON
    seed: Mapped[int] = mapped_column(BigInteger)
    clock: Mapped[str] = mapped_column(Text)  # JSON
    policy: Mapped[str] = mapped_column(String(8))
    status: Mapped[str] = mapped_column(String(8), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false())
    private: Mapped[bool] = mapped_column(Boolean, server_default=false())
    #: once over: how it ended (JSON, vaka.server.endings), for lists of finished games
    ending: Mapped[str | None] = mapped_column(Text, nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # open, human, bot
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: the account the seat belongs to (its person's sessions act for it), if any
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)


class UserRow(Base):
    """An account. A deleted one keeps its id (its seats keep pointing at it) but loses
    its name, its password and its sessions."""

    __tablename__ = "users"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    #: the name casefolded (NFKC): no two accounts share it ("#ID" once deleted)
    name_key: Mapped[str] = mapped_column(String(128), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)
    deleted_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: the language chosen for its pages ("en", "de"); None: the browser's own
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)


class SessionRow(Base):
    """A signed-in browser: only the hash of its cookie's secret is stored."""

    __tablename__ = "sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class MoveRow(Base):
    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # act, undo, resign, timeout
    action: Mapped[str | None] = mapped_column(Text, nullable=True)
    revealed: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
