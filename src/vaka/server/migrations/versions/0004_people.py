"""People: ratings per person and game, each finished table's results, friends, presence.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.String(16), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("shown", sa.Integer, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game_shown", "ratings", ["game", "shown"])
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("user_id", sa.String(16), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("left", sa.Boolean, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("before", sa.Integer, nullable=True),
        sa.Column("after", sa.Integer, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_results_user_id_at", "results", ["user_id", "at"])
    op.create_table(
        "friends",
        sa.Column("user_id", sa.String(16), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("friend_id", sa.String(16), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_friends_friend_id", "friends", ["friend_id"])
    op.create_table(
        "presence",
        sa.Column("user_id", sa.String(16), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("page", sa.String(32), primary_key=True),
        sa.Column("seen_at", sa.Float, nullable=False),
    )
    op.create_index("ix_presence_seen_at", "presence", ["seen_at"])


def downgrade() -> None:
    op.drop_index("ix_presence_seen_at", "presence")
    op.drop_table("presence")
    op.drop_index("ix_friends_friend_id", "friends")
    op.drop_table("friends")
    op.drop_index("ix_results_user_id_at", "results")
    op.drop_table("results")
    op.drop_index("ix_ratings_game_shown", "ratings")
    op.drop_table("ratings")
