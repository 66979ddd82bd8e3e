"""The rows mail keeps: each account's address and what it wants, the outbox, and the
chat waiting to be told of (migration 0005)."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from vaka.server.store import Base


class AddressRow(Base):
    """One account's email address. Mail goes only to a confirmed one (``confirmed_at``)
    and not once stopped (``stopped_at``). Only the confirmation token's hash is kept;
    the stop token is kept as it is, since every mail carries it, and it does nothing but
    stop mail."""

    __tablename__ = "mail_addresses"
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    confirm_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    confirmed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    stop_token: Mapped[str] = mapped_column(String(64), unique=True)
    stopped_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    turns: Mapped[bool] = mapped_column(Boolean, default=True)  # your turn
    ends: Mapped[bool] = mapped_column(Boolean, default=True)  # a game of yours ended
    chat: Mapped[bool] = mapped_column(Boolean, default=True)  # someone wrote at your table
    created_at: Mapped[float] = mapped_column(Float)


class OutboxRow(Base):
    """A mail to send. ``key`` names what it tells of (one mail per account and key);
    ``address``: where a confirmation goes (other mail goes to the confirmed address as
    it is when sent). ``claimed_until``: a sender is on it until then."""

    __tablename__ = "mail_outbox"
    __table_args__ = (UniqueConstraint("user_id", "key", name="uq_mail_outbox_user_key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    key: Mapped[str] = mapped_column(String(96))
    address: Mapped[str | None] = mapped_column(String(254), nullable=True)
    subject: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)
    due_at: Mapped[float] = mapped_column(Float, index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    claimed_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)


class ChatWaitRow(Base):
    """Chat at a table not yet told of to one account: the lines after ``since`` are told
    at ``due_at`` (null: nothing waits), an hour at least after the last such mail."""

    __tablename__ = "mail_chat"
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    since: Mapped[float] = mapped_column(Float)
    due_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    mailed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
