"""How long ``vaka serve`` takes to answer its first request: from starting the process to
the first answer of ``GET /api/tables`` (polled every 10 ms), over ``--runs`` starts, with
the CPU the server used by then (steadier than the time on a busy machine).

    python -m benchmarks.first_request --runs 5 [--server-src OTHER_CHECKOUT/src]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import httpx

from benchmarks.loadtest import cpu_seconds, free_port


def once(src: str | None, folder: str) -> tuple[float, float]:
    """Seconds to the first answer, and the CPU seconds the server used by then."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": src} if src else None
    db = f"sqlite:///{folder}/vaka-{port}.db"
    start = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "vaka", "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        while proc.poll() is None:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).status_code == 200:
                    return time.monotonic() - start, cpu_seconds(proc.pid)
            except httpx.HTTPError:
                time.sleep(0.01)
        raise RuntimeError("the server stopped")
    finally:
        proc.terminate()
        proc.wait(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--server-src", help="PYTHONPATH for the server (another checkout)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="vaka-first-") as folder:
        runs = [once(args.server_src, folder) for _ in range(args.runs)]
    took, cpu = [r[0] for r in runs], [r[1] for r in runs]
    print(
        json.dumps(
            {
                "seconds": [round(t, 2) for t in took],
                "median": round(statistics.median(took), 2),
                "cpu_seconds": [round(c, 2) for c in cpu],
                "cpu_median": round(statistics.median(cpu), 2),
                "load_average": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
