"""The load test's floor (benchmarks/ws_floor.py): its server answers the load test's own
clients as a real one would, so the figures it gives are the floor of the same traffic."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_floor_server_plays_the_load_tests_clients_without_refusals() -> None:
    run = [sys.executable, "-m", "benchmarks.ws_floor"]
    run += ["--tables", "4", "--seconds", "2", "--warmup", "1"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=120, check=True, cwd=ROOT)
    report = json.loads(done.stdout)
    assert report["tables"] == 4 and report["moves_per_second"] > 0
    latency = report["latency_ms"]
    assert latency["p50"] <= latency["p90"] <= latency["p99"]
    assert report["server_cpu_ms_per_move"] > 0 and report["client_cpu_ms_per_move"] > 0
    assert report["refused"] == {} and report["failures"] == {}


def test_the_load_test_splits_its_tables_between_client_processes() -> None:
    run = [sys.executable, "-m", "benchmarks.loadtest", "--tables", "4", "--seconds", "3"]
    run += ["--warmup", "2", "--clients", "2"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=180, check=True, cwd=ROOT)
    report = json.loads(done.stdout)
    assert report["tables"] == 4 and report["client_processes"] == 2
    assert report["moves"] > 0 and report["failures"] == {}
    assert set(report["refused"]) <= {"rate_limited", "stale"}  # instant clients outrun limits
    assert report["server_cpu_ms_per_move"] > 0 and report["client_cpu_ms_per_move"] > 0
    assert report["server_rss_mb"]["live"] > 0 and report["server_errors"] == []
