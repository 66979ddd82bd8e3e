"""Placeholder."""

from __future__ import annotations


def command() -> None:
    """Not yet."""
