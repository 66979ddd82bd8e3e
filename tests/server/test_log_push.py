"""Pushes carry only the log entries a socket has not had (``log_from``), through a real
``vaka serve``: a seat's pushes put together are its whole log at every version, and the
whole log comes again on a new socket, after an undo, after a stale action and at the end."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import httpx
import pytest

from tests.server.serverproc import Server, Socket, bearer, shared_server
from tests.server.wire import make, state
from vaka.cli.wire import Gap, whole_log

server = shared_server()


class Watched:
    """A socket and the last push it got: put together, and as sent."""

    def __init__(self, ws: Socket, token: str | None) -> None:
        self.ws, self.token = ws, token
        self.whole: dict[str, Any] = {"version": -1}
        self.raw: dict[str, Any] = {}

    def at(self, version: int) -> dict[str, Any]:
        """The push of ``version`` as sent (waiting for it unless it came last)."""
        if self.whole["version"] != version:
            self.whole = self.ws.state(until=lambda m: m["version"] == version)
            self.raw = json.loads(self.ws.seen[-1])
        return self.raw

    def again(self) -> dict[str, Any]:
        """The next push (of the same version), as sent."""
        self.whole = self.ws.state()
        self.raw = json.loads(self.ws.seen[-1])
        return self.raw


def test_a_seats_pushes_make_its_whole_log_at_every_version(server: Server) -> None:
    rng = random.Random(5)
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "me"])
        table, tokens = made["table"]["id"], {int(s): t for s, t in made["tokens"].items()}
        with (
            server.socket(table, tokens[0]) as mine,
            server.socket(table, None) as spectator,
            contextlib.ExitStack() as later,
        ):
            sockets = {
                "seat 0": Watched(mine, tokens[0]),
                "spectator": Watched(spectator, None),
            }
            for w in sockets.values():  # the first push: the whole log
                assert w.at(0)["log_from"] == 0
            parts = undone = stale = 0
            version = 0
            while True:
                for name, w in sockets.items():
                    raw = w.at(version)
                    truth = state(client, table, w.token)  # nothing moves meanwhile
                    assert truth["log_from"] == 0  # REST: always the whole log
                    assert w.whole["view"] == truth["view"], (name, version)
                    assert raw["view"]["log"] == truth["view"]["log"][raw["log_from"] :]
                    parts += raw["log_from"] > 0
                    if truth["table"]["status"] == "over":
                        assert raw["log_from"] == 0, name  # the end: every entry anew
                if w.whole["table"]["status"] == "over":
                    break
                if version == 12:  # a second socket of seat 0, opened now
                    also_mine = later.enter_context(server.socket(table, tokens[0]))
                    sockets["seat 0 again"] = late = Watched(also_mine, tokens[0])
                    assert late.at(version)["log_from"] == 0 and late.whole["version"] == 12
                if version == 20:  # an undo sent from an old version: refused as stale
                    mine.send(type="undo", version=1)
                    err = mine.next()
                    assert err["type"] == "error" and err["error"] == "stale"
                    raw = sockets["seat 0"].again()  # pushed again: the whole log
                    assert raw["version"] == version and raw["log_from"] == 0
                    stale += 1
                seat = w.whole["table"]["to_move"][0]
                now = state(client, table, tokens[seat])
                r = _act(client, table, tokens[seat], rng.choice(now["legal"])["action"], version)
                version += 1
                if r.json()["can_undo"] and undone < 2 and version > 4:
                    for w in sockets.values():  # each has had the move
                        w.at(version)
                    r = client.post(
                        f"/api/tables/{table}/undo",
                        headers=bearer(tokens[seat]),
                        json={"version": version},
                    )
                    assert r.status_code == 200, r.text
                    version += 1
                    for name, w in sockets.items():
                        assert w.at(version)["log_from"] == 0, name  # an undo: all again
                    undone += 1
    assert undone == 2 and stale == 1
    assert parts > version  # most pushes carried only their new entries


def _act(client: httpx.Client, table: str, token: str, action: str, version: int) -> Any:
    r = client.post(
        f"/api/tables/{table}/actions",
        headers=bearer(token),
        json={"action": action, "version": version},
    )
    assert r.status_code == 200, r.text
    return r


def test_a_push_sends_a_few_entries_not_the_whole_log(server: Server) -> None:
    """Late in a game a push is much smaller than the whole state (what this is for)."""
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "me"])
        table, tokens = made["table"]["id"], {int(s): t for s, t in made["tokens"].items()}
        with server.socket(table, tokens[0]) as ws:
            ws.state()
            version = 0
            for version in range(40):
                seat = state(client, table, tokens[0])["table"]["to_move"][0]
                legal = state(client, table, tokens[seat])["legal"]
                _act(client, table, tokens[seat], legal[0]["action"], version)
                ws.state(until=lambda m, v=version: m["version"] == v + 1)
            raw = ws.seen[-1]
        whole = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[0])).text
    assert len(json.loads(whole)["view"]["log"]) > 20
    assert json.loads(raw)["log_from"] > 0 and len(raw) < len(whole) / 2


def test_a_client_puts_the_log_together_from_log_from() -> None:
    def push(start: int, *log: str) -> dict[str, Any]:
        return {"type": "state", "log_from": start, "view": {"log": list(log)}}

    kept = whole_log(None, push(0, "a", "b"))
    assert kept == ["a", "b"]
    grown = whole_log(kept, push(2, "c"))
    assert grown == ["a", "b", "c"] and kept == ["a", "b"]  # a new list: kept stays
    assert whole_log(grown, push(3)) == grown
    assert whole_log(grown, push(0, "a", "B")) == ["a", "B"]  # from 0: all anew
    assert whole_log(grown, {"type": "state", "view": {"log": ["x"]}}) == ["x"]  # older servers
    with pytest.raises(Gap):
        whole_log(grown, push(4, "e"))  # entries this connection never had
    with pytest.raises(Gap):
        whole_log(None, push(1, "b"))
