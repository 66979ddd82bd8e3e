"""A game from outside vaka brings its own translations (``Game.locale``: a gettext
domain named for the game, its catalogs beside its module), and the terminal speaks
them: Pig's log in German, while its English stays on the wire and in the record."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.process import vaka
from tests.plugins import install_plugin
from tests.server.serverproc import Server


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    yield install_plugin(tmp_path_factory.mktemp("plugin"))


def test_pig_speaks_german_from_its_own_catalog(plugin: dict[str, str], tmp_path: Path) -> None:
    save = tmp_path / "pig.json"
    moves = "roll\nroll\nhold\n" * 40
    args = ("play", "pig", "-p", "2", "--seed", "3", "--option", "goal=10", "--bots", "random")
    german = vaka("--lang", "de", *args, "--save", str(save), stdin=moves, env=plugin)
    assert german.returncode == 0, german.stdout + german.stderr
    assert "würfelt eine" in german.stdout and "sichert" in german.stdout
    assert "rolls" not in german.stdout and "banks" not in german.stdout
    english = vaka(*args, stdin=moves, env=plugin)
    assert "rolls" in english.stdout and "würfelt" not in english.stdout
    # the record and a replay of it keep the game's English
    assert json.loads(save.read_text())["game"] == "pig"


def test_pigs_option_is_named_from_its_own_catalog_in_the_lobbys_list(
    plugin: dict[str, str], tmp_path: Path
) -> None:
    """/api/games names a game's options as the game declares them, in the request's
    language, from the game's own catalog: a game from outside vaka needs no word of
    vaka's client to be named in the lobby."""
    server = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "server.log", env=plugin)
    server.start()
    try:
        with server.client() as client:
            english, german = (
                {g["id"]: g for g in client.get("/api/games", params={"lang": lang}).json()}
                for lang in ("en", "de")
            )
    finally:
        server.stop()
    goal, ziel = english["pig"]["options"]["goal"], german["pig"]["options"]["goal"]
    assert goal["name"] == "winning score" and ziel["name"] == "Siegpunktzahl"
    assert ziel["help"] == "Punkte, die zum Sieg gesichert werden müssen"
    assert goal["choices"] == ziel["choices"] == [10, 20, 50, 100]
    assert ziel["choice_names"] == ["10", "20", "50", "100"]  # numbers, as they are
