"""The service's worker processes (bots, reviews), which end when the server does.

A pool's workers wait on a pipe that they hold both ends of, so a server killed outright
(``kill -9``, a crash) would leave them waiting for good. Each worker watches the process
that started it and leaves once that process is gone.

Ctrl-C at the terminal reaches the whole process group, workers included: they ignore it
and leave when the server stops them (``stop``), so a server stopped with Ctrl-C prints
no worker's traceback and leaves no process, pipe or semaphore behind.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

WATCH_EVERY = 1.0  # seconds between a worker's looks at its server
STOP_WAIT = 5.0  # seconds a stopped worker has to end before it is killed


def pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` fresh processes (spawned: no copy of the server's tables or sockets)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_watch,
        initargs=(os.getpid(),),
    )


def stop(pool: ProcessPoolExecutor) -> None:
    """End the pool's processes now (what they were doing is dropped: a bot's decision is
    asked again and a review started again after a restart) and wait until they are gone,
    so that the pool's pipes and semaphores are released before the server exits."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(STOP_WAIT)
        if worker.is_alive():
            worker.kill()
            worker.join()
    pool.shutdown(wait=True)


def _watch(server: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server says when to stop
    threading.Thread(target=_leave_without, args=(server,), name="watch", daemon=True).start()


def _leave_without(server: int) -> None:
    while os.getppid() == server:  # an orphan is handed to another parent
        time.sleep(WATCH_EVERY)
    os._exit(0)
