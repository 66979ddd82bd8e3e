"""Mail: each account's email address (confirmed or not, stopped or not, what it wants
to hear of), the outbox, and the chat waiting to be told of.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_addresses",
        sa.Column("user_id", sa.String(16), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("confirm_hash", sa.String(64), nullable=True),
        sa.Column("confirmed_at", sa.Float, nullable=True),
        sa.Column("stop_token", sa.String(64), nullable=False, unique=True),
        sa.Column("stopped_at", sa.Float, nullable=True),
        sa.Column("turns", sa.Boolean, nullable=False),
        sa.Column("ends", sa.Boolean, nullable=False),
        sa.Column("chat", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_mail_addresses_confirm_hash", "mail_addresses", ["confirm_hash"])
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.String(16), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("key", sa.String(96), nullable=False),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("subject", sa.Text, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("due_at", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.UniqueConstraint("user_id", "key", name="uq_mail_outbox_user_key"),
    )
    op.create_index("ix_mail_outbox_user_id", "mail_outbox", ["user_id"])
    op.create_index("ix_mail_outbox_due_at", "mail_outbox", ["due_at"])
    op.create_table(
        "mail_chat",
        sa.Column("user_id", sa.String(16), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("due_at", sa.Float, nullable=True),
        sa.Column("mailed_at", sa.Float, nullable=True),
    )
    op.create_index("ix_mail_chat_due_at", "mail_chat", ["due_at"])


def downgrade() -> None:
    op.drop_table("mail_chat")
    op.drop_table("mail_outbox")
    op.drop_table("mail_addresses")
