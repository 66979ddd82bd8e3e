"""The Rapa Nui game object that the registry hands out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from vaka.core.game import Action, Game, Option, Scoreboard, Values
from vaka.core.rulebook import RuleBook
from vaka.games.rapanui import actions
from vaka.games.rapanui.scoring import RANKED, SACRIFICE_READINGS, ZERO_UNSACRIFICED
from vaka.games.rapanui.state import RapaNuiState
from vaka.i18n import N_, NP_, _

if TYPE_CHECKING:
    from vaka.core.observation import Layout


class RapaNui(Game):
    """Rapa Nui (Klaus-Jürgen Wrede, Kosmos 2011): build Moais, honour the gods."""

    id = "rapa-nui"
    name = "Rapa Nui"
    min_players = 2
    max_players = 4
    board = "web"
    playthroughs = ((2, 1), (3, 2), (4, 3))
    categories: ClassVar[Mapping[str, str]] = {
        "fame": NP_("score", "fame"),
        "moai": NP_("score", "Moai"),
        "wood": NP_("score", "wood"),
        "sacrifice": NP_("score", "sacrifice"),
    }
    options: ClassVar[Mapping[str, Option]] = {
        "rows": Option(
            default="fanned",
            help=N_(
                "fanned: every card of a row shows its kind (cards overlap, titles visible); "
                "top-only: only each row's top card is visible"
            ),
            choices=("fanned", "top-only"),
            label=NP_("game option", "rows"),
            choice_labels=(
                ("fanned", NP_("option value", "fanned")),
                ("top-only", NP_("option value", "top only")),
            ),
        ),
        "sacrifice": Option(
            default=RANKED,
            help=N_(
                "how a sacrifice card in hand scores at the end: ranked: the kinds by "
                "their count on the stone, the most 3 fame, each next count 1 less (a kind "
                "nobody sacrificed too); zero-unsacrificed: a kind with no card on the stone "
                "is worth 0"
            ),
            choices=SACRIFICE_READINGS,
            label=NP_("game option", "sacrifice"),
            choice_labels=(
                (RANKED, NP_("option value", "ranked")),
                (ZERO_UNSACRIFICED, NP_("option value", "unsacrificed score zero")),
            ),
        ),
    }

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> RapaNuiState:
        return RapaNuiState(self, players, seed, options)

    @property
    def actions(self) -> Sequence[Action]:
        return actions.ACTIONS

    def parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def describe_choice(self, view: Mapping[str, Any], action: Action) -> str | None:
        from vaka.games.rapanui.render import describe_choice

        return describe_choice(view, action)  # type: ignore[arg-type]

    def scoreboard(self, view: Mapping[str, Any]) -> Scoreboard:
        """The fame track, open to all; Moais, wood and sacrifice cards count at the end."""
        if view["is_over"]:
            return Scoreboard(_("fame"), tuple(view["scores"]))
        return Scoreboard(
            _("fame"),
            tuple(s["fame"] for s in view["seats"]),
            _("Moais, wood and sacrifice cards are counted at the end"),
        )

    def moment(self, view: Mapping[str, Any]) -> str:
        from vaka.games.rapanui.moments import moment

        return moment(view)

    def say(self, view: Mapping[str, Any], action: Action) -> str:
        from vaka.games.rapanui.moments import say

        return say(view, action)  # type: ignore[arg-type]

    def outcome(
        self, before: Mapping[str, Any], action: Action, after: Mapping[str, Any]
    ) -> str | None:
        from vaka.games.rapanui.moments import outcome

        return outcome(before, action, after)  # type: ignore[arg-type]

    def rulebook(self) -> RuleBook:
        from vaka.games.rapanui.rulebook import rulebook

        return rulebook()

    def estimate(self) -> Values:
        from vaka.games.rapanui.estimate import values

        return values

    def observation_layout(self) -> Layout:
        from vaka.games.rapanui.layout import LAYOUT

        return LAYOUT

    def chance_outcomes(self, players: int) -> int:
        # The longest list shuffled: the deck, or the starting sets dealt.
        from vaka.games.rapanui import params as rp

        return max(len(rp.STARTING_SETS), len(rp.DECK))

    def max_decisions(self, players: int) -> int:
        # At least four times the longest random game measured (tests/envs).
        return 200 + 150 * players

    def render(self, view: Mapping[str, Any]) -> Any:
        from vaka.games.rapanui.render import render

        return render(view)


GAME = RapaNui()
