"""The SVG picture: well-formed, every visible symbol and star drawn, candidates numbered."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from vaka.games.atua import geometry as g
from vaka.games.atua.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"


def test_picture() -> None:
    isl = g.Island("v1")
    isl.place(g.Placement("c11", 400, -295, 0))
    options = g.candidates(isl, "c12")[:5]
    root = ET.fromstring(render_svg(isl, options, title="test island"))
    circles = root.findall(f"{NS}circle")
    assert len(circles) == len(isl.visible_symbols())
    stars = [p for p in root.findall(f"{NS}polygon") if p.get("fill") == "#ffd23f"]
    assert len(stars) == 1
    outlines = [p for p in root.findall(f"{NS}polygon") if p.get("stroke-dasharray")]
    assert len(outlines) == len(options) == 5
    texts = [t.text for t in root.findall(f"{NS}text")]
    assert [str(n) for n in range(1, 6)] == [t for t in texts if t and t.isdigit()]
    assert "test island" in texts
    # three terrains filled
    assert len(root.findall(f"{NS}path")) == 3
