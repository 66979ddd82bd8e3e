"""Running ``python -m vaka`` in a real pseudo-terminal of a given size, as a person would.

The program sees a terminal (``isatty``, the window size), so Rich draws for that width;
what it wrote comes back as plain text lines (colours and other escapes removed), to be
checked for what a person would see: widths, heights, words.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence

#: Terminal escapes: CSI sequences (colours, cursor), OSC sequences (titles, links), others.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def plain(text: str) -> str:
    """Terminal output as the text a person reads: no escapes, no carriage returns."""
    return ESCAPES.sub("", text).replace("\r\n", "\n").replace("\r", "")


class Terminal:
    """``python -m vaka *args`` in a pseudo-terminal of ``columns`` × ``lines``."""

    def __init__(
        self, *args: str, columns: int = 80, lines: int = 40, cwd: str | None = None
    ) -> None:
        self.columns, self.lines = columns, lines
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env["TERM"] = "xterm-256color"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "vaka", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=cwd,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.raw = ""  # everything written so far, escapes and all
        self.read_to = 0  # how much of ``text`` ``expect`` has consumed

    @property
    def text(self) -> str:
        return plain(self.raw)

    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; False once the program has closed."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the other side is closed
            return False
        if not chunk:
            return False
        self.raw += chunk.decode("utf-8", errors="replace")
        return True

    def expect(self, *patterns: str, timeout: float = 60) -> str:
        """Wait until one of the regular expressions appears after what was read before;
        return the text from there to the end of the match (and consume it)."""
        compiled = [re.compile(p) for p in patterns]
        deadline = time.monotonic() + timeout
        while True:
            text = self.text
            found = [m for c in compiled if (m := c.search(text, self.read_to))]
            if found:
                first = min(found, key=lambda m: m.start())
                chunk = text[self.read_to : first.end()]
                self.read_to = first.end()
                return chunk
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(
                    f"none of {list(patterns)} appeared; the screen ends:\n{text[-2000:]}"
                )
            if not self._read(min(left, 0.5)):
                raise EOFError(f"the program ended without {list(patterns)}:\n{text[-2000:]}")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def wait(self, timeout: float = 30) -> int:
        """Wait for the program to end, reading what it writes; its exit status."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self._read(0.2):
            if self.process.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                break
        return self.process.wait(timeout=max(0.1, deadline - time.monotonic()))

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)
        os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def too_wide(lines: Sequence[str], columns: int) -> list[str]:
    """The lines that would not fit in ``columns`` (each character one column wide, as
    every character vaka prints is)."""
    return [line for line in lines if len(line) > columns]
