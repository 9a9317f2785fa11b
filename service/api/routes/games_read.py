"""The read-model endpoints of ``/v1/games``, served from ``projections/``.

- ``GET /v1/games``: the directors' index (officials and the tribunal, with a token for every game);
- ``GET /v1/games/{id}/scoresheet`` (JSON; ``?format=txt|html`` for the printable sheet);
- ``GET /v1/games/{id}/settlement``;
- ``GET /v1/games/{id}/state?at=N``: the board, racks, bag, scores and clocks after event N.

A read of one game first waits, at most ``ServiceSettings.read_wait_seconds``, until the read
models show the version the store holds now, so a tablet that reads right after its command sees
its own write; if the projector is slower than that, the read answers with what it has, and its
``version`` says which version that is.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, PlainTextResponse

from domain.errors import msg, word
from domain.notation import normalise
from projections import queries
from projections.replay import VersionNotFound, state_at
from service.api.common.routing import operation_id
from service.principal import Principal
from service.game.application import GameNotFound
from service.trust.attest import round_seal_of
from service.api.common.deps import CurrentPrincipal, GameIdPath, GamesDep, ReaderDep
from service.api.common.errors import ApiError, forbidden, text_of
from service.api.schemas.read import GameIndex, GameStatusView, ReplayState, Scoresheet, Settlement
from service.api.common.responses import errors
from service.api.common.store_reads import bounded
from service.game.views import overdraw_seen_by

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/games", tags=["games"])
INDEX_ROLES = ("director", "arbiter", "tribunal")


async def index_reader(who: CurrentPrincipal) -> Principal:
    """Directors, arbiters and the tribunal with a token for every game."""
    if who.role not in INDEX_ROLES or who.game_id is not None:
        raise forbidden(msg("api.token_may_not_list", role=word("role", who.role)))
    return who


IndexReader = Annotated[Principal, Depends(index_reader)]


def _fresh(request: Request, games: Any, game_id: UUID) -> None:
    """Wait (bounded) until the read models show the game's current version; GameNotFound if none."""
    version = games.stored_version(game_id)  # one indexed read; no copy of the game
    if not version:
        raise GameNotFound(game_id)
    request.app.state.projector.wait_for(game_id, version, request.app.state.settings.read_wait_seconds)


def not_settled(game_id: UUID) -> ApiError:
    return ApiError(404, "not_settled", msg("api.game_has_no_settlement", game_id=game_id), field="game_id")


@router.get("", response_model=GameIndex, responses=errors(400, 401, 403, 503))
async def list_games(
    request: Request, who: IndexReader,
    event: Annotated[str | None, Query(max_length=200, description="The event, exactly.")] = None,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
    table: Annotated[str | None, Query(min_length=1, max_length=20, description="A table number or label.")] = None,
    player: Annotated[str | None, Query(min_length=1, max_length=80,
                                        description="Any part of a player's name, any case.")] = None,
    status: Annotated[Literal["in_progress", "ended", "closed"] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> Any:
    """Games by event, round, table, player and status, for directors (from the read models)."""
    store = request.app.state.read_store
    event, player = (None if v is None else normalise(v) for v in (event, player))  # names as stored: NFC
    games = await bounded(queries.index, store, event=event, round=round, table=table, player=player,
                                    status=status, limit=limit, offset=offset)
    return {"games": games, "count": len(games), "limit": limit, "offset": offset}


@router.get("/{game_id}/scoresheet", response_model=Scoresheet, responses={
    **errors(400, 401, 403, 404, 503),
    200: {"content": {"text/plain": {"schema": {"type": "string"}, "example": "Open de Madrid · ronda 3 · mesa 12\n"
                                                                          "Ana García  1  C\u0332H\u0332OZA  H7  34  34\n"},
                      "text/html": {"schema": {"type": "string"}, "example": "<!doctype html><html lang=\"es\">..."}},
          "description": "Each player's sheet: JSON, or with `format=txt|html` the printable federation sheet."}})
async def read_scoresheet(request: Request, game_id: GameIdPath, games: GamesDep, who: ReaderDep,
                          format: Annotated[Literal["json", "txt", "html"], Query(
                              description="json (default), txt or html.")] = "json") -> Any:
    """Each player's scoresheet in federation notation, the end of game, the signatures."""
    await bounded(_fresh, request, games, game_id)
    store = request.app.state.read_store
    if format == "txt":
        text = await bounded(queries.scoresheet_text, store, game_id)
        return PlainTextResponse(_found(text, game_id))
    if format == "html":
        key = games.service_key
        sealed = None if key is None else await bounded(round_seal_of, games, game_id)
        page = await bounded(queries.scoresheet_html, store, game_id, None if key is None else key.fingerprint, sealed)
        return HTMLResponse(_found(page, game_id))
    return _found(await bounded(queries.scoresheet, store, game_id), game_id)


@router.get("/{game_id}/settlement", response_model=Settlement, responses=errors(400, 401, 403, 404, 503))
async def read_settlement(request: Request, game_id: GameIdPath, games: GamesDep, who: ReaderDep) -> Any:
    """The end of the game: cause, each player's final score and its parts, winner, spread (404 before the end)."""
    await bounded(_fresh, request, games, game_id)
    found = await bounded(queries.settlement, request.app.state.read_store, game_id)
    if found is None:
        raise not_settled(game_id)
    return found


@router.get("/{game_id}/status", response_model=GameStatusView, responses=errors(400, 401, 403, 404, 503))
async def read_status(request: Request, game_id: GameIdPath, games: GamesDep, who: ReaderDep) -> Any:
    """In progress, waiting (for what and whom), ended, signed by whom, closed, reopened; the next actions."""
    await bounded(_fresh, request, games, game_id)
    status = _found(await bounded(queries.status, request.app.state.read_store, game_id), game_id)
    return dict(status, overdraw=overdraw_seen_by(status.get("overdraw"), who))


@router.get("/{game_id}/state", response_model=ReplayState, responses=errors(400, 401, 403, 404, 503))
async def read_state_at(request: Request, game_id: GameIdPath, games: GamesDep, who: ReaderDep,
                        at: Annotated[int | None, Query(ge=1, le=1_000_000, description="The event number "
                                                        "(version) to stop after; the latest when left out.")] = None,
                        ) -> Any:
    """The board, racks, bag, scores and clocks as they stood after event `at` (replay, for disputed games).

    Rack tiles only for those who may see that rack (as in the game's state); counts for everyone.
    """
    try:
        frame = await bounded(state_at, games, game_id, at, store=request.app.state.read_store)
    except VersionNotFound as err:
        raise ApiError(404, "version_not_found", text_of(err), field="at") from None
    frame = dict(frame, game_id=str(game_id))
    frame["racks"] = [dict(r, known=r["known"] if who.sees_rack(r["seat"]) else None) for r in frame["racks"]]
    return frame


def _found(value: Any, game_id: UUID) -> Any:
    if value is None:  # the game exists (checked above) but the read models have not reached it yet
        raise ApiError(404, "not_projected", msg("api.game_not_read_models", game_id=game_id),
                       field="game_id")
    return value
