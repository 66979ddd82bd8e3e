"""Running ``python -m vaka`` as a real process, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys


def vaka(
    *args: str,
    stdin: str | None = None,
    cwd: str | None = None,
    columns: int = 120,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    # English unless a test asks for a language: the machine's own LANG does not leak in
    quiet = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env = {**quiet, "LANG": "C.UTF-8", "COLUMNS": str(columns), "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "vaka", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        input=stdin,
        cwd=cwd,
    )
