"""Raiatea in the terminal: the table on one 80 × 40 screen, and the details on request.

The table shows what a decision needs at a glance: each commodity's market, price and best
sale bonus; the forest and the markets; the To'o missions that lie face up, alike ones
counted once (face-down statues are one line); one line per seat with its points; what lies
behind your own screen; and what happened since your last decision, just above the choices.
Everything else (the whole price charts, each mission's space, card texts, discards) is in
:func:`details`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from vaka.core.words import counted
from vaka.games.raiatea.choices import describe_choice
from vaka.games.raiatea.names import (
    RANK_NAMES,
    SHORT,
    bonus,
    grouped,
    mask_short,
    mission,
    ritual,
    thing,
)
from vaka.games.raiatea.params import (
    ASSISTANT_NAMES,
    CHARTS,
    COMMODITIES,
    COMMODITY_NAMES,
    MASKS,
    PRICE_TOP,
    RITUALS,
    TOOS,
    cost,
)

__all__ = ["LATEST", "TOPICS", "describe_choice", "details", "latest", "render"]

#: How many of the latest log lines the table ends with.
LATEST = 3
#: What :func:`details` can show, for ``show X``.
TOPICS = ("prices", "missions", "players", "rituals")
TOKEN = "To'o token"


def _title(view: Mapping[str, Any]) -> Text:
    rnd = view["round"]
    if view["is_over"]:
        head = "Raiatea — game over"
    else:
        kind = "Action round" if rnd["kind"] == "action" else "Ceremony"
        head = f"Raiatea — {kind} {rnd['number']}"
    order = " ".join(str(s) for s in view["order"])
    text = Text(head, style="bold")
    text.append(f" · start player: seat {view['start_player']} · ceremonial order: {order}")
    return text


def _prompt(view: Mapping[str, Any]) -> Text | None:
    decision = view.get("decision")
    if view["is_over"] or not decision:
        return None
    me = view["seat"]
    who = decision.get("seats", [decision.get("seat")])
    names = " and ".join("you" if s == me else f"seat {s}" for s in who)
    text = Text("Now: ", style="bold")
    text.append(f"{names[0].upper()}{names[1:]} — {decision['prompt']}")
    if "mission" in decision:
        text.append(f" (mission {decision['mission']})")
    return text


def _goods(view: Mapping[str, Any]) -> Table:
    """The commodities (market, price marker, the best bonus a sale takes now) beside the
    assistants for hire."""
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    for col, right in (("Goods", False), ("market", True), ("price", True),
                       ("sale bonus", False), ("", False), ("Assistants", False),
                       ("to hire", True)):  # fmt: skip
        table.add_column(col, justify="right" if right else "left", header_style="bold")
    hire = list(view["assistant_market"].items())
    for i, c in enumerate(COMMODITIES):
        price = view["prices"][c]
        t, n = hire[i]
        table.add_row(
            Text(SHORT[c], style="bold"),
            str(view["commodities_market"][c]),
            f"{price}/{PRICE_TOP}",
            bonus(CHARTS[i][price]),
            "",
            Text(str(ASSISTANT_NAMES[t]), style="bold"),
            str(n),
        )
    return table


def _rows(view: Mapping[str, Any]) -> Table:
    """The mask market, the locations, Divine Blessings and the To'o missions, a label each."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True, justify="right")
    table.add_column()
    display = grouped(map(thing, view["display"])) or "empty"
    table.add_row("Forest", f"{display} ({view['forest_pile']} in the pile)")
    if view["revealed"]:
        table.add_row("Revealed", grouped(map(thing, view["revealed"])))
    table.add_row("Mask market", grouped(map(mask_short, view["mask_market"])) or "empty")
    start, players = view["start_player"], len(view["seats"])
    claimed = [
        f"{t.capitalize()}: seat {(start + i) % players}" for i, t in enumerate(view["tiles"])
    ]
    if view["round"]["kind"] == "action":
        table.add_row("Locations", ", ".join(claimed) or "none claimed yet")
    if "blessing" in view:
        bag = ", ".join(
            f"{RITUALS[r]['name']} ({f'seat {s}' if s >= 0 else 'General'})"
            for r, s in view["blessing"]
        )
        table.add_row("Blessings", f"{view['bag_mana']} mana in the bag; {bag or 'no rituals'}")
    rows: list[tuple[str, Text]] = []
    for st in view["statues"]:
        tokens = [t for row in st["rows"] for t in row if t]
        if tokens and tokens[0] != "?":
            rows.append((f"To'o {st['vp']} VP", Text(_missions(tokens))))
            continue
        what = f"{len(tokens)} face down" if tokens else "all taken"
        if not rows:
            rows.append(("To'o", Text()))
        rows[-1][1].append(f"{' · ' if rows[-1][1] else ''}{st['vp']} VP: {what}", style="dim")
    for label, text in rows:
        table.add_row(label, text)
    return table


def _missions(tokens: list[str]) -> str:
    """Missions grouped by what they ask and then by what of ("pay pearls 5 ×2, 6; mana 4 ·
    have priests 3 · rank Ariki+ · auctions ×2"), each alike one counted once."""
    groups: dict[str, dict[str, list[str]]] = {}
    for token in sorted(tokens, key=_order):
        t = TOOS[token]
        if t["kind"] == "auction":
            verb, noun, what = "auctions", "", ""
        elif t["kind"] == "conditional":
            cond = dict(t["condition"])
            if "rank" in cond:
                verb, noun, what = "rank", "", RANK_NAMES[cond["rank"]] + "+"
            else:
                same = cond.pop("same_type", False)
                ((noun, n),) = cond.items()
                verb, what = "have", f"{n}" + (" alike" if same else "")
        else:
            ((noun, n),) = t["pay"].items()
            verb, what = "pay", str(n)
            if noun == "commodities":
                ((mode, k),) = n.items()
                words = {"any": "any", "same": "alike", "different": "different"}
                what = f"{k} {SHORT[mode] if mode in SHORT else words[mode]}"
        groups.setdefault(verb, {}).setdefault(noun, []).append(what)
    parts = []
    for verb, nouns in groups.items():
        if verb == "auctions":
            n = len(nouns[""])
            parts.append("mana auction" + (f" ×{n}" if n > 1 else ""))
            continue
        inner = "; ".join(f"{noun} {grouped(w)}".strip() for noun, w in nouns.items())
        parts.append(f"{verb} {inner}")
    return " · ".join(parts)


_KINDS = ("resource", "conditional", "auction")
_CATEGORIES = ("pearls", "mana", "commodities", "masks", "conditional")


def _order(token: str) -> tuple[int, int, str]:
    """Pay before have before auctions; pearls, mana, commodities, masks; then the text."""
    t = TOOS[token]
    return (_KINDS.index(t["kind"]), _CATEGORIES.index(t["category"]), mission(token))


def _players(view: Mapping[str, Any]) -> Group:
    """A row of numbers per seat (assistants by type, each turned one marked ↓), then the
    masks in front of each screen."""
    me = view["seat"]
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    numbers = ("Priests", "Goods", "To'o", "Points", *ASSISTANT_NAMES.values())
    for col in ("Seat", "Rank", *numbers):
        table.add_column(col, justify="right" if col in numbers else "left", header_style="bold")
    for s in view["seats"]:
        you = s["seat"] == me
        assistants = [
            f"{n + s['turned'][t]}" + "↓" * s["turned"][t] if n + s["turned"][t] else "-"
            for t, n in s["assistants"].items()
        ]
        table.add_row(
            Text(f"{s['seat']}" + (" you" if you else ""), style="bold" if you else ""),
            f"{RANK_NAMES[s['rank']]} {s['tattoo']}",
            str(s["priests"]),
            str(s["commodities"]),
            str(s["toos"]),
            Text(str(s["points"]), style="bold"),
            *assistants,
        )
    masks = Table.grid(padding=(0, 1))
    masks.add_column(style="bold", no_wrap=True)
    masks.add_column()
    shown = " · ".join(
        f"{s['seat']}: " + (grouped(map(mask_short, s["masks"])) or "none") for s in view["seats"]
    )
    masks.add_row("Masks", Text(shown) + Text("  (↓ turned)", style="dim"))
    return Group(table, masks)


def _screen(view: Mapping[str, Any]) -> Text | None:
    """What lies behind the viewer's own screen (nothing for a spectator)."""
    me = view["seat"]
    if me is None:
        return None
    s = view["seats"][me]
    goods = grouped(SHORT[c] for c, n in s["goods"].items() for _ in range(n)) or "no goods"
    text = Text("Your screen ", style="bold")
    text.append(f"{counted(s['pearls'], 'pearl')}, {s['mana']} mana; {goods}; ")
    vp = sum(int(t[1]) for t in s["too_tokens"])  # a token's id says its VP: T2-05
    text.append(f"{counted(len(s['too_tokens']), TOKEN)} ({vp} VP)")
    for label, cards in (("hand", s["hand"]), ("drawn", s["drawn_cards"]),
                         ("prepared", s["prepared_cards"])):  # fmt: skip
        if cards or label == "hand":
            text.append(f"\n{label.capitalize()}: ", style="bold")
            text.append(grouped(f"{RITUALS[r]['name']} ({cost(r)} mana)" for r in cards))
            if not cards:
                text.append("no rituals")
    if s["blue"]:
        text.append("; performed: ", style="bold")
        text.append(", ".join(RITUALS[r]["name"] for r in s["blue"]))
    return text


def latest(view: Mapping[str, Any], most: int = LATEST) -> list[str]:
    """The newest ``most`` lines of the log (what the others just did), the newest last."""
    log: Sequence[Mapping[str, Any]] = view.get("log", [])
    return [str(e["text"]) for e in log[-most:]]


def _final(view: Mapping[str, Any]) -> Table:
    table = Table(title="Final scores", title_justify="left", box=None, padding=(0, 1))
    for col in ("Seat", "Rank", "Rituals", "Missions", "Masks", "Total", ""):
        table.add_column(col, justify="left" if col == "Seat" else "right", header_style="bold")
    winners = view.get("winners", [])
    for s in view["seats"]:
        sc = s["score"]
        won = "winner" if s["seat"] in winners else ""
        table.add_row(
            f"{s['seat']} {s['colour']}", str(sc["rank"]), str(sc["rituals"]),
            str(sc["missions"]), str(sc["masks"]), str(sc["total"]), won,
        )  # fmt: skip
    return table


def render(view: Mapping[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [_title(view), _goods(view), _rows(view)]
    parts.append(_players(view))
    screen = _screen(view)
    if screen is not None:
        parts.append(screen)
    if view["is_over"]:
        parts.append(_final(view))
    news = latest(view)
    if news:
        lines = Table.grid(padding=(0, 1))
        lines.add_column(style="bold", no_wrap=True, min_width=6)
        lines.add_column(no_wrap=True, overflow="ellipsis")
        for i, line in enumerate(news):
            lines.add_row("Latest" if i == 0 else "", line)
        parts.append(lines)
    prompt = _prompt(view)
    if prompt is not None:
        parts.append(prompt)
    return Group(*parts)


# =========================================================================== details
def details(view: Mapping[str, Any], topic: str) -> RenderableType | None:
    """One part of the table in full (``show prices``, ``missions``, ``players``,
    ``rituals``); None for a topic there is not."""
    topic = topic.strip().lower()
    if topic in ("prices", "goods", "charts"):
        return _charts(view)
    if topic in ("missions", "statues", "to'o", "too"):
        return _statues(view)
    if topic in ("players", "seats"):
        return _seats(view)
    if topic in ("rituals", "hand", "discards"):
        return _rituals(view)
    return None


def _charts(view: Mapping[str, Any]) -> Table:
    table = Table(title="Price charts: a sale takes any one bonus at or below the marker (*)",
                  title_justify="left")  # fmt: skip
    table.add_column("Goods")
    for k in range(PRICE_TOP + 1):
        table.add_column(str(k))
    table.add_column("market", justify="right")
    for i, c in enumerate(COMMODITIES):
        cells = [
            Text(("*" if view["prices"][c] == k else "") + bonus(space),
                 style="bold" if view["prices"][c] == k else "dim")
            for k, space in enumerate(CHARTS[i])
        ]  # fmt: skip
        table.add_row(str(COMMODITY_NAMES[c]), *cells, str(view["commodities_market"][c]))
    return table


def _statues(view: Mapping[str, Any]) -> Table:
    table = Table(title="To'o statues: missions by space (statue.row.space; rows bottom first)",
                  title_justify="left", show_header=False)  # fmt: skip
    table.add_column()
    table.add_column()
    for st in view["statues"]:
        tokens = [t for row in st["rows"] for t in row if t]
        if tokens and tokens[0] == "?":
            table.add_row(f"{st['vp']} VP", f"{len(tokens)} missions, face down")
            continue
        lines = []
        for r, row in enumerate(st["rows"]):
            spots = [
                f"{st['vp']}.{r + 1}.{k + 1} {mission(t) if t else '(taken)'}"
                for k, t in enumerate(row)
            ]
            lines.append(" · ".join(spots))
        table.add_row(f"{st['vp']} VP", "\n".join(lines))
    return table


def _seats(view: Mapping[str, Any]) -> Table:
    table = Table(title="Players", title_justify="left", show_header=False)
    table.add_column()
    table.add_column()
    for s in view["seats"]:
        lines = [
            f"rank {RANK_NAMES[s['rank']]} (tattoo {s['tattoo']}), "
            f"{counted(s['priests'], 'priest')}, {s['points']} points",
            "masks: " + (grouped(MASKS[m]["name"] for m in s["masks"]) or "none"),
            "assistants: " + _assistant_list(s),
            "performed: " + (", ".join(RITUALS[r]["name"] for r in s["blue"]) or "none"),
        ]
        table.add_row(f"{s['seat']} {s['colour']}", "\n".join(lines))
    return table


def _assistant_list(seat: Mapping[str, Any]) -> str:
    parts = []
    for t, n in seat["assistants"].items():
        turned = seat["turned"][t]
        if n or turned:
            parts.append(
                f"{ASSISTANT_NAMES[t]} {n + turned}" + (f" ({turned} turned)" * bool(turned))
            )
    return ", ".join(parts) or "none"


def _rituals(view: Mapping[str, Any]) -> Group:
    parts: list[RenderableType] = []
    me = view["seat"]
    if me is not None:
        s = view["seats"][me]
        for label, cards in (("In your hand", s["hand"]), ("Drawn", s["drawn_cards"]),
                             ("Prepared", s["prepared_cards"])):  # fmt: skip
            if cards:
                parts.append(Text(label, style="bold"))
                parts += [Text(f"  {ritual(r)}: {RITUALS[r]['text']}") for r in cards]
    piles = view["ritual_piles"]
    parts.append(Text(f"Draw piles: {piles['normal']} normal, {piles['forbidden']} forbidden"))
    for deck, cards in view["discards"].items():
        line = Text(f"{deck.capitalize()} discards: ", style="bold")
        line.append(grouped(RITUALS[r]["name"] for r in cards) or "none", style="not bold")
        parts.append(line)
    return Group(*parts)
