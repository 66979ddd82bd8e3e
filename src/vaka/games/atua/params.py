"""Atua's geometric numbers. Lengths in tenths of a millimetre, angles in tenths of a degree.

The tolerances say when two printed things count as touching; see docs/rules/atua-geometry.md
for why each has the value it has.
"""

from __future__ import annotations

from typing import Final

FULL_TURN: Final = 3600  # tenths of a degree

#: A symbol counts as completely covered (or completely visible) when at most this much of
#: its disc pokes out from under (or hides under) a card edge: 0.3 mm, well under the
#: width of a printed outline.
SYMBOL_TOLERANCE: Final = 3

#: "Borders": the terrain found along a probe line this far outside a card edge...
BORDER_PROBE: Final = 3
#: ...counts as bordering it when the probe runs over it for at least this long (1 mm).
BORDER_MIN: Final = 10
#: A second probe runs this close outside the edge (0.1 micrometres: far below anything
#: printed, far above float noise), so a sliver of terrain narrower than ``BORDER_PROBE``
#: (an older card's edge just beside the new one) is read too.
BORDER_NEAR: Final = 0.001

#: Two visible beach pieces are one beach when they share at least this much border (2 mm),
#: measured as the overlap of one with the other grown by ``BEACH_JOIN_GROW``.
BEACH_JOIN_MIN: Final = 20
BEACH_JOIN_GROW: Final = 2

#: The volcano ruler (reconstructed): (distance below which, points). The distance runs from
#: the volcano's centre to the village's centre; at or beyond the last bound the volcano is
#: off the ruler ("too far") and brings nothing.
VOLCANO_BANDS: Final = (
    (700, 0),  # under 7 cm: the volcano hugs the village
    (1000, 1),
    (1300, 2),
    (1600, 3),
    (1900, 4),
    (2300, 5),  # 19-23 cm: far, but not too far
    (2600, 2),  # 23-26 cm: the far end of the ruler
)
VOLCANO_MAX_POINTS: Final = 5

#: Candidate placements: the angles tried (every 30 degrees and the four diagonals)...
CANDIDATE_ANGLES: Final = (
    0,
    300,
    450,
    600,
    900,
    1200,
    1350,
    1500,
    1800,
    2100,
    2250,
    2400,
    2700,
    3000,
    3150,
    3300,
)
#: ...the margin between a target symbol's disc and the card edge in a candidate...
CANDIDATE_MARGIN: Final = 25
#: ...and how many candidates are offered at most.
CANDIDATE_LIMIT: Final = 40

# ---------------------------------------------------------------------- the game's numbers
#: Pile sizes A, B, C by player count (rulebook setup table); solo: 16 / 12 / 8.
PILES: Final = {
    1: (16, 12, 8),
    2: (8, 6, 4),
    3: (12, 9, 6),
    4: (16, 12, 8),
    5: (20, 15, 10),
    6: (24, 18, 12),
}
ROW_SIZE: Final = 4
START_COCONUTS: Final = 5
SOLO_COCONUTS: Final = 6
HUT_COCONUTS: Final = 3  # on the solo game card's hut at the start
SPARE_COST: Final = 3  # solo: coconuts paid to keep a card from Tahuma
COCONUTS: Final = 36
ROUNDS: Final = 9
#: Solo difficulty: Tahuma's starting score, by the rulebook's level names ("expert" is an
#: older name for "legendary", still accepted). As printed (option ``tahuma=printed``):
SOLO_LEVELS_PRINTED: Final = {"easy": 20, "medium": 28, "hard": 35, "legendary": 42, "expert": 42}
#: Calibrated for the reconstructed card faces, from which Tahuma scores more (the
#: default): every printed start less SOLO_SHIFT, keeping the rulebook's steps between
#: levels; the shift is where the medium bot wins easy about three games in four
#: (docs/rules/atua.md, "Solo levels"; docs/AGENTS.md has the measured table).
SOLO_SHIFT: Final = 15
SOLO_LEVELS: Final = {name: start - SOLO_SHIFT for name, start in SOLO_LEVELS_PRINTED.items()}
#: The option ``tahuma``: which table the levels read.
SOLO_TABLES: Final = {"calibrated": SOLO_LEVELS, "printed": SOLO_LEVELS_PRINTED}
#: How many sources each interim scoring scores: pile A, B, C emptied.
SCORINGS: Final = (1, 2, 3)
#: The six harmony sources, in scoring-sheet order.
SOURCES: Final = ("fishing", "hunting", "canoes", "coconuts", "totems", "volcanoes")
#: (first, second, points per pair) of the three pair sources.
PAIRS: Final = {
    "fishing": ("fisherman", "fish", 2),
    "hunting": ("huntress", "bird", 3),
    "canoes": ("canoe", "palm", 4),
}
#: Points for 0..7 unique, different totems.
TOTEM_POINTS: Final = (0, 0, 2, 4, 7, 11, 16, 22)
BEACH_BONUS: Final = 5
COCONUT_BONUS: Final = 5
TAHUMA_VOLCANO_POINTS: Final = 7
#: Placements as actions: the centre lies within this many tenths of a mm of the village
#: centre on both axes (2 m: nine cards of 88 mm cannot reach further).
XY_LIMIT: Final = 20000
