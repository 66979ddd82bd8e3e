"""Running ``python -m vaka`` in a real pseudo-terminal of a given size, as a person would
see it: spawn, send a line, read until a pattern, and the screen's text without colours."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>()][0-9A-Za-z]?")


class Terminal:
    """``vaka ARGS`` on a pseudo-terminal of ``columns`` x ``lines``."""

    def __init__(self, *args: str, columns: int = 80, lines: int = 40, cwd: str | None = None):
        self.main, side = pty.openpty()
        fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env["TERM"] = "xterm-256color"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "vaka", *args],
            stdin=side, stdout=side, stderr=side, cwd=cwd, env=env, start_new_session=True,
        )  # fmt: skip
        os.close(side)
        self.output = ""  # everything shown so far, colours removed

    def send(self, line: str) -> None:
        os.write(self.main, (line + "\r").encode())

    def read_until(self, pattern: str, timeout: float = 60) -> str:
        """Read until ``pattern`` (a regex) shows after what was read before; returns
        the text read in this call."""
        start, deadline = len(self.output), time.monotonic() + timeout
        while not re.search(pattern, self.output[start:]):
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                raise AssertionError(f"no {pattern!r} on the screen; it shows:\n{self.screen()}")
        return self.output[start:]

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.main], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.main, 65536)
        except OSError:  # the process ended
            return False
        self.output += _ANSI.sub("", data.decode("utf-8", "replace")).replace("\r", "")
        return bool(data)

    def screen(self, lines: int = 40) -> str:
        """The last ``lines`` lines shown."""
        return "\n".join(self.output.splitlines()[-lines:])

    def close(self, wait: float = 20) -> int:
        """Wait for the process to end (``wait`` seconds, then stop it); its exit status."""
        try:
            code = self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.process.terminate()
            code = self.process.wait(timeout=30)
        os.close(self.main)
        return code
