"""A fourth game, installed from outside vaka, works on every surface that needs no more
than the engine contract: ``vaka games``, ``play``, ``simulate`` at every bot level,
``replay``, ``review``, ``serve`` (its tables and bots), and PettingZoo's and OpenSpiel's
own conformance tests."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.process import vaka
from tests.plugins import install_plugin
from tests.server.serverproc import Server
from tests.server.wire import bearer, make, state


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    yield install_plugin(tmp_path_factory.mktemp("plugin"))


def python(code: str, env: dict[str, str]) -> str:
    import os

    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **env},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_game_is_listed_with_its_options(plugin: dict[str, str]) -> None:
    done = vaka("games", env=plugin)
    assert done.returncode == 0, done.stderr
    assert "pig" in done.stdout and "Pig" in done.stdout and "2-4" in done.stdout
    assert "goal" in done.stdout
    assert "pig" not in vaka("games").stdout  # only where it is installed


def test_play_replay_and_review_a_game(plugin: dict[str, str], tmp_path: Path) -> None:
    save = tmp_path / "pig.json"
    moves = "roll\nroll\nhold\n" * 40
    done = vaka(
        "play", "pig", "-p", "2", "--seed", "3", "--option", "goal=10", "--bots", "medium",
        "--save", str(save), stdin=moves, env=plugin,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "roll" in done.stdout and "banks" in done.stdout
    record = json.loads(save.read_text())
    assert record["game"] == "pig" and record["actions"]
    replayed = vaka("replay", str(save), "--no-pause", env=plugin)
    assert replayed.returncode == 0, replayed.stderr
    assert "rolls" in replayed.stdout
    reviewed = vaka("review", str(save), "--budget", "2", env=plugin)
    assert reviewed.returncode == 0, reviewed.stdout + reviewed.stderr
    assert "accuracy" in reviewed.stdout.lower()


def test_simulate_plays_every_bot_level(plugin: dict[str, str]) -> None:
    done = vaka(
        "simulate", "pig", "-p", "4", "--agents", "random,easy,medium,hard", "--games", "8",
        "--json", env=plugin,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout)
    assert result["games"] == 8
    assert result["agents"] == ["random", "easy", "medium", "hard"]
    assert sum(a["wins"] for a in result["by_agent"]) == pytest.approx(8)


def test_pettingzoo_and_openspiel_conformance(plugin: dict[str, str]) -> None:
    out = python(
        """
        import pyspiel
        import types
        from functools import partial

        from pettingzoo.test import api_test, max_cycles_test, seed_test
        from pettingzoo.utils.conversions import parallel_to_aec
        from vaka.envs import openspiel, pettingzoo

        api_test(pettingzoo.env("pig", 3), num_cycles=200)
        seed_test(partial(pettingzoo.env, "pig", 2), num_cycles=50)
        par = partial(pettingzoo.parallel_env, "pig", 2, illegal="wrap")
        max_cycles_test(types.SimpleNamespace(
            parallel_env=lambda max_cycles: par(max_cycles=max_cycles),
            env=lambda max_cycles: parallel_to_aec(par(max_cycles=max_cycles)),
        ))
        game = openspiel.load_game("pig", 2)
        pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
        print("both passed", game.max_chance_outcomes(), game.observation_tensor_size())
        """,
        plugin,
    )
    last = out.splitlines()[-1].split()
    assert last[:2] == ["both", "passed"], out
    assert last[2] == "6"  # the game's own chance bound: one die


def test_the_service_offers_it_and_its_bots_play_it_to_the_end(
    plugin: dict[str, str], tmp_path: Path
) -> None:
    server = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "log", env=plugin).start()
    try:
        with server.client() as client:
            games = {g["id"]: g for g in client.get("/api/games").json()}
            assert "pig" in games and games["pig"]["max_players"] == 4
            assert "sealed-bid" not in games  # a game made only for tests is not offered
            made = make(client, "pig", ["me", "bot:medium", "bot:hard"], options={"goal": 10})
            table, token = made["table"]["id"], made["tokens"]["0"]
            deadline = time.monotonic() + 120
            while (now := state(client, table, token))["table"]["status"] != "over":
                assert time.monotonic() < deadline, "the game did not end"
                if now["legal"]:
                    move = "hold" if "hold" in [c["action"] for c in now["legal"]] else "roll"
                    r = client.post(
                        f"/api/tables/{table}/actions",
                        json={"action": move, "version": now["version"]},
                        headers=bearer(token),
                    )
                    assert r.status_code in (200, 409), r.text
                else:
                    time.sleep(0.05)
            record = client.get(f"/api/tables/{table}/record").json()
            assert record["game"] == "pig" and record["options"] == {"goal": 10}
        assert "Traceback" not in (tmp_path / "log").read_text()
    finally:
        server.stop()
