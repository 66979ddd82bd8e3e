"""The game-agnostic half of a game state: seats, turn checks, history, log and records.

A game subclasses :class:`State` and fills in the ``_`` hooks with its rules. The public
methods here guard every entry point, so a game's hooks only ever see a real seat that is
to move and an action that is legal now: bad input is refused before anything changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from vaka.core import log_words
from vaka.core.errors import (
    GameOver,
    IllegalAction,
    InvalidSeat,
    MalformedAction,
    NotYourTurn,
    VakaError,
)
from vaka.core.events import Event
from vaka.core.rng import Rng, derive_seed
from vaka.i18n import _

if TYPE_CHECKING:
    from vaka.core.game import Action, Game

Seat = int

RECORD_FORMAT = "vaka-record"
RECORD_VERSION = 1
#: How many guesses :meth:`State.reveals` plays an action in.
REVEAL_SAMPLES = 8


class State(ABC):
    """One game in progress. Mutable: ``apply`` changes it; ``clone`` copies it."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    history: list[tuple[Seat, Action]]  # every action applied, in order
    log: list[Any]  # the game's own events (vaka.core.events.Event): its class says which
    determinized: bool
    #: Whether a log entry's words depend on the entry, the viewer and whether the game is
    #: over alone, and on nothing else of the game (its options, player count or hidden
    #: setup): then every game of this class in a process shares them (``log_words``).
    words_of_entry_alone: bool = False

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        if "rng" not in self.__dict__:  # a stream set before __init__ is kept (vaka.envs.chance)
            self.rng = Rng(seed)
        self.history = []
        self.log = []
        self.determinized = False
        self._legal_cache: tuple[Seat, list[Action]] | None = None
        #: Per viewer: how many log entries are described, whether the game was over then,
        #: and those entries as the view gives them (see ``view``).
        self._described: dict[Seat | None, tuple[int, bool, tuple[dict[str, Any], ...]]] = {}

    # ----------------------------------------------------------------- game hooks
    @property
    @abstractmethod
    def to_move(self) -> tuple[Seat, ...]:
        """The seats that must act now; ``()`` once the game is over. Several seats means
        a sealed simultaneous choice is open: each applies its own, in any order."""

    @abstractmethod
    def _legal(self, seat: Seat) -> list[Action]:
        """Legal actions of a seat that is to move (never empty)."""

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> None:
        """Carry out a legal action of a seat that is to move."""

    @abstractmethod
    def _view(self, seat: Seat | None) -> dict[str, Any]:
        """The game-specific part of what ``seat`` (None: a spectator) may know."""

    def _describe(self, event: Event, viewer: Seat | None) -> str | None:
        """A log entry in words for ``viewer``, or None if the viewer may not see it: the
        event's own ``said``. The words may depend on the entry, the viewer and whether the
        game is over, and on nothing else that changes during a game: ``view`` describes
        each entry once."""
        return event.said(viewer, self.is_over)

    @abstractmethod
    def breakdown(self) -> Sequence[Mapping[str, float]]:
        """Each seat's score by category, with the sum under ``"total"``: the final score
        once over, the score so far before."""

    def scores(self) -> list[float]:
        """Each seat's score: the final score once over, the score so far before."""
        return [float(parts["total"]) for parts in self.breakdown()]

    @abstractmethod
    def winners(self) -> list[Seat]:
        """The winning seats after the rulebook's tie-breaks; ``[]`` while not over, and in
        a solo game lost to the game's automated opponent."""

    @abstractmethod
    def _copy_mutables(self) -> None:
        """After a shallow copy: replace every mutable container with a copy of its own."""

    @abstractmethod
    def _redeal_hidden(self, seat: Seat) -> None:
        """Re-sample, from ``self.rng``, everything ``seat`` cannot know: the result must
        depend only on what the seat may know (sort hidden cards before shuffling them),
        others' hidden choices must be rewritten in the log, and any cached choices
        recomputed so that the guess is playable."""

    def _explain(self, seat: Seat, action: Action) -> str | None:
        """Why a (well-formed) action is illegal now, in a player's words, if the game
        can say more than the generic message."""
        return None

    def check(self) -> None:  # noqa: B027 - optional hook, nothing to check by default
        """Raise AssertionError if an invariant is broken (e.g. a card lost). For tests."""

    # ----------------------------------------------------------------- public API
    @property
    def is_over(self) -> bool:
        return not self.to_move

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The actions ``seat`` may take now: never empty for a seat in ``to_move``, empty
        for any other seat."""
        self.check_seat(seat)
        cache = self._legal_cache
        if cache is not None and cache[0] == seat:
            return list(cache[1])
        if seat not in self.to_move:
            return []
        legal = self._legal(seat)
        self._legal_cache = (seat, legal)
        return list(legal)

    def apply(self, seat: Seat, action: Action | str) -> None:
        """Play ``action`` (a value or its text) for ``seat``.

        Raises :class:`~vaka.IllegalAction` (with a reason) and changes nothing if the
        seat, the action or the moment is wrong.
        """
        self.check_seat(seat)
        to_move = self.to_move
        if not to_move:
            raise GameOver(_("the game is over; no more actions are taken"))
        if seat not in to_move:
            waiting = ", ".join(_("seat {n}").format(n=s) for s in to_move)
            raise NotYourTurn(
                _("seat {seat} is not to move now; waiting for {waiting}").format(
                    seat=seat, waiting=waiting
                )
            )
        if isinstance(action, str):
            action = self.game.parse_action(action)
        cache = self._legal_cache
        legal = cache[1] if cache is not None and cache[0] == seat else self._legal(seat)
        try:
            # The legal list's own instance is kept: an equal value built by a caller may
            # lack what the game's instances carry (such as their text).
            action = legal[legal.index(action)]
        except ValueError:
            if not self.game.is_action(action):
                raise MalformedAction(
                    _("{action} is not a {game} action").format(
                        action=repr(action), game=_(self.game.name)
                    )
                ) from None
            reason = self._explain(seat, action)
            choices = ", ".join(map(str, legal))
            raise IllegalAction(
                (
                    _("{action} is not allowed now: {reason}. Allowed: {choices}")
                    if reason
                    else _("{action} is not allowed now. Allowed: {choices}")
                ).format(action=action, reason=reason, choices=choices)
            ) from None
        self._legal_cache = None
        self._apply(seat, action)
        self.history.append((seat, action))

    def view(self, seat: Seat | None = None, *, log: bool = True) -> dict[str, Any]:
        """Exactly what ``seat`` may know, as JSON-ready data; ``None`` is a spectator.

        Its log entries are shared with this state's other views (and its copies'), so
        that a view costs no more as the log grows: never change them. ``log=False``
        leaves the log out (no ``"log"`` key): what the seat sees at this moment, for
        readers that never look back (an observation's encoding). Describing the log is
        most of a view's cost where no entry was described before, as in a fresh guess."""
        if seat is not None:
            self.check_seat(seat)
        over = self.is_over
        view: dict[str, Any] = {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "to_move": list(self.to_move),
            "is_over": over,
        }
        view.update(self._view(seat))
        if log:
            view["log"] = list(self._log_entries(seat, over))
        if over:
            view["scores"] = self.scores()
            view["winners"] = self.winners()
        return view

    def log_entries(self, seat: Seat | None = None) -> tuple[dict[str, Any], ...]:
        """The log as ``view(seat)["log"]`` gives it, as the state keeps it for its views: a
        tuple shared with them (never change it), for a caller that keeps a view's log
        for a while (the server's pushes) rather than a copy of it."""
        if seat is not None:
            self.check_seat(seat)
        return self._log_entries(seat, self.is_over)

    def _log_entries(self, seat: Seat | None, over: bool) -> tuple[dict[str, Any], ...]:
        """The log as ``seat`` reads it, ``{"seat": acting seat, "text": words}`` per
        visible entry: only the entries added since the last view are described (all
        again once the game ends)."""
        done, was_over, entries = self._described.get(seat, (0, over, ()))
        if was_over != over or done > len(self.log):
            done, entries = 0, ()
        if done < len(self.log):
            new = [self._entry(event, seat, over) for event in self.log[done:]]
            entries += tuple(entry for entry in new if entry is not None)
            self._described[seat] = (len(self.log), over, entries)
        return entries

    def _entry(self, event: Event, seat: Seat | None, over: bool) -> dict[str, Any] | None:
        """One log entry as ``seat`` reads it (None: not seen), shared with other games
        where the game allows it (``words_of_entry_alone``)."""

        def describe() -> dict[str, Any] | None:
            text = self._describe(event, seat)
            return None if text is None else {"seat": event.seat, "text": text}

        if not self.words_of_entry_alone or self.determinized:
            return describe()
        try:
            key = (type(self), log_words.strict(event), seat, over)
        except log_words.Unkeyable:
            return describe()
        return log_words.shared(key, describe)

    def clone(self) -> State:
        """An independent copy: nothing done to one affects the other."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.options = dict(self.options)
        twin.history = list(self.history)
        twin.log = list(self.log)
        twin._legal_cache = None
        twin._described = dict(self._described)
        twin._copy_mutables()
        return twin

    def determinize(self, seat: Seat, seed: int) -> State:
        """A full state that ``seat`` cannot tell apart from this one: everything hidden
        from it is re-dealt, and the random stream is reseeded, so a bot searching it
        learns nothing about the real hidden cards or the real future."""
        self.check_seat(seat)
        twin = self.clone()
        # The real seed would let the game be re-dealt exactly: the guess gets its own.
        twin.seed = derive_seed(seed, "determinize", seat)
        twin.rng = Rng(twin.seed)
        twin.determinized = True
        twin.history = []  # the real actions would tell the real hidden choices
        twin._redeal_hidden(seat)
        twin._described = {}  # the re-deal rewrites hidden choices in the log
        return twin

    def reveals(
        self,
        seat: Seat,
        action: Action | str,
        samples: int = REVEAL_SAMPLES,
        viewer: Seat | None = None,
        played: State | None = None,
    ) -> bool:
        """Whether ``seat`` playing ``action`` now would show ``viewer`` (default: ``seat``
        itself) anything hidden or random: a die rolled, a card drawn, sealed choices
        opened, another seat's hidden card played. Taking such an action back would let a
        player act again knowing more, so undo goes back only up to it.

        Any draw from the random stream counts. Then the game answers from its rules
        (:meth:`_reveals`: which actions turn cards over, open sealed choices...), and where
        it cannot say, :meth:`reveals_by_sampling` plays the action in guesses. ``played``:
        a clone of this state in which ``seat`` has just played ``action`` (a caller that
        made one to try the action saves playing it again); it is not changed.
        """
        return self._revealed(seat, action, samples, viewer, played, ask_game=True)

    def reveals_by_sampling(
        self,
        seat: Seat,
        action: Action | str,
        samples: int = REVEAL_SAMPLES,
        viewer: Seat | None = None,
    ) -> bool:
        """:meth:`reveals` without the game's own answer, the reference it is tested against.

        Any draw from the random stream counts. Otherwise the action is played in
        ``samples`` guesses of what ``viewer`` cannot know (:meth:`determinize`): if the
        viewer's view or a spectator's differs between a guess and the real game, or the
        action is not even legal in a guess, the action uncovered something. This needs no
        game-specific code and reads what the rules really do; a guess that happens to
        match the truth every time is one in which the viewer could have known the outcome
        anyway (or, rarely, a miss: more ``samples`` make it rarer).
        """
        return self._revealed(seat, action, samples, viewer, None, ask_game=False)

    def _revealed(
        self,
        seat: Seat,
        action: Action | str,
        samples: int,
        viewer: Seat | None,
        played: State | None,
        ask_game: bool,
    ) -> bool:
        """:meth:`reveals`, asking the game's :meth:`_reveals` first or not."""
        self.check_seat(seat)
        viewer = seat if viewer is None else viewer
        self.check_seat(viewer)
        before, since = self.rng.state, len(self.log)
        if played is None:
            real = self.clone()
            real.apply(seat, action)
        else:
            real = played
        if real.rng.state != before:
            return True
        known = self._reveals(real, seat, viewer) if ask_game else None
        if known is not None:
            return known
        return self._sampled(real, seat, viewer, since, samples)

    def _reveals(self, after: State, seat: Seat, viewer: Seat) -> bool | None:
        """The game's exact answer to :meth:`reveals`, from its rules: ``after`` is this
        state with the action played (the random stream did not move). None where the game
        cannot tell cheaply; the guesses of :meth:`reveals_by_sampling` decide then. An
        answer must agree with theirs (tests/conformance checks it over random games)."""
        return None

    def _sampled(self, real: State, seat: Seat, viewer: Seat, since: int, samples: int) -> bool:
        """Play the action taken in ``real`` in ``samples`` guesses for ``viewer``."""
        seen = real._seen(viewer, since), real._seen(None, since)
        played = real.history[-1][1]
        for k in range(samples):
            guess = self.determinize(viewer, derive_seed("reveals", k))
            try:
                guess.apply(seat, played)
            except IllegalAction:  # the action's legality itself depends on hidden cards
                return True
            if (guess._seen(viewer, since), guess._seen(None, since)) != seen:
                return True
        return False

    def _seen(self, viewer: Seat | None, since: int) -> tuple[Any, ...]:
        """What ``viewer`` sees now, with only the log entries from ``since`` on (the
        earlier ones are the same in every guess, by what ``determinize`` promises)."""
        news = [self._describe(event, viewer) for event in self.log[since:]]
        return self._view(viewer), self.to_move, news

    def record(self) -> dict[str, Any]:
        """The game as JSON-ready data: enough for :func:`vaka.replay` to rebuild it."""
        if self.determinized:
            raise VakaError("a determinized state is a guess, not a game: it has no record")
        if type(self.rng) is not Rng:  # draws chosen from outside (vaka.envs.chance)
            raise VakaError("a game whose draws were chosen, not seeded, has no record")
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.id,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, str(act)] for seat, act in self.history],
        }

    # ----------------------------------------------------------------- helpers
    def check_seat(self, seat: object) -> None:
        """Raise :class:`InvalidSeat` unless ``seat`` is a seat of this game."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidSeat(
                _("seat must be a whole number from 0 to {last}, not {seat}").format(
                    last=self.players - 1, seat=repr(seat)
                )
            )

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_legal_cache"] = None  # caches, not part of the game
        state["_described"] = {}
        return state

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to move {list(self.to_move)}"
        return (
            f"<{self.game.id} state, {self.players} players, {len(self.history)} actions, {status}>"
        )


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of one game's win: 1/k for each of k winners, 0 for the rest.

    Shares of a game always add up to 1 (when there is a winner), so the win counts of all
    seats add up to the number of games.

    >>> win_shares([0, 2], 3)
    [0.5, 0.0, 0.5]
    """
    shares = [0.0] * players
    for seat in winners:
        shares[seat] += 1.0 / len(winners)
    return shares
