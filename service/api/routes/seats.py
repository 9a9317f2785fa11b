"""Binding a tablet to a seat: an official issues a seat code (and its QR); the tablet binds with it.

``POST /v1/games/{id}/seats/{seat}/code`` (arbiter or director), ``GET /v1/seat-codes/{code}/qr.svg``
(no token: the code is the secret), ``POST /v1/bind`` (no token: the code is the credential). A
code works once and expires; the binding issues a player token for the seat and records
``DeviceBound`` on the game (docs/tablet-conformity.md).
"""

from __future__ import annotations

import io
import logging
from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Body, Path, Query, Request, Response
from fastapi.concurrency import run_in_threadpool

from domain.errors import msg, word
from service.api.common.routing import operation_id
from service.access.binding import CodeGone, CodeNotFound
from service.access.seat_codes import normalise
from service.api.middleware.body_limit import MAX_BODY_BYTES
from service.api.commands.base import key_value
from service.api.common.deps import CurrentPrincipal, GameIdPath, GamesDep, principal_of, reader
from service.api.routes.games import read_game
from service.api.routes.games_read import read_scoresheet
from service.api.common.errors import ApiError, forbidden, text_of
from service.api.common.responses import errors
from service.api.schemas.read import BoundTablet
from service.api.schemas.seat import BindRequest, SeatCodeIssued, SeatCodeRequest

log = logging.getLogger("planilla.api")  # the HTTP layer's own (service/api/common/errors.py)
router = APIRouter(generate_unique_id_function=operation_id, tags=["seats"])
SeatPath = Annotated[int, Path(ge=0, le=7, description="The seat, from 0 in seat order.")]
CodePath = Annotated[str, Path(min_length=1, max_length=20, description="The seat code (ABCD-EFGH).")]


def origin(request: Request) -> str:
    """Where this service was reached (scheme, host, port; the root path), without a trailing slash."""
    return str(request.base_url).rstrip("/")


def bind_url(request: Request, code: str) -> str:
    """The tablet page that binds with ``code`` (the code in the fragment: never in a request line or a log)."""
    return f"{origin(request)}/tablet#bind={code}"


def _refused(err: Exception) -> ApiError:
    if isinstance(err, CodeGone):
        return ApiError(410, "seat_code_gone", text_of(err), field="code")
    return ApiError(404, "seat_code_not_found", text_of(err), field="code")


@router.post("/v1/games/{game_id}/seats/{seat}/code", status_code=201, response_model=SeatCodeIssued,
             responses=errors(400, 401, 403, 404, 413, 422, 423), max_body_size=MAX_BODY_BYTES)
async def issue_seat_code(game_id: GameIdPath, seat: SeatPath, request: Request, games: GamesDep,
                          who: CurrentPrincipal,
                          body: Annotated[SeatCodeRequest | None, Body(examples=[{"minutes": 30}])] = None) -> Any:
    """Issue a single-use code (and its QR) that binds one tablet to this seat (arbiters and directors)."""
    if not who.official:
        raise forbidden(msg("api.token_may_not_issue", role=word("role", who.role)))
    if not who.may_read(game_id):
        raise forbidden(msg("api.this_token_bound_another"), field="game_id")
    minutes = (body or SeatCodeRequest()).minutes
    code, record, player = await run_in_threadpool(games.issue_seat_code, game_id, seat, who.actor(), minutes)
    qr_url = f"{origin(request)}/v1/seat-codes/{code}/qr.svg"
    return {"code": code, "bind_url": bind_url(request, code), "qr_url": qr_url,
            "expires_at": record.expires_at, "game_id": str(game_id), "seat": seat, "player": player}


@router.get("/v1/seat-codes/{code}/qr.svg", response_class=Response, responses={
    200: {"content": {"image/svg+xml": {"schema": {"type": "string"}, "example": '<svg xmlns="http://www.w3.org/2000/'
                                                                                     'svg" …>…</svg>'}},
          "description": "The QR code of the binding address, as SVG."},
    **errors(400, 404, 410)})
async def seat_code_qr(code: CodePath, request: Request, games: GamesDep) -> Response:
    """The QR code of the page that binds a tablet with this code (no token: whoever holds the code may bind)."""
    try:
        await run_in_threadpool(games.seat_code, code)
    except (CodeNotFound, CodeGone) as err:
        raise _refused(err) from None
    import segno  # only when a QR is asked for

    svg = io.BytesIO()
    segno.make_qr(bind_url(request, normalise(code) or code), error="m").save(
        svg, kind="svg", scale=8, border=4, title="Planilla: bind this tablet")
    return Response(svg.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


@router.post("/v1/bind", response_model=BoundTablet, responses=errors(400, 404, 410, 413, 422, 423),
             max_body_size=MAX_BODY_BYTES)
async def bind(body: BindRequest, games: GamesDep, request: Request,
               view: Annotated[Literal["game"] | None, Query(description=(
                   "`game`: the answer also carries the game's `state` and `scoresheet`, as the new token's own "
                   "reads would (a tablet's first use: one round trip, not two)."))] = None) -> Any:
    """Bind this tablet to the code's seat: a player token for that game and seat, shown once; the code is spent.

    A second device on a seat that already has one is bound too: `second_device` is true, and the game's
    state warns both tablets and the officials until a director revokes one (`POST /v1/tokens/{id}/revoke`).
    A tablet whose answer was lost sends the same request again, with the same `resume`, and gets the same answer
    (the same token; nothing new recorded) instead of 410.
    """
    try:
        bound = await run_in_threadpool(games.bind, body.code, body.device,
                                        None if body.public_key is None else key_value(body.public_key), body.resume)
    except (CodeNotFound, CodeGone) as err:
        raise _refused(err) from None
    answer = {"token": bound.token, "token_id": str(bound.token_id), "game_id": str(bound.game_id),
              "seat": bound.seat, "player": bound.player, "language": bound.language, "version": bound.version,
              "second_device": bound.second_device, "key_fingerprint": bound.key_fingerprint,
              "replaces_key": bound.replaces_key, "key_pending": bound.key_pending}
    if view == "game":
        try:
            answer.update(await game_of(request, games, bound.token, bound.game_id))
        except Exception:  # noqa: BLE001 (the binding is saved and its code spent: its token must reach the tablet)
            # A read that failed (a stalled store's 503, say) must not lose the binding: the answer carries no
            # state, and the page reads the game with its new token as any later read does.
            log.warning("bind: the binding of game %s seat %s is saved; its game reads failed and are left out",
                        bound.game_id, bound.seat, exc_info=True)
    return answer


async def game_of(request: Request, games: Any, token: str, game_id: UUID) -> dict[str, Any]:
    """The game's state and scoresheet as ``token`` reads them: the reads' own guard and handlers
    (``GET /v1/games/{id}``, ``GET /v1/games/{id}/scoresheet``), called with its principal."""
    who = await reader(game_id, await principal_of(games, token))
    return {"state": await read_game(game_id, games, who),
            "scoresheet": await read_scoresheet(request, game_id, games, who)}
