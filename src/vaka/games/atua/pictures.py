"""The files Atua draws for a seat: the table, every island, and the viewer's choices.

They are written after every action, so an island is drawn again only when a card was laid
on it (the pictures of islands are kept by their cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from vaka.core.game import Action
from vaka.games.atua.choices_svg import render_choices_svg
from vaka.games.atua.placement import Placement
from vaka.games.atua.render import island_from_view, placement_gain
from vaka.games.atua.svg import TABLE, render_svg, render_table_svg

CHOICES = "atua-choices.svg"


def pictures(view: Mapping[str, Any], choices: Sequence[Action]) -> dict[str, str]:
    result = {"atua-table.svg": render_table_svg(view)}
    for seat in view["seats"]:
        title = f"seat {seat['seat']}" + " (you)" * (view.get("seat") == seat["seat"])
        result[f"atua-seat{seat['seat']}.svg"] = _island_svg(
            seat["village"], tuple(seat["placements"]), title
        )
    placements = [a for a in choices if isinstance(a, Placement)]
    me = view.get("seat")
    if me is not None and placements and len(placements) == len(choices):
        island = island_from_view(view["seats"][me])
        gains = [placement_gain(view, p) for p in placements]
        title = f"seat {me}: where to place {view['holding']} ({len(placements)} choices)"
        result[CHOICES] = render_choices_svg(island, placements, gains, title)
    elif me is not None:
        result[CHOICES] = _nothing(view)
    return result


@lru_cache(maxsize=32)
def _island_svg(village: str, placements: tuple[str, ...], title: str) -> str:
    return render_svg(island_from_view({"village": village, "placements": placements}), title)


def _nothing(view: Mapping[str, Any]) -> str:
    """The choices file when no card of the viewer's waits to be placed."""
    words = "The game is over." if view.get("is_over") else "No card of yours waits to be placed."
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="80" '
        'font-family="sans-serif">'
        f'<rect width="640" height="80" fill="{TABLE}"/>'
        f'<text x="20" y="48" font-size="24">{words}</text></svg>\n'
    )
