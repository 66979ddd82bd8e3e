"""The browser client: static files served by ``vaka serve`` (no build step)."""

from pathlib import Path

STATIC = Path(__file__).parent / "static"
#: The generic table's board, served for a game that names no board of its own.
PLAIN = Path(__file__).parent / "plain"
