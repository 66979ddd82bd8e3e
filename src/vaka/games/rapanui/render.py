"""Rapa Nui in the terminal: a view drawn as Rich tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from vaka.games.rapanui import actions as A
from vaka.games.rapanui.actions import RapaNuiAction
from vaka.games.rapanui.events import KIND_WORDS
from vaka.games.rapanui.params import HAND_SIZE, KIND_NAMES, RESOURCES, SACRIFICE_COST
from vaka.games.rapanui.rules import lay_cost
from vaka.i18n import N_, _, ngettext, pgettext

_STYLE = {
    "fish": "cyan",
    "grain": "yellow",
    "mulberry": "magenta",
    "potato": "orange3",
    "woodcutter": "green",
    "priest": "blue",
    "moai": "bold white",
}
_RESOURCE_NAMES = [KIND_NAMES[r] for r in RESOURCES]
_COLOURS = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}


def word(name: str) -> str:
    """A card kind as the view names it ("grain"), in the reader's language."""
    return pgettext("rapanui", KIND_WORDS[KIND_NAMES.index(name)]) if name in KIND_NAMES else name


def _card(name: str | None) -> Text:
    return Text(word(name) if name else _("(empty)"), style=_STYLE.get(name or "", "dim"))


def _row(row: Mapping[str, Any]) -> Text:
    """A display row: the top card in full, the cards under it dimmer (if they show)."""
    if row["top"] is None:
        return Text(_("(empty)"), style="dim")
    text = Text(word(row["top"]), style="bold " + _STYLE[row["top"]])
    for name in row.get("kinds", [])[1:]:
        text.append("\n" + word(name), style=_STYLE[name] + " dim")
    if "kinds" not in row and row["cards"] > 1:
        text.append("\n" + _("+{n} hidden").format(n=row["cards"] - 1), style="dim")
    return text


def _counts(counts: Mapping[str, int]) -> Text:
    text = Text()
    for name in _RESOURCE_NAMES:
        if text:
            text.append(" ")
        text.append(f"{word(name)} {counts[name]}", style=_STYLE[name] if counts[name] else "dim")
    return text


def render(view: Mapping[str, Any]) -> RenderableType:
    me = view["seat"]
    over = view["is_over"]
    decision: dict[str, Any] = view.get("decision") or {}
    asked = decision.get("prompt", "")
    asked = _(asked) if asked else ""  # _("") would be the catalog's header
    if over:
        title = _("Rapa Nui — game over after {n} turns").format(n=view["turn"])
    elif decision["seat"] == me:
        title = _("Rapa Nui — turn {n}, seat {seat}'s turn; you: {prompt}").format(
            n=view["turn"], seat=view["active"], prompt=asked
        )
    else:
        title = _("Rapa Nui — turn {n}, seat {seat}'s turn; seat {who}: {prompt}").format(
            n=view["turn"], seat=view["active"], who=decision["seat"], prompt=asked
        )

    display = Table(
        title=_("Display (top card first: take it to uncover the next)"), title_justify="left"
    )
    for i in range(1, len(view["rows"]) + 1):
        display.add_column(_("row {n}").format(n=i), justify="center")
    display.add_column(_("draw pile"), justify="center")
    pile = ngettext("{n} card", "{n} cards", view["pile"]).format(n=view["pile"])
    display.add_row(*[_row(row) for row in view["rows"]], Text(pile))

    stone = Table(title=_("Sacrifice stone"), title_justify="left")
    stone.add_column("")
    for name in _RESOURCE_NAMES:
        stone.add_column(word(name), justify="right", style=_STYLE[name])
    on_stone = view["stone"]["all" if over else "face_up"]
    stone.add_row(
        _("all on stone") if over else _("face up"), *[str(on_stone[n]) for n in _RESOURCE_NAMES]
    )
    stone.add_row(_("card worth"), *[str(view["sacrifice_values"][n]) for n in _RESOURCE_NAMES])
    stone.add_row(_("supply"), *[str(view["supply"][n]) for n in _RESOURCE_NAMES])
    down = view["stone"]["face_down"]
    stone.caption = (
        _("face down: {cards}").format(
            cards=", ".join(
                ngettext("seat {seat}: {n} card", "seat {seat}: {n} cards", n).format(seat=s, n=n)
                for s, n in enumerate(down)
            )
        )
        if any(down)
        else None
    )

    players = Table(title=_("Players"), title_justify="left")
    for col, justify in (
        (_("seat"), "left"),
        (_("wood"), "right"),
        (_("fame"), "right"),
        (_("laid out"), "left"),
        (_("hand"), "left"),
        (_("sacrifice cards"), "left"),
    ):
        players.add_column(col, justify=justify)  # type: ignore[arg-type]
    if over:
        players.add_column(_("score"), justify="right")
    for seat in view["seats"]:
        s = seat["seat"]
        colour = _(_COLOURS.get(seat["colour"], seat["colour"]))
        label = Text(
            f"{s} {colour}" + (" " + _("(you)") if s == me else ""),
            style="bold" if s == view["active"] and not over else "",
        )
        laid = Text()
        for kind, n in seat["laid"].items():
            if n:
                laid.append(f"{word(kind)} {n}  ", style=_STYLE[kind])
        hand: RenderableType
        if "hand" in seat:
            hand = Text(", ").join(_card(c) for c in seat["hand"])
            sacrifice = _counts(seat["sacrifice"])
            if seat["face_down"]:
                hidden = ", ".join(
                    f"{word(k)} {v}" for k, v in seat["face_down_cards"].items() if v
                )
                sacrifice.append("  " + _("(face down: {cards})").format(cards=hidden))
        else:
            hand = Text(_cards(seat["hand_size"]), style="dim")
            sacrifice = Text(_cards(seat["sacrifice_cards"]), style="dim")
        cells: list[RenderableType] = [
            label,
            str(seat["wood"]),
            str(seat["fame"]),
            laid,
            hand,
            sacrifice,
        ]
        if over:
            score = seat["score"]
            cells.append(
                _("{total} ({fame} fame + {moai} moai + {wood} wood + {sacrifice} sacrifice)")
                .format(**score)
            )  # fmt: skip
        players.add_row(*cells)
    parts: list[RenderableType] = [Text(title, style="bold"), display, stone, players]
    if over:
        names = ", ".join(
            _("seat {n}").format(n=w) + (" " + _("(you)") if w == me else "")
            for w in view["winners"]
        )
        winners = ngettext("Winner: {names}", "Winners: {names}", len(view["winners"]))
        parts.append(Text(winners.format(names=names), style="bold green"))
    return Group(*parts)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def describe_choice(view: Mapping[str, Any], action: RapaNuiAction) -> str | None:
    """What a choice costs or brings the seat whose view this is, from that view alone."""
    me = view["seats"][view["seat"]]
    verb, arg = action.verb, action.arg
    if verb == A.PASS and view["decision"]["phase"] == "gain":
        return _("take no sacrifice card")
    if verb == A.BUY:
        cost = max(0, SACRIFICE_COST - me["laid"][KIND_NAMES[arg]])
        return _("costs {cost} wood (you have {wood})").format(cost=cost, wood=me["wood"])
    if verb == A.LAY:
        cost = lay_cost(arg, action.count)
        return _("costs {cost} wood").format(cost=cost) if cost else _("free")
    if verb == A.TAKE:
        amount = view["decision"]["amount"]
        return (_("+{n} fame") if arg else _("+{n} wood")).format(n=amount)
    if verb == A.DRAW:
        row = view["rows"][arg]
        if "kinds" not in row:
            return _("takes the {kind}").format(kind=word(row["top"]))
        need = HAND_SIZE - me["hand_size"]
        taken, rest = row["kinds"][:need], row["kinds"][need:]
        after = _("uncovers a {kind}").format(kind=word(rest[0])) if rest else _("empties the row")
        return _("takes {kinds}; {after}").format(kinds=", ".join(map(word, taken)), after=after)
    if verb == A.SACRIFICE:
        return _("you hold {n}").format(n=me["sacrifice"][KIND_NAMES[arg]])
    if verb in (A.OFFER, A.GAIN):
        return _("{n} left in the supply").format(n=view["supply"][KIND_NAMES[arg]])
    return None
