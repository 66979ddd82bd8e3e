"""Reviews of finished games through a real ``vaka serve`` (tiny budgets: seconds)."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.serverproc import Server
from tests.server.wire import make
from vaka.server.messages import ReviewStatus
from vaka.sim.review import Budget, review_game, turning_points
from vaka.sim.review_labels import MISTAKE


def finished(client: httpx.Client, game: str = "rapa-nui") -> str:
    made = make(client, game, ["bot:random", "bot:random"])
    table = str(made["table"]["id"])
    deadline = time.monotonic() + 120
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table


def until_done(client: httpx.Client, table: str, query: dict[str, Any]) -> dict[str, Any]:
    deadline = time.monotonic() + 180
    seen = []
    while True:
        r = client.get(f"/api/tables/{table}/review", params=query)
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        ReviewStatus.model_validate(body)
        seen.append((body["status"], body["done"]))
        if body["status"] in ("done", "failed"):
            assert [d for _, d in seen] == sorted(d for _, d in seen)  # progress only grows
            return body
        assert time.monotonic() < deadline, f"the review did not finish: {seen[-3:]}"
        time.sleep(0.3)


def test_a_finished_game_is_reviewed_for_a_seat_as_vaka_review_would(reviewer: Server) -> None:
    with reviewer.client() as client:
        table = finished(client)
        asked = client.post(f"/api/tables/{table}/review", json={"seat": 0})
        assert asked.status_code == 202, asked.text
        assert asked.json()["status"] in ("queued", "running", "done")
        body = until_done(client, table, {"seat": 0})
        assert body["status"] == "done", body["reason"]
        record = client.get(f"/api/tables/{table}/record").json()
        again = client.post(f"/api/tables/{table}/review", json={"seat": 0})
        assert again.status_code == 202 and again.json() == body  # kept, not made again
    review = body["review"]
    mine = [i for i, (seat, _) in enumerate(record["actions"]) if seat == 0]
    assert [d["index"] for d in review["decisions"]] == mine
    assert review["seats"] == [0] and review["steps"] == len(record["actions"])
    assert body["done"] == body["total"] == len(mine)
    # The same review as the library makes with the same budget and seed.
    local = review_game(record, [0], Budget(playouts=1, iterations=5), seed=0)
    assert [(d["label"], d["taken"]) for d in review["decisions"]] == [
        (d.label, d.taken) for d in local.decisions
    ]
    # Each decision's actions in the game's words, beside their text (Rapa Nui: "taking the
    # moai from row 2" for "draw 2").
    assert [d["words"] for d in review["decisions"]] == [dict(d.words) for d in local.decisions]
    draws = [d for d in review["decisions"] if d["taken"].startswith("draw ")]
    assert draws
    for d in draws:
        row = d["taken"].split()[1]
        assert re.fullmatch(rf"taking the .+ from row {row}", d["words"][d["taken"]]), d
        assert all(c["action"] in d["words"] for c in d["candidates"])
    assert review["seat_reports"][0]["accuracy"] == pytest.approx(local.seat_reports()[0].accuracy)
    # The turning points, the library's, in the game's words (Rapa Nui counts turns).
    assert review["turning_points"] == turning_points(local)
    # the bots' game differs from run to run, so count what it should hold: the costliest
    # three of the decisions that lost a mistake's worth or more
    costly = [d for d in local.decisions if d.loss >= MISTAKE]
    assert len(review["turning_points"]) == min(3, len(costly))
    assert all(p.startswith("turn ") for p in review["turning_points"])


def test_a_made_review_is_kept_in_the_database_through_a_restart(
    reviewer: Server, tmp_path: Path
) -> None:
    with reviewer.client() as client:
        table = finished(client)
        client.post(f"/api/tables/{table}/review", json={"seat": 1})
        body = until_done(client, table, {"seat": 1})
        assert body["status"] == "done", body["reason"]
        # the same seat with another budget was never asked for: not found, not made
        assert client.get(f"/api/tables/{table}/review", params={"seat": 0}).status_code == 404
    reviewer.kill()  # kill -9: nothing kept in memory survives
    reviewer.start()
    with reviewer.client() as client:
        # at once, before anyone asks again: read back, not queued anew
        again = client.get(f"/api/tables/{table}/review", params={"seat": 1})
        assert again.status_code == 200 and again.json() == body
        asked = client.post(f"/api/tables/{table}/review", json={"seat": 1})
        assert asked.status_code == 202 and asked.json() == body
        assert client.get(f"/api/tables/{table}/review", params={"seat": 0}).status_code == 404


def test_a_review_is_refused_before_the_end_and_for_a_bad_seat(reviewer: Server) -> None:
    with reviewer.client() as client:
        playing = make(client, "rapa-nui", ["me", "invite:Bo"])["table"]["id"]
        r = client.post(f"/api/tables/{playing}/review", json={"seat": None})
        assert r.status_code == 409 and r.json()["error"] == "refused"
        r = client.get(f"/api/tables/{playing}/review")
        assert r.status_code == 404 and r.json()["error"] == "not_found"
        r = client.post("/api/tables/nosuchtable/review", json={})
        assert r.status_code == 404
        table = finished(client)
        r = client.post(f"/api/tables/{table}/review", json={"seat": 5})
        assert r.status_code == 404 and "seat 5" in r.json()["reason"]
        r = client.post(f"/api/tables/{table}/review", json={"playouts": 1000})
        assert r.status_code == 422 and r.json()["error"] == "invalid"
        assert client.get(f"/api/tables/{table}/review", params={"seat": 5}).status_code == 404


def test_a_full_queue_refuses_politely_and_a_review_asked_twice_is_queued_once() -> None:
    from vaka.agents import make_agent
    from vaka.core.registry import load
    from vaka.server.reviews import Busy, Reviews
    from vaka.sim.match import play

    state = play(
        load("rapa-nui").new_state(2, 3), [make_agent("random", "rapa-nui", s) for s in (1, 2)]
    )
    record = state.record()

    async def ask() -> None:
        reviews = Reviews(queue=1)
        try:
            first = await reviews.ask("t1", record, 0, 1)
            assert first.status == "queued" and first.total > 0
            assert (await reviews.ask("t1", record, 0, 1)).total == first.total  # the same
            with pytest.raises(Busy, match="waiting"):
                await reviews.ask("t1", record, 1, 1)
            assert await reviews.find("t1", 1, 1) is None
        finally:
            reviews.close()

    asyncio.run(ask())
