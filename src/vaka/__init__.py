"""vaka: Rapa Nui, Raiatea and Atua as software to play, study and research.

>>> import vaka
>>> game = vaka.load("rapa-nui")
>>> state = game.new_state(players=3, seed=42)
>>> state.to_move
(0,)
"""

from vaka.core import *  # noqa: F403
from vaka.core import __all__ as _core_all

__all__ = list(_core_all)
__version__ = "0.1.0"
