"""What a table shows: its public summary, and one seat's (or a spectator's) state.

Views come from the engine's ``view``: nothing here decides what a seat may know.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vaka.core.game import Game, Scoreboard
from vaka.core.registry import load
from vaka.core.words import display_names, shown_name
from vaka.i18n import SOURCE, _, current, ngettext, number, using
from vaka.i18n.said import Said, say
from vaka.server.clocks import Clock, read_clock
from vaka.server.endings import Ending, ending_of
from vaka.server.messages import (
    ChatLine,
    Choice,
    Clocks,
    ClockSpec,
    RatingChange,
    Rival,
    Scores,
    SeatSummary,
    TableState,
    TableSummary,
)
from vaka.server.store import TableData
from vaka.server.table import Table

if TYPE_CHECKING:
    from vaka.server.results import Result

CHAT_KEPT = 100  # chat lines sent with a table's state
SAID_KEPT = 4  # the languages (with the seats' names) a table's log is kept said in
#: How long a pushed state of a table with a clock may be sent again (its times age).
CLOCK_FRESH = 0.2  # seconds


def summary(table: Table) -> TableSummary:
    """A table's public summary, from memory."""
    data = table.data
    return summary_of(
        data,
        table.version,
        list(table.state.to_move) if data.status == "playing" else [],
        table.left,
        ending_of(table),
        table.results or (),
    )


def summary_of(
    data: TableData,
    version: int,
    to_move: list[int],
    left: Mapping[int, str],
    ending: Ending | None,
    results: Sequence[Result],
) -> TableSummary:
    """A table's public summary from what is stored of it (a finished table's game need
    not be replayed for it: its ending is enough)."""
    game = load(data.game)
    return TableSummary(
        id=data.id,
        game=data.game,
        game_name=game.name,
        players=data.players,
        options=data.options,
        clock=ClockSpec(**data.clock),
        policy=data.policy,
        status=data.status,  # type: ignore[arg-type]
        version=version,
        seats=[
            SeatSummary(
                seat=s.seat,
                kind=s.kind,  # type: ignore[arg-type]
                name=s.name,
                level=s.level,
                left=left.get(s.seat),  # type: ignore[arg-type]
                user=s.user_id,
            )
            for s in data.seats
        ],
        to_move=to_move,
        created_at=data.created_at,
        winners=list(ending.winners) if ending else None,
        scores=list(ending.scores) if ending else None,
        breakdown=list(ending.breakdown) if ending else None,
        categories={k: game.category(k) for b in ending.breakdown for k in b} if ending else None,
        lost=sorted(s for s in left if data.policy == "lose"),
        names=seat_names(data),
        result=result(seat_names(data), ending) if ending else None,
        ratings=[
            RatingChange(seat=r.seat, before=r.before, after=r.after)
            for r in results
            if r.before is not None and r.after is not None
        ],
        rated=data.rated,
        private=data.private,
    )


def names(table: Table) -> list[str]:
    """The names the table shows for its seats (see ``vaka.core.words.display_names``),
    in the reader's language: a bot's stored name is the English one."""
    return seat_names(table.data)


def seat_names(data: TableData) -> list[str]:
    """:func:`names` from the table's stored data."""
    return display_names([shown_name(s.name, s.level) for s in data.seats])


def result(called: list[str], ending: Ending) -> str:
    """Who won the finished game and by how much, in words with the table's names, in
    the current language."""
    scores, winners = ending.scores, ending.winners
    if ending.rival is not None and len(scores) == 1:
        (rival, theirs), mine = ending.rival, scores[0]
        if winners:
            return _("{winner} beat {loser}: {margin}").format(
                winner=called[0], loser=rival, margin=_margin(mine, theirs)
            )
        return _("{winner} beat {loser}: {margin}").format(
            winner=rival, loser=called[0], margin=_margin(theirs, mine)
        )
    if not winners:
        return _("Nobody won")
    who = _(" and ").join(called[w] for w in winners)
    rest = [scores[s] for s in range(len(scores)) if s not in winners]
    best = scores[winners[0]]
    if len(winners) > 1:
        return _("{who} shared the win with {points}").format(who=who, points=_points(best))
    if not rest:
        return _("{who} won with {points}").format(who=who, points=_points(best))
    return _("{who} won: {margin}").format(who=who, margin=_margin(best, max(rest)))


def _margin(a: float, b: float) -> str:
    if a - b:
        gap = a - b
        n = int(gap) if float(gap).is_integer() else 2  # a fraction takes the plural
        by = ngettext("by {n} point ({mine} to {theirs})", "by {n} points ({mine} to {theirs})", n)
        return by.format(n=_num(gap), mine=_num(a), theirs=_num(b))
    return _("on the tie-break, level on points ({mine} to {theirs})").format(
        mine=_num(a), theirs=_num(b)
    )


def _num(x: float) -> str:
    whole = float(x).is_integer()
    if current() == SOURCE:
        return str(int(x)) if whole else f"{x:.1f}"
    return number(x, 0 if whole else 1)


def _points(x: float) -> str:
    n = int(x) if float(x).is_integer() else 2  # a fraction takes the plural
    return ngettext("{n} point", "{n} points", n).format(n=_num(x))


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


@dataclass
class Shown:
    """One seat's state as built after a change, and its JSON for each log start asked."""

    made_from: Hashable
    at: float  # time.monotonic() when built
    state: TableState
    texts: dict[int, str] = field(default_factory=dict)  # log_from -> JSON
    #: what a state a socket had is known by (``_known_as``) -> where this push's log
    #: starts for it (the state itself is not kept: an old view would stay in memory)
    starts: dict[tuple[Any, ...], int] = field(default_factory=dict)


def pushed(table: Table, seat: int | None, had: TableState | None = None) -> tuple[str, TableState]:
    """The JSON pushed to ``seat`` (None: a spectator) on a socket that was last sent
    ``had`` (None: nothing yet), and the state it stands for (the socket's next ``had``),
    in the socket's language (the current one).

    The state is built once after each change and shared by that seat's sockets of one
    language, so a hundred spectators cost one view. Its log carries only the entries
    the socket has not had (``log_from``), unless the ones it had may read differently
    now."""
    made_from = _made_from(table)
    now = time.monotonic()
    key = (seat, current())
    kept = table.shown.get(key)
    if (
        kept is None
        or kept.made_from != made_from
        or (table.data.clock.get("kind", "none") != "none" and now - kept.at >= CLOCK_FRESH)
    ):
        kept = table.shown[key] = Shown(made_from, now, snapshot(table, seat))
    state = kept.state
    start = 0
    if had is not None:
        known = _known_as(had)
        start = kept.starts.get(known, -1)
        if start < 0:
            start = kept.starts[known] = log_start(table, had, state)
    text = kept.texts.get(start)
    if text is None:
        if start:
            view = dict(state.view, log=state.view["log"][start:])
            part = state.model_copy(update={"view": view, "log_from": start})
            text = part.model_dump_json()
        else:
            text = state.model_dump_json()
        kept.texts[start] = text
    return text, state


def _known_as(had: TableState) -> tuple[Any, ...]:
    """All that :func:`log_start` reads of a state a socket had: the seat, the version
    and the log's length stand for its log (an undo or the end, which may reword the log,
    makes a new version)."""
    return (had.seat, had.version, had.view.get("is_over"), len(had.view["log"]))


def log_start(table: Table, had: TableState, now: TableState) -> int:
    """How many of the log entries in ``had`` (the last state a socket was sent, its log
    whole) a push of ``now`` may leave out: all of them if they are still the first
    entries of the log, word for word, and nothing since may have rewritten them (an
    undo, the game's end, which describes every entry anew); else none."""
    old, new = had.view["log"], now.view["log"]
    if (
        had.seat != now.seat
        or had.version > now.version
        or had.view.get("is_over") != now.view.get("is_over")
        or len(old) > len(new)
        or any(m.kind == "undo" for m in table.since(had.version))
        or new[: len(old)] != old
    ):
        return 0
    return len(old)


def _summary(table: Table) -> TableSummary:
    """The table's summary, built once per change and language for every seat's state
    (its words, the result, are in the reader's language)."""
    made_from = _made_from(table)
    lang = current()
    kept = table.summarized.get(lang)
    if kept is None or kept[0] != made_from:
        kept = table.summarized[lang] = (made_from, summary(table))
    return kept[1]


def _made_from(table: Table) -> Hashable:
    """Everything a snapshot reads that can change, but the time: the version stands for
    the game (every move, undo, resignation and timeout is a new one)."""
    data = table.data
    return (
        table.version,
        data.status,
        len(data.chat),
        tuple((s.kind, s.name, s.level) for s in data.seats),
        tuple(sorted(table.left.items())),
        tuple(sorted(s for s, n in table.present.items() if n > 0)),
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
