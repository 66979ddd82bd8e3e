"""The message catalogs are complete and shipped as compiled: every text of the template
is in German, the compiled .mo files say what their .po sources say, the template holds
what the code and data files have today, and every rule book entry comes from the catalog
(a run in the pseudo-language en_XA)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from tests.cli.pseudo import untranslated
from vaka import i18n
from vaka.core.registry import load
from vaka.i18n.extract import extract_browser

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "vaka" / "locale"
LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


def _po(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _tuple(text: object) -> object:
    return tuple(text) if isinstance(text, list | tuple) else text


def _key(message_id: object, context: str | bytes | None) -> tuple[object, str | None]:
    if isinstance(context, bytes):  # as read from a .mo file
        context = context.decode("utf-8")
    return _tuple(message_id), context


def _keys(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {_key(m.id, m.context) for m in catalog if m.id}


@pytest.mark.parametrize("language", [*LANGUAGES, i18n.PSEUDO])
def test_every_template_entry_is_translated(language: str) -> None:
    template = _po(LOCALE / "vaka.pot")
    catalog = _po(LOCALE / language / "LC_MESSAGES" / "vaka.po")
    missing = _keys(template) - _keys(catalog)
    assert not missing, f"{language} lacks {len(missing)}: {sorted(map(str, missing))[:5]}"
    empty = [
        m.id
        for m in catalog
        if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple) else [m.string]))
    ]
    assert not empty, f"{language} has {len(empty)} untranslated or fuzzy: {empty[:5]}"


@pytest.mark.parametrize("language", [*LANGUAGES, i18n.PSEUDO])
def test_the_compiled_catalog_matches_its_source(language: str) -> None:
    folder = LOCALE / language / "LC_MESSAGES"
    source = _po(folder / "vaka.po")
    with (folder / "vaka.mo").open("rb") as f:
        compiled = read_mo(f)
    want = {_key(m.id, m.context): _tuple(m.string) for m in source if m.id and not m.fuzzy}
    got = {_key(m.id, m.context): _tuple(m.string) for m in compiled if m.id}
    assert got == want, "run scripts/i18n.py compile"


def test_the_template_holds_what_the_code_and_data_say_today(tmp_path: Path) -> None:
    out = tmp_path / "vaka.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         "-o", str(out), "--no-location", "--omit-header", "-k", "N_", "-k", "NP_:1c,2",
         "-k", "NN_:1,2", "src"],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    assert _keys(_po(out)) == _keys(_po(LOCALE / "vaka.pot")), "run scripts/i18n.py all"


#: Ids a player types, shown beside a translated name ("Wald (forest)").
TYPED = {
    "raiatea": ("forest", "marae", "reef", "path", "neighbourhood", "market", "collector",
                "merchant", "shaman", "pearl", "diver", "mahi", "taro", "uru", "haari"),
}  # fmt: skip


def _choices(game_id: str) -> list[str]:
    """The values an option takes, as typed."""
    return [str(c) for o in load(game_id).options.values() for c in o.choices]


@pytest.mark.parametrize("game_id", ["rapa-nui", "raiatea", "atua"])
def test_every_rule_book_text_comes_from_the_catalog(game_id: str) -> None:
    with i18n.using(i18n.PSEUDO):
        book = load(game_id).rulebook()
        assert book is not None
        texts = [book.summary, book.key, book.reconstructed, book.game]
        texts += [what for _action, what in book.examples]
        texts += [entry.describe() for entry in book.entries]
        for option in load(game_id).options.values():
            texts.append(option.describe())
        typed = (*TYPED.get(game_id, ()), *_choices(game_id))
    found = {t[:70]: words for t in texts if (words := untranslated(t, typed))}
    assert not found, found


def test_the_rule_books_find_names_in_either_language() -> None:
    with i18n.using("de"):
        rapa = load("rapa-nui").rulebook()
        atua = load("atua").rulebook()
        raiatea = load("raiatea").rulebook()
        assert rapa is not None and atua is not None and raiatea is not None
        assert rapa.find("Holzfäller") is rapa.find("woodcutter")
        assert rapa.find("Opferstein").name == "Opferstein"
        assert rapa.find("sacrifice stone").name == "Opferstein"
        assert rapa.find("Reihe") is rapa.find("row")
        assert atua.find("Auslage") is atua.find("row")  # one English word, two German ones
        assert atua.find("Fischer").describe().startswith("Fischer: Symbol")
        assert raiatea.find("Pfad der Götter") is raiatea.find("Path of the Gods")
        assert "Kahuna-Bonus" in raiatea.find("path").describe()
        with pytest.raises(LookupError, match="meinten Sie Holzfäller"):
            rapa.find("Holzfälle")
    with i18n.using("en"):
        book = load("rapa-nui").rulebook()
        assert book is not None and book.find("woodcutter").name == "Woodcutter"


def test_numbers_counts_and_dates_follow_the_language() -> None:
    import datetime as dt

    from vaka.games.raiatea.names import amount, mission

    with i18n.using("de"):
        assert i18n.number(12345.5) == "12.345,5" and i18n.number(0.25, 2) == "0,25"
        assert i18n.date(dt.date(2026, 12, 3)) == "03.12.2026"
        assert (amount(1, "pearls"), amount(3, "pearls")) == ("1 Perle", "3 Perlen")
        assert mission("T1-01").endswith("zahlen") or mission("T1-01").startswith("mindestens")
    with i18n.using("en"):
        assert (
            i18n.number(12345.5) == "12,345.5" and i18n.date(dt.date(2026, 12, 3)) == "Dec 3, 2026"
        )
        assert (amount(1, "pearls"), amount(3, "pearls")) == ("1 pearl", "3 pearls")


def test_the_browsers_texts_are_found_wherever_they_are_written() -> None:
    source = """import { t, tn, tc } from "/static/i18n.js";
const a = t("Your move");
const b = html`<p>${t("{name} joined", { name })} ${tn("{n} pearl", "{n} pearls", n)}</p>
  <span>${ok ? t('It\\'s over') : html`<i>${tc("rapanui", "fish")}</i>`}</span>`;
const c = t(madeAtRunTime), d = obj.t("not ours"), e = at("nor this");
"""
    found = list(extract_browser(io.BytesIO(source.encode()), {}, [], {}))
    assert found == [
        (2, None, "Your move", []),
        (3, None, "{name} joined", []),
        (3, "ngettext", ("{n} pearl", "{n} pearls"), []),
        (4, None, "It's over", []),
        (4, "pgettext", ("rapanui", "fish"), []),
    ]
