"""Running ``python -m vaka`` in a real pseudo-terminal of a given size (80×40 unless told),
as a person would: the program sees a terminal (``isatty``, the window size, a controlling
terminal so that Ctrl-C interrupts it), and what it wrote comes back as plain text (colours
and other escapes removed, ``\\n`` line ends), to be checked for what a person would see."""

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
from types import TracebackType

CTRL_C = "\x03"
CTRL_D = "\x04"
#: Terminal escapes: CSI sequences (colours, cursor), OSC sequences (titles, links), others.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def _child(ctrl_c_ignored: bool) -> None:
    """In the child before it runs the program: the terminal becomes its own."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    if ctrl_c_ignored:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def plain(text: str) -> str:
    """Terminal output as the text a person reads: no escapes, no carriage returns."""
    return ESCAPES.sub("", text).replace("\r\n", "\n").replace("\r", "")


class Terminal:
    """``python -m vaka *args`` in a pseudo-terminal of ``columns`` × ``lines``."""

    def __init__(
        self,
        *args: str,
        columns: int = 80,
        lines: int = 40,
        cwd: str | None = None,
        ctrl_c_ignored: bool = False,
    ) -> None:
        """``ctrl_c_ignored``: start the program with Ctrl-C ignored, as some launchers
        (a shell's background jobs, some launchers) leave it."""
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
            preexec_fn=lambda: _child(ctrl_c_ignored),
        )
        os.close(slave)
        self.master = master
        self._raw = b""  # everything written so far, escapes and all
        self.read_to = 0  # how much of ``text`` ``expect`` has handed out

    @property
    def text(self) -> str:
        """Everything shown so far, as plain text."""
        return plain(self._raw.decode("utf-8", errors="replace"))

    output = text

    def send(self, keys: str) -> None:
        """Type ``keys`` as they are (``CTRL_D``, ``CTRL_C``, …)."""
        os.write(self.master, keys.encode())

    def interrupt(self) -> None:
        """Press Ctrl-C."""
        self.send(CTRL_C)

    def line(self, text: str) -> None:
        """Type a line and Enter."""
        self.send(text + "\n")

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
                raise AssertionError(
                    f"none of {list(patterns)} appeared; the screen ends:\n{text[-2000:]}"
                )
            if not self._read(min(left, 0.5)) and self.process.poll() is not None:
                raise AssertionError(f"the program ended without {list(patterns)}:\n{text[-2000:]}")

    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; False if nothing came or it is closed."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the program has gone and the terminal closed
            return False
        self._raw += chunk
        return bool(chunk)

    def wait(self, timeout: float = 60) -> int:
        """Read to the end and return the exit status."""
        deadline = time.monotonic() + timeout
        while self._read(max(0.0, min(0.5, deadline - time.monotonic()))) or (
            self.process.poll() is None and time.monotonic() < deadline
        ):
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


def too_wide(lines: Sequence[str], columns: int) -> list[str]:
    """The lines that would not fit in ``columns`` (each character one column wide, as
    every character vaka prints is)."""
    return [line for line in lines if len(line) > columns]
