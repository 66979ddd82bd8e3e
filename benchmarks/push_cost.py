"""CPU time of building the WebSocket pushes, in-process: ``--tables`` Rapa Nui tables of
two seats played by random moves through the service (real SQLite store), and after each
move both seats' pushes built as a socket's pusher builds them (the last push's ``had``).
Only the pushes are timed (process CPU time), not the moves.

    python -m benchmarks.push_cost --tables 50 --moves 40
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

from vaka.server.messages import CreateTable
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.store import Store


async def measure(tables: int, moves: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="vaka-push-") as folder:
        url = f"sqlite:///{Path(folder) / 'vaka.db'}"
        upgrade(url)
        store = Store(url)
        svc = TableService(store)
        rng = random.Random(seed)
        made = [
            await svc.create(CreateTable(game="rapa-nui", players=2, seats=["me", "me"]))
            for _ in range(tables)
        ]
        had: dict[tuple[str, int], Any] = {}
        spent, pushes, sent = 0.0, 0, 0
        for _ in range(moves):
            for m in made:
                table = svc.tables[m.table.id]
                if table.data.status != "playing":
                    continue
                seat = table.state.to_move[0]
                action = str(rng.choice(table.state.legal_actions(seat)))
                await svc.play(table.id, m.tokens[seat], action, table.version)
                start = time.process_time()
                for s in (0, 1):
                    text, had[table.id, s] = svc.pushed(table, s, had.get((table.id, s)))
                    sent += len(text)
                spent += time.process_time() - start
                pushes += 2
        await svc.close()
        await store.close()
    return {
        "pushes": pushes,
        "us_per_push": round(1e6 * spent / pushes, 1),
        "bytes_per_push": round(sent / pushes),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.push_cost", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.tables, args.moves, args.seed))))


if __name__ == "__main__":
    main()
