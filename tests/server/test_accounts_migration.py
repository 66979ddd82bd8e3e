"""A database made by the release before accounts (schema "0001") upgrades with every
table, seat, move and chat line kept, and its games play on (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from tests.server.serverproc import Server, bearer
from tests.server.wire import act, state
from vaka.core.registry import load
from vaka.server.databases import sync_url
from vaka.server.schema import MIGRATIONS, upgrade
from vaka.server.tokens import new_token, token_hash

CLOCK = {"kind": "none", "minutes": 10, "increment": 5, "days": 2}


def at_release(url: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    command.upgrade(config, "0001")


def fill(url: str, table: str, tokens: list[str], played: int) -> list[str]:
    """The rows the release stored for a Rapa Nui table of two people who played
    ``played`` actions and said two things (each computed as its service did)."""
    game = load("rapa-nui")
    now, seed = time.time(), 424242
    game_state = game.new_state(2, seed)
    moves, actions = [], []
    for number in range(1, played + 1):
        seat = game_state.to_move[0]
        trial = game_state.clone()
        trial.apply(seat, str(game_state.legal_actions(seat)[0]))
        action = str(trial.history[-1][1])
        revealed = trial.is_over or game_state.reveals(seat, action, played=trial)
        moves.append((number, seat, action, revealed))
        actions.append(action)
        game_state = trial
    engine = create_engine(sync_url(url).replace("postgresql:", "postgresql+psycopg:"))
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, clock, policy, status,"
                " created_at, started_at) VALUES (:id, 'rapa-nui', 2, '{}', :seed, :clock,"
                " 'bot', 'playing', :now, :now)"
            ),
            {"id": table, "seed": seed, "clock": json.dumps(CLOCK), "now": now},
        )
        for seat, (name, token) in enumerate(zip(["Ana", "Bo"], tokens, strict=True)):
            conn.execute(
                text(
                    "INSERT INTO seats (table_id, seat, kind, name, level, token_hash)"
                    " VALUES (:t, :s, 'human', :n, NULL, :h)"
                ),
                {"t": table, "s": seat, "n": name, "h": token_hash(token)},
            )
        for number, seat, action, revealed in moves:
            conn.execute(
                text(
                    "INSERT INTO moves (table_id, number, seat, kind, action, revealed, at)"
                    " VALUES (:t, :n, :s, 'act', :a, :r, :at)"
                ),
                {"t": table, "n": number, "s": seat, "a": action, "r": revealed, "at": now},
            )
        for seat, said in ((0, "hello"), (1, "good luck")):
            conn.execute(
                text(
                    "INSERT INTO chat (table_id, seat, name, text, at) VALUES (:t, :s, :n, :x, :at)"
                ),
                {"t": table, "s": seat, "n": ["Ana", "Bo"][seat], "x": said, "at": now},
            )
    engine.dispose()
    return actions


def test_a_database_of_the_release_before_accounts_upgrades_and_plays_on(
    db_url: str, tmp_path: Path
) -> None:
    at_release(db_url)
    tokens = [new_token(), new_token()]
    actions = fill(db_url, "oldtable0001", tokens, played=3)
    upgrade(db_url)
    engine = create_engine(sync_url(db_url).replace("postgresql:", "postgresql+psycopg:"))
    with engine.connect() as conn:
        counts = [
            conn.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
            for t in ("tables", "seats", "moves", "chat")
        ]
        owners = conn.execute(text("SELECT user_id FROM seats")).scalars().all()
    engine.dispose()
    assert counts == [1, 2, 3, 2] and owners == [None, None]
    server = Server(db_url, tmp_path / "server.log").start()
    try:
        with server.client() as client:
            now = state(client, "oldtable0001", tokens[0])
            assert now["version"] == 3 and now["table"]["names"] == ["Ana", "Bo"]
            assert [c["text"] for c in now["chat"]] == ["hello", "good luck"]
            kept = client.get("/api/tables/oldtable0001/state").json()["view"]["log"]
            assert len(kept) >= len(actions)
            # it plays on, by the old tokens
            seat = now["table"]["to_move"][0]
            mover = state(client, "oldtable0001", tokens[seat])
            r = act(client, "oldtable0001", tokens[seat], mover["legal"][0]["action"], 3)
            assert r.status_code == 200, r.text
            # and Ana may make an account of her seat
            r = client.post(
                "/api/account/signup",
                json={
                    "name": "Ana",
                    "password": "correct horse",
                    "seats": [{"table": "oldtable0001", "token": tokens[0]}],
                },
            )
            assert r.status_code == 201, r.text
            assert r.json()["claimed"] == [{"table": "oldtable0001", "seat": 0}]
            listed = client.get("/api/account/tables").json()
            assert [t["table"]["version"] for t in listed] == [4]
            assert (
                client.get("/api/tables/oldtable0001/state", headers=bearer(tokens[1])).json()[
                    "seat"
                ]
                == 1
            )
    finally:
        server.stop()
