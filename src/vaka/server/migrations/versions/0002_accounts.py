"""Accounts: users, their sessions, and the account each seat belongs to.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deleted_at", sa.Float, nullable=True),
    )
    op.create_index("ix_users_name_key", "users", ["name_key"], unique=True)
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.String(16), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    # Batch mode: SQLite adds a column with a foreign key by copying the table (its rows
    # kept); PostgreSQL alters it in place.
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("user_id", sa.String(16), nullable=True))
        seats.create_foreign_key("fk_seats_user_id_users", "users", ["user_id"], ["id"])
        seats.create_index("ix_seats_user_id", ["user_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_index("ix_seats_user_id")
        seats.drop_constraint("fk_seats_user_id_users", type_="foreignkey")
        seats.drop_column("user_id")
    op.drop_index("ix_sessions_user_id", "sessions")
    op.drop_table("sessions")
    op.drop_index("ix_users_name_key", "users")
    op.drop_table("users")
