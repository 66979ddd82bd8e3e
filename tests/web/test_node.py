"""The client's own logic, tested with node's test runner (tests/web/js/*.test.mjs)."""

from __future__ import annotations

import shutil
import subprocess

import pytest


def test_node_tests_of_the_client_logic_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node here")
    done = subprocess.run(
        [node, "--test", "tests/web/js/"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
