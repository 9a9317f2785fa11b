"""Dependencies as ``Annotated`` aliases: the application, the caller, the device, a readable game."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Depends, Header, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.security.utils import get_authorization_scheme_param

from domain.errors import msg, word
from service.access.application import ServiceApplication
from service.principal import Principal
from service.api.common.errors import forbidden, unauthorized
from service.api.common.store_reads import READ_BOUND, within
from service.store_health import StoreUnavailable

bearer = HTTPBearer(auto_error=False, description="A token from game creation, `POST /v1/tokens` or "
                                                  "`planilla token create`.")
MAX_DEVICE = 200
#: A stream's ``Last-Event-ID``: the number of the last message received (a game's version, a public stream's
#: message count), as each stream's route reads it.
LAST_EVENT_ID = r"^[0-9]{1,12}$"


# Dependencies are ``async def``: FastAPI runs a plain ``def`` dependency in the thread pool, one hop
# per dependency per request, which cost more than the command itself (bench/README.md).


async def get_games(request: Request) -> ServiceApplication:
    """The application the app was created with."""
    return request.app.state.games


GamesDep = Annotated[ServiceApplication, Depends(get_games)]


async def current_principal(games: GamesDep,
                            credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> Principal:
    """The caller, from ``Authorization: Bearer <token>``; 401 when missing, unknown or revoked."""
    return await principal_of(games, credentials.credentials if credentials is not None else None)


def bearer_token(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, read as ``HTTPBearer(auto_error=False)`` reads it."""
    return bearer_of(request.headers.get("Authorization"))


def bearer_of(authorization: str | None) -> str | None:
    """The token in an ``Authorization`` header's value, or None when it is not ``Bearer <token>``."""
    scheme, credentials = get_authorization_scheme_param(authorization)
    if not (authorization and scheme and credentials) or scheme.lower() != "bearer":
        return None
    return credentials


async def principal_of(games: ServiceApplication, raw: str | None) -> Principal:
    """Who the token speaks for; 401 when missing, unknown or revoked.

    A token looked up before is answered from memory (``ServiceApplication.remembered``: nearly every
    request); otherwise the store is read on a reading thread within ``READ_BOUND`` seconds
    (``service.api.common.store_reads``), so a stalled disk never holds the event loop; if it does not answer
    in time, a token known good before is still taken (``ServiceApplication.last_known``), any other
    is answered 503 ``store_stalled``.
    """
    if not raw:
        raise unauthorized()
    known, found = games.remembered(raw)
    if not known:
        try:
            found = await within(READ_BOUND, games.principal, raw)
        except StoreUnavailable:  # a stalled store: a token known good stays good (``last_known``)
            found = games.last_known(raw)
            if found is None:
                raise
    if found is None:
        raise unauthorized(msg("api.token_unknown_revoked"))
    return found


CurrentPrincipal = Annotated[Principal, Depends(current_principal)]


XDevice = Annotated[str | None, Header(max_length=MAX_DEVICE, description="The sending device (a tablet's name); "
                                      "recorded in the events. Defaults to the User-Agent.")]
UserAgent = Annotated[str | None, Header(include_in_schema=False)]


async def device(x_device: XDevice = None, user_agent: UserAgent = None) -> str | None:
    """The device recorded with the caller's events: ``X-Device``, else the User-Agent (cut to 200)."""
    return device_of(x_device, user_agent)


def device_of(x_device: str | None, user_agent: str | None) -> str | None:
    """``X-Device``, else the User-Agent, cut to 200 characters."""
    found = x_device or user_agent
    return found[:MAX_DEVICE] if found else None


DeviceDep = Annotated[str | None, Depends(device)]


async def director(who: CurrentPrincipal) -> Principal:
    """A director's token not bound to one game: creating games and issuing tokens."""
    if who.role != "director" or who.game_id is not None:
        raise forbidden(msg("api.token_may_not_do", role=word("role", who.role)))
    return who


DirectorDep = Annotated[Principal, Depends(director)]
GameIdPath = Annotated[UUID, Path(description="The game's id.", examples=["3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"])]


async def reader(game_id: GameIdPath, who: CurrentPrincipal) -> Principal:
    """Anyone whose token is bound to this game or to every game."""
    if not who.may_read(game_id):
        raise forbidden(msg("api.this_token_bound_another"), field="game_id")
    return who


ReaderDep = Annotated[Principal, Depends(reader)]
