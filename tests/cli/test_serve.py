"""``vaka serve`` and ``vaka db upgrade`` on PostgreSQL without its driver: one clear line
naming the extra to install, and exit status 2 (no traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.serverproc import free_port


@pytest.mark.parametrize("which", ["serve", "db upgrade"])
def test_postgresql_without_its_driver_says_which_extra_to_install(
    tmp_path: Path, which: str
) -> None:
    hidden = tmp_path / "hidden" / "psycopg"  # found first, and fails as a missing one does
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'psycopg'\", name='psycopg')\n"
    )
    paths = [str(hidden.parent), os.environ.get("PYTHONPATH", "")]
    command = ["serve", "--port", str(free_port())] if which == "serve" else ["db", "upgrade"]
    done = subprocess.run(
        [sys.executable, "-m", "vaka", *command, "--db", "postgresql://vaka@127.0.0.1:1/vaka"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p), "COLUMNS": "200"},
    )
    said = done.stdout + done.stderr
    assert done.returncode == 2, said
    assert "pip install 'vaka[postgres]'" in said
    assert "Traceback" not in said
