"""The game-agnostic engine contract every vaka game, agent and tool stands on."""

from vaka.core.errors import (
    GameOver,
    IllegalAction,
    InvalidOptions,
    InvalidRecord,
    InvalidSeat,
    MalformedAction,
    NotYourTurn,
    UnknownGame,
    VakaError,
)
from vaka.core.events import Event
from vaka.core.game import Action, Game, Option
from vaka.core.record import load_record, replay, save_record
from vaka.core.registry import game_ids, load, register
from vaka.core.rng import Rng, derive_seed
from vaka.core.state import Seat, State

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidOptions",
    "InvalidRecord",
    "InvalidSeat",
    "MalformedAction",
    "NotYourTurn",
    "Option",
    "Rng",
    "Seat",
    "State",
    "UnknownGame",
    "VakaError",
    "derive_seed",
    "game_ids",
    "load",
    "load_record",
    "register",
    "replay",
    "save_record",
]
