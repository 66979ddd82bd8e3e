"""The games a server offers: their player counts, options, bot levels and components."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from vaka.core.errors import UnknownGame
from vaka.core.registry import game_ids, load
from vaka.server.bots import LEVELS
from vaka.server.messages import GameInfo

router = APIRouter(prefix="/api/games", tags=["games"])


def offered_games() -> list[str]:
    """The installed games the server offers in its lobby (each says so: ``Game.offered``)."""
    return [g for g in game_ids() if load(g).offered]


@router.get("")
async def games(response: Response) -> list[GameInfo]:
    """The games, their player counts, options and bot levels; the options' help, names
    (``name``) and their choices' names (``choice_names``, one per choice) in the
    request's language."""
    response.headers["Vary"] = "Accept-Language"
    infos = []
    for gid in offered_games():
        game = load(gid)
        every = range(game.min_players, game.max_players + 1)
        infos.append(
            GameInfo(
                id=gid,
                name=game.name,
                min_players=game.min_players,
                max_players=game.max_players,
                options={
                    name: {
                        "default": opt.default,
                        "help": opt.describe(),
                        "name": opt.title(name),
                        "choices": list(opt.choices),
                        "choice_names": [opt.choice_title(c) for c in opt.choices],
                        "players": list(opt.players or every),
                    }
                    for name, opt in game.options.items()
                },
                levels=list(LEVELS),
            )
        )
    return infos


@router.get("/{game_id}/components")
async def components(game_id: str, response: Response) -> dict[str, Any]:
    """A game's printed components (card faces and the like) for drawing the table; their
    words (missions, bonuses, fate tiles, residents) in the request's language."""
    if game_id not in offered_games():
        raise UnknownGame(game_id, offered_games())
    response.headers["Vary"] = "Accept-Language"
    return load(game_id).components()
