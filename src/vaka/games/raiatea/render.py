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

from vaka.games.raiatea.choices import describe_choice
from vaka.games.raiatea.names import (
    RANK_NAMES,
    bonus,
    colour,
    grouped,
    mask_short,
    mission,
    ritual,
    short,
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
from vaka.i18n import N_, NP_, _, ngettext, pgettext
from vaka.i18n.said import say

__all__ = ["LATEST", "TOPICS", "describe_choice", "details", "latest", "render"]

#: How many of the latest log lines the table ends with.
LATEST = 3
#: What :func:`details` can show, for ``show X``.
TOPICS = ("prices", "missions", "players", "rituals")


def _title(view: Mapping[str, Any]) -> Text:
    rnd = view["round"]
    if view["is_over"]:
        head = _("Raiatea — game over")
    elif rnd["kind"] == "action":
        head = _("Raiatea — Action round {n}").format(n=rnd["number"])
    else:
        head = _("Raiatea — Ceremony {n}").format(n=rnd["number"])
    order = " ".join(str(s) for s in view["order"])
    text = Text(head, style="bold")
    text.append(
        " · " + _("start player: seat {n} · ceremonial order: {order}").format(
            n=view["start_player"], order=order)
    )  # fmt: skip
    return text


def _prompt(view: Mapping[str, Any]) -> Text | None:
    decision = view.get("decision")
    if view["is_over"] or not decision:
        return None
    me = view["seat"]
    who = decision.get("seats", [decision.get("seat")])
    names = _(" and ").join(_("you") if s == me else _("seat {n}").format(n=s) for s in who)
    text = Text(_("Now:") + " ", style="bold")
    asked = decision["prompt"]
    text.append(f"{names[0].upper()}{names[1:]} — {_(asked) if asked else ''}")
    if "mission" in decision:
        text.append(" " + _("(mission {mission})").format(mission=decision["mission"]))
    return text


def _goods(view: Mapping[str, Any]) -> Table:
    """The commodities (market, price marker, the best bonus a sale takes now) beside the
    assistants for hire."""
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    for col, right in ((N_("Goods"), False), (N_("market"), True), (N_("price"), True),
                       (N_("sale bonus"), False), ("", False), (N_("Assistants"), False),
                       (N_("to hire"), True)):  # fmt: skip
        heading = _(col) if col else ""
        table.add_column(heading, justify="right" if right else "left", header_style="bold")
    hire = list(view["assistant_market"].items())
    for i, c in enumerate(COMMODITIES):
        price = view["prices"][c]
        t, n = hire[i]
        table.add_row(
            Text(short(c), style="bold"),
            str(view["commodities_market"][c]),
            f"{price}/{PRICE_TOP}",
            bonus(CHARTS[i][price]),
            "",
            Text(_(str(ASSISTANT_NAMES[t])), style="bold"),
            str(n),
        )
    return table


def _rows(view: Mapping[str, Any]) -> Table:
    """The mask market, the locations, Divine Blessings and the To'o missions, a label each."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True, justify="right")
    table.add_column()
    display = grouped(map(thing, view["display"])) or _("empty")
    table.add_row(
        _("Forest"), _("{cards} ({n} in the pile)").format(cards=display, n=view["forest_pile"])
    )
    if view["revealed"]:
        table.add_row(_("Revealed"), grouped(map(thing, view["revealed"])))
    table.add_row(_("Mask market"), grouped(map(mask_short, view["mask_market"])) or _("empty"))
    start, players = view["start_player"], len(view["seats"])
    claimed = [
        _("{place}: seat {n}").format(place=_place(t), n=(start + i) % players)
        for i, t in enumerate(view["tiles"])
    ]
    if view["round"]["kind"] == "action":
        table.add_row(_("Locations"), ", ".join(claimed) or _("none claimed yet"))
    if "blessing" in view:
        bag = ", ".join(
            f"{_(RITUALS[r]['name'])} "
            + (_("(seat {n})").format(n=s) if s >= 0 else _("(General)"))
            for r, s in view["blessing"]
        )
        table.add_row(
            _("Blessings"),
            _("{n} mana in the bag; {rituals}").format(
                n=view["bag_mana"], rituals=bag or _("no rituals")
            ),
        )
    rows: list[tuple[str, Text]] = []
    for st in view["statues"]:
        tokens = [t for row in st["rows"] for t in row if t]
        if tokens and tokens[0] != "?":
            rows.append((_("To'o {n} VP").format(n=st["vp"]), Text(_missions(tokens))))
            continue
        what = _("{n} face down").format(n=len(tokens)) if tokens else _("all taken")
        if not rows:
            rows.append(("To'o", Text()))
        rows[-1][1].append(
            f"{' · ' if rows[-1][1] else ''}" + _("{n} VP: {what}").format(n=st["vp"], what=what),
            style="dim",
        )
    for label, text in rows:
        table.add_row(label, text)
    return table


#: The location tiles by their short names, as the table shows who holds each.
TILES = {
    "forest": N_("Forest"), "marae": N_("Marae"), "reef": N_("Reef"), "path": N_("Path"),
    "neighbourhood": N_("Neighbourhood"), "market": N_("Market"),
}  # fmt: skip


def _place(location: str) -> str:
    """A location tile by its short name ("Reef"), in the reader's language."""
    return _(TILES[location]) if location in TILES else location.capitalize()


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
                verb, noun, what = "rank", "", _(RANK_NAMES[cond["rank"]]) + "+"
            else:
                same = cond.pop("same_type", False)
                ((noun, n),) = cond.items()
                verb, what = "have", f"{n}" + (" " + _(ALIKE) if same else "")
        else:
            ((noun, n),) = t["pay"].items()
            verb, what = "pay", str(n)
            if noun == "commodities":
                ((mode, k),) = n.items()
                what = f"{k} {short(mode) if mode in COMMODITY_NAMES else _(_MODES[mode])}"
        groups.setdefault(verb, {}).setdefault(noun, []).append(what)
    parts = []
    for verb, nouns in groups.items():
        if verb == "auctions":
            n = len(nouns[""])
            parts.append(_("mana auction") + (f" ×{n}" if n > 1 else ""))
            continue
        inner = "; ".join(
            f"{_noun(noun) if noun else ''} {grouped(w)}".strip() for noun, w in nouns.items()
        )
        parts.append(f"{pgettext('raiatea', _VERBS[verb])} {inner}")
    return " · ".join(parts)


def _noun(noun: str) -> str:
    """A thing a mission asks for ("pearls", "priests"), as Raiatea's words say it."""
    said = pgettext("raiatea", noun)
    return said if said != noun else _(noun)


#: The words of a mission's kind (the verb before what it asks), and of its commodities.
_VERBS = {"pay": NP_("raiatea", "pay"), "have": NP_("raiatea", "have"), "rank": N_("rank")}
ALIKE = N_("alike")
_MODES = {"any": N_("any"), "same": ALIKE, "different": N_("different")}


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
    numbers = (_("Priests"), _("Goods"), pgettext("raiatea", "To'o"), _("Points"),
               *(_(str(n)) for n in ASSISTANT_NAMES.values()))  # fmt: skip
    for col in (_("Seat"), _("Rank"), *numbers):
        table.add_column(col, justify="right" if col in numbers else "left", header_style="bold")
    for s in view["seats"]:
        you = s["seat"] == me
        assistants = [
            f"{n + s['turned'][t]}" + "↓" * s["turned"][t] if n + s["turned"][t] else "-"
            for t, n in s["assistants"].items()
        ]
        table.add_row(
            Text(f"{s['seat']}" + (" " + _("you") if you else ""), style="bold" if you else ""),
            f"{_(RANK_NAMES[s['rank']])} {s['tattoo']}",
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
        f"{s['seat']}: " + (grouped(map(mask_short, s["masks"])) or _("none"))
        for s in view["seats"]
    )
    masks.add_row(_("Masks"), Text(shown) + Text("  " + _("(↓ turned)"), style="dim"))
    return Group(table, masks)


def _screen(view: Mapping[str, Any]) -> Text | None:
    """What lies behind the viewer's own screen (nothing for a spectator)."""
    me = view["seat"]
    if me is None:
        return None
    s = view["seats"][me]
    goods = grouped(short(c) for c, n in s["goods"].items() for _n in range(n)) or _("no goods")
    text = Text(_("Your screen") + " ", style="bold")
    pearls = ngettext("{n} pearl", "{n} pearls", s["pearls"]).format(n=s["pearls"])
    text.append(
        _("{pearls}, {mana} mana; {goods}; ").format(pearls=pearls, mana=s["mana"], goods=goods)
    )
    vp = sum(int(t[1]) for t in s["too_tokens"])  # a token's id says its VP: T2-05
    tokens = len(s["too_tokens"])
    text.append(
        ngettext("{n} To'o token ({vp} VP)", "{n} To'o tokens ({vp} VP)", tokens).format(
            n=tokens, vp=vp)
    )  # fmt: skip
    for label, cards in ((N_("Hand"), s["hand"]), (N_("Drawn"), s["drawn_cards"]),
                         (N_("Prepared"), s["prepared_cards"])):  # fmt: skip
        if cards or label == "Hand":
            text.append(f"\n{_(label)}: ", style="bold")
            text.append(grouped(f"{_(RITUALS[r]['name'])} ({_mana(cost(r))})" for r in cards))
            if not cards:
                text.append(_("no rituals"))
    if s["blue"]:
        text.append("; " + _("performed:") + " ", style="bold")
        text.append(", ".join(_(RITUALS[r]["name"]) for r in s["blue"]))
    return text


def latest(view: Mapping[str, Any], most: int = LATEST) -> list[str]:
    """The newest ``most`` lines of the log (what the others just did), the newest last."""
    log: Sequence[Mapping[str, Any]] = view.get("log", [])
    return [say(e["text"]) for e in log[-most:]]


def _final(view: Mapping[str, Any]) -> Table:
    table = Table(title=_("Final scores"), title_justify="left", box=None, padding=(0, 1))
    for col in (_("Seat"), _("Rank"), _("Rituals"), _("Missions"), _("Masks"), _("Total"), ""):
        table.add_column(col, justify="left" if col == _("Seat") else "right", header_style="bold")
    winners = view.get("winners", [])
    for s in view["seats"]:
        sc = s["score"]
        won = _("winner") if s["seat"] in winners else ""
        table.add_row(
            f"{s['seat']} {colour(s['colour'])}", str(sc["rank"]), str(sc["rituals"]),
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
            lines.add_row(_("Latest") if i == 0 else "", line)
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
    title = _("Price charts: a sale takes any one bonus at or below the marker (*)")
    table = Table(title=title, title_justify="left")
    table.add_column(_("Goods"))
    for k in range(PRICE_TOP + 1):
        table.add_column(str(k))
    table.add_column(_("market"), justify="right")
    for i, c in enumerate(COMMODITIES):
        cells = [
            Text(("*" if view["prices"][c] == k else "") + bonus(space),
                 style="bold" if view["prices"][c] == k else "dim")
            for k, space in enumerate(CHARTS[i])
        ]  # fmt: skip
        table.add_row(_(str(COMMODITY_NAMES[c])), *cells, str(view["commodities_market"][c]))
    return table


def _statues(view: Mapping[str, Any]) -> Table:
    title = _("To'o statues: missions by space (statue.row.space; rows bottom first)")
    table = Table(title=title, title_justify="left", show_header=False)
    table.add_column()
    table.add_column()
    for st in view["statues"]:
        tokens = [t for row in st["rows"] for t in row if t]
        if tokens and tokens[0] == "?":
            down = ngettext("{n} mission, face down", "{n} missions, face down", len(tokens))
            table.add_row(_vp(st["vp"]), down.format(n=len(tokens)))
            continue
        lines = []
        for r, row in enumerate(st["rows"]):
            spots = [
                f"{st['vp']}.{r + 1}.{k + 1} {mission(t) if t else _('(taken)')}"
                for k, t in enumerate(row)
            ]
            lines.append(" · ".join(spots))
        table.add_row(_vp(st["vp"]), "\n".join(lines))
    return table


def _seats(view: Mapping[str, Any]) -> Table:
    table = Table(title=_("Players"), title_justify="left", show_header=False)
    table.add_column()
    table.add_column()
    for s in view["seats"]:
        priests = ngettext("{n} priest", "{n} priests", s["priests"]).format(n=s["priests"])
        points = ngettext("{n} point", "{n} points", s["points"]).format(n=s["points"])
        masks = grouped(_(str(MASKS[m]["name"])) for m in s["masks"]) or _("none")
        performed = ", ".join(_(str(RITUALS[r]["name"])) for r in s["blue"]) or _("none")
        lines = [
            _("rank {rank} (tattoo {tattoo}), {priests}, {points}").format(
                rank=_(RANK_NAMES[s["rank"]]), tattoo=s["tattoo"], priests=priests, points=points
            ),
            _("masks: {masks}").format(masks=masks),
            _("assistants: {assistants}").format(assistants=_assistant_list(s)),
            _("performed: {rituals}").format(rituals=performed),
        ]
        table.add_row(f"{s['seat']} {colour(s['colour'])}", "\n".join(lines))
    return table


def _assistant_list(seat: Mapping[str, Any]) -> str:
    parts = []
    for t, n in seat["assistants"].items():
        turned = seat["turned"][t]
        if n or turned:
            shown = f"{_(str(ASSISTANT_NAMES[t]))} {n + turned}"
            if turned:
                shown += " " + _("({n} turned)").format(n=turned)
            parts.append(shown)
    return ", ".join(parts) or _("none")


def _rituals(view: Mapping[str, Any]) -> Group:
    parts: list[RenderableType] = []
    me = view["seat"]
    if me is not None:
        s = view["seats"][me]
        for label, cards in ((N_("In your hand"), s["hand"]), (N_("Drawn"), s["drawn_cards"]),
                             (N_("Prepared"), s["prepared_cards"])):  # fmt: skip
            if cards:
                parts.append(Text(_(label), style="bold"))
                parts += [Text(f"  {ritual(r)}: {_(str(RITUALS[r]['text']))}") for r in cards]
    piles = view["ritual_piles"]
    parts.append(
        Text(
            _("Draw piles: {normal} normal, {forbidden} forbidden").format(
                normal=piles["normal"], forbidden=piles["forbidden"]
            )
        )
    )
    for deck, cards in view["discards"].items():
        label = _DISCARDS[deck] if deck in _DISCARDS else f"{deck.capitalize()} discards:"
        line = Text(_(label) + " ", style="bold")
        line.append(
            grouped(_(str(RITUALS[r]["name"])) for r in cards) or _("none"), style="not bold"
        )
        parts.append(line)
    return Group(*parts)


#: The discard piles of the two ritual decks, as :func:`_rituals` labels them.
_DISCARDS = {"normal": N_("Normal discards:"), "forbidden": N_("Forbidden discards:")}


def _mana(n: int) -> str:
    """An amount of mana ("2 mana")."""
    return ngettext("{n} mana", "{n} mana", n).format(n=n)


def _vp(n: int) -> str:
    """Victory points as a statue's row shows them ("2 VP")."""
    return _("{n} VP").format(n=n)
