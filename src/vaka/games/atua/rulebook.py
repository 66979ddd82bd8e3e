"""Atua's rules at hand: the texts are data (``data/rules.md``); the cards, tiles, symbols
and sources are explained from the game's own data, so no name is typed twice."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from importlib.resources import files
from typing import Any

from vaka.core import rulebook as rb
from vaka.core.rulebook import Entry
from vaka.games.atua.cards import load_raw
from vaka.games.atua.params import PAIRS, SOURCES, TOTEM_POINTS, VOLCANO_BANDS
from vaka.games.atua.tiles import FATES, RESIDENTS

DOCS = "docs/rules/atua.md"


@lru_cache(maxsize=1)
def rulebook() -> rb.RuleBook:
    return rb.load("vaka.games.atua", "Atua", _entries())


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
    """The plural the texts need.

    >>> [_plural(k) for k in ("fisherman", "fish", "huntress", "bird", "beach_cards")]
    ['fishermen', 'fish', 'huntresses', 'birds', 'beach cards']
    """
    name = _name(kind)
    if name.endswith(("fish", "s")):
        return name + ("es" if name.endswith("ss") else "")
    return name[:-3] + "men" if name.endswith("man") else name + "s"


def _symbols(raw: dict[str, Any]) -> Iterator[Entry]:
    partner = {}
    for source, (a, b, _) in PAIRS.items():
        partner[a], partner[b] = (b, source), (a, source)
    for kind in raw["symbol_kinds"]:
        if kind in partner:
            other, source = partner[kind]
            first, second, per = PAIRS[source]
            yield Entry(
                _name(kind).capitalize(), "symbol",
                f"Pairs with the {other}: the {source} source scores {per} points per "
                f"{first} and {second} pair; with more {_plural(first)} than "
                f"{_plural(second)} it scores 0 (Tahuma: half the extra {_plural(first)} "
                f"count). Fate tiles and residents may count {_plural(kind)} too.",
            )  # fmt: skip
        elif kind == "totem":
            kinds = ", ".join(_name(t) for t in raw["totems"])
            yield Entry(
                "Totem", "symbol",
                f"One of {len(raw['totems'])} kinds: {kinds}. The totems source scores the "
                "different kinds on your island; two of one kind both count for nothing "
                "(solo: every totem counts).",
            )  # fmt: skip
        elif kind == "volcano":
            yield Entry(
                "Volcano", "symbol",
                "A card with a volcano (its star may never be covered). The volcanoes source "
                "measures each one's distance to your village with the volcano ruler.",
                ("volcano card",),
            )  # fmt: skip
    for totem in raw["totems"]:
        yield Entry(
            _name(totem).capitalize(), "totem",
            f"A totem kind. Collect different kinds; a second {_name(totem)} makes both "
            "count for nothing in the totems source (solo: every totem counts).",
        )  # fmt: skip


def _sources() -> Iterator[Entry]:
    for source in SOURCES:
        if source in PAIRS:
            a, b, per = PAIRS[source]
            text = (
                f"{per} points per pair of {a} and {b}; 0 if you have more {_plural(a)} than "
                f"{_plural(b)} (spare {_plural(b)} do no harm). Tahuma scores half his extra "
                f"{_plural(a)} instead of 0."
            )
        elif source == "totems":
            table = ", ".join(f"{n}: {p}" for n, p in enumerate(TOTEM_POINTS) if n)
            text = (
                f"Points for the number of different totem kinds on your island ({table}); "
                "a kind you have twice counts for nothing."
            )
        elif source == "volcanoes":
            text = "Each volcano scores by its distance to your village on the volcano ruler."
        else:
            continue  # coconuts: a term of its own in rules.md
        yield Entry(source.capitalize(), "harmony source (scored once a game)", text)


def _ruler() -> Entry:
    bands, low = [], 0
    for bound, points in VOLCANO_BANDS:
        bands.append(f"{low // 10}-{bound // 10} mm: {points}")
        low = bound
    bands.append(f"{low // 10} mm or more: 0")
    return Entry(
        "Volcano ruler", "rule",
        "Measures from a volcano's centre to your village's centre; far, but not too far, "
        "scores best: " + "; ".join(bands) + ".",
        ("ruler",),
        "the ruler's bands are not published; designed to 'up to 5 points, far but not too "
        "far' (docs/rules/atua-geometry.md, The volcano ruler).",
    )  # fmt: skip


def _card(card: dict[str, Any]) -> Entry:
    terrains = list(dict.fromkeys(r["terrain"] for r in card["regions"]))
    symbols = Counter(_name(s.get("totem") or s["kind"]) for s in card["symbols"])
    shown = ", ".join(f"{n} {k}" if n > 1 else k for k, n in symbols.items()) or "none"
    why = card.get("why") or "Atua's card faces are not published"
    if card["kind"] == "village":
        return Entry(
            card["name"], "village card",
            f"A starting village: {', '.join(terrains)}; symbols {shown}; the star in its "
            "middle may never be covered, and the volcano ruler measures from its centre.",
            (card["id"],), why + " (docs/rules/atua-geometry.md)",
        )  # fmt: skip
    star = " It has a star that may never be covered." if card.get("star") else ""
    return Entry(
        card["id"], "island card",
        f"{', '.join(terrains).capitalize()}; symbols {shown}.{star} Take it from the row and "
        "lay it over your island (see placement rules).",
        (card["name"],), why,
    )  # fmt: skip


def _fate(tile: dict[str, Any]) -> Entry:
    fate = FATES[tile["id"]]
    designed = tile.get("reconstructed") or []
    text = (
        f"{fate.describe()}. At the end: with the majority of "
        f"{' and '.join(_name(c) for c in fate.categories)} (ties count) you gain the points, "
        "otherwise you lose them; bought once a turn for its cost in coconuts."
    )
    if tile.get("text") == "printed":
        note = f"the text is the rulebook's; its {' and '.join(designed)} are designed ({DOCS})."
    else:
        note = f"not printed in the rulebook; designed after the printed tiles ({DOCS})."
    return Entry(tile["id"], "fate tile", text, (), note if designed else None)


def _resident(tile: dict[str, Any]) -> Entry:
    res = RESIDENTS[tile["id"]]
    adds = ", ".join(f"{n} {_plural(k) if n > 1 else _name(k)}" for k, n in res.adds)
    text = (
        f"A resident: when you reveal it you score {res.points} points for every 2 "
        f"{_plural(res.pairs)} in the row, and from then on it adds {adds} to your island"
        + (
            " (its coconuts count for scoring, but cannot be paid)."
            if any(k == "coconut" for k, _ in res.adds)
            else "."
        )
    )
    designed = tile.get("reconstructed") or []
    if tile.get("text") == "rulebook example":
        note = None
    elif tile.get("text") == "printed":
        note = f"the text is the rulebook's; the {' and '.join(designed)} is designed ({DOCS})."
    else:
        note = f"not printed in the rulebook; designed ({DOCS})."
    return Entry(res.name, "resident", text, (res.id,), note)
