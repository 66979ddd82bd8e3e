"""Tournaments on Ray: the same results as worker processes, even when a worker dies."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

ray = pytest.importorskip("ray")

from vaka.cli.main import app  # noqa: E402
from vaka.sim.runner import simulate  # noqa: E402

AGENTS = ["random", "easy", "random"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def _busy_workers() -> list[int]:
    """Ray workers now running a chunk (Ray names a busy worker's process ray::<task>)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if cmdline.startswith(b"ray::_play_chunk"):
            pids.append(int(entry.name))
    return pids


def test_ray_plays_the_same_games_as_worker_processes(local_ray: None) -> None:
    on_ray = simulate("rapa-nui", AGENTS, 24, 5, jobs=2, backend="ray")
    local = simulate("rapa-nui", AGENTS, 24, 5, jobs=2)
    assert on_ray.to_json() == local.to_json()
    assert on_ray.matches == local.matches


def test_a_worker_killed_mid_run_loses_no_game_and_counts_none_twice(local_ray: None) -> None:
    killed: list[int] = []
    seen: list[int] = []

    def progress(done: int) -> None:
        seen.append(done)
        if not killed:
            busy = _busy_workers()
            if busy:
                os.kill(busy[0], signal.SIGKILL)
                killed.append(busy[0])

    # 40 games in chunks of 5 (jobs=2): 8 tasks, so work is left when the first ends.
    result = simulate("rapa-nui", AGENTS, 40, 8, jobs=2, backend="ray", progress=progress)
    assert killed, "no busy worker was found to kill"
    assert seen[-1] == 40 and seen == sorted(seen)
    assert result.games == 40
    assert result.to_json() == simulate("rapa-nui", AGENTS, 40, 8).to_json()


def test_the_cli_runs_on_ray_with_the_same_report(local_ray: None) -> None:
    runner = CliRunner()
    args = ["simulate", "rapa-nui", "-p", "3", "-n", "12", "--seed", "3", "--json"]
    on_ray = runner.invoke(app, [*args, "--backend", "ray"])
    local = runner.invoke(app, [*args, "--jobs", "2"])
    assert on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)


def test_the_cli_refuses_an_unknown_backend_or_a_stray_address() -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["simulate", "rapa-nui", "-n", "2", "--backend", "spark"])
    assert bad.exit_code == 2 and "--backend" in bad.output
    stray = runner.invoke(app, ["simulate", "rapa-nui", "-n", "2", "--address", "auto"])
    assert stray.exit_code == 2 and "--address" in stray.output
