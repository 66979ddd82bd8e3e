"""The three games as OpenSpiel games (``pip install vaka[rl]``).

Importing this module registers ``vaka_rapa_nui``, ``vaka_raiatea`` and ``vaka_atua`` with
``pyspiel``; ``pyspiel.load_game("vaka_atua", {"players": 3})`` then gives the game, and
every game option of the engine is a game parameter too (``rows="top-only"``...).

How the engine is mapped onto OpenSpiel's model (docs/ENVIRONMENTS.md says more):

* **Chance.** Every draw of the engine is a chance node: the shuffles of the setup (one
  node per step of a Fisher-Yates shuffle), and in Raiatea the die, reshuffles and blind
  draws during the game. The engine draws inside its moves from its own stream; here that
  stream is scripted (:mod:`vaka.envs.chance`): a move that asks for a draw not chosen yet
  is abandoned, the state becomes a chance node over ``range(n)`` (uniform, as the
  engine's ``below(n)``), and the chosen outcome is appended and the move played again
  from the state before it (once per shuffle, not per draw: the sizes of a shuffle's
  draws are known in advance). Several draws in one move are several chance nodes in a
  row. No outcome is in a seat's information state until its view shows it. Choosing each
  outcome with ``Rng(seed).below(n)`` (:func:`resolve_chance`) plays the engine's game
  for ``seed`` exactly. A guess (``resample_from_infostate``) re-deals what the seat
  cannot see; its future draws stay chance nodes.
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
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np
import pyspiel

from vaka.core.game import Action, Game
from vaka.core.observation import Encoder
from vaka.core.registry import game_ids, load
from vaka.core.rng import Rng, derive_seed
from vaka.core.state import Seat, State, win_shares
from vaka.envs.actions import Codec
from vaka.envs.chance import NeedDraw, ScriptedRng, max_outcomes, new_state
from vaka.envs.layouts import encoder

_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of a game: ``vaka_`` and its id ("vaka_rapa_nui")."""
    return "vaka_" + game_id.replace("-", "_")


#: The bound on a game's decisions where the game declares none (:meth:`Game.max_decisions`).
DEFAULT_DECISIONS = 1000


def max_game_length(game_id: str, players: int) -> int:
    """A bound on the decisions in one game (chance nodes not counted), as the game
    declares it: generous, at least four times the longest random game measured. OpenSpiel
    takes it as the bound on chance nodes too, which it also is (see the tests)."""
    declared = load(game_id).max_decisions(players)
    return DEFAULT_DECISIONS if declared is None else declared


def default_players(engine: Game) -> int:
    return max(engine.min_players, 2)


def parameters(engine: Game) -> dict[str, Any]:
    """The game parameters and their defaults: players, and the engine's options."""
    spec: dict[str, Any] = {"players": default_players(engine)}
    for name, option in engine.options.items():
        spec[name] = option.default
    return spec


def game_type(game_id: str, players: int | None = None) -> pyspiel.GameType:
    """The game's type; constant-sum for two or more players, general-sum for solo."""
    engine = load(game_id)
    solo = players == 1 or (players is None and engine.min_players == 1)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(game_id),
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
    draws: int  # the most outcomes a chance node can have
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


@dataclass(frozen=True)
class Waiting:
    """A step stopped by draws not chosen yet: the engine state before it (``None``: the
    setup), the move (``seat``, ``action``; none for the setup), the outcomes chosen so far,
    and the sizes of the draws it asked for (the first is the chance node's; more than one
    for the rest of a shuffle). Never changed once made: each try plays the move on a copy
    of ``before``, so copies of an OpenSpiel state share it."""

    before: State | None
    seat: int
    action: Action | None
    outcomes: tuple[int, ...]
    sizes: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many outcomes the draw asked for now has."""
        return self.sizes[0]


class _Holder:
    """Holds the engine state, the step waiting for chance (if any), and what was computed
    from the state since it last changed (OpenSpiel asks for a seat's tensor once per kind
    of observation). OpenSpiel clones a Python state by deep-copying each of its attributes;
    this makes that copy the engine's own (much cheaper) clone."""

    __slots__ = ("memo", "state", "waiting")

    def __init__(self, state: State | None, waiting: Waiting | None = None) -> None:
        self.state = state
        self.waiting = waiting
        self.memo: dict[tuple[str, int], Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(None if self.state is None else self.state.clone(), self.waiting)


@functools.lru_cache(maxsize=64)
def _config(game_id: str, given: tuple[tuple[str, Any], ...]) -> Config:
    engine = load(game_id)
    spec = parameters(engine)
    unknown = sorted(set(dict(given)) - set(spec))
    if unknown:
        raise ValueError(f"{engine.name} has no parameter {', '.join(unknown)}")
    full = {**spec, **dict(given)}
    players = int(full["players"])
    options = engine.check_options({name: full[name] for name in engine.options})
    engine.new_state(players, 0, **options)  # refuses a bad player count
    codec, enc = Codec(game_id), encoder(game_id, players)
    draws = max_outcomes(game_id, players)
    return Config(game_id, players, draws, options, engine, codec, enc, given)


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
            max_chance_outcomes=config.draws,
            num_players=config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if config.players == 1 else 1.0,
            max_game_length=max_game_length(self.game_id, config.players),
        )
        super().__init__(game_type(self.game_id, config.players), info, given)

    def new_initial_state(self) -> VakaState:
        """The first chance node of the setup: nothing is drawn yet."""
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
    """An OpenSpiel state wrapping an engine state (``None`` during the setup's draws)."""

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
        if engine_state is None:
            self._play(None, -1, None, ())  # the setup, up to its first draw

    @property
    def engine_state(self) -> State | None:
        """The engine's game (the whole truth: for tools and tests, not for agents); at a
        chance node inside a move, the state before that move."""
        return self._holder.state

    @property
    def waiting(self) -> Waiting | None:
        """The step waiting for a chance outcome; ``None`` unless this is a chance node."""
        return self._holder.waiting

    def _play(
        self,
        before: State | None,
        seat: int,
        action: Action | None,
        outcomes: tuple[int, ...],
        own: bool = False,
    ) -> None:
        """Play the setup (``before`` is None) or a move with the draws chosen so far: the
        state after it, or a chance node for the next draw it asks for. A state of this
        OpenSpiel state's ``own`` is played in place (its legal actions stay cached), with a
        copy kept in case a draw stops the move."""
        game, holder = self.config, self._holder
        rng = ScriptedRng(outcomes, game.draws)
        try:
            if before is None:
                after = new_state(game.engine, game.players, game.options, rng)
            else:
                after = before
                if own:
                    before = before.clone()
                else:
                    after = before.clone()
                after.rng = rng
                after.apply(seat, action)
        except NeedDraw as draw:
            holder.state = before
            holder.waiting = Waiting(before, seat, action, outcomes, draw.sizes)
            return
        after.rng = ScriptedRng((), game.draws)  # the next move's draws: new chance nodes
        holder.state, holder.waiting = after, None
        holder.memo.clear()

    # ------------------------------------------------------------ OpenSpiel's API
    def current_player(self) -> int:  # asked several times per step: kept short
        holder = self._holder
        if holder.waiting is not None:
            return _CHANCE
        to_move = holder.state.to_move  # type: ignore[union-attr]
        return min(to_move) if to_move else _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        if self.waiting is not None or self.engine_state is None:
            return []
        return sorted(self.config.codec.slot_actions(self.engine_state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        waiting = self.waiting
        if waiting is None:
            return []
        p = 1.0 / waiting.size
        return [(k, p) for k in range(waiting.size)]

    def _apply_action(self, action: int) -> None:
        game, waiting = self.config, self.waiting
        if waiting is not None:
            if not 0 <= action < waiting.size:
                raise ValueError(f"chance outcome {action} is not in range({waiting.size})")
            outcomes = (*waiting.outcomes, action)
            if len(waiting.sizes) > 1:  # the sizes of the rest of a shuffle are known
                self._holder.waiting = replace(waiting, outcomes=outcomes, sizes=waiting.sizes[1:])
            else:
                self._play(waiting.before, waiting.seat, waiting.action, outcomes)
            return
        state = self.engine_state
        assert state is not None
        seat = self.current_player()
        if game.codec.slots:
            chosen = game.codec.decode(state, seat, int(action))
        else:  # a stable index: the engine's apply refuses it if it is not legal now
            chosen = game.engine.action_from_index(int(action))
        self._play(state, seat, chosen, (), own=True)  # illegal: refused, nothing changed
        self.own[seat].append(str(chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            waiting = self.waiting
            return f"draw {action}" + (f" of {waiting.size}" if waiting is not None else "")
        game = self.config
        if not game.codec.slots:
            return str(game.engine.action_from_index(int(action)))
        known = None
        if self.engine_state is not None and player in self.engine_state.to_move:
            known = game.codec.slot_actions(self.engine_state, player).get(int(action))
        return f"slot {action}" if known is None else f"slot {action}: {known}"

    def is_terminal(self) -> bool:
        state = self.engine_state
        return self.waiting is None and state is not None and state.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.config.players
        assert self.engine_state is not None
        return win_shares(self.engine_state.winners(), self.config.players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> VakaState:
        """A state ``player_id`` cannot tell apart from this one. The engine's determinize
        re-deals everything hidden from the seat (the other seats' action records are
        carried over); the future draws stay chance nodes, as in the real game. At a chance
        node, the draws already chosen for the step under way are seen by no seat, so the
        guess chooses its own, as many (from a stream seeded by the sampler): during the
        setup a fresh setup; inside a move of ``player_id`` the guess's own move; inside
        another seat's move the guess stops before that move, which ``player_id`` has not
        seen yet (its information state is the same either way)."""
        rng = Rng(derive_seed("openspiel", float(probability_sampler())))
        game, waiting = self.get_game(), self.waiting
        own = [list(x) for x in self.own]
        if waiting is not None and waiting.before is None:
            guess = VakaState(game, None, None, self.config)
            guess._choose(len(waiting.outcomes), rng)
            return guess
        before = self.engine_state
        assert before is not None
        real = before.determinize(player_id, rng.next64() >> 1)
        real.rng = ScriptedRng((), self.config.draws)
        guess = VakaState(game, real, own, self.config)
        if waiting is not None and waiting.seat == player_id:
            guess._play(real, waiting.seat, waiting.action, ())
            guess._choose(len(waiting.outcomes), rng)
        return guess

    def _choose(self, count: int, rng: Rng) -> None:
        """Choose up to ``count`` chance outcomes in a row with ``rng`` (for guesses: not
        entered in OpenSpiel's history, as none of a guess's past is)."""
        for _ in range(count):
            waiting = self.waiting
            if waiting is None:
                return
            self._apply_action(rng.below(waiting.size))

    def __str__(self) -> str:
        waiting, state = self.waiting, self.engine_state
        if state is None:
            return f"setup, outcomes drawn {list(waiting.outcomes) if waiting else []}"
        text = json.dumps(view_now(state, None), sort_keys=True, separators=(",", ":"), default=str)
        if waiting is not None:
            text += f"\nseat {waiting.seat} playing {waiting.action}, outcomes drawn "
            text += f"{list(waiting.outcomes)}, drawing one of {waiting.size}"
        return text


def resolve_chance(state: VakaState, rng: Rng) -> None:
    """Apply the chance nodes in a row at ``state``, each outcome ``rng.below(n)``: chance
    taken this way from the start with ``Rng(seed)`` plays the engine's game for ``seed``
    (``new_state(players, seed)``) under the same players' actions."""
    while state.is_chance_node():
        state.apply_action(rng.below(len(state.chance_outcomes())))


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
    return state.view(seat, log=False)


def _register(game_id: str) -> type[VakaGame]:
    name = "".join(part.title() for part in game_id.split("-")) + "Game"
    cls = type(name, (VakaGame,), {"game_id": game_id, "__module__": __name__})
    if short_name(game_id) not in pyspiel.registered_names():
        pyspiel.register_game(game_type(game_id), cls)
    return cls


#: The OpenSpiel game class of every game installed when this module was first imported
#: (a game registered later joins on its first ``load_game``).
GAMES: dict[str, type[VakaGame]] = {g: _register(g) for g in game_ids()}


def load_game(game_id: str, players: int, **params: Any) -> VakaGame:
    """The OpenSpiel game of a vaka game id: ``load_game("atua", 3, first_game=True)``."""
    if game_id not in GAMES:
        GAMES[game_id] = _register(load(game_id).id)  # refuses an unknown id
    game = pyspiel.load_game(short_name(game_id), {"players": players, **params})
    assert isinstance(game, VakaGame)
    return game
