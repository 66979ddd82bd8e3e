"""A pushed state is built once per change and shared by the sockets of the same seat (or
by every spectator), and built anew after anything it shows changes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from vaka.core.state import State
from vaka.server.messages import ClockSpec, CreateTable
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.store import Store


def _counting_views(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    built: list[int | None] = []
    view = State.view

    def counted(self: State, seat: int | None = None) -> dict[str, Any]:
        built.append(seat)
        return view(self, seat)

    monkeypatch.setattr(State, "view", counted)
    return built


def test_a_push_is_built_once_per_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    upgrade(url)
    built = _counting_views(monkeypatch)

    async def go() -> None:
        store = Store(url)
        svc = TableService(store)
        made = await svc.create(CreateTable(game="rapa-nui", players=2, seats=["me", "me"]))
        table = await svc.table(made.table.id)
        token = made.tokens[0]
        first = [svc.pushed(table, None)[0] for _ in range(5)]  # five spectators
        assert built.count(None) == 1 and len(set(first)) == 1
        assert json.loads(first[0]) == svc.snapshot(table, None).model_dump(mode="json")
        assert svc.pushed(table, 0)[0] == svc.pushed(table, 0)[0] and built.count(0) == 1

        before = json.loads(svc.pushed(table, None)[0])
        await svc.chat(table.id, token, "hello")
        after = json.loads(svc.pushed(table, None)[0])
        assert [c["text"] for c in after["chat"]] == ["hello"] != before["chat"]

        legal = json.loads(svc.pushed(table, 0)[0])["legal"]
        await svc.act(table.id, token, legal[0]["action"], table.version)
        moved = json.loads(svc.pushed(table, 0)[0])
        assert moved["version"] == before["version"] + 1
        assert moved["can_undo"] == table.can_undo(0)
        await store.close()

    asyncio.run(go())


def test_a_clock_is_read_again_once_the_push_ages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    upgrade(url)
    built = _counting_views(monkeypatch)

    async def go() -> None:
        store = Store(url)
        svc = TableService(store)
        made = await svc.create(
            CreateTable(
                game="rapa-nui",
                players=2,
                seats=["me", "me"],
                clock=ClockSpec(kind="live", minutes=10),
            )
        )
        table = await svc.table(made.table.id)
        svc.pushed(table, None)
        svc.pushed(table, None)
        assert built.count(None) == 1  # pushed together: the same reading
        await asyncio.sleep(0.25)
        svc.pushed(table, None)
        assert built.count(None) == 2  # later: the clock is read again
        await svc.close()
        await store.close()

    asyncio.run(go())


def test_the_table_summary_is_built_once_per_change_for_every_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vaka.server import show

    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    upgrade(url)
    made_summaries: list[str] = []
    summary = show.summary

    def counted(table: Any) -> Any:
        made_summaries.append(table.id)
        return summary(table)

    monkeypatch.setattr(show, "summary", counted)

    async def go() -> None:
        store = Store(url)
        svc = TableService(store)
        made = await svc.create(CreateTable(game="rapa-nui", players=2, seats=["me", "me"]))
        table = await svc.table(made.table.id)
        made_summaries.clear()
        pushes = [json.loads(svc.pushed(table, seat)[0]) for seat in (None, 0, 1)]
        assert len(made_summaries) == 1
        assert all(p["table"] == pushes[0]["table"] for p in pushes)
        seat = table.state.to_move[0]
        legal = pushes[seat + 1]["legal"]
        await svc.act(table.id, made.tokens[seat], legal[0]["action"], table.version)
        after = [json.loads(svc.pushed(table, s)[0]) for s in (None, 0, 1)]
        assert len(made_summaries) == 2  # anew after the move, once for all three
        assert after[0]["table"]["version"] == pushes[0]["table"]["version"] + 1
        assert after[0]["table"] == json.loads(show.summary(table).model_dump_json())
        await store.close()

    asyncio.run(go())


def test_a_socket_is_pushed_only_the_log_entries_it_has_not_had(tmp_path: Path) -> None:
    """The log after the entries a socket had, unless they may read differently now: a
    socket that had nothing, an undo since, the game's end."""
    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    upgrade(url)

    async def go() -> None:
        store = Store(url)
        svc = TableService(store)
        made = await svc.create(CreateTable(game="rapa-nui", players=2, seats=["me", "me"]))
        table = await svc.table(made.table.id)

        async def move() -> None:
            seat = table.state.to_move[0]
            action = str(table.state.legal_actions(seat)[0])
            await svc.act(table.id, made.tokens[seat], action, table.version)

        text, had = svc.pushed(table, 0)
        first = json.loads(text)
        assert first["log_from"] == 0 and first["view"] == table.state.view(0)
        for _ in range(6):
            await move()
        text, now = svc.pushed(table, 0, had)
        part = json.loads(text)
        whole = table.state.view(0)["log"]
        assert 0 < part["log_from"] == len(first["view"]["log"]) < len(whole)
        assert first["view"]["log"] + part["view"]["log"] == whole
        assert svc.pushed(table, 0, had)[0] == text  # a second socket like it: the same
        assert json.loads(svc.pushed(table, 0)[0])["log_from"] == 0  # a new socket: all
        spectator = json.loads(svc.pushed(table, None, had)[0])  # not its own log: all
        assert spectator["log_from"] == 0

        # An undo: the log the socket had may have lost entries, or have others now;
        # here the same action is played again, so only the undo tells.
        had = now
        while True:
            assert not table.state.is_over
            _, had = svc.pushed(table, 0, had)
            seat = table.state.to_move[0]
            action = str(table.state.legal_actions(seat)[0])
            await svc.act(table.id, made.tokens[seat], action, table.version)
            if table.can_undo(seat):
                break
        await svc.undo(table.id, made.tokens[seat], table.version)
        await svc.act(table.id, made.tokens[seat], action, table.version)
        after = json.loads(svc.pushed(table, 0, had)[0])
        assert after["log_from"] == 0 and after["view"]["log"] == table.state.view(0)["log"]

        # The game's end describes every entry anew (hidden kinds may show).
        while not table.state.is_over:
            _, had = svc.pushed(table, 0, had)
            await move()
        end = json.loads(svc.pushed(table, 0, had)[0])
        assert end["log_from"] == 0 and end["view"] == table.state.view(0)
        await store.close()

    asyncio.run(go())
