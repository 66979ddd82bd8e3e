"""Whole games of Raiatea and Atua (and Atua alone against Tahuma) at the terminal in
German, played to the end by typing the first choice each time, and in the
pseudo-language en_XA with every command a player can type along the way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.process import vaka
from tests.cli.pseudo import untranslated
from vaka.core.registry import load

RAIATEA = ("raiatea", "-p", "3", "--seed", "3", "--bots", "random")
ATUA = ("atua", "-p", "2", "--seed", "3", "--bots", "random")
SOLO = ("atua", "--solo", "--level", "easy", "--seed", "3")
#: Typed as they are in every language: Atua's action words (its vocabulary is too large
#: to list), the residents' names.
ATUA_TYPED = ("take", "left", "right", "place", "at", "angle", "spare", "give", "buy", "pass",
              "reveal", "score", "fishing", "hunting", "canoes", "coconuts", "totems",
              "volcanoes", "vaka", "Tiare", "Hina", "Akroa", "Moana", "Rongo", "Tane")  # fmt: skip


def flat(text: str) -> str:
    return " ".join(text.split())


def whole(lang: str, args: tuple[str, ...], before: str, cwd: Path) -> str:
    """The output of a game played to its end, ``before`` typed first, then ``1`` always."""
    done = vaka("--lang", lang, "play", *args, stdin=before + "1\n" * 1500, cwd=str(cwd))
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (RAIATEA, ("Raiatea — Aktionsrunde 1", "Schlusswertung", "Rituale", "Aufträge",
                   "Masken", "Gesamt", "Sieger", "Ihr Sichtschirm", "Zufallsbot 2",
                   "Die dritte Festrunde ist vorbei", "türkis", "schwarz")),
        (ATUA, ("Atua, Zug 1", "Spielende: Schlusswertung", "Fischfang", "Jagd", "Kanus",
                "Kokosnüsse", "Vulkane", "Bewohner", "Schicksal", "Strand", "gesamt",
                "Sieger: Platz")),
        (SOLO, ("Atua, Zug 1", "solo gegen Tahuma (leicht: beginnt bei 5)",
                "Spielende: Schlusswertung", "Fischfang", "Start", "gesamt", "Tahuma gewinnt")),
    ],
    ids=("raiatea", "atua", "solo"),
)  # fmt: skip
def test_a_whole_game_in_german(
    args: tuple[str, ...], words: tuple[str, ...], tmp_path: Path
) -> None:
    out = flat(whole("de", args, "", tmp_path))
    for word in words:
        assert word in out, word
    for english in ("Final scores", "Game over", "Winner", "seat ", "Seat ", "you", "points",
                    "Tahuma wins", "total"):  # fmt: skip
        assert english not in out, english


def _typed(game: str) -> tuple[str, ...]:
    g = load(game)
    if game == "atua":
        return ATUA_TYPED
    return (*{w for a in g.actions for w in re.findall(r"[a-z]+", str(a))}, *g.parts)


@pytest.mark.parametrize("args", [RAIATEA, ATUA, SOLO], ids=("raiatea", "atua", "solo"))
def test_a_whole_game_in_en_xa_with_every_command(args: tuple[str, ...], tmp_path: Path) -> None:
    game = args[0]
    parts = "".join(f"show {p}\n" for p in load(game).parts)
    out = whole("en_XA", args, "help\nshow\n" + parts + "log\nwhy\nhint\n", tmp_path)
    assert "⟦" in out
    typed = _typed(game)
    left = [(line, w) for line in out.splitlines() for w in untranslated(line, typed)]
    assert left == [], left[:20]
