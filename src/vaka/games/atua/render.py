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
from vaka.games.atua.gains import Gain, gain, seat_extra
from vaka.games.atua.geometry import Island, Placement
from vaka.games.atua.params import PAIRS
from vaka.games.atua.scoring import pair_points, row_pairs, totem_points
from vaka.games.atua.tiles import FATES, RESIDENTS


def _card(cid: str) -> str:
    kinds = [s.name for s in CARDS[cid].symbols]
    return f"{cid} [" + ", ".join(kinds) + "]"


def render(view: Mapping[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    head = Text(f"Atua, turn {view['turn']}", style="bold")
    if view["solo"]:
        solo = view["solo_game"]
        printed = " as printed" if solo["levels"] == "printed" else ""
        head.append(
            f"  solo vs Tahuma ({solo['level_name']}{printed}: starts at {solo['level']}), "
            f"hut {solo['hut']}"
        )
    parts.append(head)
    if view["row"]:
        parts.append(
            Text(
                "row: "
                + " | ".join(
                    f"{i + 1}: {_card(r['card'])}"
                    + (f" +{r['coconuts']}c" if r["coconuts"] else "")
                    for i, r in enumerate(view["row"])
                )
            )
        )
    if view["solo"] and view["solo_game"]["offer"]:
        left, right = view["solo_game"]["offer"]
        parts.append(Text(f"offer: left {_card(left)} | right {_card(right)}"))
    parts.append(Text("piles: " + ", ".join(f"{k} {n}" for k, n in view["piles"].items())))
    if view["holding"]:
        parts.append(Text(f"to place: {_card(view['holding'])}"))
    if view["fates_open"]:
        parts.append(
            Text("fate tiles: " + "; ".join(f"{f['id']} {f['text']}" for f in view["fates_open"]))
        )
    table = Table("seat", "coconuts", "symbols", "fates", "resident", "scored")
    for s in view["seats"]:
        res = s["resident"]
        res_text = "-" if res is None else RESIDENTS[res].name
        if s["resident_revealed"]:
            res_text += f" (+{s['resident_points']})"
        table.add_row(
            str(s["seat"]),
            f"{s['coconuts']}",
            ", ".join(f"{k} {n}" for k, n in s["symbols"].items()),
            ", ".join(s["fates"]),
            res_text,
            ", ".join(f"{k} {v}" for k, v in s["scored"].items()),
        )
    parts.append(table)
    if view["decision"]:
        d = view["decision"]
        parts.append(Text(f"seat {d['seat']}: {d['prompt']}", style="bold"))
    if view.get("breakdown"):
        parts.extend(_final(view))
    return Group(*parts)


def _final(view: Mapping[str, Any]) -> list[RenderableType]:
    """The final scoring sheet, one row per seat (and Tahuma), and who won."""
    me = view.get("seat")
    rows = [(f"seat {i}" + " (you)" * (i == me), b) for i, b in enumerate(view["breakdown"])]
    if view["solo"]:
        rows.append(("Tahuma", view["solo_game"]["tahuma_score"]))
    categories = list(dict.fromkeys(k for _, b in rows for k in b if k != "total"))
    sheet = Table("", *(name for name, _ in rows), title="Game over: final scoring")
    for c in [*categories, "total"]:
        cells = (str(b.get(c, "-")) for _, b in rows)
        sheet.add_row(c.replace("_", " "), *cells, style="bold" * (c == "total"))
    if view["solo"]:
        mine, his = view["breakdown"][0]["total"], view["solo_game"]["tahuma_score"]["total"]
        won = bool(view["winners"])
        line = f"{'You beat Tahuma' if won else 'Tahuma wins'}, {mine} to {his}"
    else:
        names = ", ".join(f"seat {w}" + (" (you)" if w == me else "") for w in view["winners"])
        line = f"Winner{'s' if len(view['winners']) > 1 else ''}: {names}"
    return [sheet, Text(line, style="bold green")]


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
        cost = f"costs {i} coconut{'s' * (i > 1)}" if i else "free"
        return cost + (f", brings {gain}" if gain else "")
    if action.verb == A.TAKE:
        return "costs 1 coconut" if action.arg == A.LEFT else "brings 1 coconut from the hut"
    if action.verb == A.BUY:
        return FATES[action.arg].describe()
    if action.verb == A.REVEAL and me["resident"]:
        res = RESIDENTS[me["resident"]]
        n = row_pairs([r["card"] for r in view["row"]], res.pairs)
        return f"{res.points * (n // 2)} points now"
    if action.verb == A.SCORE:
        sym = me["symbols"]
        if action.arg in PAIRS:
            a, b, per = PAIRS[action.arg]
            return f"about {pair_points(sym.get(a, 0), sym.get(b, 0), per)} points"
        if action.arg == "coconuts":
            return f"{me['coconuts_counted']} points"
        if action.arg == "totems":
            totems = Counter[str](me["totems"])
            points = totem_points(totems, count_identical=view["solo"])
            if view["solo"]:  # the solo player counts identical totems too
                return f"{points} points ({totems.total()} totems)"
            unique = sum(1 for n in totems.values() if n == 1)
            return f"{points} points ({unique} unique totems)"
    if action.verb == A.SPARE:
        return "costs 3 coconuts; Tahuma does not get the card"
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
