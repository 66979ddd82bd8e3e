"""Running a script of ``scripts/`` as its users do: this Python, in a process of its own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).parents[1] / "scripts"


def script_process(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``scripts/NAME`` run to its end, whatever its exit status: its output and status."""
    return subprocess.run(
        [sys.executable, str(SCRIPTS / name), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


def run_script(name: str, *args: str) -> str:
    """What ``scripts/NAME`` printed; a failure raises with its output."""
    done = script_process(name, *args)
    done.check_returncode()
    return done.stdout
