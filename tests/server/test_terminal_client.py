"""``vaka play --server``: the terminal client as a real process, at tables of a real
``vaka serve`` process. Whatever the client can do, it does through the protocol alone."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

import vaka
from tests.cli.process import vaka as run_vaka
from tests.server.serverproc import Server, bearer, free_port
from vaka.cli.news import table_names
from vaka.core.words import name_seats

INVITATION = re.compile(r"Invitation for seat 1 \(Friend 1\): .* --join (\S+) --token (\S+)")
COME_BACK = re.compile(r"To come back to your seat: .* --join (\S+) --token (\S+)")


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("service")
    srv = Server(f"sqlite:///{folder / 'vaka.db'}", folder / "server.log").start()
    yield srv
    srv.stop()


class Client:
    """``python -m vaka play ...`` whose input is written while it runs."""

    def __init__(self, out: Path, *args: str) -> None:
        self.out = out
        env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
        with open(out, "w") as sink:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "vaka", "play", *args],
                stdin=subprocess.PIPE,
                stdout=sink,
                stderr=subprocess.STDOUT,
                text=True,
                env=env,
            )
        assert self.proc.stdin is not None
        self.stdin: IO[str] = self.proc.stdin

    def text(self) -> str:
        return self.out.read_text()

    def wait_for(self, pattern: str, count: int = 1, timeout: float = 30) -> str:
        """The output once ``pattern`` (a regex) has appeared ``count`` times."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if len(re.findall(pattern, text)) >= count:
                return text
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} x{count} in:\n{self.text()[-3000:]}")

    def type(self, text: str) -> None:
        self.stdin.write(text)
        self.stdin.flush()

    def finish(self, timeout: float = 60) -> str:
        if not self.stdin.closed:
            self.stdin.close()
        assert self.proc.wait(timeout) == 0, self.text()[-3000:]
        return self.text()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def first_choices_only(record: dict[str, Any], seats: set[int]) -> None:
    """Every action of ``seats`` in the record was its first legal choice (typed ``1``)."""
    state = vaka.load(record["game"]).new_state(record["players"], record["seed"])
    for seat, text in record["actions"]:
        if seat in seats:
            assert text == str(state.legal_actions(seat)[0])
        state.apply(seat, text)
    assert state.is_over


def grab(pattern: re.Pattern[str], text: str) -> tuple[str, ...]:
    found = pattern.search(text)
    assert found is not None, text[-3000:]
    return found.groups()


def final_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Final scores: "))


def test_a_table_with_two_bots_played_to_the_end_by_typing_1(host: Server, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    done = run_vaka(
        "play", "rapa-nui", "--server", host.url, "-p", "3", "--bots", "medium",
        "--name", "Ana", "--save", str(save), stdin="1\n" * 600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    out = done.stdout
    table, _ = grab(COME_BACK, out)
    assert f"table {table}. You are seat 0 (Ana)" in out
    assert "Waiting for medium bot (seat 1)" in out and "Waiting for medium bot (seat 2)" in out
    assert "Display" in out and "Players" in out and "free" in out  # the screen, with notes
    assert "Game over" in out
    record = json.loads(save.read_text())
    with host.client() as client:
        assert client.get(f"/api/tables/{table}/record").json() == record
    first_choices_only(record, {0})
    # Every log entry was printed once, in order (pushes carry only the new ones), with
    # the names the table shows.
    words, at = " ".join(out.split()), 0
    shown = table_names(["Ana", "medium bot", "medium bot"], 0)
    for entry in vaka.replay(record, upto=len(record["actions"]) - 1).view(0)["log"]:
        at = words.index("· " + " ".join(name_seats(entry["text"], shown).split()), at) + 1
    assert "(taken back)" not in out
    scores = vaka.replay(record).scores()
    names = ["Ana (seat 0)", "medium bot (seat 1)", "medium bot (seat 2)"]
    assert final_line(out) == "Final scores: " + ", ".join(
        f"{n} {s:g}" for n, s in zip(names, scores, strict=True)
    )
    assert f"The game's record: GET {host.url}/api/tables/{table}/record" in out
    assert f"replay it with: vaka replay {save}" in out
    replayed = run_vaka("replay", str(save), "--no-pause")
    assert replayed.returncode == 0 and "Game over" in replayed.stdout


def test_two_terminal_clients_play_one_table_to_the_end(host: Server, tmp_path: Path) -> None:
    ana = Client(tmp_path / "ana.txt", "rapa-nui", "--server", host.url, "-p", "2",
                 "--invite", "1", "--name", "Ana")  # fmt: skip
    try:
        ana.type("1\n" * 400)
        table, invitation = grab(INVITATION, ana.wait_for("Invitation"))
        save = tmp_path / "bo.json"
        bo = run_vaka(
            "play", "--server", host.url, "--join", table, "--token", invitation,
            "--save", str(save), stdin="1\n" * 400,
        )  # fmt: skip
        assert bo.returncode == 0, bo.stdout[-3000:] + bo.stderr
        out = ana.finish()
    finally:
        ana.kill()
    assert f"table {table}. You are seat 1 (Friend 1)" in bo.stdout
    assert "Waiting for Friend 1 (seat 1)" in out and "Waiting for Ana (seat 0)" in bo.stdout
    assert final_line(out) == final_line(bo.stdout)
    record = json.loads(save.read_text())
    first_choices_only(record, {0, 1})
    winners = vaka.replay(record).winners()
    names = ["Ana (seat 0)", "Friend 1 (seat 1)"]
    assert (
        f"Winner{'s' if len(winners) > 1 else ''}: " + ", ".join(names[w] for w in winners)
        in out.splitlines()
    )


def test_a_bad_token_an_unknown_table_or_a_taken_seat_is_one_line_and_exit_2(
    host: Server,
) -> None:
    with host.client() as client:
        made = client.post(
            "/api/tables", json={"game": "rapa-nui", "players": 2, "seats": ["me", "invite:Bo"]}
        ).json()
    table = made["table"]["id"]
    nowhere = f"http://127.0.0.1:{free_port()}"
    for server, args, said in (
        (host.url, ("--join", table, "--token", "x" * 32), "that token acts for no seat"),
        (host.url, ("--join", "nope", "--token", "x"), "there is no table 'nope'"),
        (host.url, ("--join", table, "--seat", "1"), f"seat 1 of table {table} is not open"),
        (host.url, ("--join", table, "--seat", "7"), f"table {table} has no seat 7"),
        (nowhere, ("--join", table, "--token", "x"), f"cannot reach the server at {nowhere}"),
    ):  # fmt: skip
        done = run_vaka("play", "--server", server, *args, stdin="1\n")
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1
        assert done.stderr.startswith(f"error: {said}"), done.stderr


def test_stale_illegal_undo_chat_and_quit_from_the_terminal(host: Server, tmp_path: Path) -> None:
    ana = Client(tmp_path / "ana.txt", "rapa-nui", "--server", host.url, "-p", "2",
                 "--invite", "1", "--name", "Ana")  # fmt: skip
    try:
        text = ana.wait_for("your move>")
        table, mine = grab(COME_BACK, text)
        with host.client() as client:
            # The same seat acts from elsewhere (another window): Ana's screen is outdated.
            first = client.get(f"/api/tables/{table}/state", headers=bearer(mine)).json()
            lay = first["legal"][0]["action"]
            r = client.post(
                f"/api/tables/{table}/actions",
                headers=bearer(mine),
                json={"action": lay, "version": 0},
            )
            assert r.status_code == 200, r.text
            ana.type("1\n")  # the first choice of version 0, sent with version 0
            ana.wait_for("The table moved on before your move arrived")
            ana.wait_for("your move>", 2)
            ana.type(f"{lay}\n")  # now it is time to take a card, not to lay one
            ana.wait_for(f"{re.escape(lay)} is not allowed now")
            ana.type("undo\n")  # takes back the lay made from elsewhere
            ana.wait_for(r"\(taken back\)")
            ana.type("chat ia ora\nresign\nno\nquit\n")
            out = ana.finish()
            now = client.get(f"/api/tables/{table}/state", headers=bearer(mine)).json()
    finally:
        ana.kill()
    assert now["version"] == 2 and now["view"] == first["view"]  # lay, undo; nothing else
    assert [(c["name"], c["text"]) for c in now["chat"]] == [("Ana", "ia ora")]
    assert now["table"]["seats"][0]["left"] is None  # "no" kept the seat
    assert "Ana (seat 0) says: ia ora" in out
    assert "Resign? A bot plays your seat to the end" in out and "You play on." in out
    assert f"--join {table} --token {mine}" in out.splitlines()[-1]  # how to come back


def test_the_client_connects_again_after_the_server_restarts(tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'vaka.db'}"
    server = Server(db, tmp_path / "server.log", port).start()
    ana = Client(tmp_path / "ana.txt", "rapa-nui", "--server", server.url, "-p", "2",
                 "--invite", "1", "--name", "Ana")  # fmt: skip
    try:
        ana.type("1\n" * 400)
        table, bo = grab(INVITATION, ana.wait_for("Waiting for Friend 1"))
        server.kill()
        ana.wait_for("Lost the connection to the server; connecting again")
        server = Server(db, tmp_path / "server.log", port).start()
        ana.wait_for("Connected again")
        with server.client() as client:
            while True:  # Bo plays through REST; Ana's client follows the pushes
                now = client.get(f"/api/tables/{table}/state", headers=bearer(bo)).json()
                if now["table"]["status"] == "over":
                    break
                if now["legal"]:
                    client.post(
                        f"/api/tables/{table}/actions",
                        headers=bearer(bo),
                        json={"action": now["legal"][0]["action"], "version": now["version"]},
                    )
                else:
                    time.sleep(0.02)
        out = ana.finish()
    finally:
        ana.kill()
        server.stop()
    assert "Final scores: Ana (seat 0)" in out


def test_an_open_seat_is_taken_from_the_terminal_and_the_game_starts(
    host: Server, tmp_path: Path
) -> None:
    ana = Client(tmp_path / "ana.txt", "rapa-nui", "--server", host.url, "-p", "2",
                 "--open", "1", "--name", "Ana")  # fmt: skip
    try:
        text = ana.wait_for("Waiting for players to take the open seats")
        (table,) = grab(re.compile(r"Seat 1 is open: .* --join (\S+) --seat 1 --name NAME"), text)
        bo = run_vaka(
            "play", "--server", host.url, "--join", table, "--seat", "1", "--name", "Bo",
            stdin="chat hi\nquit\n",  # typed while Ana is to move: run at once
        )  # fmt: skip
        assert bo.returncode == 0, bo.stdout + bo.stderr
        ana.wait_for("your move>")  # the game started: Ana, seat 0, is to move
        ana.wait_for(r"Bo \(seat 1\) says: hi")
        ana.type("quit\n")
        ana.finish()
    finally:
        ana.kill()
    assert f"You took seat 1. To come back to it: vaka play --server {host.url}" in bo.stdout
    assert f"table {table}. You are seat 1 (Bo)" in bo.stdout
    assert "Waiting for Ana (seat 0)" in bo.stdout and "Bo (seat 1) says: hi" in bo.stdout


def test_the_terminal_client_in_german_at_a_real_server(
    host: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The client's own lines, the log, the summary and the server's refusals in German:
    the client asks the server for its language (Accept-Language, ?lang= on the socket)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    ana = Client(tmp_path / "ana.txt", "rapa-nui", "--server", host.url, "-p", "2",
                 "--bots", "random", "--name", "Ana")  # fmt: skip
    try:
        ana.wait_for("Ihr Zug>")
        ana.type("lay nothing\n")  # refused by the server, in the client's language
        ana.wait_for("keine Aktion von Rapa Nui")
        ana.type("1\n")
        ana.wait_for("Ihr Zug>", 3)
        ana.type("1\n")  # then the bot moves
        ana.wait_for("Seit Ihrem letzten Zug")
        ana.type("quit\n")
        out = " ".join(ana.finish().split())
    finally:
        ana.kill()
    for words in ("Tisch angelegt:", "Rapa Nui, 2 Spieler, Tisch", "Sie sitzen auf Platz 0 (Ana).",
                  "Um an Ihren Platz zurückzukehren: vaka play --server",
                  "'lay nothing' ist keine Aktion von Rapa Nui; versuchen Sie lay",
                  "Seit Ihrem letzten Zug: Sie: ", "Zug 2:", "ist am Zug", "Warte auf",
                  "Sie haben den Tisch verlassen; Ihr Platz bleibt Ihrer."):  # fmt: skip
        assert words in out, (words, out[-3000:])
    assert re.search(r"Sie: legen \d × \w+ aus", out), out[-3000:]
    for english in ("is not a", "You are seat", "You left the table", "players, table"):
        assert english not in out, english
