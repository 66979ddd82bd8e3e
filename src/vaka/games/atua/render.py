"""The terminal picture of an Atua view, notes on choices, and SVG pictures of islands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from vaka.games.atua import actions as A
from vaka.games.atua.cards import CARDS
from vaka.games.atua.events import fate_words
from vaka.games.atua.gains import Gain, gain, seat_extra
from vaka.games.atua.geometry import Island
from vaka.games.atua.params import PAIRS
from vaka.games.atua.placement import Placement
from vaka.games.atua.scoring import pair_points, row_pairs, totem_points
from vaka.games.atua.tiles import RESIDENTS
from vaka.games.atua.words import symbol
from vaka.i18n import NP_, _, ngettext, pgettext
from vaka.i18n.said import say


def _card(cid: str) -> str:
    kinds = [symbol(s.name.replace(" ", "_")) for s in CARDS[cid].symbols]
    return f"{cid} [" + ", ".join(kinds) + "]"


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def render(view: Mapping[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    head = Text(_("Atua, turn {n}").format(n=view["turn"]), style="bold")
    if view["solo"]:
        solo = view["solo_game"]
        # the level option's value, named as the game names it (game.py)
        level = pgettext("option value", str(solo["level_name"]))
        head.append(
            "  "
            + (
                _("solo vs Tahuma ({level} as printed: starts at {start}), hut {hut}")
                if solo["levels"] == "printed"
                else _("solo vs Tahuma ({level}: starts at {start}), hut {hut}")
            ).format(level=level, start=solo["level"], hut=solo["hut"])
        )
    parts.append(head)
    if view["row"]:
        parts.append(
            Text(
                _("row:")
                + " "
                + " | ".join(
                    f"{i + 1}: {_card(r['card'])}"
                    + (" " + _("+{n}c").format(n=r["coconuts"]) if r["coconuts"] else "")
                    for i, r in enumerate(view["row"])
                )
            )
        )
    if view["solo"] and view["solo_game"]["offer"]:
        left, right = view["solo_game"]["offer"]
        parts.append(
            Text(_("offer: left {left} | right {right}").format(
                left=_card(left), right=_card(right)))
        )  # fmt: skip
    piles = ", ".join(f"{k} {n}" for k, n in view["piles"].items())
    parts.append(Text(_("piles: {piles}").format(piles=piles)))
    if view["holding"]:
        parts.append(Text(_("to place: {card}").format(card=_card(view["holding"]))))
    if view["fates_open"]:
        fates = "; ".join(f"{f['id']} {say(fate_words(f['id']))}" for f in view["fates_open"])
        parts.append(Text(_("fate tiles: {tiles}").format(tiles=fates)))
    table = Table(_("seat"), _("coconuts"), _("symbols"), _("fates"), _("resident"), _("scored"))
    for s in view["seats"]:
        res = s["resident"]
        res_text = "-" if res is None else RESIDENTS[res].name
        if s["resident_revealed"]:
            res_text += f" (+{s['resident_points']})"
        table.add_row(
            str(s["seat"]),
            f"{s['coconuts']}",
            ", ".join(f"{symbol(k)} {n}" for k, n in s["symbols"].items()),
            ", ".join(s["fates"]),
            res_text,
            ", ".join(f"{pgettext('atua', k)} {v}" for k, v in s["scored"].items()),
        )
    parts.append(table)
    if view["decision"]:
        d = view["decision"]
        asked = d["prompt"]
        prompt = _(asked) if asked else ""  # _("") would be the catalog's header
        parts.append(Text(_("seat {n}: {prompt}").format(n=d["seat"], prompt=prompt), style="bold"))
    if view.get("breakdown"):
        parts.extend(_final(view))
    return Group(*parts)


def _final(view: Mapping[str, Any]) -> list[RenderableType]:
    """The final scoring sheet, one row per seat (and Tahuma), and who won."""
    me = view.get("seat")
    rows = [
        (_("seat {n}").format(n=i) + (" " + _("(you)")) * (i == me), b)
        for i, b in enumerate(view["breakdown"])
    ]
    if view["solo"]:
        rows.append((pgettext("atua", "Tahuma"), view["solo_game"]["tahuma_score"]))
    categories = list(dict.fromkeys(k for _row, b in rows for k in b if k != "total"))
    sheet = Table("", *(name for name, _b in rows), title=_("Game over: final scoring"))
    for c in [*categories, "total"]:
        cells = (str(b.get(c, "-")) for _row, b in rows)
        sheet.add_row(_category(c), *cells, style="bold" * (c == "total"))
    if view["solo"]:
        mine, his = view["breakdown"][0]["total"], view["solo_game"]["tahuma_score"]["total"]
        won = bool(view["winners"])
        line = _("You beat Tahuma, {mine} to {his}") if won else _("Tahuma wins, {mine} to {his}")
        line = line.format(mine=mine, his=his)
    else:
        names = ", ".join(
            _("seat {n}").format(n=w) + (" " + _("(you)") if w == me else "")
            for w in view["winners"]
        )
        line = ngettext("Winner: {names}", "Winners: {names}", len(view["winners"]))
        line = line.format(names=names)
    return [sheet, Text(line, style="bold green")]


#: Rows of the sheet that are no harmony source: Tahuma's starting points (by level).
_ROWS = (NP_("atua", "start"),)


def _category(name: str) -> str:
    """A row of the final scoring sheet: a harmony source, a fate tile's id, or more."""
    if name == "total":
        return _("total")
    english = name.replace("_", " ")
    translated = pgettext("atua", name)
    return english if translated == name else translated


def describe_choice(view: Mapping[str, Any], action: Any) -> str | None:
    seat = view.get("seat")
    if seat is None:
        return None
    me = view["seats"][seat]
    if isinstance(action, Placement):
        return placement_gain(view, action).note()
    if action.verb == A.TAKE and action.arg.isdigit():
        i = int(action.arg) - 1
        gain = view["row"][i]["coconuts"]
        cost = (
            ngettext("costs {n} coconut", "costs {n} coconuts", i).format(n=i) if i else _("free")
        )
        return cost + (", " + _("brings {n}").format(n=gain) if gain else "")
    if action.verb == A.TAKE:
        if action.arg == A.LEFT:
            return ngettext("costs {n} coconut", "costs {n} coconuts", 1).format(n=1)
        return _("brings 1 coconut from the hut")
    if action.verb == A.BUY:
        return say(fate_words(action.arg))
    if action.verb == A.REVEAL and me["resident"]:
        res = RESIDENTS[me["resident"]]
        n = row_pairs([r["card"] for r in view["row"]], res.pairs)
        return _("{points} now").format(points=_points(res.points * (n // 2)))
    if action.verb == A.SCORE:
        sym = me["symbols"]
        if action.arg in PAIRS:
            a, b, per = PAIRS[action.arg]
            points = pair_points(sym.get(a, 0), sym.get(b, 0), per)
            return _("about {points}").format(points=_points(points))
        if action.arg == "coconuts":
            return _points(me["coconuts_counted"])
        if action.arg == "totems":
            totems = Counter[str](me["totems"])
            points = totem_points(totems, count_identical=view["solo"])
            if view["solo"]:  # the solo player counts identical totems too
                return _("{points} ({n} totems)").format(points=_points(points), n=totems.total())
            unique = sum(1 for n in totems.values() if n == 1)
            return _("{points} ({n} unique totems)").format(points=_points(points), n=unique)
    if action.verb == A.SPARE:
        return _("costs 3 coconuts; Tahuma does not get the card")
    return None


def placement_gain(view: Mapping[str, Any], p: Placement) -> Gain:
    """What the viewer's placement ``p`` gains (the viewer's island, resident and scorings)."""
    me = view["seats"][view["seat"]]
    island = island_from_view(me)
    return gain(island, p, seat_extra(me), view["solo"], me["scored"])


def island_from_view(seat_view: Mapping[str, Any]) -> Island:
    return _island(seat_view["village"], tuple(seat_view["placements"]))


@lru_cache(maxsize=16)
def _island(village: str, placements: tuple[str, ...]) -> Island:
    """An island rebuilt from a view (the same one for every choice of one decision; an
    island is not changed once built, so sharing it is safe)."""
    island = Island(village)
    for text in placements:
        island.add(Placement.parse(text))
    return island
