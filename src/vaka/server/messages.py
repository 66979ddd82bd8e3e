"""Every message of the wire protocol, as Pydantic models (docs/PROTOCOL.md has examples).

The same models serve REST (FastAPI turns them into the OpenAPI schema) and the WebSocket,
so every client speaks one protocol: the browser, ``vaka play --server`` and remote bots.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
)

from vaka.i18n import _

#: Bidirectional controls: they reorder the text shown after them (a name could show
#: another's, or turn a line of chat around).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def shown_as_written(text: str) -> str:
    """Refuse text that would not show as written: control characters (escapes that
    recolour or clear a terminal, bells, line breaks, NUL), line and paragraph
    separators, and bidirectional controls. Names and chat are shown to others."""
    for char in text:
        if char in BIDI or unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            raise ValueError(
                _(
                    "control and bidirectional characters such as {char} are not allowed: "
                    "other people see this text"
                ).format(char=f"U+{ord(char):04X}")
            )
    return text


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
    AfterValidator(shown_as_written),
]
ActionText = Annotated[str, StringConstraints(min_length=1, max_length=200)]
ChatText = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=500),
    AfterValidator(shown_as_written),
]
Token = Annotated[str, StringConstraints(min_length=1, max_length=100)]
Version = Annotated[int, Field(ge=0, le=10**9)]
#: How a seat is filled when a table is made: ``me`` (the maker), ``open`` (anyone may
#: join), ``bot`` (the game's default level) or ``bot:LEVEL`` (random, easy, medium, hard,
#: as the game has them) or ``invite:NAME`` (kept for a friend, who joins with the
#: invitation's token).
SeatSpec = Annotated[str, StringConstraints(strip_whitespace=True, min_length=2, max_length=48)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClockSpec(Strict):
    """No clock; a live clock (minutes per player, seconds added per move); or turn-based
    (days per move). What happens when time runs out is the table's ``policy``."""

    kind: Literal["none", "live", "turn"] = "none"
    minutes: Annotated[float, Field(gt=0, le=600)] = 10
    increment: Annotated[float, Field(ge=0, le=600)] = 5
    days: Annotated[float, Field(gt=0, le=30)] = 2


class CreateTable(Strict):
    game: Annotated[str, StringConstraints(max_length=32)]
    players: Annotated[int, Field(ge=1, le=8)]
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=8)]
    name: Name = "Player"
    options: dict[str, bool | int | float | str] = {}
    clock: ClockSpec = ClockSpec()
    #: ``bot``: the game's default bot plays on for a seat that resigned or ran out of time;
    #: ``lose``: the same, and the seat is counted as lost whatever it scores.
    policy: Literal["bot", "lose"] = "bot"
    #: counted in the players' ratings: needs two seats or more for people (me, invite, open)
    rated: bool = False
    #: by invitation only: listed nowhere, seen only with one of its seats' tokens (every
    #: seat is me, invite or bot)
    private: bool = False


class JoinSeat(Strict):
    name: Name


class SeatName(Strict):
    """The name a seat's holder gives it (before the seat's first move)."""

    name: Name


#: A clock's kind, as the lobby's filters and play now name it.
ClockKind = Literal["none", "live", "turn"]


class PlayNow(Strict):
    """Join the fullest open table that fits (any of each filter left out), else make one:
    ``game`` is needed to make one; it gets ``players`` (default: two, or the game's
    least), a clock of ``clock``'s kind (its defaults: live 10 minutes + 5 s, turn-based
    2 days a move), ``rated`` if asked, this seat and the rest open."""

    game: Annotated[str, StringConstraints(max_length=32)] | None = None
    players: Annotated[int, Field(ge=1, le=8)] | None = None
    clock: ClockKind | None = None
    rated: bool | None = None
    name: Name = "Player"


class SeatSummary(BaseModel):
    seat: int
    kind: Literal["open", "human", "bot"]
    name: str | None
    level: str | None = None
    left: Literal["resign", "timeout"] | None = None  # played on by a bot since
    #: the person's id (their profile, ``GET /api/people/{id}``) where the seat is an
    #: account's
    user: str | None = None


class RatingChange(BaseModel):
    """A person's shown rating before and after a rated table (docs/RATINGS.md)."""

    seat: int
    before: int
    after: int


class TableSummary(BaseModel):
    """What anyone may know of a table."""

    id: str
    game: str
    game_name: str
    players: int
    options: dict[str, Any]
    clock: ClockSpec
    policy: str
    status: Literal["open", "playing", "over"]
    version: int
    seats: list[SeatSummary]
    to_move: list[int]
    created_at: float
    winners: list[int] | None = None
    scores: list[float] | None = None
    breakdown: list[dict[str, float]] | None = None  # each seat's score by category
    #: the breakdown's categories as people read them, in the reader's language
    categories: dict[str, str] | None = None
    lost: list[int] = []  # seats counted as lost (policy "lose")
    #: the name the table shows for each seat (log words and results use them too)
    names: list[str] = []
    #: once over, who won and by how much, in words ("Ana won by 5 points (31 to 26)")
    result: str | None = None
    #: once a rated table is over, its people's rating changes
    ratings: list[RatingChange] = []
    rated: bool = False
    private: bool = False


class CreatedTable(BaseModel):
    table: TableSummary
    #: The maker's seat tokens (keep them: they act for those seats).
    tokens: dict[int, str]
    #: Tokens for invited friends; an invitation link carries one.
    invitations: dict[int, str]


class Joined(BaseModel):
    table: str
    seat: int
    token: str


class PlayedNow(BaseModel):
    """Where play now seated you: the table, your seat and its token, and whether the
    table was made for you (no open table fitted)."""

    table: TableSummary
    seat: int
    token: str
    made: bool


class Choice(BaseModel):
    action: str
    note: str | None = None
    #: What the action is, leading with the name of the thing it names ("Keep Hand of Hiro
    #: (2 mana)"); None where the action text says it (the text stays what is typed).
    label: str | None = None


class Hint(BaseModel):
    """One of the hard bot's top choices: how often its search tried it (``share``) and
    how well it went (``value``, a chance to win; alone, ``lead``: the expected final lead
    in points over the game's own opponent)."""

    action: str
    note: str | None = None
    share: float
    value: float
    lead: float | None = None


class ChatLine(BaseModel):
    seat: int | None
    name: str
    text: str
    at: float


class Clocks(BaseModel):
    kind: Literal["none", "live", "turn"]
    #: live: seconds left per seat; turn: seconds until each running seat's deadline.
    left: dict[int, float]
    running: list[int]


class Rival(BaseModel):
    name: str
    score: float


class Scores(BaseModel):
    """Every seat's running score, as far as the rules make it public."""

    label: str  # what the numbers count ("fame", "victory points as they stand")
    scores: list[float]  # by seat
    hidden: str | None = None  # what they do not count yet
    rivals: list[Rival] = []  # opponents without a seat (Atua's Tahuma)


class TableState(BaseModel):
    """Pushed to a seat (or a spectator, ``seat`` null) after every change."""

    type: Literal["state"] = "state"
    table: TableSummary
    seat: int | None
    version: int
    #: The seat's view; on a WebSocket its ``log`` may hold only the entries from
    #: ``log_from`` on (see ``log_from``).
    view: dict[str, Any]
    legal: list[Choice]
    clocks: Clocks
    can_undo: bool
    chat: list[ChatLine]
    #: the running scores (None where the game keeps none)
    scoreboard: Scores | None = None
    #: seats with a socket open at this table now (people; bots are always there)
    present: list[int] = []
    #: The index in the seat's whole log of ``view.log``'s first entry. 0: ``view.log`` is
    #: the whole log (always so in REST answers and in a socket's first push). N > 0 (only
    #: on a WebSocket): the socket was sent the log's first N entries before, unchanged
    #: since; the whole log is those N followed by ``view.log``.
    log_from: Annotated[int, Field(ge=0)] = 0


class ErrorMessage(BaseModel):
    """Every refusal: ``error`` is a code (illegal, malformed, stale, forbidden,
    unauthorized, not_found, invalid, refused, too_large, rate_limited, busy, full,
    unavailable), ``reason`` a sentence."""

    type: Literal["error"] = "error"
    error: str
    reason: str
    version: int | None = None


class Checked(BaseModel):
    """The answer to ``check``: would this action be legal now, and if not, why."""

    type: Literal["checked"] = "checked"
    action: str
    legal: bool
    reason: str | None = None
    #: When legal: what it would cost or bring, as the choice list's note says it.
    note: str | None = None


class Act(Strict):
    type: Literal["act"] = "act"
    action: ActionText
    version: Version


class Undo(Strict):
    type: Literal["undo"] = "undo"
    version: Version


class Resign(Strict):
    type: Literal["resign"] = "resign"


class Say(Strict):
    type: Literal["chat"] = "chat"
    text: ChatText


class Check(Strict):
    type: Literal["check"] = "check"
    action: ActionText


class Hello(Strict):
    """The first message on a WebSocket: a seat token, or none to watch. Without a token,
    a signed-in person (the session's cookie, sent by the browser) acts for their seat
    at the table (``seat``: which, where they hold several), or watches if they hold none."""

    type: Literal["hello"] = "hello"
    token: Token | None = None
    seat: Annotated[int, Field(ge=0, le=7)] | None = None


ClientMessage = Annotated[Act | Undo | Resign | Say | Check | Hello, Field(discriminator="type")]


class GameInfo(BaseModel):
    id: str
    name: str
    min_players: int
    max_players: int
    options: dict[str, dict[str, Any]]
    levels: list[str]


class ReviewRequest(Strict):
    """Ask for a finished game's review: one seat's decisions (``seat``) or every seat's
    (null); ``playouts`` per candidate action (more is slower and surer; default: the
    server's, ``vaka review``'s)."""

    seat: Annotated[int, Field(ge=0, le=7)] | None = None
    playouts: Annotated[int, Field(ge=1, le=24)] | None = None


class ReviewCandidate(BaseModel):
    action: str
    win: float  # win chance, 0-1, over the playouts
    margin: float  # mean final lead over the strongest rival (alone: the score)


class ReviewedDecision(BaseModel):
    """One decision: ``index`` actions were played before it (the replay's step), the
    action taken, its label, and the candidates best first (none when forced). Actions are
    named by their text (as the record has them); ``words`` says each, taken and candidates,
    as players say it, from the deciding seat's view (``{"draw 2": "taking the moai from
    row 2"}``)."""

    index: int
    seat: int
    taken: str
    words: dict[str, str]
    legal: int
    label: Literal["only move", "good", "inaccuracy", "mistake", "blunder", "forced"]
    #: given up against the best candidate, 0-1: win chance, or (``by_lead``) final lead
    #: over ``points`` where that is more (docs/REVIEW.md, "Labels")
    loss: float
    margin_loss: float  # final lead given up, in points
    spread: float  # standard error of the loss
    by_lead: bool = False
    points: float | None = None  # null: the win chance alone counts in this game
    candidates: list[ReviewCandidate]


class ReviewSeat(BaseModel):
    seat: int
    accuracy: float | None  # 0-100; null with nothing judged
    labels: dict[str, int]


class GameReview(BaseModel):
    """A finished review (docs/REVIEW.md): each decision judged from what its seat could
    know then."""

    game: str
    players: int
    seats: list[int]
    seed: int
    playouts: int
    iterations: int
    candidates: int
    steps: int  # actions in the game
    scores: list[float]
    winners: list[int]
    seat_reports: list[ReviewSeat]
    decisions: list[ReviewedDecision]
    turning_points: list[str]


class ReviewStatus(BaseModel):
    """Where a review stands: ``queued`` (``ahead`` reviews before it), ``running``
    (``done`` of ``total`` decisions judged), ``done`` (``review`` holds it) or
    ``failed`` (``reason`` says why; asking again tries again)."""

    table: str
    seat: int | None
    playouts: int
    status: Literal["queued", "running", "done", "failed"]
    done: int
    total: int
    ahead: int
    reason: str | None = None
    review: GameReview | None = None
