"""The SVG picture of an island: well-formed, every visible symbol and star drawn, each
card's terrain drawn as its own pieces."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from vaka.games.atua import geometry as g
from vaka.games.atua.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"


def test_picture() -> None:
    isl = g.Island("v1")
    isl.place(g.Placement("c11", 400, -295, 0))
    root = ET.fromstring(render_svg(isl, title="test island"))
    circles = [c for c in root.findall(f"{NS}circle")]
    key_discs = 8 + 7  # the key: one disc per symbol kind and per totem
    assert len(circles) == len(isl.visible_symbols()) + key_discs
    stars = [p for p in root.findall(f"{NS}polygon") if p.get("class") == "star"]
    assert len(stars) == 1 + 1  # the village's, and the key's
    texts = [t.text for t in root.findall(f"{NS}text")]
    assert "test island" in texts
    pieces = [p for p in root.findall(f"{NS}path") if p.get("data-terrain")]
    drawn = {(p.get("data-card"), p.get("data-terrain")) for p in pieces}
    assert {terrain for _, terrain in drawn} == {"mainland", "beach", "sea"}
    assert {card for card, _ in drawn} == {"v1", "c11"}
