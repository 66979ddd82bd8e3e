"""Two processes on one PostgreSQL: every stored move reaches every process's sockets,
whichever process stored it, and whichever lost a race to store the same move."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.server.serverproc import Server, bearer
from tests.server.wire import make, state


def test_a_process_that_lost_a_race_still_pushes_the_winning_move(
    pg_url: str, tmp_path: Path
) -> None:
    a = Server(pg_url, tmp_path / "a.log").start()
    b = Server(pg_url, tmp_path / "b.log").start()
    try:
        with a.client() as on_a, b.client() as on_b:
            made = make(on_a, "rapa-nui", ["me", "invite:Bo"])
            table, ana, bo = made["table"]["id"], made["tokens"]["0"], made["invitations"]["1"]
            tokens = (ana, bo)
            with b.socket(table, bo) as on_b_bo, a.socket(table, ana) as on_a_ana:
                on_b_bo.state()
                on_a_ana.state()
                for _ in range(8):
                    now = state(on_a, table, ana)
                    token = tokens[now["table"]["to_move"][0]]
                    choice = state(on_a, table, token)["legal"][0]["action"]
                    body = {"action": choice, "version": now["version"]}
                    with ThreadPoolExecutor(2) as pool:
                        answers = list(
                            pool.map(
                                lambda c, t=token, b=body: c.post(
                                    f"/api/tables/{table}/actions",
                                    headers=bearer(t),
                                    json=b,
                                ),
                                (on_a, on_b),
                            )
                        )
                    assert sorted(r.status_code for r in answers) == [200, 409]
                    after = now["version"] + 1
                    assert state(on_b, table, ana)["version"] == after
                    # Both processes' sockets hear of the move, the loser's included.
                    for sock in (on_b_bo, on_a_ana):
                        pushed = sock.state(timeout=5, until=lambda m, v=after: m["version"] >= v)
                        assert pushed["version"] == after
    finally:
        a.stop()
        b.stop()
