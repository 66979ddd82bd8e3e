"""A pushed state is built once per change and shared by the sockets of the same seat (or
by every spectator), and built anew after anything it shows changes."""

from __future__ import annotations

import asyncio
import json
import random
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
    """Every seat's push shares one reading of the clock while it is fresh; later the
    clock is read again, and only the clock: the views are not built again for it."""
    from vaka.server import show

    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    upgrade(url)
    built = _counting_views(monkeypatch)
    reads: list[str] = []
    clock = show.clock

    def counted(table: Any) -> Any:
        reads.append(table.id)
        return clock(table)

    monkeypatch.setattr(show, "clock", counted)

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
        reads.clear()
        first = [json.loads(svc.pushed(table, s)[0])["clocks"] for s in (None, 0, 1)]
        svc.pushed(table, None)
        assert len(reads) == 1 and built.count(None) == 1  # pushed together: one reading
        assert first[0] == first[1] == first[2]
        await asyncio.sleep(0.25)
        later = json.loads(svc.pushed(table, None)[0])["clocks"]
        assert len(reads) == 2  # later: the clock is read again
        assert built.count(None) == 1  # and nothing else
        running = later["running"][0]
        assert later["left"][str(running)] < first[0]["left"][str(running)]
        await svc.close()
        await store.close()

    asyncio.run(go())


def test_the_table_summary_is_made_once_for_every_seat_and_filled_in_while_in_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every seat's push shows the same summary, made once for all of them; while the
    game is in play a move changes only its version and seats to move, so it is filled
    in rather than built again, until something else in it changes (a resignation)."""
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
        for _ in range(2):
            seat = table.state.to_move[0]
            legal = json.loads(svc.pushed(table, seat)[0])["legal"]
            await svc.act(table.id, made.tokens[seat], legal[0]["action"], table.version)
        made_summaries.clear()
        after = [json.loads(svc.pushed(table, s)[0]) for s in (None, 0, 1)]
        assert not made_summaries  # filled in
        assert after[0]["table"]["version"] == pushes[0]["table"]["version"] + 2
        assert all(p["table"] == json.loads(summary(table).model_dump_json()) for p in after)
        await svc.resign(table.id, made.tokens[table.state.to_move[0]])
        made_summaries.clear()  # the answer to the resignation had its own
        resigned = [json.loads(svc.pushed(table, s)[0]) for s in (None, 0, 1)]
        assert len(made_summaries) == 1  # anew, once for all three
        assert all(p["table"] == json.loads(summary(table).model_dump_json()) for p in resigned)
        await svc.close()
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


@pytest.mark.parametrize(
    ("game", "players"), [("rapa-nui", 2), ("rapa-nui", 3), ("atua", 1), ("raiatea", 3)]
)
def test_a_push_is_the_snapshot_word_for_word(tmp_path: Path, game: str, players: int) -> None:
    """A push is put together from pieces (every seat's alike, each seat's own, the log),
    not from the state's model: its JSON is the model's own, byte for byte, for every seat
    and spectators, in English and German, with chat, presence, a resignation and the end,
    and again once the seats' pieces were dropped (every socket had the latest).
    """
    from vaka.i18n import using
    from vaka.server.show import settled

    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    upgrade(url)
    rng = random.Random(players)

    async def go() -> None:
        store = Store(url)
        svc = TableService(store)
        made = await svc.create(CreateTable(game=game, players=players, seats=["me"] * players))
        table = await svc.table(made.table.id)
        had: dict[tuple[int | None, str], Any] = {}
        views = [None, *range(players)]

        def check() -> None:
            for settle in (False, True):
                if settle:  # every socket has the latest: the seats' pieces go, made again
                    settled(table)
                for lang in ("en", "de"):
                    with using(lang):
                        for seat in views:
                            compare(seat, lang, settle)

        def compare(seat: int | None, lang: str, settle: bool) -> None:
            kept = had.get((seat, lang))
            text, had[seat, lang] = svc.pushed(table, seat)
            assert text == svc.snapshot(table, seat).model_dump_json()
            # a socket that had the last push (before the pieces went, or this one): only
            # the new entries, on the same state as a whole
            part, _ = svc.pushed(table, seat, kept if settle else had[seat, lang])
            whole = json.loads(text)
            got = json.loads(part)
            assert got["log_from"] == len(whole["view"]["log"]) or not settle
            assert got["log_from"] in (0, len(whole["view"]["log"]))
            got["view"]["log"] = whole["view"]["log"][: got["log_from"]] + (got["view"]["log"])
            assert {**got, "log_from": 0} == whole

        check()
        moves = 0
        while not table.state.is_over:
            seat = table.state.to_move[0]
            if seat in table.left:  # a bot plays on for it
                version = table.version
                while table.version == version:
                    await asyncio.sleep(0.01)
                check()
                continue
            action = str(rng.choice(table.state.legal_actions(seat)))
            await svc.play(table.id, made.tokens[seat], action, table.version)
            moves += 1
            if moves == 3:
                await svc.chat(table.id, made.tokens[seat], "ka pai")
                table.present[seat] = 1
            if moves == 7 and players > 1:
                await svc.resign(table.id, made.tokens[(seat + 1) % players])
            check()
        await svc.close()
        await store.close()

    asyncio.run(go())
