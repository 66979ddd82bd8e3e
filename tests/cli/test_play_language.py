"""The play screen, replay, review and Click's own words in German and in the
pseudo-language en_XA, through the real command line: the board, the choices, the
prompts, the log and the summary since the last move, the end of the game."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.process import vaka
from tests.cli.pseudo import untranslated
from tests.cli.terminal import CTRL_D, Terminal
from tests.sim.test_review import PLANT_SEAT, planted
from vaka.core.record import record_text
from vaka.core.registry import load

GAME = ("play", "rapa-nui", "-p", "2", "--seed", "3", "--bots", "random")
PROMPT = "Ihr Zug> "
#: What a player types is English in every language: the words of Rapa Nui's actions.
TYPED = tuple({w for a in load("rapa-nui").actions for w in re.findall(r"[a-z]+", str(a))})


def flat(text: str) -> str:
    return " ".join(text.split())


def test_play_in_german_at_a_terminal() -> None:
    with Terminal("--lang", "de", *GAME, columns=100) as term:
        first = flat(term.expect(PROMPT))
        for words in ("2 Spieler, Seed 3. Sie sitzen auf Platz 0", "Rapa Nui — Zug 1",
                      "Sie: eine Handkarte auslegen", "Auslage", "Reihe 1", "Nachziehstapel",
                      "Opferstein", "Kartenwert", "Vorrat", "Holz", "Ruhm", "Opferkarten",
                      "0 blau (Sie)", "lay fish kostenlos"):  # fmt: skip
            assert words in first, words
        term.line("1")  # lay a fish
        second = flat(term.expect(PROMPT))
        assert "Sie: die oberste Karte einer Reihe nehmen" in second
        assert "Seit Ihrem letzten Zug: Sie: legen 1 × Fisch aus" in second
        assert re.search(r"draw 1 nimmt \w+; deckt \w+ auf", second), second
        term.line("1")  # take a card; then the bot plays its turn
        third = flat(term.expect(PROMPT))
        assert re.search(r"Sie: nehmen \w+ aus Reihe 1", third), third
        assert re.search(r"Zufallsbot: Zug 2; legt \d × \w+ aus", third), third
        term.line("help")
        shown = flat(term.expect(PROMPT))
        assert "Weitere Befehle:" in shown and "den Tisch noch einmal zeigen" in shown
        term.line("undo")
        shown = flat(term.expect(PROMPT))
        assert "Ihre letzte Entscheidung und die" in shown and "wählen Sie neu" in shown
        term.line("9")
        assert "Wählen Sie eine Zahl von 1 bis" in flat(term.expect(PROMPT))
        term.send(CTRL_D)
        assert "Partie verlassen?" in flat(term.expect("weiterspielen "))
        term.line("q")
        assert term.wait() == 0


def test_a_whole_game_in_german_ends_with_its_scores_and_winner(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    done = vaka("--lang", "de", *GAME, "--save", str(save), stdin="1\n" * 400)
    assert done.returncode == 0, done.stderr
    out = flat(done.stdout)
    for words in ("Rapa Nui — Spielende nach", "Sieger: Platz", "Ruhm +", "Opfer)",
                  "Wertung der Holzfäller (Holz)", "Partie in"):  # fmt: skip
        assert words in out, words
    assert "Game over" not in out and "Winner" not in out
    replayed = vaka("--lang", "de", "replay", str(save), "--no-pause")
    assert replayed.returncode == 0, replayed.stderr
    shown = flat(replayed.stdout)
    assert "Sie sehen zu als Zuschauer" in shown
    assert "Zug 1: Platz 0 ist am Zug" in shown and "Platz 0 legt 1 × Fisch aus" in shown


def test_the_play_screen_in_en_xa_shows_no_text_outside_the_catalogs() -> None:
    moves = "help\nshow\nlog\n99\nwhy\n1\nundo\n" + "1\n" * 400
    done = vaka("--lang", "en_XA", *GAME, stdin=moves)
    assert done.returncode == 0, done.stderr
    assert "⟦" in done.stdout
    assert untranslated(done.stdout, TYPED) == [], done.stdout[-3000:]


def test_review_in_german(tmp_path: Path) -> None:
    path = tmp_path / "planted.json"
    path.write_text(record_text(planted()[0]), encoding="utf-8")
    args = ("review", str(path), "--seat", str(PLANT_SEAT), "--from", "69", "--budget", "4")
    done = vaka("--lang", "de", *args, columns=100)
    assert done.returncode == 0, done.stderr
    out = flat(done.stdout)
    for words in ("Entscheidungen besprochen", "Genauigkeit je Platz", "Beurteilte Entscheidungen",
                  "Siegchance", "Wendepunkte"):  # fmt: skip
        assert words in out, words
    assert "Accuracy per seat" not in out


def test_clicks_usage_error_in_german_and_in_en_xa() -> None:
    done = vaka("--lang", "de", "rules")
    assert done.returncode == 2
    err = flat(done.stderr)
    assert "Aufruf: vaka rules" in err and "Fehlendes Argument 'GAME'." in err
    assert "Hilfe mit 'vaka rules --help'." in err and "Fehler" in err
    other = vaka("play", "rapa-nui", "--players", "x", env={"LANG": "de_DE.UTF-8"})
    assert "Ungültiger Wert für '--players' / '-p': Erwartet wird eine ganze Zahl" in flat(
        other.stderr
    )
    for args in (("rules",), ("plya",), ("games", "a", "b"), ("play", "--nosuch")):
        pseudo = vaka("--lang", "en_XA", *args)
        assert pseudo.returncode == 2
        # the metavars Click prints as they are typed, and what the command line said
        kept = ("vaka", "rules", "OPTIONS", "GAME", "TOPIC", "COMMAND", "ARGS", "plya", "play",
                "replay", "games", "nosuch", "help", "lang")  # fmt: skip
        assert untranslated(pseudo.stderr, kept) == [], pseudo.stderr


ATUA = ("play", "atua", "-p", "2", "--seed", "3", "--bots", "random")


def test_atua_in_german(tmp_path: Path) -> None:
    done = vaka("--lang", "de", *ATUA, stdin="1\n1\nlog\nquit\n", cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    out = flat(done.stdout)
    for words in ("Atua, Zug 1", "Auslage: 1: c", "Jägerin", "Schicksalsplättchen: f",
                  "Mehrheit bei", "Platz 0: eine Inselkarte nehmen", "kostet 1 Kokosnuss",
                  "Platz 0: die Karte an Ihre Insel anlegen", "deckt ab:",
                  "Tisch: Spielvorbereitung; Ihr Bewohner (verdeckt) ist",
                  "Sie nehmen c"):  # fmt: skip
        assert words in out, words


def test_atua_in_en_xa_shows_no_text_outside_the_catalogs(tmp_path: Path) -> None:
    done = vaka("--lang", "en_XA", *ATUA, stdin="log\n" + "1\n" * 12 + "quit\n", cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    # typed as they are: the actions' words (Atua's vocabulary is too large to list), the
    # residents' names, the pictures' folder
    typed = {"take", "left", "right", "place", "at", "angle", "spare", "give", "buy", "pass",
             "reveal", "score", "fishing", "hunting", "canoes", "coconuts", "totems",
             "volcanoes", "vaka", "Tiare", "Hina", "Akroa", "Moana", "Rongo", "Tane"}  # fmt: skip
    assert untranslated(done.stdout, tuple(typed)) == [], done.stdout[-3000:]


def test_raiatea_in_german(tmp_path: Path) -> None:
    args = ("play", "raiatea", "-p", "3", "--seed", "3", "--bots", "random")
    done = vaka("--lang", "de", *args, stdin="1\n1\n1\nquit\n", cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    out = flat(done.stdout)
    for words in ("Raiatea — Aktionsrunde 1 · Startspieler: Platz 0 · Festreihenfolge",
                  "Waren Markt Preis Verkaufsbonus", "Maskenmarkt", "Ihr Sichtschirm",
                  "Jetzt: Sie —", "Sie: ziehen 5 normale Rituale",
                  "Zufallsbot 1: zieht 5 normale Rituale", "Sie besetzen"):  # fmt: skip
        assert words in out, words


def test_bench_and_db_in_german(tmp_path: Path) -> None:
    done = vaka("--lang", "de", "bench", "rapa-nui", "--players", "2", "--seconds", "0.1")
    assert done.returncode == 0, done.stderr
    out = flat(done.stdout)
    assert "Zufällige Partien, ein Kern" in out and "Aktionen/s" in out
    assert "Suche (ISMCTS des starken Bots), ein Kern" in out and "Anfang einer Partie" in out
    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    done = vaka("--lang", "de", "db", "upgrade", "--db", url)
    assert done.returncode == 0, done.stderr
    assert f"Die Datenbank unter {url} ist auf dem neuesten Stand." in flat(done.stdout)
