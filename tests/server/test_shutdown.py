"""``vaka serve`` stopped with Ctrl-C, as a person stops it at a terminal: the signal
reaches the server's whole process group, its bot workers included, and the server
still ends cleanly, leaving no process, traceback or leaked semaphore behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.cli.process import vaka
from tests.server.serverproc import free_port


def gone(group: int, timeout: float) -> bool:
    """Whether every process of the group has ended within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_ctrl_c_stops_the_server_and_its_workers_cleanly(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "vaka", "serve", "--db", f"sqlite:///{tmp_path / 'v.db'}",
         "--port", str(port), "--hard-seconds", "0.2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        start_new_session=True,  # its own process group, as a shell gives a command
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.communicate()[1].decode()
            try:
                if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.1)
        # A table with two bots, played a little: the bots' workers have worked.
        played = vaka("play", "rapa-nui", "--server", url, "-p", "3", stdin="1\n1\n1\nquit\n")
        assert played.returncode == 0, played.stdout + played.stderr
        assert "You left the table" in played.stdout
        os.killpg(server.pid, signal.SIGINT)  # Ctrl-C: to the server and its workers
        _, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    stderr = err.decode()
    assert server.returncode == 0, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert "leaked" not in stderr, stderr
    assert gone(server.pid, 10), "a worker outlived the server"
