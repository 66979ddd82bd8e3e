"""Reviews of finished games, kept so that a restart or another process finds them made.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        # the seat reviewed, -1 for every seat (a key cannot be null)
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("playouts", sa.Integer, primary_key=True),
        sa.Column("review", sa.Text, nullable=False),  # JSON, as the wire carries it
        sa.Column("made_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
