"""A token acts, reads, takes back, resigns and chats for its own seat of its own table only,
over REST and over the WebSocket; near-misses of a real token act for nobody.

(Tokens are compared in constant time in vaka.server.tokens; these tests check what a
token can do, not how long the comparison takes. What each seat is shown is held against
the engine in test_wire_leaks.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import _pg_database
from tests.server.serverproc import Server, bearer
from tests.server.wire import look, make, seat_tokens


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One server per database for this file's tests (each makes tables of its own)."""
    folder = tmp_path_factory.mktemp("security")
    pg = _pg_database() if request.param == "postgresql" else None
    url = next(pg) if pg is not None else f"sqlite:///{folder / 'vaka.db'}"
    srv = Server(url, folder / "server.log").start()
    yield srv
    srv.stop()
    if pg is not None:
        next(pg, None)


def get_state(client: httpx.Client, table: str, token: str | None) -> httpx.Response:
    return client.get(f"/api/tables/{table}/state", headers=bearer(token) if token else {})


def post(client: httpx.Client, table: str, what: str, token: str, **body: Any) -> httpx.Response:
    return client.post(f"/api/tables/{table}/{what}", headers=bearer(token), json=body)


def near_misses(token: str) -> list[str]:
    """Strings a careless comparison might take for ``token``."""
    return [
        token[:-1],
        token + "x",
        token.upper() if token.upper() != token else token.lower(),
        " " + token,
        token[:8],
        token[::-1],
    ]


def test_a_seat_token_plays_reads_undoes_resigns_and_chats_for_its_own_seat_only(
    server: Server,
) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "invite:Bo"])
        table = made["table"]["id"]
        ana, bo = seat_tokens(made)[0], seat_tokens(made)[1]
        elsewhere = make(client, "rapa-nui", ["me", "me"])
        stranger = elsewhere["tokens"]["0"]
        tokens = [ana, bo]
        # Each token reads its own seat; the views differ (each shows only its own hand).
        views = {t: get_state(client, table, t).json() for t in tokens}
        assert [views[t]["seat"] for t in tokens] == [0, 1]
        assert views[ana]["view"]["seats"][0]["hand"]
        assert "hand" not in views[ana]["view"]["seats"][1]
        assert "hand" not in views[bo]["view"]["seats"][0]
        assert get_state(client, table, stranger).status_code == 403
        start = look(client, table, tokens)
        # Ana is to move: neither Bo nor a stranger can play her move.
        move = views[ana]["legal"][0]["action"]
        assert views[bo]["legal"] == []
        r = post(client, table, "actions", bo, action=move, version=0)
        assert r.status_code == 409 and r.json()["error"] == "illegal"
        r = post(client, table, "actions", stranger, action=move, version=0)
        assert r.status_code == 403 and r.json()["error"] == "forbidden"
        checked = post(client, table, "check", bo, action=move).json()
        assert checked["legal"] is False
        assert look(client, table, tokens) == start
        # Ana plays; only she may take it back.
        assert post(client, table, "actions", ana, action=move, version=0).status_code == 200
        assert get_state(client, table, ana).json()["can_undo"]
        assert not get_state(client, table, bo).json()["can_undo"]
        after = look(client, table, tokens)
        r = post(client, table, "undo", bo, version=1)
        assert r.status_code == 409 and r.json()["error"] == "refused"
        r = post(client, table, "undo", stranger, version=1)
        assert r.status_code == 403
        assert look(client, table, tokens) == after
        # Chat speaks for the token's seat, under that seat's name.
        line = post(client, table, "chat", bo, text="hello").json()
        assert (line["seat"], line["name"]) == (1, "Bo")
        assert post(client, table, "chat", stranger, text="hi").status_code == 403
        # A stranger cannot resign a seat here; Bo's resignation is Bo's alone.
        assert post(client, table, "resign", stranger).status_code == 403
        assert (
            client.get(f"/api/tables/{elsewhere['table']['id']}").json()["seats"][0]["left"] is None
        )
        resigned = post(client, table, "resign", bo).json()
        assert [s["left"] for s in resigned["table"]["seats"]] == [None, "resign"]


def test_near_misses_of_a_token_act_for_nobody(server: Server) -> None:
    with server.client() as client:
        made = make(client, "raiatea", ["me", "me", "me"])
        table = made["table"]["id"]
        tokens = list(made["tokens"].values())
        before = look(client, table, tokens)
        for token in tokens:
            for bad in near_misses(token):
                assert get_state(client, table, bad).status_code == 403, bad
                r = client.post(
                    f"/api/tables/{table}/chat",
                    headers={"Authorization": f"Bearer {bad}"},
                    json={"text": "x"},
                )
                assert r.status_code in (403, 422), bad
        for scheme in ("bearer", "Token", "Basic"):
            r = client.post(
                f"/api/tables/{table}/chat",
                headers={"Authorization": f"{scheme} {tokens[0]}"},
                json={"text": "x"},
            )
            assert r.status_code == 403, scheme
        assert look(client, table, tokens) == before


def test_the_websocket_speaks_for_the_hello_token_s_seat_only(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "invite:Bo"])
        table = made["table"]["id"]
        ana, bo = seat_tokens(made)[0], seat_tokens(made)[1]
        stranger = make(client, "atua", ["me", "me"])["tokens"]["0"]
        before = look(client, table, [ana, bo])
        ana_move = get_state(client, table, ana).json()["legal"][0]["action"]
        with server.socket(table, bo) as ws:
            hello = ws.state()
            assert hello["seat"] == 1 and "hand" not in hello["view"]["seats"][0]
            ws.send(type="act", action=ana_move, version=0)
            assert ws.next()["error"] == "illegal"
            ws.send(type="undo", version=0)
            assert ws.next()["error"] in ("refused", "stale")
            ws.send(type="hello", token=ana)  # a second hello changes nothing
            ws.send(type="act", action=ana_move, version=0)
            assert ws.next()["error"] == "illegal"
        assert look(client, table, [ana, bo]) == before
        for token in (stranger, *near_misses(ana)):
            with server.socket(table, token) as ws:
                assert ws.next()["error"] == "forbidden"
                with pytest.raises(ConnectionClosed) as closed:
                    ws.next(timeout=5)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        with server.socket(table, None) as ws:  # a spectator watches, and only watches
            seen = ws.state()
            assert seen["seat"] is None and seen["legal"] == []
            assert all("hand" not in s for s in seen["view"]["seats"])
            for msg in (
                {"type": "act", "action": ana_move, "version": 0},
                {"type": "chat", "text": "hi"},
                {"type": "resign"},
                {"type": "undo", "version": 0},
            ):
                ws.ws.send(json.dumps(msg))
                assert ws.next()["error"] == "forbidden"
        assert look(client, table, [ana, bo]) == before
