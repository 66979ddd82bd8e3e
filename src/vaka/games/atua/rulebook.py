"""Atua's rules at hand: the texts are data (``data/rules.md``); the cards, tiles, symbols
and sources are explained from the game's own data, so no name is typed twice. Each entry
is in the reader's language (vaka.games.atua.words names the things) and is found by its
English name too."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

from vaka.core import rulebook as rb
from vaka.core.rulebook import Entry
from vaka.games.atua.cards import load_raw
from vaka.games.atua.params import PAIRS, SOURCES, TOTEM_POINTS, VOLCANO_BANDS
from vaka.games.atua.tiles import FATES, RESIDENTS
from vaka.games.atua.words import capital, card_name, counted, source, symbol, terrain
from vaka.i18n import N_, _

DOCS = "docs/rules/atua.md"


@rb.per_language
def rulebook() -> rb.RuleBook:
    return rb.load("vaka.games.atua", N_("Atua"), _entries())


def _entries() -> Iterator[Entry]:
    raw = load_raw()
    tiles = json.loads(files("vaka.games.atua").joinpath("data/tiles.json").read_text("utf-8"))
    yield from _symbols(raw)
    yield from _sources()
    yield _ruler()
    for card in raw["cards"]:
        yield _card(card)
    for tile in tiles["fates"]:
        yield _fate(tile)
    for tile in tiles["residents"]:
        yield _resident(tile)


def _name(kind: str) -> str:
    return kind.replace("_", " ")


def _plural(kind: str) -> str:
    """The English plural (a name that finds the entry in every language).

    >>> [_plural(k) for k in ("fisherman", "fish", "huntress", "bird", "beach_cards")]
    ['fishermen', 'fish', 'huntresses', 'birds', 'beach cards']
    """
    name = _name(kind)
    if name.endswith(("fish", "s")):
        return name + ("es" if name.endswith("ss") else "")
    return name[:-3] + "men" if name.endswith("man") else name + "s"


def _named(kind: str, english: str, shown: str, text: str, *more: str) -> Entry:
    """An entry shown as ``shown`` and found by its English name too."""
    hidden = (english,) if english != shown else ()
    return Entry(shown, kind, text, tuple(more), None, hidden)


def _symbols(raw: dict[str, Any]) -> Iterator[Entry]:
    partner = {}
    for src, (a, b, _per) in PAIRS.items():
        partner[a], partner[b] = (b, src), (a, src)
    for kind in raw["symbol_kinds"]:
        english = _name(kind).capitalize()
        if kind in partner:
            other, src = partner[kind]
            first, second, per = PAIRS[src]
            text = _(
                "Pairs with the {other}: the {source} source scores {per} points per {first} "
                "and {second} pair; with more {firsts} than {seconds} it scores 0 (Tahuma: half "
                "the extra {firsts} count). Fate tiles and residents may count {kinds} too."
            ).format(
                other=symbol(other), source=source(src), per=per, first=symbol(first),
                second=symbol(second), firsts=symbol(first, 2), seconds=symbol(second, 2),
                kinds=symbol(kind, 2),
            )  # fmt: skip
            yield _named(_("symbol"), english, capital(symbol(kind)), text)
        elif kind == "totem":
            kinds = ", ".join(symbol(t) for t in raw["totems"])
            text = _(
                "One of {n} kinds: {kinds}. The totems source scores the different kinds on "
                "your island; two of one kind both count for nothing (solo: every totem counts)."
            ).format(n=len(raw["totems"]), kinds=kinds)
            yield _named(_("symbol"), english, capital(symbol(kind)), text)
        elif kind == "volcano":
            text = _(
                "A card with a volcano (its star may never be covered). The volcanoes source "
                "measures each one's distance to your village with the volcano ruler."
            )
            entry = _named(_("symbol"), english, capital(symbol(kind)), text)
            yield Entry(
                entry.name, entry.kind, entry.text, (_("volcano card"),), None,
                (*entry.hidden, "volcano card"),
            )  # fmt: skip
    for totem in raw["totems"]:
        text = _(
            "A totem kind. Collect different kinds; a second {totem} makes both count for "
            "nothing in the totems source (solo: every totem counts)."
        ).format(totem=symbol(totem))
        yield _named(_("totem"), _name(totem).capitalize(), capital(symbol(totem)), text)


def _sources() -> Iterator[Entry]:
    for src in SOURCES:
        if src in PAIRS:
            a, b, per = PAIRS[src]
            text = _(
                "{per} points per pair of {a} and {b}; 0 if you have more {as_} than {bs} "
                "(spare {bs} do no harm). Tahuma scores half his extra {as_} instead of 0."
            ).format(per=per, a=symbol(a), b=symbol(b), as_=symbol(a, 2), bs=symbol(b, 2))
        elif src == "totems":
            table = ", ".join(f"{n}: {p}" for n, p in enumerate(TOTEM_POINTS) if n)
            text = _(
                "Points for the number of different totem kinds on your island ({table}); "
                "a kind you have twice counts for nothing."
            ).format(table=table)
        elif src == "volcanoes":
            text = _("Each volcano scores by its distance to your village on the volcano ruler.")
        else:
            continue  # coconuts: a term of its own in rules.md
        yield _named(_("harmony source (scored once a game)"), src.capitalize(), source(src), text)


def _ruler() -> Entry:
    bands, low = [], 0
    for bound, points in VOLCANO_BANDS:
        bands.append(
            _("{low}-{high} mm: {points}").format(low=low // 10, high=bound // 10, points=points)
        )
        low = bound
    bands.append(_("{low} mm or more: 0").format(low=low // 10))
    return rb.entry(
        N_("Volcano ruler"), _("rule"),
        _(
            "Measures from a volcano's centre to your village's centre; far, but not too far, "
            "scores best: {bands}."
        ).format(bands="; ".join(bands)),
        (N_("ruler"),),
        _(
            "the ruler's bands are not published; designed to 'up to 5 points, far but not "
            "too far' (docs/rules/atua-geometry.md, The volcano ruler)."
        ),
    )  # fmt: skip


def _symbols_on(card: dict[str, Any]) -> str:
    symbols = Counter(s.get("totem") or s["kind"] for s in card["symbols"])
    shown = ", ".join(counted(k, n) if n > 1 else symbol(k) for k, n in symbols.items())
    return shown or _("none")


def _card(card: dict[str, Any]) -> Entry:
    terrains = ", ".join(terrain(t) for t in dict.fromkeys(r["terrain"] for r in card["regions"]))
    why = _(card.get("why") or "Atua's card faces are not published")
    name = card_name(card["name"])
    hidden = (card["name"],) if card["name"] != name else ()
    if card["kind"] == "village":
        return Entry(
            name, _("village card"),
            _(
                "A starting village: {terrains}; symbols {symbols}; the star in its middle may "
                "never be covered, and the volcano ruler measures from its centre."
            ).format(terrains=terrains, symbols=_symbols_on(card)),
            (card["id"],), why + " (docs/rules/atua-geometry.md)", hidden,
        )  # fmt: skip
    star = " " + _("It has a star that may never be covered.") if card.get("star") else ""
    return Entry(
        card["id"], _("island card"),
        _(
            "{terrains}; symbols {symbols}.{star} Take it from the row and lay it over your "
            "island (see placement rules)."
        ).format(terrains=capital(terrains), symbols=_symbols_on(card), star=star),
        (name,), why, hidden,
    )  # fmt: skip


def _fate(tile: dict[str, Any]) -> Entry:
    fate = FATES[tile["id"]]
    designed = tile.get("reconstructed") or []
    things = _(" and ").join(symbol(c, 2) for c in fate.categories)
    part = (
        _(", +{partial} for one of them").format(partial=fate.partial)
        if fate.partial is not None
        else ""
    )
    text = _(
        "Most {things}: +{win}{part}, else -{lose} (costs {cost}). At the end: with the "
        "majority of {things} (ties count) you gain the points, otherwise you lose them; "
        "bought once a turn for its cost in coconuts."
    ).format(things=things, win=fate.win, part=part, lose=fate.lose, cost=fate.cost)
    parts = _(" and ").join(_designed(d) for d in designed)
    if tile.get("text") == "printed":
        note = _("the text is the rulebook's; its {parts} are designed ({docs}).").format(
            parts=parts, docs=DOCS
        )
    else:
        note = _("not printed in the rulebook; designed after the printed tiles ({docs}).").format(
            docs=DOCS
        )
    return Entry(tile["id"], _("fate tile"), text, (), note if designed else None)


def _designed(part: str) -> str:
    words = {
        "cost": _("cost"), "categories": _("categories"), "points": _("points"),
        "name": _("name"), "adds": _("symbols"), "pairs": _("counted symbol"),
    }  # fmt: skip
    return words.get(part, part)


def _resident(tile: dict[str, Any]) -> Entry:
    res = RESIDENTS[tile["id"]]
    adds = ", ".join(counted(k, n) for k, n in res.adds)
    text = _(
        "A resident: when you reveal it you score {points} points for every 2 {pairs} in the "
        "row, and from then on it adds {adds} to your island"
    ).format(points=res.points, pairs=symbol(res.pairs, 2), adds=adds)
    if any(k == "coconut" for k, _n in res.adds):
        text += _(" (its coconuts count for scoring, but cannot be paid).")
    else:
        text += "."
    designed = tile.get("reconstructed") or []
    if tile.get("text") == "rulebook example":
        note = None
    elif tile.get("text") == "printed":
        note = _("the text is the rulebook's; the {parts} is designed ({docs}).").format(
            parts=_(" and ").join(_designed(d) for d in designed), docs=DOCS
        )
    else:
        note = _("not printed in the rulebook; designed ({docs}).").format(docs=DOCS)
    return Entry(_(res.name), _("resident"), text, (res.id,), note, (res.name,))
