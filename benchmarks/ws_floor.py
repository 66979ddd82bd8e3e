"""The floor under the load test: the same clients against a server that does nothing but
the WebSocket traffic of a move.

The floor server speaks just enough of the protocol for ``benchmarks.loadtest``'s
clients: it makes tables, takes a hello, and on each action pushes every seat of the
table a state as large as a real Rapa Nui push of the middle of a game (made once by the
engine at start-up), turn by turn, a game ending after 100 moves. No game is played,
nothing is stored, no view is built. Its latency at a table count is what any service
built on this stack (uvicorn, Starlette, Python's websockets clients) could reach on
this machine, at best.

    python -m benchmarks.ws_floor --tables 200 --seconds 20 --warmup 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import tempfile
import time
from typing import Any

MOVES = 100  # moves a game of the floor lasts


def sample_push() -> dict[str, Any]:
    """A push as the real server sends it after move 40 of a 2-player Rapa Nui game: the
    seat's view with the two newest log entries, the table's summary, the legal actions."""
    from vaka.core.registry import load

    game = load("rapa-nui")
    state = game.new_state(2, 7)
    rng = random.Random(7)
    for _ in range(40):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    mover = state.to_move[0]
    view = state.view(mover)
    view["log"] = view["log"][-2:]
    legal = [
        {"action": str(a), "note": game.describe_choice(view, a)}
        for a in state.legal_actions(mover)
    ]
    seats = [
        {"seat": s, "kind": "human", "name": None, "level": None, "left": None} for s in (0, 1)
    ]
    table = {
        "id": "x" * 12,
        "game": "rapa-nui",
        "game_name": "Rapa Nui",
        "players": 2,
        "status": "playing",
        "version": 40,
        "seats": seats,
        "to_move": [0],
    }
    clocks = {"kind": "none", "left": [None, None], "running": []}
    return {
        "type": "state",
        "table": table,
        "seat": 0,
        "version": 40,
        "view": view,
        "legal": legal,
        "clocks": clocks,
        "can_undo": False,
        "chat": [],
        "log_from": 0,
    }


def app() -> Any:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    push = sample_push()
    tables: dict[str, dict[str, Any]] = {}

    async def games(request: Request) -> JSONResponse:  # answered once it is up
        return JSONResponse([])

    async def make(request: Request) -> JSONResponse:
        table = secrets.token_urlsafe(9)
        tables[table] = {"version": 0, "sockets": {}, "tokens": {"a": 0, "b": 1}}
        return JSONResponse({"table": {"id": table}, "tokens": {"0": "a", "1": "b"}}, 201)

    def text(table: dict[str, Any], seat: int) -> str:
        version = table["version"]
        mover = version % 2
        status = "over" if version >= MOVES else "playing"
        msg = dict(push, version=version, seat=seat, table=dict(push["table"], status=status))
        msg["legal"] = push["legal"] if seat == mover and status == "playing" else []
        return json.dumps(msg)

    async def endpoint(ws: WebSocket) -> None:
        await ws.accept()
        table = tables[ws.path_params["table"]]
        try:
            seat = table["tokens"][json.loads(await ws.receive_text())["token"]]
            table["sockets"][seat] = ws
            await ws.send_text(text(table, seat))
            while True:
                msg = json.loads(await ws.receive_text())
                if msg["type"] == "act" and msg["version"] == table["version"]:
                    table["version"] += 1
                    for other, sock in list(table["sockets"].items()):
                        with contextlib.suppress(WebSocketDisconnect):  # a client gone at the end
                            await sock.send_text(text(table, other))
        except (WebSocketDisconnect, RuntimeError):
            # The client left (RuntimeError: while another socket was pushing to it).
            for gone in [k for k, sock in table["sockets"].items() if sock is ws]:
                del table["sockets"][gone]

    return Starlette(
        routes=[
            Route("/api/games", games),
            Route("/api/tables", make, methods=["POST"]),
            WebSocketRoute("/ws/tables/{table}", endpoint),
        ]
    )


def serve(port: int) -> None:
    import uvicorn

    uvicorn.run(app(), host="127.0.0.1", port=port, log_level="warning", ws_max_size=16 * 1024)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve)
        return
    from benchmarks.loadtest import cpu_seconds, report, run, started

    with tempfile.TemporaryDirectory(prefix="vaka-floor-") as folder:
        log = os.path.join(folder, "floor.log")
        with started([__file__, "--serve"], log) as (base, pid):
            before: list[float] = []
            stats, took = asyncio.run(
                run(
                    base,
                    args.tables,
                    args.seconds,
                    "rapa-nui",
                    2,
                    warmup=args.warmup,
                    on_warm=lambda: before.extend([cpu_seconds(pid), time.process_time()]),
                )
            )
            served, clients = cpu_seconds(pid) - before[0], time.process_time() - before[1]
    moves = len(stats.latencies)
    if not moves:
        raise SystemExit(f"no move was measured: failures {stats.failures}")
    result = report(stats, took, args.tables, "none (the floor)", served, 0.0)
    result["client_cpu_ms_per_move"] = round(1000 * clients / moves, 2)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
