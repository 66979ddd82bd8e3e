"""Rebuilding a game from its record, and reading and writing record files."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vaka.core.errors import InvalidOptions, InvalidRecord, UnknownGame, VakaError
from vaka.core.registry import load
from vaka.core.state import RECORD_FORMAT, RECORD_VERSION, State
from vaka.i18n import _


def replay(record: Mapping[str, Any], upto: int | None = None) -> State:
    """The state a record describes (after its first ``upto`` actions, if given).

    Every field is checked: a damaged record raises :class:`InvalidRecord` saying where.
    """
    if not isinstance(record, Mapping):
        raise InvalidRecord(_("a game record must be a JSON object"))
    if record.get("format") != RECORD_FORMAT:
        raise InvalidRecord(
            _("not a vaka game record (format should be {format})").format(
                format=repr(RECORD_FORMAT)
            )
        )
    if record.get("version") != RECORD_VERSION:
        raise InvalidRecord(
            _("unsupported record version {version}").format(version=repr(record.get("version")))
        )
    missing = [k for k in ("game", "players", "seed", "options", "actions") if k not in record]
    if missing:
        raise InvalidRecord(_("the record lacks {fields}").format(fields=", ".join(missing)))
    options = record["options"]
    actions = record["actions"]
    if not isinstance(options, dict) or not isinstance(actions, list):
        raise InvalidRecord(_("options must be an object and actions a list"))
    try:
        game = load(record["game"])
        state = game.new_state(record["players"], record["seed"], **options)
    except (UnknownGame, InvalidOptions) as exc:
        raise InvalidRecord(str(exc)) from exc
    for step, entry in enumerate(actions[:upto] if upto is not None else actions, 1):
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str):
            raise InvalidRecord(
                _("action {n} should be [seat, text], not {entry}").format(
                    n=step, entry=repr(entry)
                )
            )
        try:
            state.apply(entry[0], entry[1])
        except VakaError as exc:
            raise InvalidRecord(
                _("action {n} ({action} by seat {seat}): {reason}").format(
                    n=step, action=repr(entry[1]), seat=repr(entry[0]), reason=exc
                )
            ) from exc
    return state


def save_record(state: State, path: str | Path) -> Path:
    """Write a state's record as JSON; returns the path written."""
    path = Path(path)
    path.write_text(record_text(state.record()), encoding="utf-8")
    return path


def record_text(record: Mapping[str, Any]) -> str:
    """A record as JSON that reads well: one line per field, one line per action."""
    head = json.dumps({k: v for k, v in record.items() if k != "actions"}, indent=1)
    actions = ",\n  ".join(json.dumps(a, ensure_ascii=False) for a in record["actions"])
    return f'{head[:-2]},\n "actions": [\n  {actions}\n ]\n}}\n'


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file (JSON); unreadable or non-JSON files raise InvalidRecord."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise InvalidRecord(
            _("cannot read a game record from {file}: {error}").format(file=path, error=exc)
        ) from exc
    if not isinstance(data, dict):
        raise InvalidRecord(_("{file} does not hold a game record").format(file=path))
    return data
