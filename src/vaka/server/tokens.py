"""Seat tokens: random secrets that act for one seat of one table.

Only a token's hash is stored, so a copy of the database acts for nobody; hashes are
compared in constant time, so a response's timing tells nothing about a stored one.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 random bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored`` (constant time)."""
    return stored is not None and hmac.compare_digest(token_hash(token), stored)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)  # 12 characters, 72 bits: not guessable, not secret
