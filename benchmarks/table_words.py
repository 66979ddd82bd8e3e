"""What a table's pushes cost in each language: plays ``--games`` whole Rapa Nui games of
three seats through the service (the real store, SQLite in a temporary folder), random
legal actions, and after every change builds the push of every seat and a spectator once
per language asked, as the service does for its sockets. Prints the seconds spent
building pushes, per language, and per change.

    python -m benchmarks.table_words --games 5 --langs en de

Run it from another checkout's sources (``PYTHONPATH=/other/src``) to compare the English
path before and after a change: only the time inside ``pushed`` is counted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time

from vaka.i18n import using
from vaka.server.messages import CreateTable
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.store import Store


async def play(games: int, langs: list[str], url: str) -> dict[str, float]:
    store = Store(url)
    svc = TableService(store)
    rng = random.Random(1)
    spent = dict.fromkeys(langs, 0.0)
    changes = 0
    try:
        for _ in range(games):
            made = await svc.create(
                CreateTable(game="rapa-nui", players=3, seats=["me", "me", "me"])
            )
            table = await svc.table(made.table.id)
            had: dict[tuple[str, int | None], object] = {}
            while not table.state.is_over:
                for lang in langs:
                    with using(lang):
                        start = time.perf_counter()
                        for seat in (0, 1, 2, None):
                            _text, had[(lang, seat)] = svc.pushed(
                                table,
                                seat,
                                had.get((lang, seat)),  # type: ignore[arg-type]
                            )
                        spent[lang] += time.perf_counter() - start
                changes += 1
                seat = table.state.to_move[0]
                action = str(rng.choice(table.state.legal_actions(seat)))
                await svc.play(table.id, made.tokens[seat], action, table.version)
                table = await svc.table(made.table.id)
    finally:
        await svc.close()
        await store.close()
    out = {f"{lang}_seconds": round(s, 3) for lang, s in spent.items()}
    out |= {f"{lang}_us_per_change": round(s / changes * 1e6) for lang, s in spent.items()}
    return out | {"changes": changes}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--langs", nargs="+", default=["en"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="vaka-words-") as folder:
        url = f"sqlite:///{folder}/vaka.db"
        upgrade(url)
        print(json.dumps(asyncio.run(play(args.games, args.langs, url))))


if __name__ == "__main__":
    main()
