"""The rules at hand: every name a game's screen can show is explained, the lookup reads
names as printed, and reconstructed content says so."""

from __future__ import annotations

import pytest

import vaka
from vaka.core.rulebook import Entry, RuleBook, UnknownTopic, from_markdown, normal

GAMES = ("rapa-nui", "raiatea", "atua")


def book(game_id: str) -> RuleBook:
    found = vaka.load(game_id).rulebook()
    assert found is not None
    return found


def test_lookup_ignores_case_accents_apostrophes_hyphens_and_plurals() -> None:
    entries = [Entry("Ha'ari", "commodity", "x"), Entry("Mahi-mahi", "commodity", "y")]
    rules = RuleBook("Demo", "", "", (), entries)
    for typed in ("ha'ari", "HAARI", "ha’ari", "Há'ari", "  haari "):
        assert rules.find(typed).name == "Ha'ari"
    assert rules.find("mahi mahi").name == rules.find("mahi_mahi").name == "Mahi-mahi"
    assert rules.find("mahi-mahis").name == "Mahi-mahi"
    assert normal("Ru'a-hatu") == "rua hatu"


def test_a_miss_suggests_the_closest_names() -> None:
    with pytest.raises(UnknownTopic) as miss:
        book("atua").find("akroaa")
    assert str(miss.value) == "Atua has no 'akroaa'; did you mean Akroa?"
    assert miss.value.suggestions == ("Akroa",)
    with pytest.raises(UnknownTopic, match=r"has no 'zzz'$"):
        book("atua").find("zzz")


def test_a_part_of_several_names_lists_them() -> None:
    with pytest.raises(UnknownTopic) as many:
        book("raiatea").find("tane")
    assert "Mask of Tane" in many.value.suggestions and len(many.value.suggestions) > 1


def test_one_name_means_one_thing() -> None:
    with pytest.raises(ValueError, match="names both"):
        RuleBook("Demo", "", "", (), [Entry("Fish", "a", "x"), Entry("Fish", "b", "y")])


def test_the_markdown_gives_sections_examples_and_entries() -> None:
    text = (
        "# Demo\n## Summary\nShort.\n## Key\n- **x**: y\n## Examples\n- `go 1`: go\n"
        "## Reconstructed\nAll of it.\n## Explain\n### Stone | stones\nkind: board\nA\n"
        "wrapped line.\nReconstructed: designed\n"
    )
    rules = from_markdown("Demo", text)
    assert (rules.summary, rules.examples, rules.reconstructed) == (
        "Short.",
        (("go 1", "go"),),
        "All of it.",
    )
    stone = rules.find("stones")
    assert (stone.kind, stone.text, stone.reconstructed) == ("board", "A wrapped line.", "designed")
    assert stone.describe().endswith("Reconstructed: designed")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_summary_a_key_examples_and_a_reconstructed_note(game_id: str) -> None:
    rules = book(game_id)
    assert "turn" in rules.summary.lower() or "round" in rules.summary.lower()
    assert "end" in rules.summary.lower() and "win" in rules.summary.lower()
    assert rules.key and rules.reconstructed and "docs/rules/" in rules.reconstructed
    game = vaka.load(game_id)
    for action, what in rules.examples:
        assert what
        if not action.isdigit():
            game.parse_action(action)  # every example is a real action text


def test_rapa_nui_explains_every_card_kind_and_the_board() -> None:
    from vaka.games.rapanui.params import KIND_NAMES

    rules = book("rapa-nui")
    for name in KIND_NAMES:
        assert rules.find(name).text
    assert "3" in rules.find("card worth").text  # what a resource's worth means
    assert rules.find("starting sets").reconstructed


def test_atua_explains_every_card_tile_resident_symbol_and_source() -> None:
    parts = vaka.load("atua").components()
    rules = book("atua")
    for cid, card in parts["cards"].items():
        entry = rules.find(cid)
        assert entry.reconstructed  # no Atua card face is published
        if card["kind"] == "village":
            assert rules.find(card["name"]) is entry
    for fid in parts["fates"]:
        assert rules.find(fid).text
    for resident in parts["residents"].values():
        assert rules.find(resident["name"]).text
    for kind in (*parts["symbol_kinds"], *parts["totems"], *parts["sources"], *parts["terrains"]):
        assert rules.find(kind).text
    akroa = rules.find("akroa")
    assert "3 points for every 2 birds" in akroa.text and akroa.reconstructed is None
    assert rules.find("rongo").reconstructed  # not in the rulebook at all
    assert "fish" in rules.find("fisherman").text  # which symbols pair up
    assert "huntress" in rules.find("bird").text and "palm" in rules.find("canoe").text


def test_raiatea_explains_every_component_the_screen_names() -> None:
    parts = vaka.load("raiatea").components()
    rules = book("raiatea")
    for rid, ritual in parts["rituals"].items():
        assert rules.find(rid) is rules.find(ritual["name"])
        assert rules.find(rid).reconstructed
    for mid, mask in parts["masks"].items():
        assert rules.find(mid) is rules.find(mask["name"])
    for tid in parts["toos"]:
        assert rules.find(tid).reconstructed
    for group in ("locations", "commodities", "assistants", "ranks"):
        for item in parts[group]:
            assert rules.find(item["name"]) is rules.find(item["id"])
    for name in (*parts["ritual_types"].values(), *parts["gifts"], "kahuna", "1.2.3"):
        assert rules.find(name).text
    assert "Kahuna bonus" in rules.find("path of the gods").text
