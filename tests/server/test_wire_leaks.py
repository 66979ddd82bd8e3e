"""Nothing hidden goes over the wire: whole games of each game played through a real
server, every seat a person's token held by the test, every WebSocket message kept.

After the game its record (published once it is over) is replayed here, and each message
a seat received is held against the engine at that version: the view is exactly the
engine's view for that seat; the legal choices are the engine's; a re-deal of everything
the seat cannot know (``State.determinize``, as tests/conformance does) shows it the same
view and the same choices; and no value that only another seat's view holds appears
anywhere in the message. Raiatea's sealed bids and offerings are checked on their own:
until every seat has chosen, the others see only that a seat has chosen.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

import vaka
from tests.server.serverproc import Server, bearer
from tests.server.wire import make, seat_tokens
from vaka.cli.wire import whole_log
from vaka.server.loadtest import Stats, play_seat, report, run

GAMES = [("rapa-nui", 2), ("raiatea", 3), ("atua", 2)]


def leaves(data: Any) -> set[str]:
    """Every string and number in a JSON value (keys included), as text."""
    if isinstance(data, dict):
        return set(map(str, data)) | {x for v in data.values() for x in leaves(v)}
    if isinstance(data, list):
        return {x for v in data for x in leaves(v)}
    return {str(data)}


def named(text: str) -> bool:
    """Whether a leaf names something (a card, a kind), not a count or a flag."""
    return text not in ("True", "False", "None") and not text.lstrip("-").replace(".", "").isdigit()


async def watch(url: str, table: str, heard: list[str]) -> None:
    """A spectator's socket, kept until the game is over."""
    async with connect(f"{url.replace('http', 'ws')}/ws/tables/{table}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        while True:
            raw = str(await asyncio.wait_for(ws.recv(), 120))
            heard.append(raw)
            msg = json.loads(raw)
            if msg["type"] == "state" and msg["table"]["status"] == "over":
                return


async def play(url: str, table: str, tokens: dict[int, str]) -> dict[int | None, list[str]]:
    heard: dict[int | None, list[str]] = {seat: [] for seat in [None, *tokens]}
    stats = Stats()
    until = asyncio.get_running_loop().time() + 120
    last = max(tokens)
    spectator = asyncio.create_task(watch(url, table, heard[None]))
    ended = await asyncio.gather(
        *(
            play_seat(
                url,
                table,
                seat,
                token,
                random.Random(seat),
                stats,
                until,
                lambda s, raw: heard[s].append(raw),
                think=0.01 if seat == last else 0.0,  # the others have chosen before it
            )
            for seat, token in tokens.items()
        )
    )
    await spectator
    assert all(ended), "the game did not end in time"
    return heard


class Replay:
    """The finished game replayed here, with each seat's view at each version (cached)."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.seed = record["seed"]
        self.states = [vaka.replay(record, upto=0)]
        for seat, action in record["actions"]:
            self.states.append(self.states[-1].clone())
            self.states[-1].apply(seat, action)
        self.views: dict[tuple[int, int | None], Any] = {}

    def view(self, version: int, seat: int | None) -> Any:
        if (version, seat) not in self.views:
            data = self.states[version].view(seat)
            self.views[version, seat] = json.loads(json.dumps(data))
        return self.views[version, seat]

    def check(self, seat: int | None, msg: dict[str, Any], raw: str) -> None:
        """Hold one message sent to ``seat`` against the engine at the message's version
        (``msg``: its log put together with the socket's earlier ones; ``raw``: as sent)."""
        version = msg["version"]
        state = self.states[version]
        view = self.view(version, seat)
        assert msg["seat"] == seat
        assert msg["view"] == view
        playing = msg["table"]["status"] == "playing"
        legal = state.legal_actions(seat) if seat is not None and playing else []
        assert msg["legal"] == [
            {"action": str(a), "note": state.game.describe_choice(view, a)} for a in legal
        ]
        assert str(self.seed) not in raw  # the seed would tell every hidden card
        if state.is_over:
            return
        if seat is not None and (version + seat) % 2 == 0:
            # a world that differs in all the seat cannot know (every other version, to
            # keep the test quick; each seat still gets half the versions of the game)
            guess = state.determinize(seat, version)
            assert json.loads(json.dumps(guess.view(seat))) == view
            assert sorted(map(str, guess.legal_actions(seat))) == sorted(map(str, legal))
        mine = leaves(view) | leaves(msg["legal"]) | leaves(msg["table"]) | leaves(msg["chat"])
        sent = leaves(json.loads(raw))
        for other in range(state.players):
            if other != seat:
                hidden = {x for x in leaves(self.view(version, other)) - mine if named(x)}
                assert not hidden & sent, f"seat {seat} was sent seat {other}'s {hidden & sent}"


def sealed_moments(msg: dict[str, Any], seat: int | None) -> int:
    """Check a Raiatea state sent during sealed bids or offerings: no other seat's choice
    is in it. Returns how many others had chosen (or sat out) while this seat had not."""
    decision = msg["view"].get("decision") or {}
    if decision.get("phase") not in ("offer", "auction"):
        return 0
    waiting = decision["seats"]
    for other, entry in enumerate(msg["view"]["seats"]):
        if other != seat:
            assert "my_bid" not in entry, f"seat {seat} saw seat {other}'s sealed choice"
    if seat is None or seat not in waiting:
        return 0
    return sum(1 for other in range(len(msg["view"]["seats"])) if other not in waiting)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One SQLite server for the three games: what goes over the wire does not depend on
    the database (test_tables runs both)."""
    folder = tmp_path_factory.mktemp("leaks")
    srv = Server(f"sqlite:///{folder / 'vaka.db'}", folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_no_message_tells_a_seat_what_it_may_not_know(
    server: Server, game: str, players: int
) -> None:
    with server.client() as client:
        made = make(client, game, ["me"] + [f"invite:P{i}" for i in range(1, players)])
        table = made["table"]["id"]
        tokens = seat_tokens(made)
        first = {s: _state(client, table, t) for s, t in [(None, None), *tokens.items()]}
        heard = asyncio.run(play(server.url, table, tokens))
        record = client.get(f"/api/tables/{table}/record").json()
    replay = Replay(record)
    for seat, msg in first.items():  # REST: each token reads its own seat's view only
        replay.check(seat, msg, json.dumps(msg))
    sealed = checked = parts = 0
    for seat, raws in heard.items():
        assert raws
        log: list[Any] | None = None  # the socket's log, put together as a client does
        seen: set[str] = set()
        for raw in raws:
            msg = json.loads(raw)
            if msg["type"] != "state":
                # stale (a newer state was on its way) or too fast (the client sends again)
                assert msg["type"] == "error" and msg["error"] in ("stale", "rate_limited"), raw
                continue
            msg["view"]["log"] = log = whole_log(log, msg)
            parts += msg["log_from"] > 0
            if raw in seen:  # a state pushed twice is checked once
                continue
            seen.add(raw)
            replay.check(seat, msg, raw)
            checked += 1
            if game == "raiatea":
                sealed += sealed_moments(msg, seat)
    assert checked >= len(record["actions"]) // 2  # the checks above really ran
    assert parts >= len(record["actions"]) // 2  # most pushes carried their new entries only
    assert json.loads(heard[None][-1])["version"] == len(record["actions"])  # no undo here
    if game == "raiatea":
        assert sealed > 0  # the sealed check above really ran


def _state(client: httpx.Client, table: str, token: str | None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/state", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def test_the_load_benchmark_plays_tables_and_reports(server: Server) -> None:
    """A short run of the load benchmark's clients (its figures are in PERFORMANCE.md)."""
    stats, took = asyncio.run(run(server.url, 3, 3.0, "rapa-nui", 2))
    figures = report(stats, took, 3, server.url, None, 0.0)
    assert figures["moves"] == len(stats.latencies) > 0
    assert 0 < figures["latency_ms"]["p50"] <= figures["latency_ms"]["p99"]
    # refused only as stale (a newer state was on its way) or as too fast (sent again)
    refused, failures = figures["refused"], figures["failures"]
    assert failures == {} and set(refused) <= {"stale", "rate_limited"}, (refused, failures)
