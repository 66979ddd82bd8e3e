"""What people have played, on a real server (SQLite and PostgreSQL): rated tables move
ratings once, profiles show what the tables showed, leaderboards, friends online. The
tests share one server: each signs up people of its own and reads only theirs."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx

from tests.server.conftest import shared_server
from tests.server.serverproc import Server, bearer
from tests.server.wire import act, state

server = shared_server()

PASSWORD = "correct horse battery"


class Person:
    """A signed-up person: a client holding their session's cookie."""

    def __init__(self, server: Server, name: str) -> None:
        self.http = server.client()
        self.http.headers["Origin"] = server.url
        r = self.http.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        me = r.json()
        self.id, self.name, self.csrf = me["id"], me["name"], me["csrf"]

    def send(self, method: str, path: str, **kw: Any) -> httpx.Response:
        return self.http.request(method, path, headers={"X-CSRF-Token": self.csrf}, **kw)

    def make(self, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        body = {"game": game, "players": len(seats), "seats": seats, **extra}
        r = self.send("POST", "/api/tables", json=body)
        assert r.status_code == 201, r.text
        made: dict[str, Any] = r.json()
        return made

    def join(self, table: str, seat: int) -> str:
        r = self.send("POST", f"/api/tables/{table}/seats/{seat}", json={"name": self.name})
        assert r.status_code == 201, r.text
        return str(r.json()["token"])

    def profile(self, who: Person | str) -> dict[str, Any]:
        r = self.http.get(f"/api/people/{who.id if isinstance(who, Person) else who}")
        assert r.status_code == 200, r.text
        found: dict[str, Any] = r.json()
        return found


def play_out(
    client: httpx.Client, table: str, tokens: list[str], seed: int = 0, until: float = 120
) -> dict[str, Any]:
    """Every seat of ``tokens`` plays random legal choices until the game is over."""
    rnd = random.Random(seed)
    deadline = time.monotonic() + until
    while time.monotonic() < deadline:
        for token in tokens:
            now = state(client, table, token)
            if now["table"]["status"] == "over":
                return now
            if now["legal"]:
                act(client, table, token, rnd.choice(now["legal"])["action"], now["version"])
    raise AssertionError("the game did not end in time")


def rated_game(a: Person, b: Person, seed: int = 0, rated: bool = True) -> dict[str, Any]:
    """``a`` makes a two-player Rapa Nui table, ``b`` joins, both play it out; the
    final state as ``a`` sees it."""
    made = a.make("rapa-nui", ["me", "open"], rated=rated)
    table = made["table"]["id"]
    theirs = b.join(table, 1)
    return play_out(a.http, table, [made["tokens"]["0"], theirs], seed)


def ratings(client: httpx.Client, *people: Person) -> dict[str, dict[str, int]]:
    r = client.get("/api/ratings", params={"ids": ",".join(p.id for p in people)})
    assert r.status_code == 200, r.text
    return {p["id"]: p["ratings"] for p in r.json()}


def test_a_rated_table_moves_both_ratings_and_shows_in_both_profiles(server: Server) -> None:
    ana, bea = Person(server, "Ana"), Person(server, "Bea")
    end = rated_game(ana, bea)
    table = end["table"]
    changes = {c["seat"]: c for c in table["ratings"]}
    assert set(changes) == {0, 1}
    assert all(c["before"] == 1000 for c in changes.values())
    winners = set(table["winners"])
    if len(winners) == 1:
        (winner,) = winners
        assert changes[winner]["after"] > 1000 > changes[1 - winner]["after"]
    else:  # a shared win (the game's tie-breaks tied too): equals, both surer than before
        assert winners == {0, 1}
        assert changes[0]["after"] == changes[1]["after"] > 1000
    # the same in the summary anyone reads, and in each profile
    assert ana.http.get(f"/api/tables/{table['id']}").json()["ratings"] == table["ratings"]
    now = ratings(ana.http, ana, bea)
    for seat, person in enumerate((ana, bea)):
        assert now[person.id] == {"rapa-nui": changes[seat]["after"]}
        seen = bea.profile(person)
        (recent,) = seen["recent"]
        assert recent["table"] == table["id"] and recent["seat"] == seat
        assert (recent["before"], recent["after"]) == (1000, changes[seat]["after"])
        assert recent["won"] == (seat in winners) and recent["rated"]
        (game,) = seen["games"]
        assert (game["played"], game["rated_games"], game["rating"]) == (
            1,
            1,
            changes[seat]["after"],
        )
        assert game["wins"] == game["rated_wins"] == (1 if seat in winners else 0)


def test_unrated_tables_and_one_person_with_bots_move_no_rating(server: Server) -> None:
    ana, bea = Person(server, "Una"), Person(server, "Uli")
    end = rated_game(ana, bea, rated=False)
    assert end["table"]["ratings"] == []
    # a rated table of one person and bots is refused when made...
    r = ana.send(
        "POST",
        "/api/tables",
        json={"game": "rapa-nui", "players": 2, "seats": ["me", "bot:random"], "rated": True},
    )
    assert r.status_code == 422, r.text
    # ...and one person, a guest without an account and a bot rate nobody
    made = ana.make("rapa-nui", ["me", "invite:Guest", "bot:random"], rated=True)
    guest = made["invitations"]["1"]
    end = play_out(ana.http, made["table"]["id"], [made["tokens"]["0"], guest])
    assert end["table"]["ratings"] == []
    assert ratings(ana.http, ana, bea) == {ana.id: {}, bea.id: {}}
    # both games are on Ana's profile all the same, unrated
    games = ana.profile(ana)["games"]
    assert [(g["played"], g["rated_games"], g["rating"]) for g in games] == [(2, 0, None)]
    assert bea.profile(bea)["games"][0]["played"] == 1
    assert [r["rated"] for r in ana.profile(ana)["recent"]] == [False, False]


def test_the_leaderboard_orders_people_by_rating(server: Server) -> None:
    ana, bea, cai = Person(server, "Lea"), Person(server, "Lou"), Person(server, "Lin")
    rated_game(ana, bea, seed=1)
    rated_game(bea, cai, seed=2)
    rated_game(cai, ana, seed=3)
    rated_game(ana, bea, seed=4)
    # the board holds the other tests' players too: this test's three are on it, in order
    ids = {ana.id, bea.id, cai.id}
    board = ana.http.get("/api/leaderboards/rapa-nui", params={"min_games": 1}).json()
    now = ratings(ana.http, ana, bea, cai)
    assert sorted(r["id"] for r in board if r["id"] in ids) == sorted(ids)
    assert [r["rating"] for r in board] == sorted((r["rating"] for r in board), reverse=True)
    assert all(r["rating"] == now[r["id"]]["rapa-nui"] for r in board if r["id"] in ids)
    assert [r["place"] for r in board] == list(range(1, len(board) + 1))
    # Cai has two rated games, Ana and Bea three: at least three leaves Cai out
    three = ana.http.get("/api/leaderboards/rapa-nui", params={"min_games": 3}).json()
    assert sorted(r["id"] for r in three if r["id"] in ids) == sorted([ana.id, bea.id])
    raiatea = ana.http.get("/api/leaderboards/raiatea", params={"min_games": 1}).json()
    assert [r for r in raiatea if r["id"] in ids] == []
    assert ana.http.get("/api/leaderboards/chess").status_code == 404
    # a deleted account leaves the board, and has no profile
    r = cai.send("POST", "/api/account/delete", json={"password": PASSWORD})
    assert r.status_code == 204, r.text
    board = ana.http.get("/api/leaderboards/rapa-nui", params={"min_games": 1}).json()
    assert cai.id not in [r["id"] for r in board]
    assert ana.http.get(f"/api/people/{cai.id}").status_code == 404
    seats = [s for r in ana.profile(ana)["recent"] for s in r["seats"]]
    assert {"seat": 0, "kind": "human", "name": "a former player", "id": None} in seats


HIDDEN = {"hand", "hands", "view", "legal", "token", "tokens", "email", "password", "deck"}


def keys(found: Any) -> set[str]:
    if isinstance(found, dict):
        return set(found) | {k for v in found.values() for k in keys(v)}
    if isinstance(found, list):
        return {k for v in found for k in keys(v)}
    return set()


def test_a_profile_shows_what_the_tables_showed_and_no_more(server: Server) -> None:
    ana, bea = Person(server, "Pia"), Person(server, "Pat")
    rated_game(ana, bea)
    made = ana.make("rapa-nui", ["me", "open"], rated=True)
    table = made["table"]["id"]
    bea.join(table, 1)
    seen = bea.profile(ana)
    assert not keys(seen) & HIDDEN, keys(seen) & HIDDEN
    (current,) = seen["current"]
    now = ana.http.get(f"/api/tables/{table}").json()
    assert current["table"] == table and current["status"] == "playing"
    assert current["to_move"] == [now["names"][s] for s in now["to_move"]]
    assert current["their_turn"] == (0 in now["to_move"])
    # no hand: nothing of Ana's private view reaches the profile's text
    private = state(ana.http, table, made["tokens"]["0"])["view"]
    hand = private["seats"][0]["hand"]
    text = json.dumps(seen)
    assert hand and json.dumps(hand) not in text
    assert PASSWORD not in text and made["tokens"]["0"] not in text
    assert ana.http.get("/api/people/nobody").status_code == 404


def test_friends_see_each_other_online(server: Server) -> None:
    ana, bea = Person(server, "Fay"), Person(server, "Fin")
    with server.client() as guest:
        assert guest.get("/api/friends").status_code == 401
    # a change with the session's cookie needs its CSRF header
    assert ana.http.put(f"/api/friends/{bea.id}").status_code == 403
    r = ana.send("PUT", f"/api/friends/{bea.id}")
    assert r.status_code == 200, r.text
    assert r.json() == [{"id": bea.id, "name": "Fin", "mutual": False, "online": None}]
    assert bea.send("PUT", f"/api/presence/{'b' * 16}").status_code == 204
    # Bea is online, but has not added Ana: Ana does not see it
    assert ana.http.get("/api/friends").json()[0]["online"] is None
    assert bea.send("PUT", f"/api/friends/{ana.id}").status_code == 200
    assert ana.http.get("/api/friends").json()[0] == {
        "id": bea.id,
        "name": "Fin",
        "mutual": True,
        "online": True,
    }
    assert bea.http.get("/api/friends").json()[0]["online"] is False  # Ana has no page open
    assert bea.send("DELETE", f"/api/presence/{'b' * 16}").status_code == 204
    assert ana.http.get("/api/friends").json()[0]["online"] is False
    assert ana.send("PUT", f"/api/friends/{ana.id}").status_code == 409
    assert ana.send("PUT", "/api/friends/nobody").status_code == 404
    assert ana.send("PUT", "/api/presence/bad page!").status_code == 422
    assert ana.send("DELETE", f"/api/friends/{bea.id}").json() == []


def test_a_bearer_token_alone_changes_no_friends(server: Server) -> None:
    ana = Person(server, "Tia")
    made = ana.make("rapa-nui", ["me", "bot:random"])
    with server.client() as other:
        r = other.put(f"/api/friends/{ana.id}", headers=bearer(made["tokens"]["0"]))
        assert r.status_code == 401
