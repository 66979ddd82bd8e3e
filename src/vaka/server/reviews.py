"""Game reviews at the server: queued, judged in a worker process, kept in the database.

A review (:mod:`vaka.sim.review`) is minutes of CPU, so the service never runs one on its
event loop: reviews wait in a queue and are worked off one at a time (``workers``
processes share the decisions of the review at the front), apart from the bots' pool so
that a review never keeps a bot from moving. A review asked for again, by anyone, is the
one already made or under way: reviews are kept per table, seat and budget, in memory
(the oldest finished ones forgotten past ``keep``) and, once made, in the database, so that
a restart or another process sharing it answers with the review at once. When ``queue``
reviews are waiting, a new one is refused with :class:`Busy` rather than queued for an hour.

Decisions are seeded as ``vaka review`` seeds them (review seed 0), so a record fetched
from ``/api/tables/{id}/record`` and reviewed with ``vaka review --budget N --iterations
M`` gives the same review.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from vaka.core.state import State
from vaka.i18n import SOURCE, _, current, using
from vaka.server import review_rows
from vaka.server.errors import ServiceError
from vaka.server.messages import (
    GameReview,
    ReviewCandidate,
    ReviewedDecision,
    ReviewSeat,
    ReviewStatus,
)
from vaka.server.store import Store
from vaka.server.workers import pool, stop
from vaka.sim.review import (
    Budget,
    Decision,
    Review,
    assemble,
    decision_seed,
    plan,
    review_decision,
    turning_points,
)
from vaka.sim.review_judge import Estimate
from vaka.sim.review_words import retell

log = logging.getLogger(__name__)

#: The server's default budget: ``vaka review``'s (docs/REVIEW.md, docs/PERFORMANCE.md:
#: a typical game, every seat, in about 10 s of one core for two-player Rapa Nui, under a
#: minute for three-player Raiatea, about two minutes for two-player Atua).
DEFAULT = Budget()
SEED = 0


class Busy(ServiceError):
    """Too many reviews are waiting: ask again later."""

    code = "busy"
    status = 429


Key = tuple[str, int | None, int]  # table, seat (None: every seat), playouts


@dataclass
class Job:
    key: Key
    record: dict[str, Any]
    final: State | None  # None for a review read back from the database
    seats: tuple[int, ...]
    indices: list[int]
    budget: Budget
    status: str = "queued"
    done: list[Decision] = field(default_factory=list)
    review: GameReview | None = None
    reason: str | None = None


def judge_one(record: Mapping[str, Any], index: int, budget: Budget) -> Decision:
    """One decision of a review (runs in a worker process)."""
    return review_decision(record, index, budget, decision_seed(SEED, index))


class Reviews:
    """The queue of reviews, their worker processes and the reviews made."""

    def __init__(
        self,
        workers: int = 1,
        budget: Budget = DEFAULT,
        queue: int = 8,
        keep: int = 64,
        store: Store | None = None,
    ) -> None:
        self.workers, self.budget, self.limit, self.keep = workers, budget, queue, keep
        self.store = store  # where made reviews are kept (none: in memory only)
        self.jobs: OrderedDict[Key, Job] = OrderedDict()
        self.waiting: list[Job] = []
        self.pool: ProcessPoolExecutor | None = None  # started with the first review
        self.runner: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()
        #: made reviews in other languages than English, by key and language
        self.told: OrderedDict[tuple[Key, str], GameReview] = OrderedDict()

    async def ask(
        self, table_id: str, record: dict[str, Any], seat: int | None, playouts: int | None
    ) -> ReviewStatus:
        """Queue the review of a finished game's ``record`` (or find it made or under
        way). A bad seat is refused with a VakaError, a full queue with :class:`Busy`."""
        budget = self._budget(playouts)
        key: Key = (table_id, seat, budget.playouts)
        job = self.jobs.get(key) or await self._kept(key)
        if job is None or job.status == "failed":
            if len(self.waiting) >= self.limit:
                raise Busy(
                    _("{n} reviews are waiting already; ask again in a few minutes").format(
                        n=len(self.waiting)
                    )
                )
            final, seats, indices = plan(record, None if seat is None else [seat])
            job = Job(key, record, final, seats, indices, budget)
            self.jobs[key] = job
            self.waiting.append(job)
            self._forget()
            self._start()
            self.wake.set()
        return self.status(job)

    async def find(
        self, table_id: str, seat: int | None, playouts: int | None
    ) -> ReviewStatus | None:
        key: Key = (table_id, seat, self._budget(playouts).playouts)
        job = self.jobs.get(key) or await self._kept(key)
        return None if job is None else self.status(job)

    async def _kept(self, key: Key) -> Job | None:
        """The review made earlier (by this process before a restart, or by another),
        from the database, as a finished job."""
        if self.store is None:
            return None
        table, seat, playouts = key
        review = await review_rows.load(self.store, table, seat, playouts)
        if review is None:
            return None
        indices = [d.index for d in review.decisions]
        job = Job(key, {}, None, tuple(review.seats), indices, self._budget(playouts))
        job.status, job.review = "done", review
        self.jobs[key] = job
        self._forget()
        return job

    def status(self, job: Job) -> ReviewStatus:
        table, seat, playouts = job.key
        ahead = self.waiting.index(job) if job in self.waiting else 0
        return ReviewStatus(
            table=table,
            seat=seat,
            playouts=playouts,
            status=job.status,  # type: ignore[arg-type]
            done=len(job.indices) if job.status == "done" else len(job.done),
            total=len(job.indices),
            ahead=ahead,
            reason=job.reason,
            review=job.review,
        )

    async def in_language(
        self, status: ReviewStatus, record: Callable[[], Awaitable[dict[str, Any]]]
    ) -> ReviewStatus:
        """``status`` with its review's words (the actions, the turning points) in the
        current language: the review is kept once, in English, and its words are made
        again from the game's ``record`` (asked for only when needed) for another language,
        then kept in memory for the next reader."""
        lang = current()
        if status.review is None or lang == SOURCE:
            return status
        key: tuple[Key, str] = ((status.table, status.seat, status.playouts), lang)
        told = self.told.get(key)
        if told is None:
            english, made = status.review, await record()
            told = await asyncio.to_thread(_in, lang, english, made)
            self.told[key] = told
            while len(self.told) > self.keep:
                self.told.popitem(last=False)
        else:
            self.told.move_to_end(key)
        return status.model_copy(update={"review": told})

    def _budget(self, playouts: int | None) -> Budget:
        if playouts is None:
            return self.budget
        return dataclasses.replace(self.budget, playouts=playouts)

    def _forget(self) -> None:
        """Past ``keep`` reviews, forget the oldest finished ones."""
        for key in [k for k, j in self.jobs.items() if j.status in ("done", "failed")]:
            if len(self.jobs) <= self.keep:
                break
            del self.jobs[key]

    def _start(self) -> None:
        if self.pool is None:
            self.pool = pool(self.workers)
        if self.runner is None or self.runner.done():
            self.runner = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        while True:
            if not self.waiting:
                self.wake.clear()
                await self.wake.wait()
                continue
            job = self.waiting[0]
            job.status = "running"
            try:
                await self._work(job)
                assert job.final is not None
                review = assemble(job.record, job.final, job.seats, job.done, job.budget, SEED)
                job.review = wire(review)
                if self.store is not None:
                    await review_rows.save(self.store, job.key[0], job.key[1], job.review)
                job.status = "done"
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a worker died or the record cannot be judged
                log.exception("the review of %s failed", job.key)
                job.status, job.reason = "failed", f"the review failed: {exc}"
                if isinstance(exc, BrokenExecutor) and self.pool is not None:
                    self.pool.shutdown(wait=False, cancel_futures=True)
                    self.pool = None  # a fresh one for the next review
                    self._start()
            finally:
                self.waiting.remove(job)
                job.record = {}  # the review is kept; the record is not needed now

    async def _work(self, job: Job) -> None:
        """Judge the job's decisions, ``workers`` at a time, counting them as they come."""
        loop = asyncio.get_running_loop()
        assert self.pool is not None
        todo = list(job.indices)
        running: set[asyncio.Future[Decision]] = set()
        while todo or running:
            while todo and len(running) < self.workers:
                index = todo.pop(0)
                running.add(
                    loop.run_in_executor(self.pool, judge_one, job.record, index, job.budget)
                )
            finished, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            for future in finished:
                job.done.append(future.result())

    def close(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
        if self.pool is not None:
            stop(self.pool)


def wire(review: Review) -> GameReview:
    """A review as the wire carries it: everything the browser needs to label the moves
    and draw the graph."""
    return GameReview(
        game=review.game,
        players=review.players,
        seats=list(review.seats),
        seed=review.seed,
        playouts=review.budget.playouts,
        iterations=review.budget.iterations,
        candidates=review.budget.candidates,
        steps=len(review.actions),
        scores=list(review.scores),
        winners=list(review.winners),
        seat_reports=[
            ReviewSeat(seat=r.seat, accuracy=r.accuracy, labels=r.labels)
            for r in review.seat_reports()
        ],
        decisions=[
            ReviewedDecision(
                index=d.index,
                seat=d.seat,
                taken=d.taken,
                words=dict(d.words),
                legal=d.legal,
                label=d.label,  # type: ignore[arg-type]  # one of the labels
                loss=d.loss,
                margin_loss=d.margin_loss,
                spread=d.spread,
                by_lead=d.by_lead,
                points=d.points,
                candidates=[
                    ReviewCandidate(action=e.action, win=e.win, margin=e.margin)
                    for e in d.estimates
                ],
            )
            for d in review.decisions
        ],
        turning_points=turning_points(review),
    )


def unwire(review: GameReview) -> list[Decision]:
    """The judged decisions of a review from the wire (everything but their words)."""
    return [
        Decision(
            d.index,
            d.seat,
            d.taken,
            d.legal,
            tuple(Estimate(c.action, c.win, c.margin) for c in d.candidates),
            d.label,
            d.loss,
            d.margin_loss,
            d.spread,
            solo=review.players == 1,
            points=d.points,
            by_lead=d.by_lead,
            words=tuple(d.words.items()),
        )
        for d in review.decisions
    ]


def told_in(review: GameReview, record: Mapping[str, Any]) -> GameReview:
    """``review`` with its words made again in the current language from the game's
    ``record``; every number and label stays as judged."""
    decisions = retell(record, unwire(review))
    words = {d.index: dict(d.words) for d in decisions}
    return review.model_copy(
        update={
            "decisions": [d.model_copy(update={"words": words[d.index]}) for d in review.decisions],
            "turning_points": turning_points(decisions),
        }
    )


def _in(lang: str, review: GameReview, record: Mapping[str, Any]) -> GameReview:
    with using(lang):
        return told_in(review, record)
