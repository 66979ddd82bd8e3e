"""A kept review read in the reader's language through a real ``vaka serve``: the words
(the actions, the turning points) in German or the pseudo-language, the judged numbers
and labels exactly the English review's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx

from tests.server.serverproc import Server
from tests.server.test_reviews import finished, until_done

#: A plain English word: the pseudo-language writes every catalog text in look-alikes.
PLAIN = re.compile(r"\b[A-Za-z]{2,}\b")


def numbers(review: dict[str, Any]) -> dict[str, Any]:
    """Everything of a review but its words."""
    kept = {k: v for k, v in review.items() if k != "turning_points"}
    kept["decisions"] = [{k: v for k, v in d.items() if k != "words"} for d in review["decisions"]]
    return kept


def read(client: httpx.Client, table: str, **headers: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/review", params={"seat": 0}, headers=headers)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()["review"]
    return body


def test_a_review_reads_in_german_and_in_the_pseudo_language(
    reviewer: Server, tmp_path: Path
) -> None:
    with reviewer.client() as client:
        table = finished(client)
        assert client.post(f"/api/tables/{table}/review", json={"seat": 0}).status_code == 202
        english = until_done(client, table, {"seat": 0})["review"]
        german = read(client, table, **{"Accept-Language": "de-DE,de;q=0.9"})
        pseudo = client.get(
            f"/api/tables/{table}/review", params={"seat": 0, "lang": "en_XA"}
        ).json()["review"]
        assert read(client, table, **{"Accept-Language": "de"}) == german  # kept, the same
        assert read(client, table) == english  # and English as it was
    assert numbers(german) == numbers(pseudo) == numbers(english)
    assert len(german["turning_points"]) == len(english["turning_points"])
    together = zip(english["decisions"], german["decisions"], pseudo["decisions"], strict=True)
    for en, de, xa in together:
        assert de["words"].keys() == en["words"].keys() == xa["words"].keys()
        for action, words in de["words"].items():
            assert words != en["words"][action]
            if action.startswith("draw "):  # "taking the moai from row 2"
                assert re.fullmatch(rf".+ aus Reihe {action.split()[1]} nehmen", words)
        for words in xa["words"].values():
            assert not PLAIN.findall(words), words
    for point in german["turning_points"]:
        assert point.startswith("Zug ") and ", Platz 0: " in point, point
    for point in pseudo["turning_points"]:
        assert not PLAIN.findall(point), point

    # A restart: the review comes from the database, its words are made again.
    reviewer.stop()
    reviewer.start()
    with reviewer.client() as client:
        assert read(client, table, **{"Accept-Language": "de"}) == german
