"""People: profiles, ratings, leaderboards, friends and presence (docs/PROTOCOL.md,
"People"; docs/RATINGS.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response

from vaka.core.errors import UnknownGame
from vaka.server.deps import CurrentUser, MaybeUser, Service
from vaka.server.friends import Friends
from vaka.server.messages import ErrorMessage
from vaka.server.people_messages import Friend, Leader, PersonRatings, Profile
from vaka.server.profiles import Profiles
from vaka.server.routes.games import offered_games

router = APIRouter(prefix="/api", tags=["people"])
SIGNED_IN: dict[int | str, dict[str, Any]] = {401: {"model": ErrorMessage}}
#: A person's id (the path of their profile).
PersonId = Annotated[str, Path(min_length=1, max_length=16)]
#: A presence page's id: made by the page itself.
Page = Annotated[str, Path(min_length=8, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
MIN_GAMES = 5  # rated games to be on a leaderboard, unless asked otherwise


@router.get("/people/{user_id}")
async def profile(user_id: PersonId, svc: Service, me: MaybeUser) -> Profile:
    """A person's profile: their games, wins and rating per game, their recent finished
    tables and their tables in progress (whose turn it is); a private table only on your
    own. 404 for nobody, or for a deleted account."""
    return await Profiles(svc).profile(user_id, me.id if me is not None else None)


@router.get("/ratings")
async def ratings(
    svc: Service,
    ids: Annotated[str, Query(max_length=16 * 64 + 63, description="ids, comma-separated")],
) -> list[PersonRatings]:
    """The shown ratings of up to 64 people (``ids``, comma-separated), per game they
    have played rated games of; ids of nobody (or of deleted accounts) are left out."""
    asked = [i for i in ids.split(",") if i][:64]
    return await Profiles(svc).ratings(asked)


@router.get("/leaderboards/{game}")
async def leaderboard(
    game: Annotated[str, Path(max_length=32)],
    svc: Service,
    min_games: Annotated[int, Query(ge=1, le=10_000)] = MIN_GAMES,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> list[Leader]:
    """A game's leaderboard: people with at least ``min_games`` rated games, by shown
    rating (then more games played)."""
    if game not in offered_games():
        raise UnknownGame(game, offered_games())
    return await Profiles(svc).leaderboard(game, min_games, limit, offset)


@router.get("/friends", responses=SIGNED_IN)
async def friends(me: CurrentUser, svc: Service) -> list[Friend]:
    """Your friends; for those who count you a friend too, whether they are online."""
    return await Friends(svc.store).of(me.id)


@router.put("/friends/{user_id}", responses=SIGNED_IN)
async def add_friend(user_id: PersonId, me: CurrentUser, svc: Service) -> list[Friend]:
    """Count someone a friend (again: nothing changes); your friends after."""
    book = Friends(svc.store)
    await book.add(me.id, user_id)
    return await book.of(me.id)


@router.delete("/friends/{user_id}", responses=SIGNED_IN)
async def remove_friend(user_id: PersonId, me: CurrentUser, svc: Service) -> list[Friend]:
    """Stop counting someone a friend; your friends after."""
    book = Friends(svc.store)
    await book.remove(me.id, user_id)
    return await book.of(me.id)


@router.put("/presence/{page}", status_code=204, responses=SIGNED_IN)
async def here(page: Page, me: CurrentUser, svc: Service) -> Response:
    """A page of yours is open (``page``: an id it made, 8-32 of ``A-Za-z0-9_-``): say so
    when it opens and every 30 seconds; you count as online while one has said so within
    75 seconds."""
    await Friends(svc.store).here(me.id, page)
    return Response(status_code=204)


@router.delete("/presence/{page}", status_code=204, responses=SIGNED_IN)
async def gone(page: Page, me: CurrentUser, svc: Service) -> Response:
    """A page of yours closed."""
    await Friends(svc.store).gone(me.id, page)
    return Response(status_code=204)
