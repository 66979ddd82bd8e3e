"""A server loads a game's rules (and the bots' knowledge of it) when a table of that game
first needs them, not on start: Atua's geometry alone takes most of a second to import.
(How long ``vaka serve`` takes to answer its first request is a benchmark figure, in
docs/PERFORMANCE.md, not a timed test.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# Run in a process of its own: this test process has imported every game already.
PROBE = """
import json, sys
from starlette.testclient import TestClient
from vaka.server.api import create_app

HEAVY = ("vaka.games.", "shapely", "numba")

def heavy():
    return sorted(m for m in sys.modules if m.startswith(HEAVY))

with TestClient(create_app(sys.argv[1])) as client:
    assert client.get("/api/tables").status_code == 200
    started = heavy()
    made = client.post(
        "/api/tables", json={"game": "rapa-nui", "players": 2, "seats": ["me", "bot:medium"]}
    )
    assert made.status_code == 201, made.text
    print(json.dumps({"started": started, "after_rapa_nui": heavy()}))
"""


def test_a_started_server_has_imported_no_game_until_a_table_needs_it(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, f"sqlite:///{tmp_path / 'vaka.db'}"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["started"] == []
    after = found["after_rapa_nui"]
    assert "vaka.games.rapanui" in after
    assert not [m for m in after if m.startswith(("vaka.games.atua", "shapely", "numba"))]
