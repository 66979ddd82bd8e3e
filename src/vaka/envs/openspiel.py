"""The three games as OpenSpiel games (``pip install vaka[rl]``).

Importing this module registers ``vaka_rapa_nui``, ``vaka_raiatea`` and ``vaka_atua`` with
``pyspiel``; ``pyspiel.load_game("vaka_atua", {"players": 3})`` then gives the game, and
every game option of the engine is a game parameter too (``rows="top-only"``...).

How the engine is mapped onto OpenSpiel's model (docs/ENVIRONMENTS.md says more):

* **Chance.** The engine draws from a random stream seeded once, inside its moves; it does
  not expose draws as steps. So the game starts at one chance node whose outcome ``k``
  (one of ``deals`` equally likely, parameter ``deals``) is the engine's seed: it fixes
  the deal *and* every later draw, which stay hidden from all seats until the rules show
  them. There are no other chance nodes.
* **Sealed choices** are sequential with hidden moves: when several seats must choose at
  once the lowest of them moves first, and the engine hides each choice until all are in.
* **Information** comes only from the seat's own view (``State.view(seat)``): the
  information-state string is that view with the log the seat has seen and the seat's own
  actions (perfect recall); the observation string is the view without log and history.
  Both tensors are the PettingZoo encoding of the view (:mod:`vaka.envs.layouts`): a
  fixed-length summary, so the information-state *tensor* is not perfect recall.
* **Actions** are the PettingZoo integers (:class:`vaka.envs.actions.Codec`).
* **Returns**: 1 to a sole winner, 1/k to each of k tied winners, 0 otherwise (solo Atua: 1
  for beating Tahuma). With two or more players the returns add up to 1 (constant-sum).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyspiel

from vaka.core.game import Game
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.core.state import Seat, State
from vaka.envs.actions import Codec
from vaka.envs.encoding import Encoder
from vaka.envs.layouts import encoder
from vaka.sim.stats import win_shares

#: The OpenSpiel short name of each game.
SHORT_NAMES = {"rapa-nui": "vaka_rapa_nui", "raiatea": "vaka_raiatea", "atua": "vaka_atua"}
#: How many deals (engine seeds) the opening chance node chooses among, by default.
DEALS = 1000


def max_game_length(game_id: str, players: int) -> int:
    """A bound on the decisions in one game (the chance node not counted), generous: at least
    four times the longest random game measured for each game and player count."""
    per_seat = {"rapa-nui": 150, "raiatea": 350, "atua": 100}[game_id]
    return 200 + per_seat * players


def default_players(engine: Game) -> int:
    return max(engine.min_players, 2)


def parameters(engine: Game) -> dict[str, Any]:
    """The game parameters and their defaults: players, deals, and the engine's options."""
    spec: dict[str, Any] = {"players": default_players(engine), "deals": DEALS}
    for name, option in engine.options.items():
        spec[name] = option.default
    return spec


def game_type(game_id: str, players: int | None = None) -> pyspiel.GameType:
    """The game's type; constant-sum for two or more players, general-sum for solo."""
    engine = load(game_id)
    solo = players == 1 or (players is None and engine.min_players == 1)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game_id],
        long_name=f"vaka {engine.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.GENERAL_SUM if solo else utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=engine.max_players,
        min_num_players=engine.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(engine),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


@dataclass(frozen=True)
class Config:
    """What a game's states need, built once per game and parameters. OpenSpiel may hand a
    state a fresh Python wrapper of its game, without attributes, so states hold this."""

    game_id: str
    players: int
    deals: int
    options: dict[str, Any]
    engine: Game
    codec: Codec
    encoder: Encoder
    given: tuple[tuple[str, Any], ...]  # the parameters it was made from

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel serializes a state so) as the parameters it is made from."""
        return (_config, (self.game_id, self.given))

    def __deepcopy__(self, memo: dict[int, Any]) -> Config:
        return self  # shared, never changed


class _Holder:
    """Holds the engine state, and what was computed from it since it last changed (OpenSpiel
    asks for a seat's tensor once per kind of observation). OpenSpiel clones a Python state
    by deep-copying each of its attributes; this makes that copy the engine's own (much
    cheaper) clone."""

    __slots__ = ("memo", "state")

    def __init__(self, state: State | None) -> None:
        self.state = state
        self.memo: dict[tuple[str, int], Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(None if self.state is None else self.state.clone())


@functools.lru_cache(maxsize=64)
def _config(game_id: str, given: tuple[tuple[str, Any], ...]) -> Config:
    engine = load(game_id)
    spec = parameters(engine)
    unknown = sorted(set(dict(given)) - set(spec))
    if unknown:
        raise ValueError(f"{engine.name} has no parameter {', '.join(unknown)}")
    full = {**spec, **dict(given)}
    players, deals = int(full["players"]), int(full["deals"])
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    options = engine.check_options({name: full[name] for name in engine.options})
    engine.new_state(players, 0, **options)  # refuses a bad player count
    codec, enc = Codec(game_id), encoder(game_id, players)
    return Config(game_id, players, deals, options, engine, codec, enc, given)


def config_of(game: Any) -> Config:
    """The configuration of a loaded game (one of :data:`GAMES`)."""
    return _config(type(game).game_id, tuple(sorted(game.get_parameters().items())))


class VakaGame(pyspiel.Game):
    """One of the games for a fixed number of players (a subclass per game sets ``game_id``)."""

    game_id: ClassVar[str] = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        config = _config(self.game_id, tuple(sorted(given.items())))
        info = pyspiel.GameInfo(
            num_distinct_actions=config.codec.size,
            max_chance_outcomes=config.deals,
            num_players=config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if config.players == 1 else 1.0,
            max_game_length=max_game_length(self.game_id, config.players),
        )
        super().__init__(game_type(self.game_id, config.players), info, given)

    def new_initial_state(self) -> VakaState:
        """The opening chance node: the deal is not drawn yet."""
        return VakaState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> Observer:
        if params:
            raise ValueError(f"observer parameters are not supported: {dict(params)}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not kind.public_info or kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("only a seat's own observation (public and its private) is offered")
        return Observer(config_of(self).encoder, perfect_recall=kind.perfect_recall)


class VakaState(pyspiel.State):
    """An OpenSpiel state wrapping an engine state (``None`` before the deal)."""

    def __init__(
        self,
        game: Any,
        engine_state: State | None = None,
        own: list[list[str]] | None = None,
        config: Config | None = None,
    ) -> None:
        super().__init__(game)
        self.config = config or config_of(game)
        self._holder = _Holder(engine_state)
        #: each seat's own actions so far, as text (part of its information state)
        self.own = own if own is not None else [[] for _ in range(self.config.players)]

    @property
    def engine_state(self) -> State | None:
        """The engine's game (the whole truth: for tools and tests, not for agents)."""
        return self._holder.state

    # ------------------------------------------------------------ OpenSpiel's API
    def current_player(self) -> int:
        if self.engine_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_move = self.engine_state.to_move
        return min(to_move) if to_move else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine_state is None:
            return []
        return sorted(self.config.codec.slot_actions(self.engine_state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.config.deals
        return [(k, p) for k in range(self.config.deals)]

    def _apply_action(self, action: int) -> None:
        game = self.config
        if self.engine_state is None:
            self._holder.state = game.engine.new_state(game.players, int(action), **game.options)
            self._holder.memo.clear()
            return
        seat = self.current_player()
        if game.codec.slots:
            chosen = game.codec.decode(self.engine_state, seat, int(action))
        else:  # a stable index: the engine's apply refuses it if it is not legal now
            chosen = game.engine.action_from_index(int(action))
        self.engine_state.apply(seat, chosen)
        self._holder.memo.clear()
        self.own[seat].append(str(chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        game = self.config
        if not game.codec.slots:
            return str(game.engine.action_from_index(int(action)))
        known = None
        if self.engine_state is not None and player in self.engine_state.to_move:
            known = game.codec.slot_actions(self.engine_state, player).get(int(action))
        return f"slot {action}" if known is None else f"slot {action}: {known}"

    def is_terminal(self) -> bool:
        return self.engine_state is not None and self.engine_state.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.config.players
        assert self.engine_state is not None
        return win_shares(self.engine_state.winners(), self.config.players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> VakaState:
        """A state ``player_id`` cannot tell apart from this one: the engine's determinize
        re-deals everything hidden from the seat and reseeds the future draws. The other
        seats' action records are carried over unchanged."""
        if self.engine_state is None:
            return VakaState(self.get_game(), None, None, self.config)
        seed = derive_seed("openspiel", float(probability_sampler()))
        guess = self.engine_state.determinize(player_id, seed)
        return VakaState(self.get_game(), guess, [list(x) for x in self.own], self.config)

    def __str__(self) -> str:
        if self.engine_state is None:
            return "before the deal"
        view = view_now(self.engine_state, None)
        return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


class Observer:
    """OpenSpiel's observer interface: a seat's view as a vector and as text."""

    def __init__(self, enc: Encoder, perfect_recall: bool) -> None:
        self.encoder = enc
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(enc.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: VakaState, player: int) -> None:
        engine_state, memo = state.engine_state, state._holder.memo
        if engine_state is None:
            self.tensor.fill(0.0)
            return
        vector = memo.get(("tensor", player))
        if vector is None:
            vector = memo["tensor", player] = self.encoder.encode(view_now(engine_state, player))
        self.tensor[:] = vector

    def string_from(self, state: VakaState, player: int) -> str:
        return seat_string(state.engine_state, player, state.own[player], self.perfect_recall)


def seat_string(
    engine_state: State | None, seat: Seat, own: list[str], perfect_recall: bool
) -> str:
    """What ``seat`` knows as text: its view (with the log it saw and its own actions when
    ``perfect_recall``), as canonical JSON."""
    if engine_state is None:
        return json.dumps({"seat": seat, "dealt": False})
    if perfect_recall:
        view = engine_state.view(seat)
        view["own_actions"] = own
    else:
        view = view_now(engine_state, seat)
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


def view_now(state: State, seat: Seat | None) -> dict[str, Any]:
    """``state.view(seat)`` without the log: what the seat sees at this moment. Building the
    log's words is most of a view's cost, and observations do not read them."""
    over = state.is_over
    view: dict[str, Any] = {
        "game": state.game.id,
        "players": state.players,
        "seat": seat,
        "to_move": list(state.to_move),
        "is_over": over,
    }
    view.update(state._view(seat))
    if over:
        view["scores"] = state.scores()
        view["winners"] = state.winners()
    return view


def _register(game_id: str) -> type[VakaGame]:
    name = "".join(part.title() for part in game_id.split("-")) + "Game"
    cls = type(name, (VakaGame,), {"game_id": game_id, "__module__": __name__})
    if SHORT_NAMES[game_id] not in pyspiel.registered_names():
        pyspiel.register_game(game_type(game_id), cls)
    return cls


GAMES: dict[str, type[VakaGame]] = {g: _register(g) for g in SHORT_NAMES}


def load_game(game_id: str, players: int, **params: Any) -> VakaGame:
    """The OpenSpiel game of a vaka game id: ``load_game("atua", 3, first_game=True)``."""
    game = pyspiel.load_game(SHORT_NAMES[game_id], {"players": players, **params})
    assert isinstance(game, VakaGame)
    return game
