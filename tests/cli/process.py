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
    env = {**os.environ, "COLUMNS": str(columns), "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "vaka", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        input=stdin,
        cwd=cwd,
    )
