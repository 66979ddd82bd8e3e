"""The service's worker processes (bots, reviews), which end when the server does.

A pool's workers wait on a pipe that they hold both ends of, so a server killed outright
(``kill -9``, a crash) would leave them waiting for good. Each worker watches the process
that started it and leaves once that process is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

WATCH_EVERY = 1.0  # seconds between a worker's looks at its server


def pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` fresh processes (spawned: no copy of the server's tables or sockets)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_watch,
        initargs=(os.getpid(),),
    )


def _watch(server: int) -> None:
    threading.Thread(target=_leave_without, args=(server,), name="watch", daemon=True).start()


def _leave_without(server: int) -> None:
    while os.getppid() == server:  # an orphan is handed to another parent
        time.sleep(WATCH_EVERY)
    os._exit(0)
