"""The Raiatea game object that the registry hands out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from vaka.core.game import Action, Game, Scoreboard, Values
from vaka.core.rulebook import RuleBook
from vaka.games.raiatea import actions
from vaka.games.raiatea.state import RaiateaState
from vaka.i18n import NP_, _

if TYPE_CHECKING:
    from vaka.core.observation import Layout


class Raiatea(Game):
    """Raiatea (Jan Schmidt, Quined Games 2018): build the To'o, win the favour of Oro."""

    id = "raiatea"
    name = "Raiatea"
    min_players = 3
    max_players = 5
    board = "web"
    playthroughs = ((3, 4), (5, 5))
    #: A review calls 2 points of estimated final lead given up an inaccuracy, 6 a blunder:
    #: at 10 the hard bot, careless of points in a game won or lost, blundered one move in
    #: fifty against itself (docs/REVIEW.md, "Between hard bots").
    review_points = 20.0
    categories: ClassVar[Mapping[str, str]] = {
        "rank": NP_("score", "rank"),
        "rituals": NP_("score", "rituals"),
        "missions": NP_("score", "missions"),
        "masks": NP_("score", "masks"),
    }

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> RaiateaState:
        return RaiateaState(self, players, seed, options)

    @property
    def actions(self) -> Sequence[Action]:
        return actions.ACTIONS

    def parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def describe_choice(self, view: Mapping[str, Any], action: Action) -> str | None:
        from vaka.games.raiatea.choices import describe_choice

        assert isinstance(action, actions.RaiateaAction)
        return describe_choice(view, action)

    def label_choice(self, view: Mapping[str, Any], action: Action) -> str | None:
        from vaka.games.raiatea.moments import label

        assert isinstance(action, actions.RaiateaAction)
        return label(view, action)

    def scoreboard(self, view: Mapping[str, Any]) -> Scoreboard:
        """The VP as they stand (rank, performed Papa-Ra'i, missions, mask pairs): every
        part is on the open table."""
        if view["is_over"]:
            return Scoreboard(_("victory points"), tuple(view["scores"]))
        return Scoreboard(
            _("victory points as they stand"), tuple(s["points"] for s in view["seats"])
        )

    def moment(self, view: Mapping[str, Any]) -> str:
        from vaka.games.raiatea.moments import moment

        return moment(view)

    def say(self, view: Mapping[str, Any], action: Action) -> str:
        from vaka.games.raiatea.moments import say

        assert isinstance(action, actions.RaiateaAction)
        return say(view, action)

    def outcome(
        self, before: Mapping[str, Any], action: Action, after: Mapping[str, Any]
    ) -> str | None:
        from vaka.games.raiatea.moments import outcome

        assert isinstance(action, actions.RaiateaAction)
        return outcome(before, action, after)

    def components(self) -> dict[str, Any]:
        """Names, costs and texts of the printed components, so that a client can draw the
        cards a view names only by id."""
        from vaka.games.raiatea.components import components

        return components()

    def rulebook(self) -> RuleBook:
        from vaka.games.raiatea.rulebook import rulebook

        return rulebook()

    def estimate(self) -> Values:
        from vaka.games.raiatea.estimate import values

        return values

    def observation_layout(self) -> Layout:
        from vaka.games.raiatea.layout import LAYOUT

        return LAYOUT

    def chance_outcomes(self, players: int) -> int:
        # The longest list shuffled, the die, the seats (the start player), and every
        # commodity at once (the blind steal).
        from vaka.games.raiatea import params as ri

        commodities = int(sum(ri.START_COMMODITIES)) + sum(
            c in ri.COMMODITIES for c in ri.FOREST_DECK
        )
        return max(
            players,
            ri.DIE_SIDES,
            len(ri.STARTING_MASKS),
            len(ri.FOREST_DECK),
            *(len(pool) for pool in ri.TOO_POOL),
            len(ri.NORMAL_DECK),  # reshuffles: the discards of a deck are at most the deck
            len(ri.FORBIDDEN_DECK),
            commodities,
        )

    def max_decisions(self, players: int) -> int:
        # At least four times the longest random game measured (tests/envs).
        return 200 + 350 * players

    parts = ("prices", "missions", "players", "rituals")

    def render_part(self, view: Mapping[str, Any], part: str) -> Any | None:
        from vaka.games.raiatea.render import details

        return details(view, part)

    def render(self, view: Mapping[str, Any]) -> Any:
        from vaka.games.raiatea.render import render

        return render(view)


GAME = Raiatea()
