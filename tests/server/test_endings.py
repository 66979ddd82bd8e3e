"""Lists of finished games (the lobby's "Finished", a person's tables) come from each
table's kept ending, in two queries, without loading and replaying its game: and say
exactly what the table itself says once loaded, in every language (real SQLite and
PostgreSQL)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from sqlalchemy import select, update

from vaka.i18n import using
from vaka.server import lobby
from vaka.server.lobby_rules import Filters
from vaka.server.messages import ClockSpec, CreateTable
from vaka.server.rows import TableRow
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.store import Store

LANGUAGES = ("en", "de")


async def _play(svc: TableService, req: CreateTable, seed: int, resign: int | None = None) -> str:
    """A whole game of random choices through the service; ``resign``: that seat
    resigns first (a bot plays it on)."""
    made = await svc.create(req)
    table_id, rng = made.table.id, random.Random(seed)
    if resign is not None:
        await svc.resign(table_id, made.tokens[resign])
    while not (table := await svc.table(table_id)).state.is_over:
        if not table.state.to_move or all(s in table.left for s in table.state.to_move):
            await asyncio.sleep(0.01)  # the bot's move
            continue
        seat = next(s for s in table.state.to_move if s not in table.left)
        action = str(rng.choice(table.state.legal_actions(seat)))
        await svc.play(table_id, made.tokens[seat], action, table.version)
    return table_id


GAMES = [
    (CreateTable(game="rapa-nui", players=2, seats=["me", "me"], name="Ana"), None),
    (CreateTable(game="atua", players=1, seats=["me"], name="Tia"), None),  # against Tahuma
    (
        CreateTable(
            game="rapa-nui",
            players=3,
            seats=["me", "me", "me"],
            clock=ClockSpec(kind="live", minutes=30),
            policy="lose",
        ),
        1,
    ),
]


def _summaries(svc: TableService, ids: list[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """Each language's summaries of tables held in memory, as a client reads them."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for lang in LANGUAGES:
        with using(lang):
            found[lang] = {i: svc.summary(svc.tables[i]).model_dump() for i in ids}
    return found


async def _listed(svc: TableService, filters: Filters | None = None) -> dict[str, Any]:
    found = {}
    for lang in LANGUAGES:
        with using(lang):
            listed = await lobby.listing(svc, "over", filters or Filters())
            found[lang] = {t.id: t.model_dump() for t in listed}
    return found


def test_finished_tables_are_listed_by_their_endings_without_replaying_them(db_url: str) -> None:
    upgrade(db_url)

    async def go() -> None:
        store = Store(db_url)
        svc = TableService(store)
        try:
            ids = [await _play(svc, req, seed, resign) for seed, (req, resign) in enumerate(GAMES)]
            truth = _summaries(svc, ids)
        finally:
            await svc.close()
        assert truth["en"][ids[1]]["result"].startswith(("Tia beat Tahuma", "Tahuma beat Tia"))
        assert truth["en"][ids[2]]["lost"] == [1]  # resigned under policy "lose"
        assert truth["de"][ids[0]]["result"] != truth["en"][ids[0]]["result"]

        fresh = TableService(store)  # another process, or this one after a restart
        try:
            listed = await _listed(fresh)
            assert fresh.tables == {}  # none loaded, none replayed
            for lang in LANGUAGES:
                assert listed[lang] == truth[lang]
            # filters, the clock's among them, apply as before
            live = await _listed(fresh, Filters(clock="live"))
            assert list(live["en"]) == [ids[2]]
            assert list((await _listed(fresh, Filters(game="atua")))["en"]) == [ids[1]]
            assert fresh.tables == {}
        finally:
            await fresh.close()
            await store.close()

    asyncio.run(go())


def test_a_table_finished_before_endings_were_kept_gets_one_when_next_read(db_url: str) -> None:
    upgrade(db_url)

    async def go() -> None:
        store = Store(db_url)
        svc = TableService(store)
        try:
            table_id = await _play(svc, GAMES[0][0], 7)
            truth = _summaries(svc, [table_id])
        finally:
            await svc.close()
        async with store.sessions.begin() as s:  # as a table stored before endings were
            await s.execute(update(TableRow).values(ending=None))

        fresh = TableService(store)
        try:
            listed = await _listed(fresh)
            assert listed == truth
            assert table_id in fresh.tables  # read and replayed, once
            async with store.sessions() as s:
                kept = await s.scalar(select(TableRow.ending).where(TableRow.id == table_id))
            assert kept is not None
        finally:
            await fresh.close()

        again = TableService(store)
        try:
            assert await _listed(again) == truth
            assert again.tables == {}
        finally:
            await again.close()
            await store.close()

    asyncio.run(go())
