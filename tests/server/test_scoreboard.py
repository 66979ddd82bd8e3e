"""The running scores a seat is sent, the names a table shows, and the result in words
once the game is over."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from vaka.server.messages import CreateTable, TableState
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.store import Store


async def _play_out(
    svc: TableService, game: str, players: int, seats: list[str], seed: int
) -> list[TableState]:
    """A table played to the end by random legal actions; the first seat's states."""
    made = await svc.create(CreateTable(game=game, players=players, seats=seats, name="Ana"))
    table = await svc.table(made.table.id)
    rng = random.Random(seed)
    states = []
    while not table.state.is_over:
        seat = table.state.to_move[0]
        states.append(svc.snapshot(table, 0))
        action = rng.choice(table.state.legal_actions(seat))
        token = {**made.tokens, **made.invitations}[seat]
        await svc.act(table.id, token, str(action), table.version)
    states.append(svc.snapshot(table, 0))
    return states


@pytest.mark.parametrize(
    ("game", "players", "seats", "label"),
    [
        ("rapa-nui", 2, ["me", "invite:Bo"], "fame"),
        ("raiatea", 3, ["me", "invite:Bo", "invite:Cy"], "victory points as they stand"),
        ("atua", 1, ["me"], "harmony points scored"),
    ],
)
def test_every_seat_has_a_running_score_and_the_end_says_who_won(
    tmp_path: Path, game: str, players: int, seats: list[str], label: str
) -> None:
    url = f"sqlite:///{tmp_path / 'vaka.db'}"
    upgrade(url)

    async def go() -> None:
        store = Store(url)
        svc = TableService(store)
        states = await _play_out(svc, game, players, seats, 3)
        during, end = states[len(states) // 2], states[-1]
        assert during.scoreboard is not None and during.scoreboard.label == label
        assert len(during.scoreboard.scores) == players
        if game == "atua":  # Tahuma's total as it stands, from his open pile and hut
            assert [r.name for r in during.scoreboard.rivals] == ["Tahuma"]
        if game == "rapa-nui":  # the fame track, as the view shows it
            fame = [s["fame"] for s in during.view["seats"]]
            assert during.scoreboard.scores == fame
        assert end.table.result is not None and during.table.result is None
        names = end.table.names
        if game == "atua":
            assert end.scoreboard is not None
            tahuma = end.scoreboard.rivals[0].score
            mine = end.table.scores[0] if end.table.scores else 0
            beat = "Ana beat Tahuma" if end.table.winners else "Tahuma beat Ana"
            assert end.table.result.startswith(beat), end.table.result
            assert f"{mine:g} to {tahuma:g}" in end.table.result or (
                f"{tahuma:g} to {mine:g}" in end.table.result
            )
        else:
            assert end.table.result.startswith(names[end.table.winners[0]])
        await store.close()

    asyncio.run(go())


def test_the_names_a_table_shows_tell_its_seats_apart() -> None:
    from vaka.core.words import display_names, name_seats

    called = display_names(["Ana", "medium bot", "medium bot", None])
    assert called == ["Ana", "medium bot 1", "medium bot 2", "open seat 3"]
    assert name_seats("Seat 2 takes; seat 12 stays; seat 0’s turn", called) == (
        "Medium bot 2 takes; seat 12 stays; Ana’s turn"
    )
