"""What a table shows: its public summary (made in ``summaries``), and one seat's (or a
spectator's) state, as a model and as the JSON pushed on its sockets.

Views come from the engine's ``view``: nothing here decides what a seat may know.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

from pydantic import TypeAdapter
from pydantic_core import to_json

from vaka.core.game import Game, Scoreboard
from vaka.i18n import SOURCE, current, using
from vaka.i18n.said import Said, say
from vaka.server.clocks import Clock, read_clock
from vaka.server.messages import (
    ChatLine,
    Choice,
    Clocks,
    Rival,
    Scores,
    TableState,
    TableSummary,
)
from vaka.server.summaries import names, result, seat_names, summary, summary_of
from vaka.server.table import Table

__all__ = [
    "Sent",
    "Shown",
    "clock",
    "log_start",
    "names",
    "pushed",
    "result",
    "said_log",
    "scoreboard",
    "seat_names",
    "settled",
    "snapshot",
    "summary",
    "summary_of",
]

CHAT_KEPT = 100  # chat lines sent with a table's state
SAID_KEPT = 4  # the languages (with the seats' names) a table's log is kept said in
#: How long a pushed state of a table with a clock may be sent again (its times age).
CLOCK_FRESH = 0.2  # seconds


def scoreboard(game: Game, view: dict[str, Any]) -> Scores | None:
    board: Scoreboard | None = game.scoreboard(view)
    if board is None:
        return None
    return Scores.model_construct(
        label=board.label,
        scores=[float(x) for x in board.scores],
        hidden=board.hidden,
        rivals=[Rival.model_construct(name=n, score=float(x)) for n, x in board.rivals],
    )


def snapshot(table: Table, seat: int | None) -> TableState:
    """What one seat (None: a spectator) is shown: built by the engine's ``view``.

    Built after every change for every seat, from values the service made itself: the
    models are constructed without validating them again. Its words (the log's entries,
    the choices' notes and labels, the scoreboard's) are in the language of the request
    or socket that asks (vaka.i18n's current one, set by server/language.py): a push is
    built for each socket's reader, never in the language of the request that caused
    it. Everything a client keys on (actions, codes, seats, numbers) is the same in
    every language."""
    lang = current()
    with using(lang):
        return _snapshot(table, seat, lang)


def _snapshot(table: Table, seat: int | None, lang: str = SOURCE) -> TableState:
    state = table.state
    view = state.view(seat)
    if lang != SOURCE:
        view["log"] = said_log(table, view["log"], lang)
    board = scoreboard(table.game, view)
    playing = table.data.status == "playing"
    legal = (
        [
            Choice.model_construct(
                action=str(a),
                note=table.game.describe_choice(view, a),
                label=table.game.label_choice(view, a),
            )
            for a in state.legal_actions(seat)
        ]
        if seat is not None and playing and seat not in table.left
        else []
    )
    now = clock(table)
    return TableState.model_construct(
        table=_summary(table),
        seat=seat,
        version=table.version,
        view=view,
        legal=legal,
        clocks=Clocks(kind=now.kind, left=now.left, running=list(now.running)),
        can_undo=seat is not None and table.can_undo(seat),
        chat=[ChatLine.model_construct(**vars(c)) for c in table.data.chat[-CHAT_KEPT:]],
        scoreboard=board,
        present=sorted(s for s, n in table.present.items() if n > 0),
    )


def said_log(table: Table, log: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The log's entries in ``lang`` (the current language), each seat written as the
    name the table shows. An entry is said once per language and names: the engine's
    entries are shared and never change, so the words made for one are kept with the
    table (a new list, the engine's entries left as they are)."""
    key = (lang, tuple(names(table)))
    if key not in table.said and len(table.said) >= SAID_KEPT:
        table.said.clear()  # the names changed: what was said with the old ones goes
    made = table.said.setdefault(key, {})
    called = key[1]
    out = []
    for entry in log:
        text = entry["text"]
        kept = made.get(id(text))
        if kept is None or kept[0] is not text:
            kept = made[id(text)] = (text, say(text, called) if isinstance(text, Said) else text)
        out.append({"seat": entry["seat"], "text": kept[1]})
    return out


class Sent:
    """What a socket keeps of the last push it was sent: all :func:`log_start` reads of
    it (the seat, the version, whether the game was over, its whole log), not the state.
    In English the log is the tuple the game keeps for its views (``State.log_entries``),
    not a copy."""

    __slots__ = ("log", "over", "seat", "version")

    def __init__(
        self, seat: int | None, version: int, over: bool, log: tuple[dict[str, Any], ...]
    ) -> None:
        self.seat, self.version, self.over, self.log = seat, version, over, log


class Common:
    """What every seat's push of a table shows alike, in one language, as JSON: the
    table's summary, the clocks, the chat and who is present. Each part is made again
    only when what it shows changed."""

    __slots__ = ("around", "at", "chat", "clocks", "key", "present", "summary")

    def __init__(self, key: tuple[Any, ...], at: float) -> None:
        self.key, self.at = key, at  # what it shows, when it was made (monotonic)
        #: the summary's JSON, where it has no ``around`` (filled in for each push else)
        self.summary = self.clocks = self.chat = self.present = ""
        #: the summary's JSON around its version and seats to move, while nothing else
        #: in it changes (a game in play): the same for every move until then
        self.around: tuple[str, ...] = ()

    def summary_json(self, table: Table) -> str:
        """The table's summary as JSON (filled in from ``around``: half a kilobyte less
        kept for every table in play, a join more for each push)."""
        around = self.around
        if not around:
            return self.summary
        turn = ",".join(map(str, table.state.to_move))
        return "".join((around[0], str(table.version), around[1], turn, around[2]))


class Shown:
    """One seat's push as built after a change, in JSON pieces around the log (which
    holds what each socket has not had, so it differs between them): built once per
    change for that seat's sockets of one language; the view itself is not kept."""

    __slots__ = ("can_undo", "common", "front", "made_from", "middle", "scoreboard", "sent")

    def __init__(self, made_from: Hashable, sent: Sent, common: Common) -> None:
        self.made_from, self.sent, self.common = made_from, sent, common
        self.front = self.middle = self.can_undo = self.scoreboard = ""


def settled(table: Table) -> None:
    """Every socket of ``table`` in this process was sent the table as it is: its seats'
    JSON pieces are dropped (two or three kilobytes a table, kept for hours otherwise),
    and made again should a push be asked before the next change (a chat line, someone
    coming in or going). What the sockets keep (``Sent``) and the parts every seat shares
    stay."""
    for shown in table.shown.values():
        shown.made_from = None
        shown.front = shown.middle = shown.can_undo = shown.scoreboard = ""


_NO_CLOCK = Clocks(kind="none", left={}, running=[]).model_dump_json()
_CHAT: TypeAdapter[list[ChatLine]] = TypeAdapter(list[ChatLine])


def pushed(table: Table, seat: int | None, had: Sent | None = None) -> tuple[str, Sent]:
    """The JSON pushed to ``seat`` (None: a spectator) on a socket that was last sent
    ``had`` (None: nothing yet), and what the socket keeps of it (its next ``had``), in
    the socket's language (the current one).

    A seat's part (its view, legal actions, scoreboard) is built once after each change
    and shared by that seat's sockets of one language, so a hundred spectators cost one
    view; the parts every seat shows alike (the summary, clocks, chat, who is present)
    are built once for all seats. The JSON is put together from those pieces, the same
    text as ``snapshot(...).model_dump_json()`` (with ``log_from``). Its log carries only
    the entries the socket has not had (``log_from``), unless the ones it had may read
    differently now."""
    lang = current()
    data = table.data
    seats = tuple((s.kind, s.name, s.level, s.user_id) for s in data.seats)
    left = tuple(sorted(table.left.items()))
    made_from = (table.version, data.status, seats, left)
    kept = table.shown.get((seat, lang))
    common = _common(table, lang, made_from, kept)
    if kept is None or kept.made_from != made_from:
        kept = table.shown[(seat, lang)] = _built(table, seat, lang, made_from, common)
    else:
        kept.common = common
    sent = kept.sent
    start = 0
    if had is not None and had is not sent:
        start = log_start(table, had, sent)
    elif had is sent:
        start = len(sent.log)
    return (
        "".join(
            (
                '{"type":"state","table":',
                common.summary_json(table),
                kept.front,
                to_json(sent.log[start:] if start else sent.log).decode(),
                kept.middle,
                common.clocks,
                kept.can_undo,
                common.chat,
                kept.scoreboard,
                common.present,
                ',"log_from":',
                str(start),
                "}",
            )
        ),
        sent,
    )


def _built(table: Table, seat: int | None, lang: str, made_from: Hashable, common: Common) -> Shown:
    """One seat's part of its pushes: :func:`_snapshot`'s view, legal actions, scoreboard
    and undo, made into JSON around where the log goes."""
    state = table.state
    view = state.view(seat)
    if lang != SOURCE:
        view["log"] = said_log(table, view["log"], lang)
    board = table.game.scoreboard(view)
    legal = (
        [
            {
                "action": str(a),
                "note": table.game.describe_choice(view, a),
                "label": table.game.label_choice(view, a),
            }
            for a in state.legal_actions(seat)
        ]
        if seat is not None and table.data.status == "playing" and seat not in table.left
        else []
    )
    log = state.log_entries(seat) if lang == SOURCE else tuple(view["log"])
    before, after, past = {}, {}, False
    for key, value in view.items():
        if key == "log":
            past = True
        elif past:
            after[key] = value
        else:
            before[key] = value
    head = to_json(before).decode()
    sent = Sent(seat, table.version, bool(view.get("is_over")), log)
    shown = Shown(made_from, sent, common)
    shown.front = "".join(
        (
            ',"seat":',
            "null" if seat is None else str(seat),
            ',"version":',
            str(table.version),
            ',"view":',
            head[:-1],
            ',"log":' if before else '"log":',
        )
    )
    tail = to_json(after).decode()[1:] if after else "}"
    shown.middle = "".join(
        (("," + tail) if after else tail, ',"legal":', to_json(legal).decode(), ',"clocks":')
    )
    shown.can_undo = (
        ',"can_undo":'
        + ("true" if seat is not None and table.can_undo(seat) else "false")
        + ',"chat":'
    )
    scores = "null"
    if board is not None:
        scores = to_json(
            {
                "label": board.label,
                "scores": [float(x) for x in board.scores],
                "hidden": board.hidden,
                "rivals": [{"name": n, "score": float(x)} for n, x in board.rivals],
            }
        ).decode()
    shown.scoreboard = ',"scoreboard":' + scores + ',"present":'
    return shown


def _common(table: Table, lang: str, made_from: Hashable, kept: Shown | None) -> Common:
    """The parts of ``table``'s pushes in ``lang`` that every seat shows alike: another
    seat's, where one was built for the table as it is now, else made again from the
    last one's pieces that are still true."""
    data = table.data
    present = tuple(sorted(s for s, n in table.present.items() if n > 0))
    results = None if table.results is None else len(table.results)
    key = (made_from, results, len(data.chat), present)
    clocked = data.clock.get("kind", "none") != "none"
    now = time.monotonic() if clocked else 0.0
    for (_seat, other), shown in table.shown.items():
        found = shown.common
        if other == lang and found.key == key and (not clocked or now - found.at < CLOCK_FRESH):
            return found
    was = kept.common if kept is not None else None
    old = was.key if was is not None else (None, None, None, None)
    made = Common(key, now)
    if old[:2] == key[:2]:
        made.summary, made.around = was.summary, was.around  # type: ignore[union-attr]
    else:
        made.around = was.around if was is not None and _same_but_turn(old, key) else ()
        made.summary, made.around = _summary_json(table, made.around)
    if clocked:
        read = clock(table)
        clocks = Clocks(kind=read.kind, left=read.left, running=list(read.running))
        made.clocks = clocks.model_dump_json()
    else:
        made.clocks = _NO_CLOCK
    if was is not None and old[2] == key[2]:
        made.chat = was.chat
    else:
        lines = [ChatLine.model_construct(**vars(c)) for c in data.chat[-CHAT_KEPT:]]
        made.chat = _CHAT.dump_json(lines).decode()
    made.present = to_json(list(present)).decode()
    return made


def _same_but_turn(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    """Whether a summary made for ``old`` differs from one for ``new`` only by its version
    and seats to move (as for every move of a game in play)."""
    (_version, status, seats, left), results = old[0], old[1]
    return bool(new[0][1:] == (status, seats, left) and new[1] == results and status == "playing")


#: Stands for the version and the seats to move in a summary's JSON made to be filled in.
_BLANK = -7_654_321


def _summary_json(table: Table, around: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The table's summary as JSON, or "" and its pieces around the version and the seats
    to move (``around``: the last ones, () to make them anew), which
    :meth:`Common.summary_json` fills in. While a game is in play only those change from
    move to move, so the summary is made once and filled in after each; the same text as
    ``summary(table).model_dump_json()``."""
    if table.data.status != "playing":
        return summary(table).model_dump_json(), ()
    if not around:
        made = summary(table)
        blank = made.model_copy(update={"version": _BLANK, "to_move": [_BLANK]})
        around = tuple(blank.model_dump_json().split(str(_BLANK)))
        if len(around) != 3:  # the number shows elsewhere too (a name): no pieces
            return made.model_dump_json(), ()
    return "", around


def log_start(table: Table, had: Sent, now: Sent) -> int:
    """How many of the log entries a socket was last sent (``had``, its log whole) a push
    of ``now`` may leave out: all of them if they are still the first entries of the log,
    word for word, and nothing since may have rewritten them (an undo, the game's end,
    which describes every entry anew); else none."""
    old, new = had.log, now.log
    if (
        had.seat != now.seat
        or had.version > now.version
        or had.over != now.over
        or len(old) > len(new)
        or any(m.kind == "undo" for m in table.since(had.version))
        or new[: len(old)] != old
    ):
        return 0
    return len(old)


def _summary(table: Table) -> TableSummary:
    """The table's summary, built once per change and language for every seat's state
    (its words, the result, are in the reader's language)."""
    made_from = _summarized_from(table)
    lang = current()
    kept = table.summarized.get(lang)
    if kept is None or kept[0] != made_from:
        kept = table.summarized[lang] = (made_from, summary(table))
    return kept[1]


def _summarized_from(table: Table) -> Hashable:
    """Everything a summary reads that can change: the version stands for the game
    (every move, undo, resignation and timeout is a new one)."""
    data = table.data
    return (
        table.version,
        data.status,
        tuple((s.kind, s.name, s.level, s.user_id) for s in data.seats),
        tuple(sorted(table.left.items())),
        None if table.results is None else len(table.results),
    )


def clock(table: Table) -> Clock:
    return read_clock(
        table.data.clock,
        table.data.players,
        table.data.started_at,
        table.data.moves,
        table.to_move_at,
        table.people(),
        time.time(),
    )
