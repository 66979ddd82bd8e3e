"""vaka in German and in the pseudo-language en_XA, as real processes: the language comes
from --lang or the environment, every line a person reads of the converted commands is
in the catalogs, and names typed in either language find their entries."""

from __future__ import annotations

import pytest

from tests.cli.process import vaka
from tests.cli.pseudo import untranslated
from vaka.core.registry import game_ids, load

#: Typed as they are in every language: game ids, commands, option values.
TYPED = (
    *(part for g in game_ids() for part in g.split("-")),
    *(str(c) for g in game_ids() for o in load(g).options.values() for c in o.choices),
    "false", "vaka", "games", "play", "rules", "simulate", "replay", "review", "bench",
    "serve", "db", "en", "de",
)  # fmt: skip
#: What Typer prints as it is typed: the metavars and type hints of the usage and help.
TYPER = ("OPTIONS", "COMMAND", "ARGS", "GAME", "TOPIC", "LANG", "FILE", "TABLE", "PASSWORD",
         "SMTP", "bool", "str", "list", "int", "float", "range", "file", "env", "var",
         "upgrade", "no", "pause", "rotate", "process", "random", "Player")  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        ("games",),
        ("rules", "rapa-nui"),
        ("rules", "raiatea"),
        ("rules", "atua"),
        ("rules", "atua", "akroa"),
        ("rules", "raiatea", "RN05"),
        ("rules", "raiatea", "path"),
        ("rules", "rapa-nui", "key"),
        ("--help",),
        ("rules", "--help"),
        ("games", "--help"),
        ("play", "--help"),
        ("simulate", "--help"),
        ("replay", "--help"),
        ("review", "--help"),
        ("bench", "--help"),
        ("serve", "--help"),
        ("db", "upgrade", "--help"),
    ],
    ids=" ".join,
)
def test_a_pseudo_language_run_shows_no_text_outside_the_catalogs(args: tuple[str, ...]) -> None:
    done = vaka("--lang", "en_XA", *args)
    assert done.returncode == 0, done.stderr
    typed = (*TYPED, *TYPER) if "--help" in args else TYPED
    assert untranslated(done.stdout, (*typed, "forest", "market", "path")) == [], done.stdout


def test_an_error_is_in_the_language_too() -> None:
    done = vaka("--lang", "en_XA", "rules", "atua", "akroaa")
    assert done.returncode == 2
    assert untranslated(done.stderr, ("akroaa",)) == [], done.stderr
    done = vaka("rules", "atua", "akroaa", env={"LANG": "de_DE.UTF-8"})
    assert done.returncode == 2
    assert "Fehler: Atua kennt kein 'akroaa'; meinten Sie Akroa?" in done.stderr


def test_lang_de_speaks_the_rulebooks_terms() -> None:
    out = " ".join(vaka("--lang", "de", "rules", "rapa-nui").stdout.split())
    assert "Rapa Nui: die Regeln in Kürze" in out and "Rapa Nui: der Bildschirm" in out
    for term in ("Holzfäller", "Jäger und Sammler", "Opferstein", "Opferrunde", "Ruhmespunkte",
                 "Nachziehstapel", "alleinige Mehrheit", "7 Holz"):  # fmt: skip
        assert term in out, term


def test_the_environment_chooses_the_language_and_lang_overrides_it() -> None:
    german = {"LANG": "de_DE.UTF-8"}
    assert "Rekonstruierte Inhalte" in vaka("games", env=german).stdout
    assert "Reconstructed content" in vaka("--lang", "en", "games", env=german).stdout
    assert "Rekonstruierte Inhalte" in vaka("games", env={"LANGUAGE": "fr:de"}).stdout
    assert "Rekonstruierte Inhalte" in vaka("games", env={"LC_ALL": "de_AT.UTF-8"}).stdout
    assert "Reconstructed content" in vaka("games", env={"LANG": "fr_FR.UTF-8"}).stdout
    out = vaka("--lang", "de", "--help").stdout
    assert "Optionen" in out and "Befehle" in out and "Die Spiele, die vaka" in out


def test_an_unknown_language_is_a_clear_error() -> None:
    done = vaka("--lang", "fr", "games")
    assert done.returncode == 2 and done.stdout == ""
    assert "vaka speaks en, de; there is no language 'fr'" in " ".join(done.stderr.split())


def test_names_typed_in_either_language_are_explained_in_german() -> None:
    for typed in ("Holzfäller", "woodcutter", "holzfäller"):
        done = vaka("--lang", "de", "rules", "rapa-nui", typed)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("Holzfäller: Rapa-Nui-Karte"), done.stdout
    done = vaka("--lang", "de", "rules", "raiatea", "Path", "of", "the", "Gods")
    assert done.stdout.startswith("Pfad der Götter (path): Ort"), done.stdout
    done = vaka("--lang", "de", "rules", "atua", "Fischer")
    assert done.stdout.startswith("Fischer: Symbol") and "Fischfang" in done.stdout


def test_simulate_reports_in_german_with_german_numbers() -> None:
    args = ("simulate", "rapa-nui", "-p", "2", "--agents", "random,easy", "--games", "4")
    done = vaka("--lang", "de", *args)
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    for words in ("4 Partien, 2 Spieler", "Siegquote", "Je Platz, wer immer dort saß",
                  "fairer Anteil (1/Spieler): 50,0 %", "Partielänge: Mittel"):  # fmt: skip
        assert words in out, words
    pseudo = vaka("--lang", "en_XA", *args).stdout
    # the agents are typed names
    kept = ("random", "easy", "rapa", "nui", "mu", "sigma")
    assert untranslated(pseudo, kept) == [], pseudo


def test_each_commands_help_is_in_the_language() -> None:
    german = " ".join(vaka("--lang", "de", "play", "--help").stdout.split())
    for said in ("Eine Partie im Terminal gegen Bots spielen", "Anzahl der Spieler",
                 "An einem Server spielen", "Ihr Name am Tisch."):  # fmt: skip
        assert said in german, said
    english = " ".join(vaka("--lang", "en", "play", "--help").stdout.split())
    assert "Number of players" in english and "Playing on a server" in english
    serve = " ".join(vaka("--lang", "de", "db", "upgrade", "--help").stdout.split())
    assert "Das Schema der Datenbank auf den neuesten Stand bringen" in serve


def test_a_games_option_and_player_count_errors_are_in_the_language() -> None:
    bad = vaka("--lang", "de", "play", "rapa-nui", "--option", "rows=bad")
    assert bad.returncode != 0
    said = " ".join(bad.stderr.split())
    assert "Option 'rows' muss eines von 'fanned', 'top-only' sein, nicht 'bad'" in said
    many = vaka("--lang", "de", "play", "rapa-nui", "-p", "7")
    assert "Rapa Nui ist für 2-4 Spieler, nicht 7" in " ".join(many.stderr.split())
    agent = vaka("--lang", "de", "simulate", "atua", "-a", "nosuch", "-n", "2")
    assert "unbekannter Bot 'nosuch'; Bots:" in " ".join(agent.stderr.split())
