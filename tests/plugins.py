"""A game from outside vaka (tests/plugin_game, the dice game Pig), installed apart as a
third party's package would be, into a folder of its own that only the processes of the
tests that ask for it see. Nothing of vaka names it: it is found through the ``vaka.games``
entry point, as ``docs/ARCHITECTURE.md`` ("Adding a game") says."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).parent / "plugin_game"


BOARD = '    board = "web"'


def install_plugin(into: Path, board: bool = True) -> dict[str, str]:
    """Install the package into ``into``; the environment variables that make a process
    see it (its folder first on ``PYTHONPATH``). ``board=False``: as it was before it had
    a browser board (no ``Game.board``, no ``web`` folder)."""
    # pip builds in the source folder: a copy of its own keeps test processes apart.
    source = into / "source"
    shutil.copytree(PACKAGE, source)
    if not board:
        module = source / "vaka_pig" / "__init__.py"
        text = module.read_text()
        assert BOARD in text, "the game names its board"
        module.write_text(text.replace(BOARD, ""))
        shutil.rmtree(source / "vaka_pig" / "web")
    site = into / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",  # the setuptools at hand: no index needed
            "--target",
            str(site),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path}
