"""How a finished table ended, kept with it in storage: who won, the scores, who left.

A finished game never changes, and its summary (the lobby's "Finished" list, a person's
tables) needs only these few facts besides the table's row and seats. Kept once, when the
table is first seen over, they let such lists be made in two queries instead of loading
and replaying every game listed (about 30 ms a game for Atua, all of it on the event
loop). Everything kept is a number or a seat: the words are made from it in the reader's
language when shown.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from vaka.server.table import Table


@dataclass(frozen=True)
class Ending:
    """The end of one finished table."""

    version: int  # the table's version at its end (its last event)
    winners: tuple[int, ...]  # the seats that won (seats counted as lost left out)
    scores: tuple[float, ...]
    breakdown: tuple[dict[str, float], ...]  # each seat's score by category
    left: dict[int, str]  # seat -> "resign" or "timeout": seats a bot took over
    #: an opponent that holds no seat (Atua's Tahuma), as (name, final score)
    rival: tuple[str, float] | None = None

    @classmethod
    def of(cls, table: Table) -> Ending:
        """The ending of a table whose game is over."""
        state, data = table.state, table.data
        assert state.is_over
        lost = set(table.left) if data.policy == "lose" else set()
        board = table.game.scoreboard(state.view(None))
        rival = board.rivals[0] if board is not None and board.rivals else None
        return cls(
            version=table.version,
            winners=tuple(w for w in state.winners() if w not in lost),
            scores=tuple(float(x) for x in state.scores()),
            breakdown=tuple({k: float(v) for k, v in b.items()} for b in state.breakdown()),
            left=dict(table.left),
            rival=(rival[0], float(rival[1])) if rival is not None else None,
        )

    def dumps(self) -> str:
        return json.dumps(
            {
                "version": self.version,
                "winners": self.winners,
                "scores": self.scores,
                "breakdown": self.breakdown,
                "left": {str(s): why for s, why in self.left.items()},
                "rival": self.rival,
            }
        )

    @classmethod
    def loads(cls, text: str) -> Ending:
        d: dict[str, Any] = json.loads(text)
        rival = d.get("rival")
        return cls(
            version=int(d["version"]),
            winners=tuple(d["winners"]),
            scores=tuple(d["scores"]),
            breakdown=tuple(d["breakdown"]),
            left={int(s): why for s, why in d["left"].items()},
            rival=(str(rival[0]), float(rival[1])) if rival else None,
        )


def ending_of(table: Table) -> Ending | None:
    """How the table ended (None while it is played): the ending kept with it once there
    is one, else made from its game."""
    if not table.state.is_over:
        return None
    if table.data.ending is not None:
        return Ending.loads(table.data.ending)
    return Ending.of(table)
