"""The browser client: static files served by ``vaka serve`` (no build step)."""

from pathlib import Path

STATIC = Path(__file__).parent / "static"
