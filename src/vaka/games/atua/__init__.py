"""Atua: free-angle island building. Cards, placements and the placement rules (geometry),
the scoring geometry (measures), pictures (svg), and the game on vaka's engine contract."""

from vaka.games.atua.game import GAME, Atua

__all__ = ["GAME", "Atua"]
