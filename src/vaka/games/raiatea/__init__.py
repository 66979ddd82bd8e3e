"""Raiatea for 3-5 players. The registry finds it as ``vaka.load("raiatea")``."""

from vaka.games.raiatea.game import GAME, Raiatea

__all__ = ["GAME", "Raiatea"]
