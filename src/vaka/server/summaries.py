"""A table's public summary, and the result of a finished one in words.

Shown to anyone: in the lobby's lists, with every seat's state, in mail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from vaka.core.registry import load
from vaka.core.words import display_names, shown_name
from vaka.i18n import SOURCE, _, current, ngettext, number
from vaka.server.endings import Ending, ending_of
from vaka.server.messages import ClockSpec, RatingChange, SeatSummary, TableSummary
from vaka.server.store import TableData
from vaka.server.table import Table

if TYPE_CHECKING:
    from vaka.server.results import Result


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
