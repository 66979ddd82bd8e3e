"""Running a script of ``scripts/`` as its users do: this Python, in a process of its own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).parents[1] / "scripts"


def run_script(name: str, *args: str) -> str:
    """What ``scripts/NAME`` printed; a failure raises with its output."""
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / name), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return done.stdout
