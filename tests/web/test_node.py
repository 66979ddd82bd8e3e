"""The browser client's own JavaScript logic, tested with ``node --test``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).parent / "js"


def test_the_clients_javascript_logic() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js here (apt-get install nodejs)")
    files = sorted(str(p) for p in JS_TESTS.glob("*.test.mjs"))
    assert files, "there are JavaScript tests to run"
    paths = str(JS_TESTS / "paths.mjs")  # the boards' "/static/..." imports, for Node
    done = subprocess.run(
        [node, "--import", paths, "--test", *files], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
