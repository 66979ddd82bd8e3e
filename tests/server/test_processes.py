"""Real processes failing and sharing: ``kill -9`` mid-game, two servers on one PostgreSQL."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

import vaka
from tests.server.serverproc import Server, bearer
from tests.server.wire import act, make, play_first_choices, state


def test_kill_9_loses_no_acknowledged_move_and_the_game_goes_on(
    db_url: str, tmp_path: Path
) -> None:
    server = Server(db_url, tmp_path / "log").start()
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "invite:Bo", "bot:medium"])
    table = made["table"]["id"]
    tokens = {0: made["tokens"]["0"], 1: made["invitations"]["1"]}
    # (number, seat, action) of each move the server confirmed: sent from version v, a
    # move is stored as number v + 1 (the answer's version may be later: bots play on).
    acked: list[tuple[int, int, str]] = []
    stop = threading.Event()

    def people_play() -> None:
        with httpx.Client(base_url=server.url, timeout=5) as c:
            while not stop.is_set():
                try:
                    for seat, token in tokens.items():
                        now = state(c, table, token)
                        if now["legal"]:
                            choice = now["legal"][0]["action"]
                            r = act(c, table, token, choice, now["version"])
                            if r.status_code == 200:
                                acked.append((now["version"] + 1, seat, choice))
                except (httpx.HTTPError, AssertionError):
                    return  # the server is gone

    player = threading.Thread(target=people_play)
    player.start()
    time.sleep(3)
    server.kill()
    stop.set()
    player.join(10)
    assert acked, "some moves were acknowledged before the kill"
    server.start()
    with server.client() as client:
        after = state(client, table, tokens[0])
        assert after["version"] >= max(v for v, _, _ in acked)
        final = play_first_choices(client, table, tokens, until=240)
        record = client.get(f"/api/tables/{table}/record").json()
    server.stop()
    # Every acknowledged move is in the record, at its place, exactly once.
    for version, seat, action in acked:
        assert record["actions"][version - 1] == [seat, action]
    assert len(record["actions"]) == final["version"]
    assert vaka.replay(record).is_over


def test_two_processes_share_one_postgresql(pg_url: str, tmp_path: Path) -> None:
    a = Server(pg_url, tmp_path / "a.log").start()
    b = Server(pg_url, tmp_path / "b.log").start()
    try:
        with a.client() as on_a, b.client() as on_b:
            made = make(on_a, "rapa-nui", ["me", "invite:Bo"])
            table, ana, bo = made["table"]["id"], made["tokens"]["0"], made["invitations"]["1"]
            # A move stored through A reaches a client watching through B.
            with b.socket(table, bo) as watching:
                first = watching.state()
                assert first["version"] == 0
                now = state(on_a, table, ana)
                assert act(on_a, table, ana, now["legal"][0]["action"], 0).status_code == 200
                pushed = watching.state(until=lambda m: m["version"] == 1)
                assert pushed["view"]["log"] != first["view"]["log"]
            # The same move sent to both at once: exactly one is stored.
            for _ in range(5):
                now = state(on_a, table, ana)
                mover = now["table"]["to_move"][0]
                token = (ana, bo)[mover]
                choice = state(on_a, table, token)["legal"][0]["action"]
                send = {"action": choice, "version": now["version"]}
                with ThreadPoolExecutor(2) as pool:
                    answers = list(
                        pool.map(
                            lambda c, t=token, body=send: c.post(
                                f"/api/tables/{table}/actions", headers=bearer(t), json=body
                            ),
                            (on_a, on_b),
                        )
                    )
                codes = sorted(r.status_code for r in answers)
                assert codes == [200, 409], [r.text for r in answers]
                assert next(r for r in answers if r.status_code == 409).json()["error"] == "stale"
                assert state(on_b, table, ana)["version"] == now["version"] + 1
    finally:
        a.stop()
        b.stop()


def _workers(pid: int) -> set[int]:
    """The pool worker processes whose parent is ``pid`` (Linux /proc): spawned ones, not
    multiprocessing's resource tracker."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue  # gone meanwhile
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"spawn_main" in command:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    """Whether a process runs still (an exited one waiting to be reaped does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_bots_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "log").start()
    assert server.proc is not None
    try:
        with server.client() as client:
            made = make(client, "rapa-nui", ["bot:random", "me"])  # the bot moves first
            deadline = time.monotonic() + 60
            while state(client, made["table"]["id"], made["tokens"]["1"])["version"] == 0:
                assert time.monotonic() < deadline, "the bot did not move"
                time.sleep(0.1)
        workers = _workers(server.proc.pid)
        assert workers, "the bot thought in a worker process"
        server.kill()
        deadline = time.monotonic() + 15
        while any(_alive(p) for p in workers):
            assert time.monotonic() < deadline, f"workers outlived the server: {workers}"
            time.sleep(0.2)
    finally:
        server.stop()
