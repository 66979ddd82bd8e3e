"""The browser client's files from a real server: compressed for clients that take it,
with validators and a cache policy, so a browser keeps them and asks only if they changed.
The tests share one server: they only read what it serves."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.serverproc import Server
from vaka import i18n
from vaka.core.registry import load
from vaka.web import STATIC


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("static")
    srv = Server(f"sqlite:///{folder / 'vaka.db'}", folder / "server.log").start()
    yield srv
    srv.stop()


def test_client_files_are_compressed_and_kept_between_visits(server: Server) -> None:
    path = "/static/lobby.js"
    raw = httpx.get(server.url + path, headers={"Accept-Encoding": "gzip"})
    assert raw.status_code == 200
    assert raw.headers["content-encoding"] == "gzip"
    assert raw.content == (STATIC / "lobby.js").read_bytes()  # httpx unzipped it
    assert int(raw.headers["content-length"]) < len(raw.content) / 2
    assert raw.headers["cache-control"] == "no-cache"
    etag = raw.headers["etag"]
    assert raw.headers["last-modified"]

    again = httpx.get(server.url + path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""

    plain = httpx.get(server.url + path, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == (STATIC / "lobby.js").read_bytes()

    # what a browser reads through gzip is the file itself, for every file, and the
    # whole client travels in well under half its size
    sent = whole = 0
    with httpx.Client(base_url=server.url) as client:
        for file in sorted(p for p in STATIC.rglob("*") if p.is_file()):
            url = "/static/" + file.relative_to(STATIC).as_posix()
            r = client.get(url, headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200 and r.content == file.read_bytes(), url
            sent, whole = sent + r.num_bytes_downloaded, whole + len(r.content)
    assert sent < whole / 2, (sent, whole)

    home = httpx.get(server.url + "/")
    assert home.status_code == 200 and home.headers["cache-control"] == "no-cache"


def test_each_games_board_comes_from_its_own_folder_kept_as_the_client_is(
    server: Server,
) -> None:
    with httpx.Client(base_url=server.url) as client:
        for game_id in ("rapa-nui", "raiatea", "atua"):
            folder = load(game_id).board_folder()
            assert folder is not None and (folder / "board.js").is_file(), game_id
            assert STATIC not in folder.parents  # the game's package holds it
            for file in sorted(p for p in folder.rglob("*") if p.is_file()):
                url = f"/boards/{game_id}/" + file.relative_to(folder).as_posix()
                r = client.get(url, headers={"Accept-Encoding": "gzip"})
                assert r.status_code == 200 and r.content == file.read_bytes(), url
                assert r.headers["cache-control"] == "no-cache", url
                if len(r.content) > 2000:
                    assert r.headers["content-encoding"] == "gzip", url
                again = client.get(url, headers={"If-None-Match": r.headers["etag"]})
                assert again.status_code == 304 and again.content == b"", url
        # nothing outside a board's folder, and no board for a game not installed
        for bad in (
            "/boards/atua/../game.py",
            "/boards/atua/%2e%2e/game.py",
            "/boards/chess/board.js",
            "/boards/atua/",
            "/boards/atua/missing.js",
        ):
            r = client.get(bad)
            assert r.status_code == 404, (bad, r.status_code)
            assert r.json()["error"] == "not_found", bad


def test_each_languages_catalog_is_served_for_the_browser(server: Server) -> None:
    with httpx.Client(base_url=server.url) as client:
        r = client.get("/i18n/de.json", headers={"Accept-Encoding": "gzip"})
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
        got = r.json()
        assert got["lang"] == "de"
        messages = got["messages"]
        with i18n.using("de"):  # the same words as the Python side reads
            assert messages["vaka games"] == i18n._("vaka games") != "vaka games"
            assert messages["{n} pearl"] == [
                i18n.ngettext("{n} pearl", "{n} pearls", 1),
                i18n.ngettext("{n} pearl", "{n} pearls", 2),
            ]
            assert messages["rapanui\u0004fish"] == i18n.pgettext("rapanui", "fish")
        again = client.get("/i18n/de.json", headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        pseudo = client.get("/i18n/en_XA.json").json()["messages"]
        assert pseudo["vaka games"].startswith("⟦")
        for bad in ("/i18n/en.json", "/i18n/fr.json", "/i18n/de", "/i18n/../api.json",
                    "/i18n/DE.json", "/i18n/"):  # fmt: skip
            assert client.get(bad).status_code == 404, bad
