"""``vaka serve`` that times each of Python's garbage collections, for the load test.

    python -m benchmarks.gc_pauses [--census] OUT.json serve --db ... --port 8000

Every collection of every generation is timed (``gc.callbacks``; the CPU time of the
thread that runs it, the event loop's: while it runs, no table is answered) and written to
``OUT.json`` every two seconds and at the end as ``[wall-clock start, generation, CPU
seconds, objects collected]`` rows. ``python -m benchmarks.loadtest --collector`` starts
its server this way and reports the collections of the measured seconds alone.

With ``--census``, each collection of the older generations also counts, before it runs,
the objects it is about to walk by type (``OUT.census.json``: the latest few): what a
server keeps alive for a few seconds, and so what makes those collections long.
"""

from __future__ import annotations

import gc
import json
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

EVERY = 2.0  # seconds between writes
KEEP = 6  # censuses kept


def summary(rows: list[list[float]], start: float, end: float) -> dict[str, Any]:
    """Per generation, the collections that began between ``start`` and ``end``: how
    many, the longest and all of them together (milliseconds of CPU)."""
    out: dict[str, Any] = {}
    for generation in (0, 1, 2):
        times = [r[2] for r in rows if r[1] == generation and start <= r[0] <= end]
        out[str(generation)] = {
            "collections": len(times),
            "longest_ms": round(1000 * max(times, default=0.0), 1),
            "total_ms": round(1000 * sum(times), 1),
        }
    return out


def census(generation: int) -> dict[str, int]:
    """The objects of the generations up to ``generation``, counted by type (most first)."""
    found = Counter(type(o).__qualname__ for g in range(generation + 1) for o in gc.get_objects(g))
    return dict(found.most_common(40))


def main() -> None:
    counting = sys.argv[1] == "--census"
    out, args = Path(sys.argv[1 + counting]), sys.argv[2 + counting :]
    rows: list[list[float]] = []
    counts: list[dict[str, Any]] = []
    began: list[float] = [0.0, 0.0]

    def timing(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            if counting and info["generation"] > 0:
                counts.append({"at": time.time(), **info, "types": census(info["generation"])})
                del counts[:-KEEP]
            began[:] = [time.time(), time.thread_time()]
        else:
            took = time.thread_time() - began[1]
            rows.append([round(began[0], 3), info["generation"], took, info["collected"]])

    def write() -> None:
        out.write_text(json.dumps(rows[:]))
        if counting:
            out.with_suffix(".census.json").write_text(json.dumps(counts[:], indent=1))

    def keep_writing() -> None:
        while True:
            time.sleep(EVERY)
            write()

    gc.callbacks.append(timing)
    threading.Thread(target=keep_writing, daemon=True).start()
    from vaka.cli.main import app

    try:
        app(args=args, prog_name="vaka")
    finally:
        write()


if __name__ == "__main__":
    main()
