"""Memory of a live table in the service alone: no sockets, no pushes.

    python -m benchmarks.service_table_memory --tables 200 --moves 30

A :class:`~vaka.server.service.TableService` on a real SQLite store in a temporary folder
makes ``--warm`` Rapa Nui tables of two seats first (the game's modules and caches are not
per table), then ``--tables`` more, each played ``--moves`` random moves through
``play`` as a seat's socket would, with ``tracemalloc`` running from before the second
batch to after it. It prints what is still held per table and its largest allocation
sites: the part of ``benchmarks.table_memory``'s figure that is the table itself (its
game, its moves and stored data) rather than its sockets and pushes.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import linecache
import random
import tempfile
import tracemalloc
from pathlib import Path

from vaka.server.messages import CreateTable
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.store import Store


async def _table(svc: TableService, rng: random.Random, moves: int) -> None:
    made = await svc.create(CreateTable(game="rapa-nui", players=2, seats=["me", "me"]))
    table_id = made.table.id
    for _ in range(moves):
        table = await svc.table(table_id)
        if table.state.is_over:
            return
        seat = table.state.to_move[0]
        action = str(rng.choice(table.state.legal_actions(seat)))
        await svc.play(table_id, made.tokens[seat], action, table.version)


async def measure(tables: int, moves: int, warm: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'vaka.db'}"
        upgrade(url)
        svc = TableService(Store(url))
        rng = random.Random(1)
        try:
            for _ in range(warm):
                await _table(svc, rng, moves)
            gc.collect()
            tracemalloc.start(1)
            before = tracemalloc.take_snapshot()
            for _ in range(tables):
                await _table(svc, rng, moves)
            gc.collect()
            after = tracemalloc.take_snapshot()
            tracemalloc.stop()
        finally:
            await svc.close()
            await svc.store.close()
    stats = after.compare_to(before, "lineno")
    sites = []
    for stat in stats[:15]:
        frame = stat.traceback[0]
        where = f"{frame.filename.split('site-packages/')[-1].split('/src/')[-1]}:{frame.lineno}"
        line = linecache.getline(frame.filename, frame.lineno).strip()[:70]
        sites.append([where, round(stat.size_diff / 1024 / tables, 2), line])
    return {
        "tables": tables,
        "moves": moves,
        "kb_per_table": round(sum(s.size_diff for s in stats) / 1024 / tables, 1),
        "sites_kb_per_table": sites,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--warm", type=int, default=10)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(measure(args.tables, args.moves, args.warm)), indent=1))


if __name__ == "__main__":
    main()
