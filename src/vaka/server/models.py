"""The whole schema: every module that keeps rows, imported so that their tables are all
on :data:`Base`'s metadata (the migrations are checked against it)."""

from __future__ import annotations

from vaka.server import people_rows, review_rows, rows
from vaka.server.mail import rows as mail_rows
from vaka.server.rows import Base

__all__ = ["Base", "mail_rows", "people_rows", "review_rows", "rows"]
