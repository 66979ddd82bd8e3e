"""The Atua game object that the registry hands out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from vaka.core.game import Action, Game, Option, Scoreboard, Values
from vaka.core.rulebook import RuleBook
from vaka.games.atua import actions
from vaka.games.atua.params import SOLO_LEVELS, SOLO_LEVELS_PRINTED, SOLO_TABLES
from vaka.games.atua.state import AtuaState
from vaka.i18n import N_, NP_, _

if TYPE_CHECKING:
    from vaka.core.observation import Layout


def _starts(levels: Mapping[str, int]) -> str:
    """A level table in words, for the help: "easy 20, medium 28, …"."""
    return ", ".join(f"{name} {start}" for name, start in levels.items() if name != "expert")


class Atua(Game):
    """Atua (Scott Almes, Schmidt Spiele): build an island of overlapping cards at any
    angle. 1 player is the solo game against Tahuma."""

    id = "atua"
    name = "Atua"
    min_players = 1
    max_players = 6
    board = "web"
    playthroughs = ((1, 6), (4, 7))
    #: A review calls 2 points of estimated final lead given up an inaccuracy
    #: (docs/REVIEW.md, "Calibration").
    review_points = 20.0
    categories: ClassVar[Mapping[str, str]] = {
        "fishing": NP_("score", "Fishing"),
        "hunting": NP_("score", "Hunting"),
        "canoes": NP_("score", "Canoes"),
        "coconuts": NP_("score", "Coconuts"),
        "totems": NP_("score", "Totems"),
        "volcanoes": NP_("score", "Volcanoes"),
        "resident": NP_("score", "resident"),
        "fate": NP_("score", "fate"),
        "beach": NP_("score", "Beach"),
        "coconut_bonus": NP_("score", "coconut bonus"),
    }
    options: ClassVar[Mapping[str, Option]] = {
        "level": Option(
            default="medium",
            help=N_(
                "solo game only: Tahuma's starting score, {levels}, calibrated for the "
                "reconstructed card faces ('expert' is legendary; tahuma=printed for the "
                "rulebook's {printed})"
            ),
            values=(("levels", _starts(SOLO_LEVELS)), ("printed", _starts(SOLO_LEVELS_PRINTED))),
            choices=tuple(SOLO_LEVELS),
            players=(1,),
            label=NP_("game option", "level"),
            choice_labels=(
                ("easy", NP_("option value", "easy")),
                ("medium", NP_("option value", "medium")),
                ("hard", NP_("option value", "hard")),
                ("legendary", NP_("option value", "legendary")),
                ("expert", NP_("option value", "expert")),
            ),
        ),
        "tahuma": Option(
            default="calibrated",
            help=N_(
                "solo game only: which starting scores the levels give Tahuma: calibrated for "
                "the reconstructed card faces, or printed (the rulebook's, set for the printed "
                "cards); docs/rules/atua.md, 'Solo levels'"
            ),
            choices=tuple(SOLO_TABLES),
            players=(1,),
            label=NP_("game option", "Tahuma's table"),
            choice_labels=(
                ("calibrated", NP_("option value", "calibrated")),
                ("printed", NP_("option value", "printed")),
            ),
        ),
        "first_game": Option(
            default=False,
            help=N_(
                "play without resident and fate tiles, as the rulebook recommends for your "
                "first games (the solo game never uses them)"
            ),
            choices=(False, True),
            players=(2, 3, 4, 5, 6),
            label=NP_("game option", "first game"),
        ),
    }

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> AtuaState:
        return AtuaState(self, players, seed, options)

    @property
    def actions(self) -> Sequence[Action]:
        return actions.ACTIONS

    def parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def is_action(self, value: object) -> bool:
        return actions.is_action(value)

    def action_index(self, action: Action) -> int:
        return actions.index(action)

    def action_from_index(self, index: int) -> Action:
        return actions.from_index(index)

    def describe_choice(self, view: Mapping[str, Any], action: Action) -> str | None:
        from vaka.games.atua.render import describe_choice

        return describe_choice(view, action)

    def scoreboard(self, view: Mapping[str, Any]) -> Scoreboard:
        """The harmony points entered so far (scored sources, a played resident); in the
        solo game Tahuma's total as it would stand now, from his pile and hut."""
        solo = view.get("solo_game") or {}
        if view["is_over"]:
            tahuma = solo.get("tahuma_score")
            rivals = (("Tahuma", float(tahuma["total"])),) if tahuma else ()
            return Scoreboard(_("harmony points"), tuple(view["scores"]), rivals=rivals)
        scores = tuple(
            float(sum(s["scored"].values()) + s["resident_points"]) for s in view["seats"]
        )
        standing = solo.get("tahuma_standing")
        return Scoreboard(
            _("harmony points scored"),
            scores,
            _("sources not yet scored, fate tiles and the bonuses count at the end"),
            (("Tahuma", float(standing)),) if standing is not None else (),
        )

    def moment(self, view: Mapping[str, Any]) -> str:
        from vaka.games.atua.moments import moment

        return moment(view)

    def say(self, view: Mapping[str, Any], action: Action) -> str:
        from vaka.games.atua.moments import say

        return say(view, action)  # type: ignore[arg-type]

    def outcome(
        self, before: Mapping[str, Any], action: Action, after: Mapping[str, Any]
    ) -> str | None:
        from vaka.games.atua.moments import outcome

        return outcome(before, action, after)  # type: ignore[arg-type]

    def pictures(self, view: Mapping[str, Any], choices: Sequence[Action]) -> dict[str, str]:
        """An SVG of the table (the row, the card to place, the fate tiles), one of every
        island, and one of the viewer's choices while a card waits to be placed (numbered
        as in the list of choices; otherwise it says that nothing waits)."""
        from vaka.games.atua.pictures import pictures

        return pictures(view, choices)

    def picture_array(self, view: Mapping[str, Any]) -> Any:
        """The table as an (H, W, 3) uint8 array: the row, the card to place and every
        island, drawn like the SVG pictures (:mod:`vaka.games.atua.raster`)."""
        from vaka.games.atua.raster import table_array

        return table_array(view)

    def components(self) -> dict[str, Any]:
        """The printed faces as data, so a client can draw any card at any pose: every
        card's terrain polygons, symbols and star (card coordinates, tenths of a millimetre,
        y up), the fate tiles and the residents in words (in the reader's language), the scoring
        sources."""
        from vaka.games.atua.cards import load_raw
        from vaka.games.atua.events import fate_words, resident_words
        from vaka.games.atua.params import SOURCES
        from vaka.games.atua.tiles import FATES, RESIDENTS
        from vaka.i18n.said import say

        raw = load_raw()
        keep = ("id", "kind", "name", "template", "regions", "symbols", "star")
        return {
            "card_size": raw["card_size"],
            "terrains": raw["terrains"],
            "symbol_kinds": raw["symbol_kinds"],
            "totems": raw["totems"],
            "cards": {c["id"]: {k: c[k] for k in keep} for c in raw["cards"]},
            "fates": {
                f.id: {
                    "cost": f.cost,
                    "categories": list(f.categories),
                    "text": say(fate_words(f.id)),
                }
                for f in FATES.values()
            },
            "residents": {
                r.id: {"name": r.name, "text": say(resident_words(r.id))}
                for r in RESIDENTS.values()
            },
            "sources": list(SOURCES),
        }

    def rulebook(self) -> RuleBook:
        from vaka.games.atua.rulebook import rulebook

        return rulebook()

    #: Random actions after a leaf only add noise to a value estimate that already looks
    #: ahead (and every card they lay makes a new island whose candidate placements cost
    #: milliseconds), so the estimate judges the leaf itself; and a placement is one of up
    #: to 40 of unequal worth, so the root starts from the estimate one step ahead
    #: (docs/AGENTS.md).
    search_settings: ClassVar[Mapping[str, Any]] = {"rollout_depth": 0, "prior_visits": 10}

    def estimate(self) -> Values:
        from vaka.games.atua.estimate import values

        return values

    def observation_layout(self) -> Layout:
        from vaka.games.atua.layout import LAYOUT

        return LAYOUT

    def action_slots(self) -> tuple[int, Sequence[Action]]:
        # The candidate placements of a card, up to their limit, and the small actions.
        from vaka.games.atua.params import CANDIDATE_LIMIT

        return CANDIDATE_LIMIT, actions.SMALL

    def chance_outcomes(self, players: int) -> int:
        # The longest list shuffled: a pile of cards or of tiles.
        from vaka.games.atua import cards, tiles

        return max(
            len(cards.VILLAGE_IDS),
            len(cards.ISLAND_IDS),
            len(tiles.FATE_IDS),
            len(tiles.RESIDENT_IDS),
        )

    def max_decisions(self, players: int) -> int:
        # At least four times the longest random game measured (tests/envs).
        return 200 + 100 * players

    def render(self, view: Mapping[str, Any]) -> Any:
        from vaka.games.atua.render import render

        return render(view)


GAME = Atua()
