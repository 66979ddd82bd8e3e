"""Rapa Nui for 2-4 players. The registry finds it as ``vaka.load("rapa-nui")``."""

from vaka.games.rapanui.game import GAME, RapaNui

__all__ = ["GAME", "RapaNui"]
