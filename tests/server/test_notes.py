"""A process follows the moves another one stored from the notes that carry them, and
reads the database only when a note does not follow on from what it has."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from vaka.server.messages import CreateTable
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.store import Store


def test_notes_carry_moves_that_another_process_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    upgrade(url)

    async def go() -> None:
        store_a, store_b = Store(url), Store(url)
        a, b = TableService(store_a), TableService(store_b)
        made = await a.create(CreateTable(game="rapa-nui", players=2, seats=["me", "me"]))
        table_id = made.table.id
        here, there = await a.table(table_id), await b.table(table_id)
        reads: list[int] = []
        load = store_b.load

        async def counted(table: str, after: int = 0) -> Any:
            reads.append(after)
            return await load(table, after)

        monkeypatch.setattr(store_b, "load", counted)
        rng = random.Random(5)

        async def play() -> Any:
            seat = here.state.to_move[0]
            action = rng.choice(here.state.legal_actions(seat))
            await a.act(table_id, made.tokens[seat], str(action), here.version)
            return here.data.moves[-1]

        first, second = await play(), await play()
        await b.refresh(table_id, second)  # the first note is late: b reads what it lacks
        assert reads == [0] and there.version == 2
        await b.refresh(table_id, first)  # and then ignores the late one
        assert reads == [0] and there.version == 2
        while not here.state.is_over:
            await b.refresh(table_id, await play())
        assert reads == [0]  # every other move followed from its note alone
        assert there.version == here.version and there.data.status == "over"
        assert there.state.record() == here.state.record()
        for store in (store_a, store_b):
            await store.close()

    asyncio.run(go())
