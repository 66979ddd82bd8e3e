"""Memory over many finished games: plays ``--games`` whole games of a small game through
the service (the real store, SQLite in a temporary folder) one after another and prints the
process's resident memory and the tables it holds every ``--every`` games.

    python -m benchmarks.finished_games --games 10000 --every 1000

The game is the test suite's sealed-bid game (three rounds of sealed bids: six actions for
two players), so that the run measures what the service keeps of a finished table, not
the length of a game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from vaka.core.registry import register
from vaka.server.messages import CreateTable
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.store import Store


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def play(games: int, every: int, url: str) -> None:
    store = Store(url)
    svc = TableService(store)
    rng = random.Random(1)
    start = time.monotonic()
    try:
        for n in range(1, games + 1):
            made = await svc.create(CreateTable(game="sealed-bid", players=2, seats=["me", "me"]))
            table = await svc.table(made.table.id)
            while not table.state.is_over:
                for seat in (0, 1):
                    svc.pushed(table, seat)
                seat = table.state.to_move[0]
                action = str(rng.choice(table.state.legal_actions(seat)))
                await svc.play(table.id, made.tokens[seat], action, table.version)
                table = await svc.table(made.table.id)
            if n % every == 0:
                row = {
                    "games": n,
                    "rss_mb": round(rss_mb(), 1),
                    "tables_held": len(svc.tables),
                    "seconds": round(time.monotonic() - start),
                }
                print(json.dumps(row), flush=True)
    finally:
        await svc.close()
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1000)
    args = parser.parse_args()
    sys.path.insert(0, os.getcwd())  # the test-only game lives in the tests
    from tests.core.sealedbid import GAME

    register(GAME)
    with tempfile.TemporaryDirectory(prefix="vaka-finished-") as folder:
        url = f"sqlite:///{folder}/vaka.db"
        upgrade(url)
        asyncio.run(play(args.games, args.every, url))


if __name__ == "__main__":
    main()
