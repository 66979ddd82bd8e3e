"""A finished table's ending (who won, the scores, who left; JSON), kept with it so that
lists of finished games are made without replaying them (null: not over, or finished
before this was kept: it is written when the table is next read).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("ending", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("ending")
