"""A load benchmark for ``vaka serve``: many tables at once, every seat a client that acts
as soon as it is its turn, over loopback WebSockets.

It reports moves per second and the latency from sending an action to receiving the state
pushed after it (p50, p99). It is bounded by a table count and a time limit and stops by
itself; finished games are replaced by new tables, so the count stays the same throughout.
The first ``--warmup`` seconds (tables made, sockets opened) are played but not counted.

    python -m benchmarks.loadtest --tables 200 --seconds 30 --db sqlite:///tmp/bench.db

(run from the repository's root). Without ``--url`` it starts ``--servers`` ``vaka serve``
processes of its own on free loopback ports (with ``--db``; several share one PostgreSQL)
and stops them afterwards. The clients share the machine with the servers, as they would
on a developer's laptop; on a small machine they take part of its time (the report gives
both sides' CPU per move). ``--clients N`` splits the tables between N client processes,
so that one client process's core is not the limit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from benchmarks import gc_pauses
from vaka.cli.wire import whole_log
from vaka.server.ws import RATE

#: How long a client refused for sending too fast waits before sending again: the time the
#: server's limit gives for one more message.
RETRY_AFTER = 1.0 / RATE

#: Tables being made at once (each a POST); the rest wait their turn.
MAKING = 16

#: Called with every raw message a seat receives (the leak tests keep them).
Listener = Callable[[int, str], None]


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # seconds, one per accepted move
    refused: dict[str, int] = field(default_factory=dict)  # error code -> count
    games: int = 0  # games played to the end
    failures: dict[str, int] = field(default_factory=dict)  # tables lost to an error, by kind
    since: float = 0.0  # moves sent before this (monotonic) time are not counted: warm-up
    seats: int = 0  # seats connected (said hello) so far
    seats_at_start: int = 0  # seats connected when the measure began

    def quantile(self, q: float) -> float:
        """The latency below which a share ``q`` of the moves fell (milliseconds)."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play_seat(
    base: str,
    table: str,
    seat: int,
    token: str,
    rng: random.Random,
    stats: Stats,
    until: float,
    listen: Listener | None = None,
    think: float = 0.0,
) -> bool:
    """One seat's client: hello, then a random legal action whenever the seat may act
    (after a pause of up to twice ``think`` seconds, as a person would take).

    Returns whether the game ended (False: the time ran out first). Latency is measured
    from sending an action to the first pushed state of a later version.
    """
    ws_url = base.replace("http://", "ws://") + f"/ws/tables/{table}"
    async with connect(ws_url, max_size=2**22, open_timeout=30, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        stats.seats += 1
        try:  # one deadline for the seat, not a timer per message: clients must be cheap
            async with asyncio.timeout(until - time.monotonic()):
                return await _seat_loop(ws, seat, stats, rng, listen, think)
        except TimeoutError:
            return False


async def _seat_loop(
    ws: Any, seat: int, stats: Stats, rng: random.Random, listen: Listener | None, think: float
) -> bool:
    """The seat's messages until its game ends (see :func:`play_seat`)."""
    acted, sent_at, sent = -1, 0.0, ""
    log: list[Any] | None = None
    while True:
        raw = await ws.recv()
        assert isinstance(raw, str)
        if listen is not None:
            listen(seat, raw)
        msg = json.loads(raw)
        if msg["type"] == "error":
            stats.refused[msg["error"]] = stats.refused.get(msg["error"], 0) + 1
            if msg["error"] == "rate_limited" and sent:
                # a seat with many moves in a row can outrun the server's limit of
                # messages a second: wait as the limit asks, then send it again
                await asyncio.sleep(RETRY_AFTER)
                await ws.send(sent)
            elif msg["error"] != "stale":  # stale: a fresh state is on its way
                raise RuntimeError(f"seat {seat} was refused: {msg}")
            continue
        if msg["type"] != "state":
            continue
        log = whole_log(log, msg)  # kept as a real client keeps it
        version = msg["version"]
        if sent_at and version > acted:
            if sent_at >= stats.since:
                stats.latencies.append(time.monotonic() - sent_at)
            sent_at = 0.0
        if msg["table"]["status"] == "over":
            return True
        if msg["legal"] and version > acted:
            action = rng.choice(msg["legal"])["action"]
            if think > 0:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            acted, sent_at = version, time.monotonic()
            sent = json.dumps({"type": "act", "action": action, "version": version})
            await ws.send(sent)


async def play_table(
    http: httpx.AsyncClient,
    game: str,
    players: int,
    rng: random.Random,
    stats: Stats,
    until: float,
    listen: Callable[[str, dict[int, str]], Listener] | None = None,
    think: float = 0.0,
    seat_bases: list[str] | None = None,
    gate: asyncio.Semaphore | None = None,
) -> bool:
    """Make a table whose seats are all people, and play it with one client per seat
    (seat ``s`` connects to ``seat_bases[s % len]`` where given, else where it was made).
    ``gate`` bounds the tables being made at once."""
    async with gate or contextlib.nullcontext():
        r = await http.post(
            "/api/tables", json={"game": game, "players": players, "seats": ["me"] * players}
        )
    r.raise_for_status()
    made = r.json()
    table = made["table"]["id"]
    tokens = {int(s): t for s, t in made["tokens"].items()}
    hear = listen(table, tokens) if listen is not None else None
    bases = seat_bases or [str(http.base_url).rstrip("/")]
    ended = await asyncio.gather(
        *(
            play_seat(
                bases[s % len(bases)],
                table,
                s,
                t,
                random.Random(rng.random()),
                stats,
                until,
                hear,
                think,
            )
            for s, t in tokens.items()
        )
    )
    if all(ended):
        stats.games += 1
    return all(ended)


async def run(
    base: str | list[str],
    tables: int,
    seconds: float,
    game: str,
    players: int,
    think: float = 0.0,
    seed: int = 1,
    spread: str = "table",
    warmup: float = 0.0,
    on_warm: Callable[[], None] | None = None,
) -> tuple[Stats, float]:
    """Keep ``tables`` games going for ``warmup`` and then ``seconds`` more; the stats of
    the moves sent after the warm-up (when ``on_warm`` is called) and the seconds since.

    With several servers (``base`` a list), the tables are made on each in turn; with
    ``spread="table"`` a table's clients all connect to the server that made it (a proxy
    that routes by table), with ``"seat"`` its seats connect to the servers in turn (any
    proxy: the moves reach the other seats through the database's notes)."""
    bases = [base] if isinstance(base, str) else base
    stats = Stats()
    rng = random.Random(seed)
    # no keep-alive: a pooled connection the server has just closed would fail a request
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=0)
    async with contextlib.AsyncExitStack() as stack:
        https = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=b, timeout=60, limits=limits)
            )
            for b in bases
        ]
        start = time.monotonic()
        until = start + warmup + seconds

        def warm() -> None:
            stats.since = time.monotonic()
            stats.seats_at_start = stats.seats
            if on_warm is not None:
                on_warm()

        if warmup > 0:
            stats.since = math.inf  # nothing counts until then
            asyncio.get_running_loop().call_later(warmup, warm)
        else:
            warm()

        # thousands of lanes asking at once would queue past any timeout: a few at a time
        gate = asyncio.Semaphore(MAKING)

        async def lane(k: int) -> None:
            http = https[k % len(https)]
            seats = bases[k % len(bases) :] + bases[: k % len(bases)] if spread == "seat" else None
            while time.monotonic() < until:
                try:
                    if not await play_table(
                        http,
                        game,
                        players,
                        rng,
                        stats,
                        until,
                        think=think,
                        seat_bases=seats,
                        gate=gate,
                    ):
                        return
                except Exception as exc:  # counted and reported; the lane starts anew
                    kind = type(exc).__name__
                    if isinstance(exc, httpx.HTTPStatusError):
                        kind = f"HTTP {exc.response.status_code}"
                    stats.failures[kind] = stats.failures.get(kind, 0) + 1
                    await asyncio.sleep(1.0)

        await asyncio.gather(*(lane(k) for k in range(tables)))
        # the measure ends at ``until`` (later moves are not sent), however long the
        # clients take to close
        return stats, min(time.monotonic(), until) - stats.since


def report(
    stats: Stats, took: float, tables: int, where: str, cpu: float | None, think: float
) -> dict[str, Any]:
    moves = len(stats.latencies)
    return {
        "tables": tables,
        "database": where,
        "think_seconds": think,
        "seconds": round(took, 1),  # measured, after the warm-up
        "moves": moves,
        "moves_per_second": round(moves / took, 1),
        "games_finished": stats.games,
        # seats connected when the measure began: under the table count, the server had
        # not yet opened every table in the warm-up (too short for this load)
        "seats_at_start": stats.seats_at_start,
        "latency_ms": {
            "p50": round(stats.quantile(0.50), 1),
            "p90": round(stats.quantile(0.90), 1),
            "p99": round(stats.quantile(0.99), 1),
            "max": round(stats.quantile(1.0), 1),
        },
        # CPU the server processes used per move (table creation included): what the
        # machine must give per move, whatever else runs on it.
        "server_cpu_ms_per_move": round(1000 * cpu / moves, 2) if cpu and moves else None,
        "refused": stats.refused,
        "failures": stats.failures,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User and system CPU a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def server(
    db: str, log: str, src: str | None = None, collector: str | None = None, census: bool = False
) -> Iterator[tuple[str, int]]:
    """A ``vaka serve`` process on a free loopback port (its code from ``src`` where
    given; its garbage collections timed into the file ``collector`` where given,
    :mod:`benchmarks.gc_pauses`): its URL and process id."""
    # A benchmark makes tables from one address as fast as games end: no limits on that.
    limits = ["--max-tables", "0", "--tables-per-minute", "0"]
    run = ["-m", "vaka"]
    if collector:
        run = ["-m", "benchmarks.gc_pauses", *(["--census"] if census else []), collector]
    with started([*run, "serve", "--db", db, *limits, "--port"], log, src) as found:
        yield found


@contextlib.contextmanager
def started(args: list[str], log: str, src: str | None = None) -> Iterator[tuple[str, int]]:
    """A Python process started with ``args`` and a free loopback port after them, once
    it answers ``GET /api/games``: its URL and process id (stopped afterwards)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with open(log, "ab") as out:
        env = {**os.environ, "PYTHONPATH": src} if src else None
        proc = subprocess.Popen(
            [sys.executable, *args, str(port)], stdout=out, stderr=subprocess.STDOUT, env=env
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start; see {log}")
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.loadtest", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--tables", type=int, default=200, help="tables playing at once")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to measure")
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="seconds to play first, not measured (tables made, sockets opened)",
    )
    parser.add_argument("--game", default="rapa-nui")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a client waits before acting"
    )
    parser.add_argument("--db", help="database for the server it starts (default: a new SQLite)")
    parser.add_argument(
        "--servers", type=int, default=1, help="server processes to start on that database"
    )
    parser.add_argument(
        "--spread",
        choices=["table", "seat"],
        default="table",
        help="with several servers: a table's clients on one (table) or its seats in turn (seat)",
    )
    parser.add_argument(
        "--url", action="append", help="measure a server already running here (repeatable)"
    )
    parser.add_argument("--log", help="the started server's log (default: a temporary file)")
    parser.add_argument(
        "--clients", type=int, default=1, help="client processes sharing the tables"
    )
    parser.add_argument(
        "--server-src",
        help="PYTHONPATH for the servers it starts (another checkout's src, to compare)",
    )
    parser.add_argument(
        "--collector",
        choices=["time", "census"],
        help="time the servers' garbage collections and report those of the measured "
        "seconds (census: and count what the older generations' collections walk, "
        "in the server's gc.N.census.json, kept with --keep)",
    )
    parser.add_argument("--keep", help="a folder to copy the servers' logs and counts into")
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        bases: list[str] = args.url or []
        pids: list[int] = []
        logs: list[str] = []
        where = " ".join(bases)
        if not bases:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="vaka-load-"))
            where = args.db or f"sqlite:///{os.path.join(folder, 'vaka.db')}"
            for i in range(args.servers):  # one after the other: the first makes the schema
                log = (args.log or os.path.join(folder, "server.log")) + (f".{i}" if i else "")
                timed = os.path.join(folder, f"gc.{i}.json") if args.collector else None
                census = args.collector == "census"
                found = server(where, log, args.server_src, timed, census)
                base, pid = stack.enter_context(found)
                bases.append(base)
                pids.append(pid)
                logs.append(log)
        rss = {"start": sum(map(rss_bytes, pids)), "end": 0}

        def live() -> None:  # the servers' memory while every table is still playing
            rss["end"] = sum(map(rss_bytes, pids))

        sampler = threading.Timer(max(args.warmup + args.seconds - 1, 0), live)
        sampler.start()
        before = {"server": 0.0, "at": 0.0}

        def warm() -> None:
            before["server"] = sum(map(cpu_seconds, pids))
            before["at"] = time.time()

        shares = [
            args.tables // args.clients + (k < args.tables % args.clients)
            for k in range(args.clients)
        ]
        settings = (args.seconds, args.game, args.players, args.think, args.spread, args.warmup)
        if args.clients == 1:
            stats, took, clients_cpu = _client(bases, args.tables, 1, settings, warm)
        else:
            timer = threading.Timer(args.warmup, warm)
            timer.start()
            with multiprocessing.get_context("spawn").Pool(args.clients) as procs:
                done = procs.starmap(
                    _client, [(bases, n, 1 + k, settings) for k, n in enumerate(shares)]
                )
            timer.cancel()
            stats, took, clients_cpu = Stats(), max(d[1] for d in done), sum(d[2] for d in done)
            for part, _, _ in done:
                stats.latencies += part.latencies
                stats.games += part.games
                stats.seats_at_start += part.seats_at_start
                for mine, theirs in (
                    (stats.refused, part.refused),
                    (stats.failures, part.failures),
                ):
                    for key, n in theirs.items():
                        mine[key] = mine.get(key, 0) + n
        sampler.cancel()
        ended = time.time()
        cpu = sum(map(cpu_seconds, pids)) - before["server"] if pids else None
        result = report(stats, took, args.tables, where, cpu, args.think)
        result["servers"] = len(bases)
        result["client_processes"] = args.clients
        if stats.latencies:  # the clients' share of the machine
            moves = len(stats.latencies)
            result["client_cpu_ms_per_move"] = round(1000 * clients_cpu / moves, 2)
        if pids and rss["end"]:
            result["server_rss_mb"] = {
                "idle": round(rss["start"] / 2**20, 1),
                "live": round(rss["end"] / 2**20, 1),
            }
            result["server_kb_per_table"] = round((rss["end"] - rss["start"]) / 1024 / args.tables)
        if args.collector and pids:
            time.sleep(gc_pauses.EVERY + 0.5)  # the servers' last writes
            result["collections"] = [
                gc_pauses.summary(
                    json.loads(Path(folder, f"gc.{i}.json").read_text()), before["at"], ended
                )
                for i in range(len(pids))
            ]
        if args.keep and pids:
            os.makedirs(args.keep, exist_ok=True)
            for name in os.listdir(folder):
                if name.startswith(("gc.", "server.log")):
                    shutil.copy(os.path.join(folder, name), args.keep)
        errors = [line for log in logs for line in Path(log).read_text().splitlines()]
        if pids:
            result["server_errors"] = sorted({line for line in errors if "Error" in line})[:5]
    print(json.dumps(result, indent=1))


def _client(
    bases: list[str],
    tables: int,
    seed: int,
    settings: tuple[float, str, int, float, str, float],
    on_warm: Callable[[], None] | None = None,
) -> tuple[Stats, float, float]:
    """One client process's share of the tables: its stats, the seconds measured and the
    CPU it used over them."""
    seconds, game, players, think, spread, warmup = settings
    cpu = {"at": 0.0}

    def warm() -> None:
        cpu["at"] = time.process_time()
        if on_warm is not None:
            on_warm()

    stats, took = asyncio.run(
        run(bases, tables, seconds, game, players, think, seed, spread, warmup, on_warm=warm)
    )
    return stats, took, time.process_time() - cpu["at"]


def rss_bytes(pid: int) -> int:
    """A process's resident memory (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


if __name__ == "__main__":
    main()
