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
