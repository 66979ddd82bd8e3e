"""CPU a stored move costs the server: the store's group commit alone, in one process.

    python -m benchmarks.store_commit [--db postgresql://...] [--tables 2000] [--think 3]

``--tables`` tables each store a move, wait a random 0 to 2 × ``--think`` seconds, and
store the next, as the load test's seats do, for ``--seconds`` after ``--warmup``. It
prints the moves stored, the transactions they took, and the process's CPU per move, split
into the event loop's thread and the rest (the writer thread). CPU times barely depend on
what else the machine runs, unlike latencies. To compare with another checkout, run the
same command with ``PYTHONPATH=<that checkout>/src``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from vaka.server.schema import upgrade
from vaka.server.store import Move, Seat, Store, TableData


def _table(table_id: str) -> TableData:
    return TableData(
        id=table_id,
        game="rapa-nui",
        players=2,
        options={},
        seed=7,
        clock={"kind": "none"},
        policy="bot",
        status="playing",
        created_at=time.time(),
        seats=[Seat(0, "human", "A"), Seat(1, "human", "B")],
    )


async def measure(url: str, args: argparse.Namespace) -> dict[str, Any]:
    store = Store(url)
    ids = [f"t{i:05d}" for i in range(args.tables)]
    for table_id in ids:
        await store.create(_table(table_id))
    rng = random.Random(1)
    counting = False
    stored = 0
    stop = time.monotonic() + args.warmup + args.seconds

    async def play(table_id: str) -> None:
        nonlocal stored
        number = 0
        await asyncio.sleep(rng.uniform(0, 2 * args.think))
        while time.monotonic() < stop:
            number += 1
            move = Move(number, number % 2, "act", f"action {number}", False, time.time())
            await store.append(table_id, move)
            stored += counting
            await asyncio.sleep(rng.uniform(0, 2 * args.think))

    async def meter() -> dict[str, Any]:
        nonlocal counting
        await asyncio.sleep(args.warmup)
        counting = True
        cpu, loop, wall = time.process_time(), time.thread_time(), time.monotonic()
        transactions = store.move_transactions
        await asyncio.sleep(args.seconds)
        counting = False
        moves = max(stored, 1)
        return {
            "moves": stored,
            "moves_per_second": round(stored / (time.monotonic() - wall), 1),
            "transactions": store.move_transactions - transactions,
            "cpu_ms_per_move": round(1000 * (time.process_time() - cpu) / moves, 3),
            "loop_cpu_ms_per_move": round(1000 * (time.thread_time() - loop) / moves, 3),
        }

    tasks = [asyncio.create_task(play(t)) for t in ids]
    result = await meter()
    await asyncio.gather(*tasks)
    await store.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--think", type=float, default=3.0, help="mean seconds between moves")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'vaka.db'}"
        upgrade(url)
        result = asyncio.run(measure(url, args))
    print(json.dumps({"database": url.split(":")[0], **vars(args), **result}, indent=1))


if __name__ == "__main__":
    main()
