"""Finding games by id. Games announce themselves through the ``vaka.games`` entry-point
group, so nothing here (nor in the CLI or server) imports a game by name."""

from __future__ import annotations

import sys
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from vaka.core.errors import UnknownGame
from vaka.core.game import Game
from vaka.i18n import bind

ENTRY_POINT_GROUP = "vaka.games"


@cache
def _entry_points() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


_registered: dict[str, Game] = {}


def register(game: Game) -> None:
    """Make a game known in this process without installing it (plug-ins, tests)."""
    _registered[game.id] = game
    _bind_catalogs(game)


def game_ids() -> list[str]:
    """The ids of all installed (or registered) games, sorted."""
    return sorted({*_entry_points(), *_registered})


def load(game_id: str) -> Game:
    """The game with this id; :class:`UnknownGame` lists the known ids otherwise."""
    if not isinstance(game_id, str):
        raise UnknownGame(game_id, game_ids())
    if game_id in _registered:
        return _registered[game_id]
    if game_id not in _entry_points():
        raise UnknownGame(game_id, game_ids())
    return _load_entry_point(game_id)


@cache
def _load_entry_point(game_id: str) -> Game:
    (ep,) = entry_points(group=ENTRY_POINT_GROUP, name=game_id)
    game = ep.load()
    if not isinstance(game, Game) or game.id != game_id:
        raise TypeError(f"entry point {game_id!r} does not name the game {game_id!r}")
    _bind_catalogs(game)
    return game


def _bind_catalogs(game: Game) -> None:
    """A game's own catalogs (``Game.locale``), read from now on after vaka's."""
    if game.locale is None:
        return
    source = sys.modules[type(game).__module__].__file__
    if source is not None:
        bind(game.id, str(Path(source).parent / game.locale))
