"""Reading a line at a prompt so that Ctrl-C answers at once, whenever it comes.

Python runs its Ctrl-C handler only between steps of the program. ``input()`` blocks in
the C library's read, and a Ctrl-C that arrives after the program's last step but before
that read began (the window is short, but a busy machine widens it) is noticed only once
the read returns, when the next line is typed. So the line is read here with ``select``
on the terminal and on a pipe that the signal machinery writes a byte into at every
signal (``signal.set_wakeup_fd``): a Ctrl-C at any moment wakes the wait, and the handler
raises ``KeyboardInterrupt`` as soon as the program takes its next step.

The terminal stays in its ordinary line mode, so typing, erasing and Enter behave as with
``input()`` (which, without the readline module, offers nothing more).
"""

from __future__ import annotations

import codecs
import os
import select
import signal
import sys

from vaka.cli.common import console

_wakeup: tuple[int, int] | None = None


def ask(prompt: str) -> str:
    """Show ``prompt`` (rich markup) and return the line typed, without its line end.
    Raises ``EOFError`` at the end of the input (Ctrl-D) and ``KeyboardInterrupt`` at
    Ctrl-C. Input that is not a terminal is read as ``input()`` reads it."""
    if not sys.stdin.isatty() or not _listening():
        return console.input(prompt)
    console.print(prompt, end="")
    console.file.flush()
    return _read_line(sys.stdin.fileno())


def _listening() -> bool:
    """Make sure that Ctrl-C raises ``KeyboardInterrupt`` and wakes the pipe; False where
    that cannot be arranged (outside the main thread)."""
    global _wakeup
    try:
        if _wakeup is None:
            r, w = os.pipe()
            os.set_blocking(r, False)
            os.set_blocking(w, False)
            signal.set_wakeup_fd(w, warn_on_full_buffer=False)
            _wakeup = (r, w)
        # A parent that ignored or blocked Ctrl-C (some launchers do) would leave the
        # player no way to ask to leave; at a terminal prompt it always asks.
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    except ValueError:  # not the main thread
        return False
    return True


def _read_line(fd: int) -> str:
    assert _wakeup is not None
    wake = _wakeup[0]
    _drain(wake)  # signals already handled (a Ctrl-C while the bots thought)
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    text = ""
    while True:
        ready, _, _ = select.select([fd, wake], [], [])  # a signal's handler runs here
        if wake in ready:
            _drain(wake)  # some other signal: its handler has run; read on
        if fd not in ready:
            continue
        chunk = os.read(fd, 4096)  # a line at most: the terminal is in line mode
        text += decoder.decode(chunk, final=not chunk)
        if not chunk:  # Ctrl-D: at the start of a line the input has ended
            if text:
                return text
            raise EOFError
        if text.endswith("\n"):
            return text[:-1]


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 512):
            pass
    except BlockingIOError:
        pass
