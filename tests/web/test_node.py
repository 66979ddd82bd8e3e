"""The browser client's own logic, tested in node (tests/web/js/*.test.mjs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).parent / "js"


def test_node_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node here")
    tests = sorted(str(p) for p in JS.glob("*.test.mjs"))
    assert tests, "no node tests found"
    done = subprocess.run([node, "--test", *tests], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
