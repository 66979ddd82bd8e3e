"""A placement of an Atua card ("2. Expand the Island"): which card, where and turned how.

A :class:`Placement` lays a card with its centre at (x, y) (tenths of a millimetre) turned
counter-clockwise by ``angle`` tenths of a degree. Its canonical text round-trips:

>>> p = Placement.parse("place c17 at 1520,-340 angle 450")
>>> p
Placement(card='c17', x=1520, y=-340, angle=450)
>>> str(p)
'place c17 at 1520,-340 angle 450'

The island it is laid on, and the rules it must obey, are in vaka.games.atua.geometry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shapely import Polygon
from shapely.affinity import affine_transform
from shapely.geometry.base import BaseGeometry

from vaka.games.atua.cards import CARDS, Card
from vaka.games.atua.laying import card_shape
from vaka.games.atua.params import FULL_TURN
from vaka.games.atua.probes import COS, SIN
from vaka.i18n import _

_NUMBER = r"(0|-?[1-9][0-9]*)"
_TEXT = re.compile(rf"place ([a-z][a-z0-9_]*) at {_NUMBER},{_NUMBER} angle (0|[1-9][0-9]*)")


class IllegalPlacement(ValueError):
    """A placement that breaks a rule; the message says which, in words."""


@dataclass(frozen=True, slots=True)
class Placement:
    """A card at (x, y) (its centre, tenths of a mm) turned by ``angle`` (tenths of a degree)."""

    card: str
    x: int
    y: int
    angle: int = 0

    def __post_init__(self) -> None:
        for value in (self.x, self.y, self.angle):
            if type(value) is not int:
                raise TypeError(f"placement values are integers, not {value!r}")
        if not 0 <= self.angle < FULL_TURN:
            raise ValueError(
                _("angle {angle} is outside {range}").format(
                    angle=self.angle, range=f"0..{FULL_TURN - 1}"
                )
            )

    def __str__(self) -> str:
        return f"place {self.card} at {self.x},{self.y} angle {self.angle}"

    @classmethod
    def parse(cls, text: str) -> Placement:
        """The placement a canonical text names; ``ValueError`` for anything else."""
        m = _TEXT.fullmatch(text.strip())
        if m is None:
            raise ValueError(
                _("not a placement: {text} (write e.g. {example})").format(
                    text=repr(text), example="'place c17 at 1520,-340 angle 450'"
                )
            )
        return cls(m[1], int(m[2]), int(m[3]), int(m[4]))

    @property
    def diagonal(self) -> bool:
        """Not square to the table (not a multiple of 90 degrees)."""
        return self.angle % 900 != 0

    @property
    def matrix(self) -> list[float]:
        """The card-to-table transform for :func:`shapely.affinity.affine_transform`."""
        c, s = float(COS[self.angle]), float(SIN[self.angle])
        return [c, -s, s, c, float(self.x), float(self.y)]

    def to_table(self, u: float, v: float) -> tuple[float, float]:
        """A point of the card (card coordinates) on the table."""
        c, s = float(COS[self.angle]), float(SIN[self.angle])
        return self.x + c * u - s * v, self.y + s * u + c * v


def card_of(p: Placement) -> Card:
    try:
        return CARDS[p.card]
    except KeyError:
        raise IllegalPlacement(_("there is no card {card}").format(card=repr(p.card))) from None


def laid_outline(p: Placement) -> Polygon:
    geom = affine_transform(card_of(p).outline, p.matrix)
    assert isinstance(geom, Polygon)
    return geom


def laid_terrain(p: Placement, terrain: str) -> BaseGeometry:
    return affine_transform(card_shape(card_of(p), terrain), p.matrix)
