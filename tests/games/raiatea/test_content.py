"""Raiatea's component content (src/vaka/games/raiatea/data/*.json) against the rulebook.

Every number the rulebook states is asserted here, as is every mechanism it mentions that
needs some card, token or board space to be reachable. The content the rulebook leaves out is
reconstructed; docs/rules/raiatea-content.md says what constrained each part. Quotes in the
comments are from shared/rules/raiatea.txt.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src" / "vaka" / "games" / "raiatea" / "data"
DOC = ROOT / "docs" / "rules" / "raiatea-content.md"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text("utf-8"))
    return data


EFFECTS = load("effects")
RITUALS = load("rituals")
FOREST = load("forest")
STARTING = load("starting")
TOOS = load("toos")
BOARD = load("board")

VOCAB: dict[str, Any] = EFFECTS["kinds"]
COMMODITIES = [c["id"] for c in BOARD["commodities"]]
ASSISTANTS = [a["id"] for a in BOARD["assistant_types"]]
LOCATIONS = [loc["id"] for loc in BOARD["locations"]]
RANKS = [r["id"] for r in BOARD["tattoo_track"]["ranks"]]
RITUAL_LIST: list[dict[str, Any]] = RITUALS["rituals"]
MASKS: list[dict[str, Any]] = STARTING["masks"] + FOREST["masks"]
TOKENS: list[dict[str, Any]] = TOOS["tokens"]
TYPES = ("personal", "permanent", "interactive", "general")
HARM = {"lose", "steal", "turn_assistant", "discard_rituals"}  # effects that cost others
OTHERS = {"each_other", "chosen_other"}


def copies(entries: list[dict[str, Any]]) -> int:
    return sum(e["copies"] for e in entries)


def rituals(deck: str | None = None, type_: str | None = None) -> list[dict[str, Any]]:
    return [
        r
        for r in RITUAL_LIST
        if (deck is None or r["deck"] == deck) and (type_ is None or r["type"] == type_)
    ]


def ritual_cards() -> Iterator[dict[str, Any]]:
    """Every physical ritual card (each entry repeated by its copies)."""
    for r in RITUAL_LIST:
        for _ in range(r["copies"]):
            yield r


def kinds(effects: list[dict[str, Any]]) -> set[str]:
    return {e["kind"] for e in effects}


def all_effects() -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, effect) for every effect printed anywhere in the content."""
    for r in RITUAL_LIST:
        for e in r["effects"]:
            yield r["id"], e
    for m in MASKS:
        for e in m["treasure"]:
            yield f"{m['id']} treasure", e
        yield f"{m['id']} pair", m["pair_score"]
    for c, chart in BOARD["price_charts"]["charts"].items():
        for i, bonus in enumerate(chart):
            for e in bonus:
                yield f"price chart {c}[{i}]", e
    for rank in BOARD["tattoo_track"]["ranks"]:
        for e in rank["on_reach"]:
            yield f"rank {rank['id']}", e
    for i, gift in enumerate(BOARD["ceremony"]["gifts"]):
        for e in gift:
            yield f"gift {i}", e


def value_ok(spec: dict[str, Any], value: Any) -> bool:
    t = spec["type"]
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if t == "int":
        return is_int and spec["min"] <= value <= spec["max"]
    if t == "enum":
        return value in spec["values"]
    if t == "int_or_enum":
        return (
            value in spec["values"]
            if isinstance(value, str)
            else (is_int and spec["min"] <= value <= spec["max"])
        )
    if t == "bool":
        return isinstance(value, bool)
    raise AssertionError(f"unknown param type {t}")


def effect_problems(effect: dict[str, Any]) -> list[str]:
    kind = effect.get("kind")
    if kind not in VOCAB:
        return [f"kind {kind!r} is not in effects.json"]
    params = VOCAB[kind]["params"]
    given = {k: v for k, v in effect.items() if k != "kind"}
    problems = [f"unknown param {k!r}" for k in given if k not in params]
    for name, spec in params.items():
        if name not in given:
            if not spec.get("optional"):
                problems.append(f"missing param {name!r}")
        elif not value_ok(spec, given[name]):
            problems.append(f"bad value {given[name]!r} for {name!r}")
    return problems


def timing(effect: dict[str, Any]) -> str:
    t: str = VOCAB[effect["kind"]]["timing"]
    return t


def target(effect: dict[str, Any]) -> str | None:
    params = VOCAB[effect["kind"]]["params"]
    for name in ("target", "from"):
        if name in params:
            value: str = effect.get(name, params[name].get("default"))
            return value
    return None


def reconstructed_blocks(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if node.get("reconstructed"):
            yield node
        for v in node.values():
            yield from reconstructed_blocks(v)
    elif isinstance(node, list):
        for v in node:
            yield from reconstructed_blocks(v)


# --- Components ----------------------------------------------------------------------------

# "Components: 1 Game Board, 6 Location Tiles, 5 Player Screens, 92 Ritual Cards, 1 Sacrifice
# Bag, 15 Ritual Clips, 68 To'o Mission Tokens, 10 Player Discs, 1 Game Round Marker, 4 Price
# Markers, 5 Ritual Cubes, 72 Forest Cards, 1 Die, 1 Starting Player Token, 25 Pearls, 50 Mana
# Tokens, 36 Starting Cards"
RULEBOOK_COMPONENTS = {
    "game_board": 1, "location_tiles": 6, "player_screens": 5, "ritual_cards": 92,
    "sacrifice_bag": 1, "ritual_clips": 15, "too_tokens": 68, "player_discs": 10,
    "game_round_marker": 1, "price_markers": 4, "ritual_cubes": 5, "forest_cards": 72, "die": 1,
    "starting_player_token": 1, "pearls": 25, "mana_tokens": 50, "starting_cards": 36,
}  # fmt: skip


def test_component_list_is_the_rulebooks() -> None:
    assert BOARD["components"] == RULEBOOK_COMPONENTS


def test_92_ritual_cards_in_two_decks() -> None:
    assert copies(RITUAL_LIST) == 92 == BOARD["components"]["ritual_cards"]
    for deck, n in RITUALS["decks"].items():
        assert copies(rituals(deck)) == n
    assert set(RITUALS["decks"]) == {"normal", "forbidden"}


def test_72_forest_cards_of_three_kinds() -> None:
    split = FOREST["split"]
    parts = {kind: copies(FOREST[kind]) for kind in ("masks", "commodities", "assistants")}
    assert parts == {k: split[k] for k in parts}
    assert sum(parts.values()) == 72 == FOREST["total"] == BOARD["components"]["forest_cards"]


def test_68_too_tokens() -> None:
    assert copies(TOKENS) == 68 == TOOS["total"] == BOARD["components"]["too_tokens"]
    by_vp = Counter[int]()
    for t in TOKENS:
        by_vp[t["vp"]] += t["copies"]
    assert {str(k): v for k, v in by_vp.items()} == TOOS["by_vp"]
    assert set(by_vp) == {1, 2, 3}  # "Fulfilled To'o Missions give 1-3 VP"


def test_36_starting_cards_24_assistants_4_commodities_8_masks() -> None:
    assert copies(STARTING["assistants"]) == 24  # "the 24 Starting Assistant Cards"
    assert copies(STARTING["commodities"]) == 4  # "the 4 Starting Commodity Cards"
    assert copies(STARTING["masks"]) == 8  # "the 8 Starting Mask Cards"
    total = sum(copies(STARTING[k]) for k in ("assistants", "commodities", "masks"))
    assert total == 36 == STARTING["total"] == BOARD["components"]["starting_cards"]


def test_starting_assistants_6_of_each_type() -> None:
    # "Sort the 24 Starting Assistant Cards by type": 4 types, 6 each is the natural reading.
    assert {a["assistant"]: a["copies"] for a in STARTING["assistants"]} == dict.fromkeys(
        ASSISTANTS, 6
    )


def test_starting_commodities_one_of_each() -> None:
    assert {c["commodity"]: c["copies"] for c in STARTING["commodities"]} == dict.fromkeys(
        COMMODITIES, 1
    )


def test_forest_commodities_and_assistants_cover_every_type() -> None:
    assert {c["commodity"] for c in FOREST["commodities"]} == set(COMMODITIES)
    assert {a["assistant"] for a in FOREST["assistants"]} == set(ASSISTANTS)


def test_four_assistant_types_and_four_commodities() -> None:
    # "All Assistants ...: Collector, Merchant, Shaman, Pearl Diver"; "4 Price Markers".
    assert ASSISTANTS == ["collector", "merchant", "shaman", "pearl_diver"]
    assert len(COMMODITIES) == 4 == BOARD["components"]["price_markers"]
    assert "mahi_mahi" in COMMODITIES  # "by selling Mahi-mahi at the Commodities Market"


def test_per_colour_pieces_make_the_component_counts() -> None:
    colours = BOARD["colours"]
    n = len(colours["names"])
    per = colours["per_colour"]
    assert n == 5 == BOARD["players"]["max"]
    assert n * per["ritual_clips"] == 15
    assert n * per["player_discs"] == 10  # tattoo marker + priest marker
    assert n * per["ritual_cube"] == 5
    assert n * per["player_screen"] == 5
    # Clips bound the prepared rituals: "up to 3 if they have reached the rank of Arioi".
    assert per["ritual_clips"] >= max(r["prepare"] for r in BOARD["tattoo_track"]["ranks"])


def test_ids_are_unique_across_all_content() -> None:
    ids = [r["id"] for r in RITUAL_LIST] + [m["id"] for m in MASKS] + [t["id"] for t in TOKENS]
    ids += [c["id"] for k in ("commodities", "assistants") for c in FOREST[k] + STARTING[k]]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    for names in (COMMODITIES, ASSISTANTS, LOCATIONS, RANKS):
        assert len(names) == len(set(names))


def test_every_entry_has_at_least_one_copy() -> None:
    entries = RITUAL_LIST + MASKS + TOKENS
    entries += [c for k in ("commodities", "assistants") for c in FOREST[k] + STARTING[k]]
    assert all(isinstance(e["copies"], int) and e["copies"] >= 1 for e in entries)


def test_reconstructed_parts_say_why() -> None:
    for name in ("rituals", "forest", "starting", "toos", "board"):
        blocks = list(reconstructed_blocks(load(name)))
        assert blocks, f"{name}.json marks nothing as reconstructed"
        for block in blocks:
            assert block["reconstructed"] is True
            assert isinstance(block.get("why"), str) and len(block["why"]) > 20


# --- The effect vocabulary -----------------------------------------------------------------

EFFECT_CASES = list(all_effects())


@pytest.mark.parametrize(("where", "effect"), EFFECT_CASES, ids=[w for w, _ in EFFECT_CASES])
def test_every_effect_is_in_the_vocabulary_with_the_right_params(
    where: str, effect: dict[str, Any]
) -> None:
    assert effect_problems(effect) == []


def test_the_vocabulary_is_small_and_every_kind_is_used() -> None:
    used = {e["kind"] for _, e in EFFECT_CASES}
    assert used == set(VOCAB)
    assert len(VOCAB) <= 30
    assert {k["timing"] for k in VOCAB.values()} == {"immediate", "ongoing", "end"}


def test_every_effect_kind_is_documented() -> None:
    doc = DOC.read_text("utf-8")
    for kind in VOCAB:
        assert f"`{kind}`" in doc, f"effect kind {kind} missing from {DOC.name}"


def test_the_vocabulary_has_no_unused_choices() -> None:
    """Every named value of every kind is printed somewhere (no dead options); an omitted
    optional param counts as its default."""
    seen: dict[tuple[str, str], set[Any]] = {}
    for _, e in EFFECT_CASES:
        for name, p in VOCAB[e["kind"]]["params"].items():
            value = e.get(name, p.get("default"))
            seen.setdefault((e["kind"], name), set()).add(value)
    for kind, spec in VOCAB.items():
        for name, p in spec["params"].items():
            if p["type"] in ("enum", "int_or_enum"):
                unused = set(p["values"]) - seen[kind, name]
                assert not unused, f"{kind}.{name}: {sorted(unused)} never used"


# --- Rituals -------------------------------------------------------------------------------


def test_ritual_types_are_the_rulebooks_four() -> None:
    # "Personal Rituals (Black)", "Permanent Rituals (Blue)", "Interactive Rituals
    # (Burgundy)", "General Rituals (Brown)"
    assert {k: (v["name"], v["colour"]) for k, v in RITUALS["types"].items()} == {
        "personal": ("Personal", "black"),
        "permanent": ("Permanent", "blue"),
        "interactive": ("Interactive", "burgundy"),
        "general": ("General", "brown"),
    }
    assert {r["type"] for r in RITUAL_LIST} == set(TYPES)


def test_both_decks_hold_all_four_types() -> None:
    # "All Rituals (Normal and Forbidden) belong to one of four different types"
    for deck in ("normal", "forbidden"):
        assert {r["type"] for r in rituals(deck)} == set(TYPES)


def test_the_normal_deck_is_the_larger() -> None:
    # Every player draws 5 normal rituals at setup and 3 at each Marae; forbidden ones only
    # from Ariki on.
    assert copies(rituals("normal")) > copies(rituals("forbidden"))


def test_ritual_costs_are_mana_plus_known_prices() -> None:
    for r in RITUAL_LIST:
        cost = r["cost"]
        assert isinstance(cost["mana"], int) and 1 <= cost["mana"] <= 8, r["id"]
        for key, n in cost.items():
            assert key == "mana" or key in RITUALS["other_costs"], (r["id"], key)
            assert isinstance(n, int) and n >= 1


def test_personal_rituals_act_on_the_owner_only() -> None:
    # "Personal Rituals (Black): have immediate effects on the owner."
    for r in rituals(type_="personal"):
        for e in r["effects"]:
            assert timing(e) == "immediate", r["id"]
            assert target(e) in (None, "self"), r["id"]
            assert e["kind"] not in HARM, r["id"]


def test_permanent_rituals_are_ongoing_or_end_scoring() -> None:
    # "Permanent Rituals (Blue): have persistent effects and are placed in front of the
    # player's Screen."
    for r in rituals(type_="permanent"):
        assert all(timing(e) in ("ongoing", "end") for e in r["effects"]), r["id"]
    for r in RITUAL_LIST:
        if r["type"] != "permanent":
            assert all(timing(e) == "immediate" for e in r["effects"]), r["id"]


def test_interactive_rituals_cost_other_players() -> None:
    # "Interactive Rituals (Burgundy): have immediate negative effects on other players."
    for r in rituals(type_="interactive"):
        harm = [e for e in r["effects"] if e["kind"] in HARM and target(e) in OTHERS]
        assert harm, r["id"]
        assert all(target(e) != "all" for e in r["effects"]), r["id"]


def test_general_rituals_act_on_everyone_and_need_no_owner() -> None:
    # "General Rituals (Brown): have immediate general effects on ALL players. Ritual Clips
    # do not need to be placed on these cards." Unclipped, they have no owner to pay a price.
    for r in rituals(type_="general"):
        assert set(r["cost"]) == {"mana"}, r["id"]
        for e in r["effects"]:
            # move_price moves every marker of the shared board (commodity "all").
            everyone = target(e) == "all" or e.get("commodity") == "all"
            assert everyone, r["id"]


def test_only_interactive_rituals_harm_other_players() -> None:
    for r in RITUAL_LIST:
        if any(target(e) in OTHERS for e in r["effects"]):
            assert r["type"] == "interactive", r["id"]


def test_forbidden_rituals_are_stronger_with_a_price() -> None:
    for r in rituals("forbidden"):
        if r["type"] != "general":  # an unclipped General ritual has nobody to pay a price
            assert set(r["cost"]) - {"mana"}, f"{r['id']} has no price beyond mana"
    for r in rituals("normal"):
        assert set(r["cost"]) == {"mana"}, r["id"]

    def mean_cost(deck: str) -> float:
        cards = [r for r in ritual_cards() if r["deck"] == deck]
        return sum(r["cost"]["mana"] for r in cards) / len(cards)

    assert mean_cost("forbidden") >= mean_cost("normal") + 2


def test_papa_rai_forbidden_rituals_give_vp() -> None:
    # "The Papa-Ra'i Forbidden Rituals generate VP." They count at the end, so they are blue
    # (Permanent) and stay in front of the owner's screen.
    scoring = [r for r in RITUAL_LIST if kinds(r["effects"]) & {"end_vp", "end_vp_per"}]
    papa_rai = [r for r in RITUAL_LIST if r["name"].startswith("Papa-Ra'i")]
    assert scoring and scoring == papa_rai
    for r in papa_rai:
        assert (r["deck"], r["type"]) == ("forbidden", "permanent"), r["id"]


def test_stolen_masks_are_never_from_a_pair() -> None:
    # "paired Mask Cards cannot be stolen by the use of Forbidden or Interactive Rituals"
    thieves = [
        r for r in RITUAL_LIST
        if any(e["kind"] == "steal" and e["what"] == "mask" for e in r["effects"])
    ]  # fmt: skip
    assert {r["deck"] for r in thieves} == {"normal", "forbidden"}
    assert {r["type"] for r in thieves} == {"interactive"}
    for r in thieves:
        for e in r["effects"]:
            if e["kind"] == "steal" and e["what"] == "mask":
                assert e["unpaired_only"] is True, r["id"]
    for _, e in EFFECT_CASES:  # no other way to take a mask from a player
        if e["kind"] == "steal" and e["what"] == "mask":
            assert e["unpaired_only"] is True


def test_rich_not_repetitive() -> None:
    # CONTENT-GUIDE: roughly 25-45 distinct effects among ~90 cards, with copies of the
    # common ones.
    distinct = {json.dumps(r["effects"], sort_keys=True) for r in RITUAL_LIST}
    assert len(distinct) == len(RITUAL_LIST)  # no two entries are the same card
    assert 25 <= len(RITUAL_LIST) <= 45
    assert max(r["copies"] for r in RITUAL_LIST) <= 3
    assert sum(r["copies"] >= 2 for r in RITUAL_LIST) >= len(RITUAL_LIST) // 2
    names = [r["name"] for r in RITUAL_LIST]
    assert len(names) == len(set(names))
    for deck in ("normal", "forbidden"):
        for t in TYPES:
            assert len(rituals(deck, t)) >= 2, (deck, t)


def test_cost_spread_makes_the_ordered_resolution_matter() -> None:
    # "Arrange the Rituals on the table in ascending order of Mana cost": cheap rituals
    # usually resolve, expensive ones are a gamble.
    costs = [r["cost"]["mana"] for r in ritual_cards()]
    assert min(costs) == 1 and max(costs) >= 7
    assert sum(c <= 2 for c in costs) >= 30
    assert sum(c >= 5 for c in costs) >= 15
    assert len(set(costs)) >= 6


def test_general_rituals_tie_with_others_on_cost() -> None:
    # "General Rituals are always placed before any others of same cost." - make it matter.
    general = {r["cost"]["mana"] for r in rituals(type_="general")}
    other = {r["cost"]["mana"] for r in RITUAL_LIST if r["type"] != "general"}
    assert len(general & other) >= 2


def test_shamans_and_tahua_have_rituals_to_perform() -> None:
    # Shaman B: "The Mana costs of each of these Rituals must be equal to or less than the
    # number of Priests"; with few priests, cheap non-General rituals must exist.
    for t in ("personal", "permanent", "interactive"):
        assert min(r["cost"]["mana"] for r in rituals("normal", t)) <= 2, t
    tahua = BOARD["tattoo_track"]["ranks"][-1]
    # "Upon attaining the rank of Tahua, a player may immediately play any one Ritual from his
    # or her hand, for free."
    assert tahua["on_reach"] == [{"kind": "perform_ritual", "amount": 1, "max_cost": "any"}]


# --- Masks ---------------------------------------------------------------------------------


def test_masks_exist_in_pairs() -> None:
    # "All Masks exist in pairs ... two Cards sharing the same image"
    assert all(m["copies"] == 2 for m in MASKS)
    names = [m["name"] for m in MASKS]
    assert len(names) == len(set(names))
    assert copies(FOREST["masks"]) % 2 == 0 and copies(STARTING["masks"]) % 2 == 0


def test_forest_masks_give_pearls_mana_or_a_tattoo() -> None:
    # "Masks may provide treasure (Pearls or Mana) or allow a player to advance his or her
    # Tattoo Marker."
    treasures = set()
    for m in FOREST["masks"]:
        assert len(m["treasure"]) == 1 and m["treasure"][0]["kind"] == "gain", m["id"]
        treasures.add(m["treasure"][0]["what"])
    assert treasures == {"pearls", "mana", "tattoo"}


def test_starting_masks_carry_no_treasure() -> None:
    # They are dealt or lie in the Mask Market, and "This exchange of Masks does not generate
    # treasure!"
    assert all(m["treasure"] == [] for m in STARTING["masks"])


def test_mask_pairs_score_every_achievement_the_rulebook_lists() -> None:
    # "1. Collected To'o Missions (Pearls, Mana, Commodities, conditional) 2. Hired Assistants
    # (Collectors, Merchants, Shamans, Pearl Divers) 3. Collected pairs of different types"
    scores = {(m["pair_score"]["per"], m["pair_score"].get("filter")) for m in MASKS}
    wanted = {("too_token", c) for c in ("pearls", "mana", "commodities", "conditional")}
    wanted |= {("assistant", a) for a in ASSISTANTS}
    wanted |= {("mask_pair", None)}
    assert scores == wanted
    assert all(m["pair_score"]["kind"] == "end_vp_per" for m in MASKS)


# --- To'o missions -------------------------------------------------------------------------


def tokens(**match: Any) -> list[dict[str, Any]]:
    return [t for t in TOKENS if all(t.get(k) == v for k, v in match.items())]


def test_token_fields_follow_their_kind() -> None:
    for t in TOKENS:
        assert t["vp"] in (1, 2, 3)
        keys = set(t) - {"id", "vp", "kind", "category", "copies"}
        if t["kind"] == "resource":
            assert keys == {"pay"}, t["id"]
            pay = t["pay"]
            assert len(pay) == 1 and set(pay) <= {"pearls", "mana", "commodities", "masks"}
            assert t["category"] == next(iter(pay)), t["id"]
            if "commodities" in pay:
                (what, n), *rest = pay["commodities"].items()
                assert not rest and what in (*COMMODITIES, "any", "different", "same"), t["id"]
                assert n <= 4 if what == "different" else n >= 1
            else:
                assert isinstance(next(iter(pay.values())), int)
        elif t["kind"] == "conditional":
            assert keys == {"condition"} and t["category"] == "conditional", t["id"]
            cond = t["condition"]
            assert set(cond) <= {"rank", "priests", "assistants", "same_type"}, t["id"]
            assert "same_type" not in cond or "assistants" in cond
        else:
            assert t["kind"] == "auction" and keys == {"auction"}, t["id"]
            assert t["category"] == "mana" and t["auction"]["min_bid"] >= 0


def test_three_mission_types_on_every_statue() -> None:
    # "There are 3 types of To'o Missions: Resource, Conditional, Mana Auction"
    for vp in (1, 2, 3):
        assert {t["kind"] for t in tokens(vp=vp)} == {"resource", "conditional", "auction"}


def test_resource_missions_ask_for_each_depicted_resource() -> None:
    # "These require the player to discard the depicted resources (Pearls, Mana, Commodities,
    # Masks)."
    for vp in (1, 2, 3):
        paid = {next(iter(t["pay"])) for t in tokens(vp=vp, kind="resource")}
        assert paid == {"pearls", "mana", "commodities", "masks"}, vp


def test_conditional_missions_on_rank_priests_and_assistants() -> None:
    # "having attained a certain rank, having a certain number of Priests, or a certain
    # number of Assistants"; "the '6 Priests' Mission"
    conds = [t["condition"] for t in tokens(kind="conditional")]
    assert {c["rank"] for c in conds if "rank" in c} == set(RANKS[1:])
    assert {"priests": 6} in conds
    assert any("assistants" in c for c in conds)
    assert max(c.get("priests", 0) for c in conds) <= BOARD["priest_track"]["max"]
    for vp in (1, 2, 3):
        on_statue = [set(t["condition"]) for t in tokens(vp=vp, kind="conditional")]
        assert {k for c in on_statue for k in c} >= {"rank", "priests", "assistants"}


def test_harder_missions_sit_higher() -> None:
    def need(vp: int, key: str) -> list[int]:
        return [t["pay"][key] for t in tokens(vp=vp, kind="resource") if key in t["pay"]]

    for key in ("pearls", "mana", "masks"):
        assert max(need(1, key)) < min(need(2, key)) <= max(need(2, key)) < min(need(3, key))
    rank_at = {t["condition"]["rank"]: t["vp"] for t in tokens(kind="conditional")
               if "rank" in t["condition"]}  # fmt: skip
    assert rank_at == {"ariki": 1, "arioi": 2, "tahua": 3}


def test_auction_missions_can_end_up_alone_in_a_row() -> None:
    # "an Auction Mission token may be found to occupy a single-space row"
    for layout in BOARD["statues"]["layouts"]:
        vp = layout["vp"]
        assert 1 in layout["rows"], vp
        assert copies(tokens(vp=vp, kind="auction")) >= 2, vp
        # "Return any unused tokens to the box": more tokens than spaces on every statue.
        assert copies(tokens(vp=vp)) > sum(layout["rows"]), vp
        assert layout["statue"] == vp


def test_every_token_category_scores_for_some_mask_but_masks() -> None:
    cats = {t["category"] for t in TOKENS}
    assert cats == set(TOOS["categories"])
    scored = {m["pair_score"].get("filter") for m in MASKS if m["pair_score"]["per"] == "too_token"}
    assert scored == cats - {"masks"}


def test_missions_can_be_fulfilled_outside_ceremonies() -> None:
    # "as the Kahuna at the 'Neighbourhood' location, by selling Mahi-mahi at the Commodities
    # Market (if the Price Marker is at the top spot), or during a ceremony"
    assert BOARD["price_charts"]["charts"]["mahi_mahi"][-1] == [
        {"kind": "fulfil_mission", "amount": 1}
    ]
    hood = next(loc for loc in BOARD["locations"] if loc["id"] == "neighbourhood")
    assert "To'o" in hood["kahuna"]


# --- Board ---------------------------------------------------------------------------------


def rounds(players: int) -> list[str]:
    track = BOARD["round_track"]
    last = track["action_rounds"][str(players)]
    return [s["kind"] for s in track["spaces"] if s["kind"] == "ceremony" or s["round"] <= last]


@pytest.mark.parametrize(("players", "actions"), [(3, 6), (4, 5), (5, 4)])
def test_round_track(players: int, actions: int) -> None:
    # "3 players: 6 action rounds, 4 players: 5 action rounds, 5 players: 4 action rounds";
    # "The game will end after the third ceremony round."
    seq = rounds(players)
    assert seq.count("action") == actions and seq.count("ceremony") == 3
    assert seq[-1] == "ceremony"
    assert seq[:5] == ["action", "ceremony", "action", "action", "ceremony"]
    # "Once the Game Round Marker has reached the last space marked with the number of
    # players, there will be no further action rounds"
    marked = [s for s in BOARD["round_track"]["spaces"] if s.get("last_for_players") == players]
    assert len(marked) == 1 and marked[0]["round"] == actions


def test_setup_numbers() -> None:
    setup = BOARD["setup"]
    assert (setup["mana"], setup["pearls"]) == (5, 4)  # "give each player 5 Mana and 4 Pearls"
    assert setup["forest_display"] == {"players_plus": 1}  # "number of players, plus one"
    assert setup["starting_masks_dealt"] == 1
    assert setup["price_marker_start_space"] == 1 == BOARD["price_charts"]["start_space"]
    assert setup["tattoo_marker_start"] == "raatira" == RANKS[0]
    assert setup["priest_marker_start"] == 0 == BOARD["priest_track"]["start"]
    # "draws 5 of these Cards and chooses 2"; "4-player game: Player 1 keeps only 1 Ritual";
    # "5-player game: Player 5 will repeat this process"
    assert setup["starting_rituals"] == {
        "draw": 5, "keep": 2, "deck": "normal",
        "exceptions": {"4": {"player": 1, "keep": 1}, "5": {"player": 5, "repeat": 1}},
    }  # fmt: skip


def test_locations() -> None:
    # "6 Location Tiles"; each has an action for all and a Kahuna bonus.
    assert LOCATIONS == ["forest", "marae", "reef", "path", "neighbourhood", "market"]
    assert all(loc["kahuna"] for loc in BOARD["locations"])
    by_id = {loc["id"]: loc for loc in BOARD["locations"]}
    assert by_id["reef"]["kahuna_pearls"] == 3  # "The Kahuna receives an additional 3 Pearls."
    assert by_id["path"]["kahuna_free_priests"] == 1
    # "may sacrifice an additional Commodity ... and draw an additional set"; "may fulfill a
    # face-up To'o Mission"; "may sell one additional Commodity and may pay to hire one
    # additional Assistant"
    assert by_id["marae"]["kahuna_turns"] == 2 and by_id["neighbourhood"]["kahuna_missions"] == 1
    assert (by_id["market"]["sells"], by_id["market"]["hires"]) == (1, 1)
    assert (by_id["market"]["kahuna_sells"], by_id["market"]["kahuna_hires"]) == (2, 2)
    assert by_id["marae"]["sacrifice"] == {"commodities": 1, "tattoo": 1}
    assert BOARD["hire_assistant_pearls"] == 2  # "An Assistant costs 2 Pearls"
    # Each assistant type's effect A is checked with a die roll at its own location.
    for a in BOARD["assistant_types"]:
        assert by_id[a["die_location"]]["die"] == a["id"]
    pearl_diver = next(a for a in BOARD["assistant_types"] if a["id"] == "pearl_diver")
    assert pearl_diver["a_pearls"] == 4  # "earns 4 Pearls"


def test_priest_track() -> None:
    # "Two Pearls recruit 1 Priest; 5 Pearls will recruit 2 Priests."; "gains 1 Mana for each
    # of their Priests"
    track = BOARD["priest_track"]
    assert track["recruit_pearls"] == {"1": 2, "2": 5} and track["recruit_max"] == 2
    assert track["mana_per_priest"] == 1 and track["start"] == 0


def test_tattoo_track_ranks() -> None:
    ranks = BOARD["tattoo_track"]["ranks"]
    assert [r["name"] for r in ranks] == ["Raatira", "Ariki", "Arioi", "Tahua"]
    # "Ariki earn 3 VP, Arioi earn 6 VP, and Tahua earn 9 VP."
    assert [r["vp"] for r in ranks] == [0, 3, 6, 9]
    spaces = [r["space"] for r in ranks]
    assert spaces[0] == 0 and spaces == sorted(set(spaces))
    assert spaces[-1] < BOARD["tattoo_track"]["spaces"]
    # Draws: Raatira 3 Normal; "Ariki: May draw 3 Normal OR 3 Forbidden"; "Arioi and Tahua:
    # May draw 5 Normal OR 5 Forbidden Rituals, and keep one."
    assert [(r["draw"]["count"], r["draw"]["keep"]) for r in ranks] == [(3, 1)] * 2 + [(5, 1)] * 2
    assert [r["draw"]["decks"] for r in ranks] == [["normal"]] + [["normal", "forbidden"]] * 3
    # "up to 2 of their Rituals (up to 3 if they have reached the rank of Arioi or Tahua)"
    assert [r["prepare"] for r in ranks] == [2, 2, 3, 3]


def test_price_charts() -> None:
    charts = BOARD["price_charts"]["charts"]
    assert set(charts) == set(COMMODITIES)
    lengths = {len(c) for c in charts.values()}
    assert len(lengths) == 1 and lengths.pop() >= 3
    # Selling "moves the Price Marker one space downward"; taking from the market "up".
    assert BOARD["price_charts"]["on_sell"] == -1
    assert BOARD["price_charts"]["on_take_from_market"] == 1
    assert all(bonus for chart in charts.values() for bonus in chart)


def test_ceremony_numbers() -> None:
    ceremony = BOARD["ceremony"]
    assert len(ceremony["steps"]) == 6  # "A ceremony round consists of six steps"
    assert ceremony["buy_rituals_mana"] == 3  # "put 3 Mana into the Sacrifice Bag"
    # "1 Tattoo. 1 Commodity from the Commodities Market. 2 Pearls from the general supply."
    assert ceremony["gifts"] == [
        [{"kind": "gain", "what": "tattoo", "amount": 1}],
        [{"kind": "take", "what": "commodity", "amount": 1}],
        [{"kind": "gain", "what": "pearls", "amount": 2}],
    ]
    # "In a three-player game, no one receives the third gift."
    assert ceremony["gifts_by_players"] == {"3": 2, "4": 3, "5": 3}
    assert ceremony["ceremonial_site_spaces"] == 5 == BOARD["components"]["ritual_cubes"]


# --- Every mechanism the rulebook mentions is reachable ------------------------------------


def ritual_has(deck: str | None, pred: Callable[[dict[str, Any]], bool]) -> bool:
    return any(pred(e) for r in rituals(deck) for e in r["effects"])


def chart_has(pred: Callable[[dict[str, Any]], bool]) -> bool:
    charts = BOARD["price_charts"]["charts"].values()
    return any(pred(e) for chart in charts for bonus in chart for e in bonus)


MECHANISMS: dict[str, Callable[[], bool]] = {
    # "unless reactivated through the Market or certain Rituals"
    "reactivate an assistant at the Market": lambda: chart_has(lambda e: e["kind"] == "reactivate"),
    "reactivate an assistant by a ritual": lambda: ritual_has(
        None, lambda e: e["kind"] == "reactivate"
    ),
    # "allow a player to advance his or her Tattoo Marker" - also rituals and the market
    "tattoo from a ritual": lambda: ritual_has(
        None, lambda e: e["kind"] == "gain" and e["what"] == "tattoo"
    ),
    "tattoo from the market": lambda: chart_has(
        lambda e: e["kind"] == "gain" and e["what"] == "tattoo"
    ),
    "priests from the market": lambda: chart_has(
        lambda e: e["kind"] == "gain" and e["what"] == "priests"
    ),
    "assistant from the market chart": lambda: chart_has(
        lambda e: e["kind"] == "take" and e["what"] == "assistant"
    ),
    "rituals from the market chart": lambda: chart_has(lambda e: e["kind"] == "draw_rituals"),
    # "Some Forbidden Rituals provide VP."
    "forbidden VP": lambda: ritual_has("forbidden", lambda e: e["kind"].startswith("end_vp")),
    # "Interactive Rituals ... negative effects on other players" (each way to hurt)
    "take pearls from a player": lambda: ritual_has(
        None, lambda e: e["kind"] == "steal" and e["what"] == "pearls"
    ),
    "take a commodity from a player": lambda: ritual_has(
        None, lambda e: e["kind"] == "steal" and e["what"] == "commodity"
    ),
    "turn another player's assistant": lambda: ritual_has(
        None, lambda e: e["kind"] == "turn_assistant"
    ),
    "protection from Interactive rituals": lambda: ritual_has(None, lambda e: e["kind"] == "ward"),
    # "perform Rituals they have collected"; ritual draws outside the Marae
    "fulfil a To'o mission by ritual": lambda: ritual_has(
        None, lambda e: e["kind"] == "fulfil_mission"
    ),
    "General rituals feed the offered mana": lambda: ritual_has(
        None, lambda e: e["kind"] == "feed_pool"
    ),
    "ceremonial order bonus": lambda: ritual_has(None, lambda e: e["kind"] == "offering_bonus"),
    "prepare a third ritual below Arioi": lambda: ritual_has(
        None, lambda e: e["kind"] == "extra_prep"
    ),
    "count more assistants for a die roll": lambda: ritual_has(
        None, lambda e: e["kind"] == "count_extra" and e["what"] == "chosen_type"
    ),
    "count more priests for conditions and Shamans": lambda: ritual_has(
        None, lambda e: e["kind"] == "count_extra" and e["what"] == "priests"
    ),
    "mask exchange outside the Neighbourhood": lambda: ritual_has(
        None, lambda e: e["kind"] == "exchange_mask"
    ),
}


@pytest.mark.parametrize("mechanism", list(MECHANISMS))
def test_mechanism_is_reachable(mechanism: str) -> None:
    assert MECHANISMS[mechanism]()
