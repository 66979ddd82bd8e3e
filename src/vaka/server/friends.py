"""Friends, and who of them is online now.

A person counts someone a friend by adding them (one way); when both have added each other
each sees whether the other is online. Presence is per page, kept in the database so that
every process sharing it agrees: a signed-in vaka page says "here" when it opens and every
``HEARTBEAT`` seconds, and "gone" when it closes; a person is online while a page of theirs
was heard from within ``FRESH`` seconds (a page that died without a word drops out then).
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from vaka.server.errors import NotFound, Refused
from vaka.server.people_messages import Friend
from vaka.server.people_rows import FriendRow, PresenceRow
from vaka.server.store import Store, UserRow

HEARTBEAT = 30.0  # seconds between a page's "here"
FRESH = 75.0  # seconds: a page not heard from for longer is taken as closed
MAX_FRIENDS = 500
MAX_PAGES = 50  # open pages per person counted at once


class Friends:
    def __init__(self, store: Store) -> None:
        self.store = store

    def _insert(self) -> Any:
        """The dialect's INSERT (with its ON CONFLICT clauses)."""
        return pg_insert if self.store.is_postgres else sqlite_insert

    async def add(self, user_id: str, friend_id: str) -> None:
        if friend_id == user_id:
            raise Refused("you are your own friend already")
        async with self.store.writing(), self.store.sessions.begin() as s:
            friend = await s.get(UserRow, friend_id) if 0 < len(friend_id) <= 16 else None
            if friend is None or friend.deleted_at is not None:
                raise NotFound(f"there is nobody {friend_id!r} to add")
            count = await s.scalar(
                select(func.count()).select_from(FriendRow).where(FriendRow.user_id == user_id)
            )
            if (count or 0) >= MAX_FRIENDS:
                raise Refused(f"{MAX_FRIENDS} friends at most")
            await s.execute(
                self._insert()(FriendRow)
                .values(user_id=user_id, friend_id=friend_id, at=time.time())
                .on_conflict_do_nothing(index_elements=["user_id", "friend_id"])
            )

    async def remove(self, user_id: str, friend_id: str) -> None:
        async with self.store.writing(), self.store.sessions.begin() as s:
            await s.execute(
                delete(FriendRow).where(
                    FriendRow.user_id == user_id, FriendRow.friend_id == friend_id
                )
            )

    async def of(self, user_id: str) -> list[Friend]:
        """The person's friends (deleted accounts left out), online ones first."""
        async with self.store.sessions() as s:
            rows = (
                await s.execute(
                    select(UserRow.id, UserRow.name)
                    .join(FriendRow, FriendRow.friend_id == UserRow.id)
                    .where(FriendRow.user_id == user_id, UserRow.deleted_at.is_(None))
                )
            ).all()
            ids = [r[0] for r in rows]
            back = set(
                (
                    await s.scalars(
                        select(FriendRow.user_id).where(
                            FriendRow.friend_id == user_id, FriendRow.user_id.in_(ids)
                        )
                    )
                ).all()
            )
            here = set(
                (
                    await s.scalars(
                        select(PresenceRow.user_id)
                        .where(
                            PresenceRow.user_id.in_(list(back)),
                            PresenceRow.seen_at > time.time() - FRESH,
                        )
                        .distinct()
                    )
                ).all()
            )
        friends = [
            Friend(id=i, name=name, mutual=i in back, online=(i in here) if i in back else None)
            for i, name in rows
        ]
        return sorted(friends, key=lambda f: (not f.online, not f.mutual, f.name.casefold()))

    async def here(self, user_id: str, page: str) -> None:
        """A page of the person's is open (said when it opens, then every HEARTBEAT)."""
        now = time.time()
        async with self.store.writing(), self.store.sessions.begin() as s:
            count = await s.scalar(
                select(func.count())
                .select_from(PresenceRow)
                .where(PresenceRow.user_id == user_id, PresenceRow.seen_at > now - FRESH)
            )
            known = await s.get(PresenceRow, (user_id, page))
            if known is None and (count or 0) >= MAX_PAGES:
                raise Refused(f"{MAX_PAGES} open pages at most")
            await s.execute(
                self._insert()(PresenceRow)
                .values(user_id=user_id, page=page, seen_at=now)
                .on_conflict_do_update(index_elements=["user_id", "page"], set_={"seen_at": now})
            )
            # pages long gone, anyone's: the table stays as small as the pages open
            await s.execute(delete(PresenceRow).where(PresenceRow.seen_at < now - 10 * FRESH))

    async def gone(self, user_id: str, page: str) -> None:
        """A page of the person's closed."""
        async with self.store.writing(), self.store.sessions.begin() as s:
            await s.execute(
                delete(PresenceRow).where(PresenceRow.user_id == user_id, PresenceRow.page == page)
            )
