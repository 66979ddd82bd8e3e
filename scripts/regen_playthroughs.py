"""Rewrite the golden playthrough files in tests/playthroughs (run after an intended change)."""

from pathlib import Path

from vaka.sim.playthrough import GOLDEN, filename, playthrough

folder = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"
folder.mkdir(exist_ok=True)
for game_id, players, seed in GOLDEN:
    path = folder / filename(game_id, players, seed)
    path.write_text(playthrough(game_id, players, seed), encoding="utf-8")
    print(f"wrote {path}")
