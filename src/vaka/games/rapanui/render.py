"""Rapa Nui in the terminal: a view drawn as Rich tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from vaka.core.words import counted
from vaka.games.rapanui import actions as A
from vaka.games.rapanui.actions import RapaNuiAction
from vaka.games.rapanui.params import HAND_SIZE, KIND_NAMES, RESOURCES, SACRIFICE_COST
from vaka.games.rapanui.rules import lay_cost

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


def _card(name: str | None) -> Text:
    return Text(name or "(empty)", style=_STYLE.get(name or "", "dim"))


def _row(row: Mapping[str, Any]) -> Text:
    """A display row: the top card in full, the cards under it dimmer (if they show)."""
    if row["top"] is None:
        return Text("(empty)", style="dim")
    text = Text(row["top"], style="bold " + _STYLE[row["top"]])
    for name in row.get("kinds", [])[1:]:
        text.append("\n" + name, style=_STYLE[name] + " dim")
    if "kinds" not in row and row["cards"] > 1:
        text.append(f"\n+{row['cards'] - 1} hidden", style="dim")
    return text


def _counts(counts: Mapping[str, int]) -> Text:
    text = Text()
    for name in _RESOURCE_NAMES:
        if text:
            text.append(" ")
        text.append(f"{name} {counts[name]}", style=_STYLE[name] if counts[name] else "dim")
    return text


def render(view: Mapping[str, Any]) -> RenderableType:
    me = view["seat"]
    over = view["is_over"]
    decision: dict[str, Any] = view.get("decision") or {}
    if over:
        title = f"Rapa Nui — game over after {view['turn']} turns"
    else:
        who = "you" if decision["seat"] == me else f"seat {decision['seat']}"
        title = (
            f"Rapa Nui — turn {view['turn']}, seat {view['active']}'s turn; "
            f"{who}: {decision['prompt']}"
        )

    display = Table(
        title="Display (top card first: take it to uncover the next)", title_justify="left"
    )
    for i in range(1, len(view["rows"]) + 1):
        display.add_column(f"row {i}", justify="center")
    display.add_column("draw pile", justify="center")
    display.add_row(*[_row(row) for row in view["rows"]], Text(f"{view['pile']} cards"))

    stone = Table(title="Sacrifice stone", title_justify="left")
    stone.add_column("")
    for name in _RESOURCE_NAMES:
        stone.add_column(name, justify="right", style=_STYLE[name])
    on_stone = view["stone"]["all" if over else "face_up"]
    stone.add_row(
        "all on stone" if over else "face up", *[str(on_stone[n]) for n in _RESOURCE_NAMES]
    )
    stone.add_row("card worth", *[str(view["sacrifice_values"][n]) for n in _RESOURCE_NAMES])
    stone.add_row("supply", *[str(view["supply"][n]) for n in _RESOURCE_NAMES])
    down = view["stone"]["face_down"]
    stone.caption = (
        "face down: " + ", ".join(f"seat {s}: {counted(n, 'card')}" for s, n in enumerate(down))
        if any(down)
        else None
    )

    players = Table(title="Players", title_justify="left")
    for col, justify in (
        ("seat", "left"),
        ("wood", "right"),
        ("fame", "right"),
        ("laid out", "left"),
        ("hand", "left"),
        ("sacrifice cards", "left"),
    ):
        players.add_column(col, justify=justify)  # type: ignore[arg-type]
    if over:
        players.add_column("score", justify="right")
    for seat in view["seats"]:
        s = seat["seat"]
        label = Text(
            f"{s} {seat['colour']}" + (" (you)" if s == me else ""),
            style="bold" if s == view["active"] and not over else "",
        )
        laid = Text()
        for kind, n in seat["laid"].items():
            if n:
                laid.append(f"{kind} {n}  ", style=_STYLE[kind])
        hand: RenderableType
        if "hand" in seat:
            hand = Text(", ").join(_card(c) for c in seat["hand"])
            sacrifice = _counts(seat["sacrifice"])
            if seat["face_down"]:
                hidden = ", ".join(f"{k} {v}" for k, v in seat["face_down_cards"].items() if v)
                sacrifice.append(f"  (face down: {hidden})")
        else:
            hand = Text(f"{seat['hand_size']} cards", style="dim")
            sacrifice = Text(f"{seat['sacrifice_cards']} cards", style="dim")
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
                f"{score['total']} ({score['fame']} fame + {score['moai']} moai + "
                f"{score['wood']} wood + {score['sacrifice']} sacrifice)"
            )
        players.add_row(*cells)
    parts: list[RenderableType] = [Text(title, style="bold"), display, stone, players]
    if over:
        names = ", ".join(f"seat {w}" + (" (you)" if w == me else "") for w in view["winners"])
        parts.append(
            Text(f"Winner{'s' if len(view['winners']) > 1 else ''}: {names}", style="bold green")
        )
    return Group(*parts)


def describe_choice(view: Mapping[str, Any], action: RapaNuiAction) -> str | None:
    """What a choice costs or brings the seat whose view this is, from that view alone."""
    me = view["seats"][view["seat"]]
    verb, arg = action.verb, action.arg
    if verb == A.PASS and view["decision"]["phase"] == "gain":
        return "take no sacrifice card"
    if verb == A.BUY:
        cost = max(0, SACRIFICE_COST - me["laid"][KIND_NAMES[arg]])
        return f"costs {cost} wood (you have {me['wood']})"
    if verb == A.LAY:
        cost = lay_cost(arg, action.count)
        return f"costs {cost} wood" if cost else "free"
    if verb == A.TAKE:
        return f"+{view['decision']['amount']} {A.TAKE_NAMES[arg]}"
    if verb == A.DRAW:
        row = view["rows"][arg]
        if "kinds" not in row:
            return f"takes the {row['top']}"
        need = HAND_SIZE - me["hand_size"]
        taken, rest = row["kinds"][:need], row["kinds"][need:]
        after = f"uncovers a {rest[0]}" if rest else "empties the row"
        return f"takes {', '.join(taken)}; {after}"
    if verb == A.SACRIFICE:
        return f"you hold {me['sacrifice'][KIND_NAMES[arg]]}"
    if verb in (A.OFFER, A.GAIN):
        return f"{view['supply'][KIND_NAMES[arg]]} left in the supply"
    return None
