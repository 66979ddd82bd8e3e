"""Tables, seats, the move log and chat.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("clock", sa.Text, nullable=False),
        sa.Column("policy", sa.String(8), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("action", sa.Text, nullable=True),
        sa.Column("revealed", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    op.drop_table("chat")
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_index("ix_tables_status", "tables")
    op.drop_table("tables")
