"""The description of one game: its id, player counts, options and action vocabulary."""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from vaka.core.errors import InvalidOptions, MalformedAction
from vaka.i18n import NP_, _, pgettext

if TYPE_CHECKING:
    from vaka.core.observation import Layout
    from vaka.core.rulebook import RuleBook
    from vaka.core.state import State

#: A value estimate: each seat's expected final score (or lead) in a state, from what is
#: on the table; bots look ahead with it and end their searches' rollouts early.
Values = Callable[["State"], list[float]]


class Action(Hashable, Protocol):
    """What every game's actions are: frozen, hashable values whose ``str`` is their
    canonical text, so that ``game.parse_action(str(a)) == a``."""

    def __str__(self) -> str: ...


@dataclass(frozen=True)
class Option:
    """One game option (a variant or setting) that ``new_state`` accepts."""

    default: Any
    help: str  # English, a text of the catalogs; with ``values``, a template of one
    choices: tuple[Any, ...] = ()
    #: the player counts the option matters at; empty means every count
    players: tuple[int, ...] = ()
    #: what fills the ``{fields}`` of ``help`` (data that the help quotes, as numbers)
    values: tuple[tuple[str, str], ...] = ()
    #: the option's name as people read it: English, a text of the catalogs in the context
    #: "game option" (``NP_("game option", "first game")``); empty: its key, spaced
    label: str = ""
    #: the names people read for some of ``choices``, as (choice, English text of the
    #: catalogs in the context "option value"); a choice not named here reads as itself
    choice_labels: tuple[tuple[Any, str], ...] = ()

    def describe(self) -> str:
        """The help as people read it, in the current language."""
        return _(self.help).format_map(dict(self.values))

    def title(self, key: str) -> str:
        """The name of the option ``key`` (this one) as people read it, in the current
        language.

        >>> Option(False, "").title("first_game"), Option(1, "", label="goal").title("x")
        ('first game', 'goal')
        """
        if self.label:
            return pgettext(OPTION, self.label)
        spaced = key.replace("_", " ").strip()
        return _(spaced) if spaced else key

    def choice_title(self, choice: Any) -> str:
        """What ``choice`` is called, in the current language: its declared name, else
        yes or no for a switch, else the value as it is (through the catalogs, where a
        game from outside vaka may name it).

        >>> named = (("top-only", "top only"),)
        >>> opt = Option("top-only", "", choices=("top-only", 3), choice_labels=named)
        >>> opt.choice_title("top-only"), opt.choice_title(3), opt.choice_title(True)
        ('top only', '3', 'yes')
        """
        for value, label in self.choice_labels:
            if value == choice and type(value) is type(choice):
                return pgettext(VALUE, label)
        if isinstance(choice, bool):
            return pgettext(VALUE, YES) if choice else pgettext(VALUE, NO)
        text = str(choice)
        return _(text) if isinstance(choice, str) and text.strip() else text


#: The contexts of the catalogs' option names and their values' names (``NP_``).
OPTION = "game option"
VALUE = "option value"
#: The context of the catalogs' score categories (``Game.categories``).
SCORE = "score"
YES = NP_("option value", "yes")
NO = NP_("option value", "no")


@dataclass(frozen=True)
class Scoreboard:
    """The scores a table shows during play, one per seat in seat order, as far as the
    rules make them public (what a player could work out from the open table)."""

    label: str  # what the numbers count ("fame", "victory points as they stand")
    scores: tuple[float, ...]
    #: what the numbers do not count yet, in a few words (None: nothing is hidden)
    hidden: str | None = None
    #: opponents that hold no seat (Atua's Tahuma), as (name, score as it stands)
    rivals: tuple[tuple[str, float], ...] = ()


class Game(ABC):
    """A game vaka can play. One instance per game, shared; it holds no match data."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Mapping[str, Option]] = {}
    #: The names people read for the categories of ``State.breakdown`` (a score sheet's
    #: rows): key -> English, a text of the catalogs in the context "score"
    #: (``NP_("score", "fame")``); a category not named here reads as its key, spaced.
    categories: ClassVar[Mapping[str, str]] = {}
    #: In a review, how many points of estimated final lead given up count as much as a
    #: whole win chance given up (the larger of the two labels a decision); None: win
    #: chance alone, where the game's lead estimates are too unsteady (docs/REVIEW.md).
    review_points: ClassVar[float | None] = None
    #: The folder of the game's own message catalogs, beside the module that defines the
    #: game (``<lang>/LC_MESSAGES/<game id>.mo``), for a game from outside vaka: its texts
    #: are read after vaka's catalog (vaka.i18n.bind; docs/ARCHITECTURE.md, "Adding a
    #: game"). None: the game's texts are in vaka's catalog, or English only.
    locale: ClassVar[str | None] = None
    #: The seeded random games written out as golden playthroughs (tests/playthroughs), each
    #: (players, seed): a change in how the game plays then shows as a readable diff.
    playthroughs: ClassVar[tuple[tuple[int, int], ...]] = ()

    def new_state(self, players: int, seed: int = 0, **options: Any) -> State:
        """A fresh game for ``players`` seats, its randomness fixed by ``seed``."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                _("{game} is for {low}-{high} players, not {n}").format(
                    game=_(self.name), low=self.min_players, high=self.max_players, n=repr(players)
                )
            )
        if type(seed) is not int:
            raise InvalidOptions(
                _("the seed must be a whole number, not {seed}").format(seed=repr(seed))
            )
        return self._new_state(players, seed, self.check_options(options))

    def category(self, key: str) -> str:
        """A score category's name (``State.breakdown``'s key) in the current language."""
        label = self.categories.get(key)
        if label:
            return pgettext(SCORE, label)
        spaced = key.replace("_", " ").strip()
        return _(spaced) if spaced else key

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The full option set (defaults filled in); unknown or bad values are refused."""
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or _("none")
            raise InvalidOptions(
                _("{game} has no option {names}; options: {known}").format(
                    game=_(self.name), names=", ".join(map(repr, unknown)), known=known
                )
            )
        full = {name: opt.default for name, opt in self.options.items()}
        for name, value in options.items():
            choices = self.options[name].choices
            if choices and value not in choices:
                raise InvalidOptions(
                    _("option {name} must be one of {choices}, not {value}").format(
                        name=repr(name), choices=", ".join(map(repr, choices)), value=repr(value)
                    )
                )
            full[name] = value
        return full

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State: ...

    @property
    @abstractmethod
    def actions(self) -> Sequence[Action]:
        """Every distinct action of the game in a fixed order: ``action_index`` is the
        position in this list, stable across versions (new actions go at the end)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action that ``text`` names; :class:`MalformedAction` if it names none."""

    def is_action(self, value: object) -> bool:
        """Whether ``value`` is an action of this game (not just any object)."""
        try:
            return value in self._index
        except TypeError:  # unhashable
            return False

    def action_index(self, action: Action) -> int:
        """The stable integer id of an action (for learning agents)."""
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise MalformedAction(f"{action!r} is not a {self.name} action") from None

    def action_from_index(self, index: int) -> Action:
        if type(index) is not int or not 0 <= index < len(self.actions):
            raise MalformedAction(f"action index must be 0-{len(self.actions) - 1}, not {index!r}")
        return self.actions[index]

    @cached_property
    def _index(self) -> dict[Action, int]:
        return {a: i for i, a in enumerate(self.actions)}

    def describe_choice(self, view: Mapping[str, Any], action: Action) -> str | None:
        """A short note on what a legal action costs or brings, for the seat whose ``view``
        this is (e.g. "costs 3 wood"); games override this."""
        return None

    def label_choice(self, view: Mapping[str, Any], action: Action) -> str | None:
        """What a legal action is, in words that lead with the thing it names ("Keep Hand
        of Hiro (2 mana)"), for a choice list that shows them before the typed text; None
        where the action's text says it well enough. Games override this."""
        return None

    def moment(self, view: Mapping[str, Any]) -> str | None:
        """When the ``view`` stands, in the game's own terms ("turn 14", "ceremony 2"), for
        people reading a game back (a review's turning points); None where the game names
        no such moment, and the reader counts actions instead. Games override this."""
        return None

    def say(self, view: Mapping[str, Any], action: Action) -> str:
        """A legal action in the words players use, as a gerund that can open a sentence
        ("taking the priest from row 3"), for the seat whose ``view`` this is; by default
        its canonical text. Games override this."""
        return str(action)

    def outcome(
        self, before: Mapping[str, Any], action: Action, after: Mapping[str, Any]
    ) -> str | None:
        """What the table shows that ``action`` brought about, from the views of the seat
        that took it just before and when the game next waits ("it uncovered a priest:
        seat 1 +3 fame"); None where there is nothing worth telling. Games override this."""
        return None

    def scoreboard(self, view: Mapping[str, Any]) -> Scoreboard | None:
        """The running score of every seat, read from a ``view`` (so that it shows no
        more than that seat may know); None where the game keeps none. Games override
        this."""
        return None

    def pictures(self, view: Mapping[str, Any], choices: Sequence[Action]) -> dict[str, str]:
        """Pictures of a view for people, as file name -> SVG text, with the seat's numbered
        ``choices`` drawn where that helps (Atua's placements); games override this."""
        return {}

    def components(self) -> dict[str, Any]:
        """The game's printed components as JSON-ready data (e.g. card faces), for
        clients that draw the table; the same for every game played. Games override this."""
        return {}

    def rulebook(self) -> RuleBook | None:
        """The rules at hand for people (a summary, a key to the screen, examples, and an
        explanation of every name the screen shows); games override this."""
        return None

    # ----------------------------------------------------------- what the platform asks
    # Each fact the platform needs from a game is asked here, with a default that still
    # works, so that no part of vaka keeps a table keyed by game id.

    #: Whether a server offers the game in its lobby (a game made only to test the engine
    #: says no).
    offered: ClassVar[bool] = True

    #: The folder of the game's browser board, beside the module that defines the game:
    #: ``board.js`` exports ``Board`` (docs/ARCHITECTURE.md, "The browser client") and
    #: the modules and stylesheets it uses lie beside it. None: the generic table.
    board: ClassVar[str | None] = None

    def board_folder(self) -> Path | None:
        """Where the files of :attr:`board` are on disk; None for a game without one."""
        if self.board is None:
            return None
        source = sys.modules[type(self).__module__].__file__
        if source is None:
            return None
        return Path(source).parent / self.board

    #: Settings of the hard bot's search (``IsmctsAgent``'s keyword arguments) where the
    #: game needs other than the defaults.
    search_settings: ClassVar[Mapping[str, Any]] = {}

    def estimate(self) -> Values | None:
        """The game's value estimate for bots (medium plays one step ahead with it, hard
        ends its rollouts with it); None: bots without game knowledge (random, and a
        search with full random rollouts)."""
        return None

    def observation_layout(self) -> Layout | None:
        """The fields of the numeric observation learning agents see (PettingZoo,
        OpenSpiel); None: the generic encoding of the view's numbers."""
        return None

    def action_slots(self) -> tuple[int, Sequence[Action]] | None:
        """For a game whose actions are too many to number once (Atua's placements): how
        many legal actions outside its small fixed set an environment numbers as slots (the
        k-th legal one, in ``action_index`` order), and that set; None: every action has
        its own number, its place in ``actions``."""
        return None

    def chance_outcomes(self, players: int) -> int | None:
        """The largest ``n`` any draw of the game can ask ``below(n)`` for (the longest
        list shuffled, a die), for environments that enumerate chance outcomes; None: a
        generous default, which a larger draw exceeds loudly."""
        return None

    def max_decisions(self, players: int) -> int | None:
        """A generous bound on the decisions in one game, for environments that need one;
        None: a default that suits a short game."""
        return None

    #: The parts of the table the terminal can show in full (``show PART``), for games
    #: whose table folds details away; see :meth:`render_part`.
    parts: ClassVar[tuple[str, ...]] = ()

    def render_part(self, view: Mapping[str, Any], part: str) -> Any | None:
        """One part of the table in full (one of :attr:`parts`), None for another word."""
        return None

    def render(self, view: Mapping[str, Any]) -> Any:
        """A Rich renderable of a view for the terminal; games override this."""
        import json

        return json.dumps(view, indent=2)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # A game is pickled as its id: states travel between processes, and a game's
        # caches are never part of a state.
        from vaka.core.registry import load

        return load, (self.id,)

    def __repr__(self) -> str:
        return f"<vaka game {self.id!r}>"
