"""A server's limits on what clients may ask, as ``vaka serve`` sets them (kept apart from
the service's modules so that the command line reads the defaults without loading them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """A server's settings for what clients may ask (``vaka serve`` options; 0: no limit).
    Each open or playing table holds its game in memory (tens of kilobytes)."""

    max_tables: int = 5000  # open and playing, all processes on the database together
    tables_per_minute: float = 30.0  # made from one address, on average...
    table_burst: float = 60.0  # ...with bursts up to this many
    #: Sign-ups, log-ins and password checks: from one address, on average a minute...
    tries_per_minute: float = 20.0
    tries_burst: float = 30.0  # ...with bursts up to this many;
    #: and for one name (whether or not an account has it), on average a minute...
    name_tries_per_minute: float = 5.0
    name_tries_burst: float = 10.0  # ...with bursts up to this many
    #: seconds a turn-based table gives a move at the least (an hour; tests ask for less)
    shortest_turn: float = 3600.0
