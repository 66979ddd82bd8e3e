"""The REST API fuzzed from its own OpenAPI schema (schemathesis) against a real server.

Every generated request, valid or not, must get an answer the schema documents (no 500s,
bodies that match it); and a request the server refused must leave the tables it named as
they were. Half the requests aim at a real table, with a real token or another table's.
A second pass sends every request as a signed-in browser does (the session's cookie, with
the CSRF header or without it), the account holding seats at the tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.server.serverproc import Server
from tests.server.wire import look, make
from vaka.server.api import create_app

SCHEMA = schemathesis.openapi.from_dict(create_app("sqlite://").openapi())
#: Paths that take a seat's token. Not /resign: a real resignation hands the seat to a bot,
#: which then plays on, and the table would change under the test.
SEATED = ("/state", "/actions", "/check", "/undo", "/chat", "/name")
EXAMPLES = 12  # per operation and mode: 32 operations, about 800 requests in all
SIGNED_IN = 6  # per operation and mode, with the session's cookie
NAME, PASSWORD = "Fuzz", "fuzz password"


class Live:
    """A server and three tables on it (one private) whose seats' tokens the test holds."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.http = server.client()
        self.tables: list[str] = []
        self.tokens: list[str] = []
        for game, seats, private in (
            ("rapa-nui", ["me", "me"], False),
            ("raiatea", ["me", "me", "open"], False),
            ("atua", ["me", "me"], True),  # seen only with its tokens
        ):
            made = make(self.http, game, seats, private=private)
            self.tables.append(made["table"]["id"])
            self.tokens += made["tokens"].values()

    def look(self, table: str) -> str:
        return look(self.http, table, self.tokens)

    def signed_in(self) -> dict[str, str]:
        """The session's cookie and CSRF token (signing in again where a request ended
        the session: a log-out, a sign-up or log-in in the same browser)."""
        with httpx.Client(base_url=self.server.url, timeout=30) as browser:
            if self.cookie:
                cookie = {"Cookie": f"vaka_session={self.cookie}"}
                me = browser.get("/api/account", headers=cookie).json()["me"]
                if me is not None and me["name"] == NAME:
                    return {"vaka_session": self.cookie, "csrf": me["csrf"]}
            claims = [
                {"table": t, "token": k}
                for t, k in zip(
                    [self.tables[0]] * 2 + [self.tables[1]] * 2, self.tokens[:4], strict=True
                )
            ]
            body = {"name": NAME, "password": PASSWORD, "seats": claims}
            r = browser.post("/api/account/login", json=body)
            if r.status_code == 401:
                r = browser.post("/api/account/signup", json=body)
            assert r.is_success, r.text
            self.cookie = r.cookies["vaka_session"]
            return {"vaka_session": self.cookie, "csrf": r.json()["csrf"]}

    cookie = ""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    folder = tmp_path_factory.mktemp("fuzz")
    server = Server(
        f"sqlite:///{folder / 'vaka.db'}",
        folder / "server.log",
        None,
        "--tries-per-minute",
        "0",
        "--name-tries-per-minute",
        "0",
    ).start()
    try:
        yield Live(server)
    finally:
        server.stop()


@SCHEMA.parametrize()
@SCHEMA.given(aim=st.integers(0, 5), who=st.integers(0, 4))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_api_answers_every_request_as_its_schema_says(
    case: Any, aim: int, who: int, live: Live
) -> None:
    if "table_id" in (case.path_parameters or {}) and aim <= len(live.tables):
        case.path_parameters["table_id"] = live.tables[aim % len(live.tables)]
        if who < len(live.tokens) and case.path.endswith(SEATED):
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {live.tokens[who]}"}
    before = {t: live.look(t) for t in live.tables}
    # Not every schema-valid request can be accepted: the game must exist, the seats must
    # number the players, the table must have that seat... (each refused as 4xx, checked).
    response = case.call_and_validate(
        base_url=live.server.url, excluded_checks=[positive_data_acceptance]
    )
    assert response.status_code < 500
    if response.status_code >= 400:
        assert response.json()["type"] == "error"
        for table in live.tables:
            assert live.look(table) == before[table], f"{case.method} {case.path} changed it"


@SCHEMA.parametrize()
@SCHEMA.given(aim=st.integers(0, 5), who=st.integers(0, 4))
@settings(
    max_examples=SIGNED_IN,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_api_answers_a_signed_in_browser_as_its_schema_says(
    case: Any, aim: int, who: int, live: Live
) -> None:
    """As above, each request with the session's cookie: with its CSRF header, a wrong
    one or none (``who``); half aim at the tables where the account holds seats."""
    session = live.signed_in()
    aimed = "table_id" in (case.path_parameters or {}) and not case.path.endswith("/resign")
    if aimed and aim <= len(live.tables):  # (a resignation would hand a seat to a bot)
        case.path_parameters["table_id"] = live.tables[aim % len(live.tables)]
    csrf = {0: session["csrf"], 1: session["csrf"], 2: "not the token", 3: ""}.get(who)
    extra = {"Cookie": f"vaka_session={session['vaka_session']}"}
    if csrf is not None:
        extra["X-CSRF-Token"] = csrf
    case.headers = {**(case.headers or {}), **extra}
    before = {t: live.look(t) for t in live.tables}
    response = case.call_and_validate(
        base_url=live.server.url, excluded_checks=[positive_data_acceptance]
    )
    assert response.status_code < 500
    if response.status_code >= 400:
        assert response.json()["type"] == "error"
        for table in live.tables:
            assert live.look(table) == before[table], f"{case.method} {case.path} changed it"
    if csrf != session["csrf"] and case.method != "GET":
        # a change signed in by the cookie is refused without its CSRF token (where a
        # seat's token authorises it instead, or nobody need be signed in, it is not)
        auth = {k.lower() for k in case.headers}
        if "authorization" not in auth and not case.path.endswith(("/login", "/signup", "/review")):
            assert response.status_code in (400, 403, 404, 413, 422, 429), response.text


def test_the_server_survived_the_fuzz(live: Live) -> None:
    with httpx.Client(base_url=live.server.url, timeout=10) as client:
        assert client.get("/api/games").status_code == 200
    assert live.server.proc is not None and live.server.proc.poll() is None
    assert "Traceback" not in Path(live.server.log_path).read_text()
