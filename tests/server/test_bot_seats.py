"""Bots at a table: the levels a game has, and a bot never asked to move with nothing to
choose (two processes racing one table's bots, a seat no longer to move)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

import vaka
from tests.server.serverproc import Server
from tests.server.wire import make
from vaka.server.bots import Bots, NoChoice


def test_two_processes_running_the_same_bots_never_ask_one_with_nothing_to_choose(
    tmp_path: Path,
) -> None:
    """Both processes pick up the games in progress and race each other's bots for every
    move: a bot that lost a race thinks again only if its seat is still to move. (SQLite
    is for one process, but two on one file lose such races at nearly every move, where
    two on PostgreSQL hear of each other's moves at once and race far more rarely.)"""
    db_url = f"sqlite:///{tmp_path / 'vaka.db'}"
    a = Server(db_url, tmp_path / "a.log").start()
    try:
        with a.client() as client:
            tables = [
                make(client, "rapa-nui", ["bot:hard", "bot:random"])["table"]["id"]
                for _ in range(1)
            ]
        b = Server(db_url, tmp_path / "b.log").start()  # starts the same games' bots
        try:
            with a.client() as client:
                deadline = time.monotonic() + 120
                for table in tables:
                    while client.get(f"/api/tables/{table}").json()["status"] != "over":
                        assert time.monotonic() < deadline, "the bots did not finish"
                        time.sleep(0.2)
        finally:
            b.stop()
    finally:
        a.stop()
    logs = (tmp_path / "a.log").read_text() + (tmp_path / "b.log").read_text()
    assert "Traceback" not in logs, logs[-3000:]


def test_a_bot_given_a_seat_not_to_move_says_so() -> None:
    state = vaka.load("rapa-nui").new_state(2, 7)
    idle = next(s for s in range(2) if s not in state.to_move)
    guess = state.determinize(idle, 1)

    async def ask() -> str:
        bots = Bots()
        try:
            return await bots.decide("random", guess, idle, 1)
        finally:
            bots.close()

    with pytest.raises(NoChoice, match=f"seat {idle} has no legal action"):
        asyncio.run(ask())
