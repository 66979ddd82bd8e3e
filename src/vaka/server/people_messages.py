"""The wire's messages about people: ratings, leaderboards, profiles, friends
(docs/PROTOCOL.md, "People"). Ratings are the shown, conservative numbers
(docs/RATINGS.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class PersonRatings(BaseModel):
    """A person's shown rating in each game they have played rated games of."""

    id: str
    name: str
    ratings: dict[str, int]


class Leader(BaseModel):
    place: int
    id: str
    name: str
    rating: int
    games: int  # rated games
    wins: int


class GameRecord(BaseModel):
    """A person's finished tables of one game (``played``, ``wins``) and, once they have
    played rated ones, their shown rating and rated games."""

    game: str
    game_name: str
    played: int
    wins: int
    rating: int | None = None
    rated_games: int = 0
    rated_wins: int = 0


class SeatedPerson(BaseModel):
    """Who sat at a seat, as the table named them; ``id``: their profile, while their
    account lives."""

    seat: int
    kind: Literal["open", "human", "bot"]
    name: str | None
    id: str | None = None


class Recent(BaseModel):
    """A finished table of the person's: their seat's place (1 is best, equals share),
    whether they won, and their shown rating before and after where it was rated.
    Replay: ``#/replay/TABLE``; review: ``#/replay/TABLE/review/SEAT``."""

    table: str
    game: str
    game_name: str
    at: float
    seat: int
    place: int
    players: int
    won: bool
    left: bool  # resigned or ran out of time
    score: float
    rated: bool
    before: int | None
    after: int | None
    seats: list[SeatedPerson]


class Current(BaseModel):
    """An open or playing table of the person's, and whose turn it is there."""

    table: str
    game: str
    game_name: str
    status: Literal["open", "playing"]
    seats: list[int]  # the person's
    to_move: list[str]  # the names of the seats to move
    their_turn: bool
    names: list[str]


class Profile(BaseModel):
    id: str
    name: str
    since: float  # when the account was made
    games: list[GameRecord]
    recent: list[Recent]
    current: list[Current]


class Friend(BaseModel):
    """Someone the signed-in person counts a friend. ``mutual``: they count the person
    one too; only then is ``online`` known (null otherwise): whether a vaka page of
    theirs is open now."""

    id: str
    name: str
    mutual: bool
    online: bool | None
