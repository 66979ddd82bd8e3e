"""Playing a run's games on a Ray cluster (``pip install vaka[ray]``).

The games are cut into the same kind of chunks as with worker processes and sent as Ray
tasks; results are kept by chunk start, so game ``i`` still depends only on the run's seed
and ``i``, and a run gives the same result as ``--jobs N``. A task whose worker dies is run
again by Ray (``max_retries``), and its chunk is counted once, when its result arrives.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from vaka.sim.match import MatchResult

#: How often Ray runs a chunk again whose worker died (a lost node, an out-of-memory kill).
RETRIES = 3


def play_on_ray(
    play_chunk: Callable[..., list[MatchResult]],
    args: tuple[Any, ...],
    bounds: Sequence[tuple[int, int]],
    progress: Callable[[int], None] | None,
    address: str | None = None,
) -> list[MatchResult]:
    """Every chunk ``play_chunk(*args[:3], start, stop, *args[3:])`` as a Ray task, the
    results in game order. Joins the Ray of this process if there is one, else starts or
    joins one at ``address`` (None: a local Ray on this machine; ``auto``: the cluster this
    machine belongs to; ``ray://host:port``: a remote cluster through Ray Client)."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError("the ray backend needs Ray: pip install 'vaka[ray]'") from exc
    started = False
    if not ray.is_initialized():
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
        started = True
    try:
        task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(play_chunk)
        head, tail = args[:3], args[3:]
        pending = {task.remote(*head, start, stop, *tail): start for start, stop in bounds}
        chunks: dict[int, list[MatchResult]] = {}
        done = 0
        try:
            while pending:
                finished, _ = ray.wait(list(pending), num_returns=1)
                for ref in finished:
                    start = pending.pop(ref)
                    chunks[start] = ray.get(ref)
                    done += len(chunks[start])
                    if progress is not None:
                        progress(done)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        return [m for start in sorted(chunks) for m in chunks[start]]
    finally:
        if started:
            ray.shutdown()
