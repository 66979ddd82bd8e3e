"""Raiatea in the terminal: a view drawn as Rich tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from vaka.games.raiatea.actions import RaiateaAction
from vaka.games.raiatea.params import (
    ASSISTANT_NAMES,
    BOARD,
    CHARTS,
    COMMODITIES,
    COMMODITY_NAMES,
    LOC,
    LOCATION_NAMES,
    MASKS,
    RITUALS,
    TOOS,
)
from vaka.games.raiatea.view import mission_text

BOARD_ASSISTANTS = {a["id"]: a for a in BOARD["assistant_types"]}


def _name(x: str) -> str:
    if x in COMMODITY_NAMES:
        return str(COMMODITY_NAMES[x])
    if x in ASSISTANT_NAMES:
        return str(ASSISTANT_NAMES[x])
    if x in MASKS:
        return f"{MASKS[x]['name']} ({x})"
    if x in RITUALS:
        return f"{RITUALS[x]['name']} ({x}, {RITUALS[x]['cost']['mana']} mana)"
    return x


def _bonus(effects: list[dict[str, Any]]) -> str:
    parts = []
    for e in effects:
        kind = e["kind"]
        if kind == "gain":
            parts.append(f"+{e['amount']} {e['what']}")
        elif kind == "take":
            parts.append(f"take {e['amount']} {e['what']}")
        elif kind == "reactivate":
            parts.append(f"reactivate {e['amount']}")
        elif kind == "draw_rituals":
            parts.append("draw rituals")
        elif kind == "fulfil_mission":
            parts.append("To'o mission")
        else:
            parts.append(kind)
    return ", ".join(parts)


def render(view: Mapping[str, Any]) -> RenderableType:
    me = view["seat"]
    rnd = view["round"]
    decision = view.get("decision") or {}
    if view["is_over"]:
        title = "Raiatea — game over"
    else:
        who = decision.get("seats", [decision.get("seat")])
        names = ", ".join("you" if s == me else f"seat {s}" for s in who)
        title = (
            f"Raiatea — {rnd['kind']} round {rnd['number']} (start player: seat "
            f"{view['start_player']}); {names}: {decision.get('prompt', '')}"
        )
    board = Table(title="Commodities: price chart (marker *) and market", title_justify="left")
    board.add_column("commodity")
    for k in range(len(CHARTS[0])):
        board.add_column(f"space {k}")
    board.add_column("market", justify="right")
    for i, c in enumerate(COMMODITIES):
        cells: list[RenderableType] = []
        for k, effects in enumerate(CHARTS[i]):
            mark = "*" if view["prices"][c] == k else ""
            cells.append(Text(mark + _bonus(list(effects)), style="bold" if mark else "dim"))
        board.add_row(_name(c), *cells, str(view["commodities_market"][c]))

    market = Table(title="Forest, markets, locations", title_justify="left", show_header=False)
    market.add_column("")
    market.add_column("")
    market.add_row("forest display", ", ".join(map(_name, view["display"])) or "(empty)")
    if view["revealed"]:
        market.add_row("revealed", ", ".join(map(_name, view["revealed"])))
    market.add_row("forest pile", f"{view['forest_pile']} cards")
    market.add_row(
        "assistant market",
        ", ".join(f"{_name(t)} {n}" for t, n in view["assistant_market"].items()),
    )
    market.add_row("mask market", ", ".join(map(_name, view["mask_market"])) or "(empty)")
    taken = ", ".join(LOCATION_NAMES[t] for t in view["tiles"])
    market.add_row("locations claimed", taken or "none")
    market.add_row("ceremonial order", ", ".join(f"seat {s}" for s in view["order"]))
    market.add_row(
        "ritual piles",
        ", ".join(f"{d} {n}" for d, n in view["ritual_piles"].items()),
    )
    if "blessing" in view:
        market.add_row(
            "Divine Blessings",
            f"{view['bag_mana']} mana; "
            + ", ".join(
                f"{_name(r)} ({f'seat {s}' if s >= 0 else 'General'})" for r, s in view["blessing"]
            ),
        )

    statues = Table(title="To'o statues (rows bottom first; ? = face down)", title_justify="left")
    statues.add_column("statue")
    statues.add_column("missions")
    for st in view["statues"]:
        lines = []
        for r, row in enumerate(st["rows"]):
            spots: list[str] = []
            for k, token in enumerate(row):
                label = f"{st['vp']}.{r + 1}.{k + 1}"
                if token == "":
                    spots.append(f"{label} —")
                elif token == "?":
                    spots.append(f"{label} ?")
                else:
                    spots.append(f"{label} {mission_text(token)}")
            lines.append("  |  ".join(spots))
        statues.add_row(f"{st['vp']} VP", "\n".join(lines))

    players = Table(title="Players", title_justify="left")
    for col in ("seat", "rank", "priests", "masks", "assistants", "blue", "screen"):
        players.add_column(col)
    if view["is_over"]:
        players.add_column("score")
    for s in view["seats"]:
        label = f"{s['seat']} {s['colour']}" + (" (you)" if s["seat"] == me else "")
        assistants = ", ".join(
            f"{_name(t)} {n}" + (f" ({s['turned'][t]} turned)" if s["turned"][t] else "")
            for t, n in s["assistants"].items()
            if n or s["turned"][t]
        )
        if "pearls" in s:
            goods = ", ".join(f"{_name(c)} {n}" for c, n in s["goods"].items() if n)
            lines = [
                f"{s['pearls']} pearls, {s['mana']} mana; {goods or 'no goods'}",
                "rituals: " + (", ".join(map(_name, s["hand"])) or "none"),
            ]
            if s["drawn_cards"]:
                lines.append("drawn: " + ", ".join(map(_name, s["drawn_cards"])))
            if s["prepared_cards"]:
                lines.append("prepared: " + ", ".join(map(_name, s["prepared_cards"])))
            lines.append("To'o tokens: " + (", ".join(s["too_tokens"]) or "none"))
            screen = "\n".join(lines)
        else:
            screen = f"{s['commodities']} goods, {s['toos']} To'o tokens"
        row_cells: list[str] = [
            label,
            f"{s['rank']} ({s['tattoo']})",
            str(s["priests"]),
            ", ".join(s["masks"]),
            assistants or "-",
            ", ".join(s["blue"]) or "-",
            screen,
        ]
        if view["is_over"]:
            sc = s["score"]
            row_cells.append(
                f"{sc['total']} (rank {sc['rank']}, rituals {sc['rituals']}, "
                f"To'o {sc['toos']}, masks {sc['masks']})"
            )
        players.add_row(*row_cells)
    parts: list[RenderableType] = [Text(title, style="bold"), board, market, statues, players]
    if view["is_over"]:
        parts.append(Text(f"Winner: seat {view['winners'][0]}", style="bold green"))
    return Group(*parts)


def describe_choice(view: Mapping[str, Any], action: RaiateaAction) -> str | None:
    """What a choice is or brings, for the seat whose view this is."""
    verb, arg = action.verb, action.arg
    if verb in ("keep", "prepare", "perform", "discard"):
        card = RITUALS[arg]
        cost = ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in card["cost"].items())
        return f"{card['name']}, {card['type']}, costs {cost}: {card['text']}"
    if verb in ("pick", "give", "get", "steal") and arg in MASKS:
        return str(MASKS[arg]["text"])
    if verb == "mission":
        statue, row, space = (int(p) - 1 for p in arg.split("."))
        token = view["statues"][statue]["rows"][row][space]
        if token and token in TOOS:
            return f"{mission_text(token)}: {TOOS[token]['vp']} VP"
        return None
    if verb == "sell":
        c = COMMODITIES.index(arg)
        return "bonuses up to: " + _bonus(list(CHARTS[c][view["prices"][arg]]))
    if verb == "claim":
        return str(LOC[arg]["action"]) + f" Kahuna: {LOC[arg]['kahuna']}."
    if verb == "pick" and arg in COMMODITY_NAMES:
        return f"{COMMODITY_NAMES[arg]}: behind your screen"
    if verb == "pick" and arg in ASSISTANT_NAMES:
        return f"{ASSISTANT_NAMES[arg]}: an assistant, in front of your screen"
    if verb == "use":
        return str(BOARD_ASSISTANTS[arg]["b"])
    if verb == "hire":
        return f"{ASSISTANT_NAMES[arg]} for 2 pearls (less discounts)"
    if verb == "draw":
        return f"draw from the {arg} ritual deck by your rank, keep 1"
    if verb == "gift":
        return {"tattoo": "advance 1 tattoo", "commodity": "a commodity from the market",
                "pearls": "2 pearls"}[arg]  # fmt: skip
    if verb == "recruit":
        pearls = "2" if arg == "1" else "5"
        return f"{arg} priest{'s' * (arg == '2')} ({pearls} pearls, less discounts)"
    return None
