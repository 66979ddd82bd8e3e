"""Memory per live table of ``vaka serve``: a real server process on loopback, tables of
two seats each with both seats' WebSockets open, played some moves and left open.

    python -m benchmarks.table_memory --tables 200 --moves 30 [--trace]

It starts ``vaka serve`` (SQLite in a temporary folder), makes and plays ``--warm`` tables
first (the game's modules and the server's caches loaded: they are not per table), reads
the server's resident memory, then makes ``--tables`` more, each played ``--moves`` moves
by two clients as the load test's play them, and reads it again with every socket still
open. The difference over the table count is the memory per live table.

With ``--trace`` the server traces its allocations (``tracemalloc``) from the first read
to the second and says where what it still holds was allocated: that memory is
split into the game state, the pushed states and their JSON, the sockets' compression,
the connections' objects (uvicorn, websockets, Starlette, asyncio) and the rest, with the
largest allocation sites and the object counts by type that grew. Tracing doubles the
server's memory and slows it: read its figures as shares, the untraced run's as the size.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import linecache
import os
import pickle
import random
import shutil
import signal
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from benchmarks.loadtest import rss_bytes, started

FRAMES = 40  # frames kept per allocation when tracing


async def _seat(
    base: str,
    table: str,
    seat: int,
    token: str,
    moves: int,
    rng: random.Random,
    ready: asyncio.Event,
    hold: asyncio.Event,
) -> None:
    """One seat: hello, act (a random legal action) while the table's version is under
    ``moves``, then stay connected until ``hold`` is set."""
    url = base.replace("http://", "ws://") + f"/ws/tables/{table}"
    async with connect(url, max_size=2**22, open_timeout=60, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        acted = -1
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] != "state":
                continue
            version = msg["version"]
            if version >= moves or msg["table"]["status"] == "over":
                break
            if msg["legal"] and version > acted:
                action = rng.choice(msg["legal"])["action"]
                acted = version
                await ws.send(json.dumps({"type": "act", "action": action, "version": version}))
        ready.set()
        await hold.wait()


async def _tables(
    base: str, count: int, moves: int, seed: int, hold: asyncio.Event, game: str
) -> list[asyncio.Task[None]]:
    """Make ``count`` two-seat tables and play each ``moves`` moves; returns once every
    table is there, its clients still connected (until ``hold``)."""
    rng = random.Random(seed)
    tasks: list[asyncio.Task[None]] = []
    readies: list[asyncio.Event] = []
    gate = asyncio.Semaphore(16)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:

        async def one() -> None:
            async with gate:
                r = await http.post(
                    "/api/tables", json={"game": game, "players": 2, "seats": ["me", "me"]}
                )
            r.raise_for_status()
            made = r.json()
            for s, token in made["tokens"].items():
                ready = asyncio.Event()
                readies.append(ready)
                tasks.append(
                    asyncio.create_task(
                        _seat(
                            base,
                            made["table"]["id"],
                            int(s),
                            token,
                            moves,
                            random.Random(rng.random()),
                            ready,
                            hold,
                        )
                    )
                )

        await asyncio.gather(*(one() for _ in range(count)))
        for ready in readies:
            await ready.wait()
            failed = [t for t in tasks if t.done() and t.exception()]
            if failed:
                raise RuntimeError(f"a seat failed: {failed[0].exception()!r}")
    await asyncio.sleep(1.0)  # the last pushes sent and settled
    return tasks


def _settled_rss(pid: int) -> int:
    """The server's resident memory once it stopped moving (a second apart, equal within
    64 KB)."""
    last = rss_bytes(pid)
    for _ in range(10):
        time.sleep(1.0)
        now = rss_bytes(pid)
        if abs(now - last) < 65536:
            return now
        last = now
    return last


def _dump(pid: int, path: Path) -> None:
    """Ask the traced server for a snapshot and wait until it is written."""
    done = path.with_suffix(".done")
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 120
    while not done.exists():
        if time.monotonic() > deadline:
            raise RuntimeError("the server wrote no snapshot")
        time.sleep(0.2)


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="vaka-mem-"))
    db = f"sqlite:///{folder / 'vaka.db'}"
    log = str(folder / "server.log")
    env = dict(os.environ)
    traced: dict[str, Any] = {}
    serve = ["--db", db, "--max-tables", "0", "--tables-per-minute", "0", "--port"]
    if args.trace:
        os.environ["VAKA_MEMORY_DUMP"] = str(folder / "snap")
        cmd = ["-m", "benchmarks.table_memory", "--as-server", *serve]
    else:
        cmd = ["-m", "vaka", "serve", *serve]
    try:
        with started(cmd, log) as (base, pid):
            hold = asyncio.Event()
            warm = await _tables(base, args.warm, args.moves, 1, hold, args.game)
            before = _settled_rss(pid)
            if args.trace:
                _dump(pid, folder / "snap-1")
            live = await _tables(base, args.tables, args.moves, 2, hold, args.game)
            after = _settled_rss(pid)
            if args.trace:
                _dump(pid, folder / "snap-2")
            hold.set()
            await asyncio.gather(*warm, *live)
        if args.trace:
            traced = breakdown(folder / "snap-1", folder / "snap-2", args.tables)
    finally:
        os.environ.clear()
        os.environ.update(env)
        shutil.rmtree(folder, ignore_errors=True)
    result: dict[str, Any] = {
        "game": args.game,
        "tables": args.tables,
        "moves": args.moves,
        "rss_mb": {"before": round(before / 2**20, 1), "after": round(after / 2**20, 1)},
        "kb_per_table": round((after - before) / 1024 / args.tables, 1),
    }
    if args.trace:
        result["traced"] = traced
    return result


# What each allocation is, by the frames that made it: the first rule that matches any
# frame (file part, or file part and a word of the line) names it.
KINDS: list[tuple[str, str, str]] = [
    ("deflate: compressor", "permessage_deflate", "compressobj"),
    ("deflate: decompressor", "permessage_deflate", "decompressobj"),
    ("deflate: other", "permessage_deflate", ""),
    ("deflate: window kept", "vaka/server/deflate", "self.window"),
    ("deflate: compressor", "vaka/server/deflate", "compressobj"),
    ("pushed JSON", "vaka/server/show.py", "model_dump_json"),
    ("pushed states (views, legal actions, summary)", "vaka/server/show.py", ""),
    ("game state", "vaka/games/", ""),
    ("game state", "vaka/core/", ""),
    ("socket handler (ws.py: its tasks, events, token bucket)", "vaka/server/ws.py", ""),
    ("table (stored data, moves)", "vaka/server/", ""),
    ("connection (uvicorn, websockets, Starlette, asyncio)", "uvicorn/", ""),
    ("connection (uvicorn, websockets, Starlette, asyncio)", "websockets/", ""),
    ("connection (uvicorn, websockets, Starlette, asyncio)", "starlette/", ""),
    ("connection (uvicorn, websockets, Starlette, asyncio)", "asyncio/", ""),
]


def kind_of(frames: tracemalloc.Traceback) -> str:
    for name, part, word in KINDS:
        for frame in frames:
            if part in frame.filename and (
                not word or word in linecache.getline(frame.filename, frame.lineno)
            ):
                return name
    return "other"


def breakdown(first: Path, second: Path, tables: int) -> dict[str, Any]:
    """What was allocated between the two signals and is still held, per table, by kind
    and by allocation site; and the objects by type that grew."""
    b = tracemalloc.Snapshot.load(str(second))
    kinds: Counter[str] = Counter()
    for stat in b.statistics("traceback"):
        kinds[kind_of(stat.traceback)] += stat.size
    sites = []
    for stat in b.statistics("lineno")[:30]:
        frame = stat.traceback[0]
        where = f"{frame.filename.split('site-packages/')[-1].split('/src/')[-1]}:{frame.lineno}"
        sites.append([where, round(stat.size / 1024 / tables, 2)])
    counts_a = pickle.loads(first.with_suffix(".types").read_bytes())
    counts_b = pickle.loads(second.with_suffix(".types").read_bytes())
    grown = Counter({k: counts_b[k] - counts_a.get(k, 0) for k in counts_b})
    return {
        "kb_per_table": {k: round(v / 1024 / tables, 1) for k, v in kinds.most_common()},
        "total_kb_per_table": round(sum(kinds.values()) / 1024 / tables, 1),
        "sites_kb_per_table": sites,
        "objects_per_table": {k: round(n / tables, 1) for k, n in grown.most_common(30) if n > 0},
        # what the garbage collector's full collections walk for each live table
        "tracked_objects_per_table": round(sum(grown.values()) / tables, 1),
    }


def as_server(argv: list[str]) -> None:
    """``vaka serve`` that, on its first SIGUSR1, counts its objects by type and starts
    ``tracemalloc`` and on its second writes a snapshot (and the counts again), to
    ``$VAKA_MEMORY_DUMP-N``. Tracing from the first signal only keeps the start-up fast and
    the snapshot to what was made since (the live tables measured)."""
    prefix = os.environ["VAKA_MEMORY_DUMP"]
    dumps = {"n": 0}

    def dump(_sig: int, _frame: Any) -> None:
        dumps["n"] += 1
        path = Path(f"{prefix}-{dumps['n']}")
        gc.collect()
        types = Counter(type(o).__qualname__ for o in gc.get_objects())
        path.with_suffix(".types").write_bytes(pickle.dumps(dict(types)))
        if tracemalloc.is_tracing():
            tracemalloc.take_snapshot().dump(str(path))
        else:
            tracemalloc.start(FRAMES)
        path.with_suffix(".done").touch()

    signal.signal(signal.SIGUSR1, dump)
    from vaka.cli.main import app

    sys.argv = ["vaka", "serve", *argv]
    app(prog_name="vaka")


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--as-server"]:
        as_server(argv[1:])
        return
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.table_memory", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--tables", type=int, default=200, help="live tables measured")
    parser.add_argument("--warm", type=int, default=20, help="tables made before the first read")
    parser.add_argument("--moves", type=int, default=30, help="moves played at each table")
    parser.add_argument("--game", default="rapa-nui")
    parser.add_argument("--trace", action="store_true", help="split the memory (tracemalloc)")
    args = parser.parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):
        print(json.dumps(asyncio.run(measure(args)), indent=1))


if __name__ == "__main__":
    main()
