"""Bots at a table: the levels a game has, and a bot never asked to move with nothing to
choose (two processes racing one table's bots, a seat no longer to move)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

import vaka
from tests.server.serverproc import Server, bearer
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
    quick = ("--hard-seconds", "0.05")  # the race is the point, not the hard bot's strength
    a = Server(db_url, tmp_path / "a.log", None, *quick).start()
    try:
        with a.client() as client:
            tables = [
                make(client, "rapa-nui", ["bot:hard", "bot:random"])["table"]["id"]
                for _ in range(1)
            ]
        b = Server(db_url, tmp_path / "b.log", None, *quick).start()  # the same games' bots
        try:
            with a.client() as client:
                deadline = time.monotonic() + 240  # a busy machine's pace
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


def test_the_expert_bot_searches_four_times_the_hard_bots_time() -> None:
    """A seat made as ``bot:expert`` thinks to its own budget, four times the hard bot's
    unless given, with the hard bot's judge for the game and player count."""
    from vaka.server.bots import decide

    bots = Bots(budgets={"hard": 0.05})
    try:
        assert bots.budgets["expert"] == pytest.approx(0.2)
    finally:
        bots.close()
    state = vaka.load("rapa-nui").new_state(2, 7)
    seat = state.to_move[0]
    action = decide("expert", "rapa-nui", 1, state.determinize(seat, 1), seat, 0.05)
    assert action in {str(a) for a in state.legal_actions(seat)}


@pytest.fixture
def with_sealed_bid(tmp_path: Path) -> dict[str, str]:
    """A server environment where the test game Sealed Bid is installed (an entry point):
    a game with no value estimate of its own."""
    dist = tmp_path / "plugins" / "vaka_sealed_bid-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: vaka-sealed-bid\nVersion: 0\n")
    (dist / "entry_points.txt").write_text("[vaka.games]\nsealed-bid = tests.core.sealedbid:GAME\n")
    root = Path(__file__).resolve().parents[2]
    paths = [str(dist.parent), str(root), os.environ.get("PYTHONPATH", "")]
    return {"PYTHONPATH": os.pathsep.join(p for p in paths if p)}


def test_every_bot_level_plays_a_game_without_game_knowledge(
    with_sealed_bid: dict[str, str], tmp_path: Path
) -> None:
    """A table once waited for ever at the first move of a level its game lacked (medium
    of a game without a value estimate). Every game now has every level (medium and easy
    weigh the score so far where the game has no estimate), and a level no game has is
    refused when the table is made."""
    server = Server(
        f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "log", env=with_sealed_bid
    ).start()
    try:
        with server.client() as client:
            r = client.post(
                "/api/tables",
                json={"game": "sealed-bid", "players": 2, "seats": ["me", "bot:genius"]},
            )
            assert r.status_code == 422, r.text
            deadline = time.monotonic() + 60
            for seats in (["bot:medium", "bot:easy"], ["bot", "bot"]):
                made = make(client, "sealed-bid", seats)
                table = made["table"]["id"]
                while client.get(f"/api/tables/{table}").json()["status"] != "over":
                    assert time.monotonic() < deadline, f"the bots {seats} did not play"
                    time.sleep(0.1)
            # A plain "bot" is the game's own default level.
            assert [s["level"] for s in made["table"]["seats"]] == ["random", "random"]
            # An agent's other name seats the level it plays, thinking to that level's
            # time budget (a search named ismcts once played a fixed 300 iterations).
            made = make(client, "sealed-bid", ["bot:ISMCTS", "bot:heuristic"])
            assert [s["level"] for s in made["table"]["seats"]] == ["hard", "medium"]
            # A person who resigns is played on by the game's default bot too.
            made = make(client, "sealed-bid", ["me", "bot:random"])
            table, token = made["table"]["id"], made["tokens"]["0"]
            r = client.post(f"/api/tables/{table}/resign", headers=bearer(token))
            assert r.status_code == 200, r.text
            while client.get(f"/api/tables/{table}").json()["status"] != "over":
                assert time.monotonic() < deadline, "the stand-in bot did not play"
                time.sleep(0.1)
        assert "Traceback" not in (tmp_path / "log").read_text()
    finally:
        server.stop()
