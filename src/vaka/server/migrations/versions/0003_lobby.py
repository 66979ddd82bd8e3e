"""The lobby: rated and private tables.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (a constant default fills the rows there are), not a batch copy of
    # the table: SQLite would have to drop "tables", which the seats' keys point at.
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column(
        "tables", sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("tables", "private")
    op.drop_column("tables", "rated")
