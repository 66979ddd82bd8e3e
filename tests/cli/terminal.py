"""Running ``python -m vaka`` in a real pseudo-terminal (80×40 by default), as a person
at a terminal would: what it prints is read back as the screen shows it (colours and
other escape codes dropped, line ends as ``\\n``), and keys such as Ctrl-D can be sent."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from types import TracebackType

CTRL_C = "\x03"
CTRL_D = "\x04"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]")


def plain(raw: str) -> str:
    """Terminal output as text: no escape codes, ``\\n`` line ends."""
    return ESCAPES.sub("", raw).replace("\r\n", "\n").replace("\r", "")


class Terminal:
    """``vaka`` with a pseudo-terminal of ``columns``×``rows`` as its stdin, stdout and
    stderr and as its controlling terminal (so Ctrl-C interrupts it)."""

    def __init__(
        self, *args: str, cwd: str | None = None, columns: int = 80, rows: int = 40
    ) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env["TERM"] = "xterm-256color"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "vaka", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        self.master = master
        self.output = ""  # everything read so far, as plain text
        self._raw = b""
        self._read_to = 0  # how much of ``output`` ``expect`` has handed out

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def line(self, text: str) -> None:
        self.send(text + "\n")

    def expect(self, text: str, timeout: float = 60.0) -> str:
        """Read until ``text`` appears after what earlier calls returned; returns the
        output from there up to and including ``text``. AssertionError on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.output.find(text, self._read_to)
            if found >= 0:
                start, self._read_to = self._read_to, found + len(text)
                return self.output[start : self._read_to]
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                raise AssertionError(f"{text!r} did not appear; the screen ends:\n"
                                     f"{self.output[-2000:]}")  # fmt: skip

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the process has gone and the terminal closed
            return False
        if not chunk:
            return False
        self._raw += chunk
        self.output = plain(self._raw.decode("utf-8", errors="replace"))
        return True

    def wait(self, timeout: float = 60.0) -> int:
        """Read to the end and return the exit status."""
        deadline = time.monotonic() + timeout
        while self._read(max(0.0, deadline - time.monotonic())):
            pass
        return self.process.wait(max(0.1, deadline - time.monotonic()))

    def __enter__(self) -> Terminal:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
