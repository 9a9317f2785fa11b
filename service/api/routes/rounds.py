"""A round's seats at once, and replacing a tablet mid-game (the officials' console, issue 15).

``POST /v1/rounds/seat-codes`` issues a code (and its QR) for every seat of every open game of an event
and round in one transaction: the printable sheet at ``/seats?event=…&round=…``. Issuing again is a new
recorded act (each code is a record with who issued it and when); codes issued before stay good until
used or expired. ``GET /v1/rounds/scoresheets?event=…&round=…`` prints every sheet of the round in one
page. ``POST /v1/games/{id}/seats/{seat}/replace`` lets the seat's bound tablets go
(``SeatReleased``, their tokens refused from then on) and issues the seat a new code, in one save.
``POST /v1/rounds/round-time`` calls the round's time on every game of the round, game by game
(``service.game.round_time``: one game's refusal never stops another's call).
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Body, Query, Request, Response
from fastapi.responses import HTMLResponse
from fastapi.concurrency import run_in_threadpool

from domain.errors import DomainError, msg, word
from domain.game.errors import GameClosed
from domain.notation import normalise
from projections.queries import index, round_html
from service.api.common.routing import operation_id
from service.api.middleware.body_limit import MAX_BODY_BYTES
from service.api.common.deps import CurrentPrincipal, DeviceDep, GameIdPath, GamesDep
from service.api.common.errors import ApiError, domain_body, forbidden, not_found_body
from service.api.common.responses import errors
from service.api.schemas.round import RoundTimeCalls, RoundTimeRequest
from service.api.routes.seats import SeatPath, bind_url, origin
from service.api.schemas.seat import RoundSeatCodes, RoundSeatCodesRequest, TabletReplace, TabletReplaced
from service.api.common.store_reads import bounded
from service.game.views import STATUS, event_record
from service.game.application import Actor, GameNotFound
from service.game.round_time import RoundTimeOutcome, call_round_time_on

router = APIRouter(generate_unique_id_function=operation_id, tags=["seats"])


def _official_for_all(who: Any, what: str) -> None:
    if not who.official:
        raise forbidden(msg("api.token_may_not_arbiters", role=word("role", who.role), what=what))
    if who.game_id is not None:
        raise forbidden(msg("api.token_bound_one_game", what=what), field="round")


async def _round_games(request: Request, event: str, number: int) -> list[dict[str, Any]]:
    """The games of an event and round as the directors' index lists them, by table (404 when none). A round
    published a moment ago may not be in the read models yet (a director issuing its seat codes at once from the round
    control, on a busy hall server): when none is listed, the read models are waited for (``read_wait_seconds``)
    and read again before the refusal."""
    found = await bounded(index, request.app.state.read_store, event=event, round=number, limit=500)
    if not found:
        state = request.app.state
        if await run_in_threadpool(state.projector.wait_caught_up, state.settings.read_wait_seconds):
            found = await bounded(index, state.read_store, event=event, round=number, limit=500)
    if not found:
        raise ApiError(404, "round_not_found", msg("api.no_game_event_round", event=event, number=number), field="round")
    return found


def _issued(request: Request, code: str, record: Any, player: str, **more: Any) -> dict[str, Any]:
    """A seat code as the routes answer it: the code, where it binds, its QR, when it expires, whose seat."""
    return {"code": code, "bind_url": bind_url(request, code), "qr_url": f"{origin(request)}/v1/seat-codes/{code}/qr.svg",
            "expires_at": record.expires_at, "game_id": str(record.game_id), "seat": record.seat, "player": player,
            **more}


@router.post("/v1/rounds/seat-codes", status_code=201, response_model=RoundSeatCodes,
             responses=errors(400, 401, 403, 404, 413, 422, 503), max_body_size=MAX_BODY_BYTES)
async def issue_round_seat_codes(body: RoundSeatCodesRequest, request: Request, games: GamesDep,
                                 who: CurrentPrincipal) -> Any:
    """Issue a single-use code (and its QR) for every seat of every open game of an event and round, in one
    transaction (arbiters and directors with a token for every game): the round's printable seat sheet."""
    _official_for_all(who, msg("api.what_issue_seat_codes"))
    event = normalise(body.event)
    tables = {g["game_id"]: g for g in await _round_games(request, event, body.round)}
    issued, closed = await run_in_threadpool(games.issue_round_codes, [UUID(g) for g in tables], who.actor(),
                                             body.minutes)
    cards = [_issued(request, code, record, game.players[record.seat], table=tables[str(game.id)]["table"],
                     round=tables[str(game.id)]["round"]) for code, record, game in issued]
    left_out = [{"game_id": str(g.id), "table": tables[str(g.id)]["table"], "article": "FILE 43",
                 "reason": "closed: every player signed the sheet; no tablet is bound to it now" if g.closed else
                 "ended: no seat is bound again after GameEnded; the arbiter enters a player's act as an official "
                 "entry"} for g in closed]
    at = issued[0][1].issued_at if issued else games.clock()
    return {"event": event, "round": body.round, "issued_by": who.actor(), "issued_at": at,
            "expires_at": issued[0][1].expires_at if issued else at, "count": len(cards), "cards": cards,
            "left_out": left_out}


@router.post("/v1/rounds/round-time", response_model=RoundTimeCalls,
             responses=errors(400, 401, 403, 404, 413, 503), max_body_size=MAX_BODY_BYTES)
async def call_round_time(body: RoundTimeRequest, request: Request, games: GamesDep, who: CurrentPrincipal,
                          device: DeviceDep) -> Any:
    """The round's time is over: `call_round_time` on every game of the event and round (arbiters and directors
    with a token for every game), each game in its own save at its version now. Per game, not all or none: a
    game the rules refuse (not started: nothing to end; ended, or called already) is answered with the refusal
    and its article, a closed one is left out (FILE 43), and every other game is called. Each called game goes
    on as its profile says: FILE 30 and 44.4 equalise the turns, FISC I.11 plays the move in progress and one
    more; then it ends as the sheet stands, racks not counted."""
    _official_for_all(who, msg("api.what_call_round_time"))
    event = normalise(body.event)
    found = await _round_games(request, event, body.round)
    outcomes = await run_in_threadpool(call_round_time_on, games, [UUID(g["game_id"]) for g in found],
                                       Actor(who.actor(), device), body.reason)
    answered = [_round_time_game(g, outcome, who) for g, outcome in zip(found, outcomes)]
    count = {kind: sum(1 for a in answered if a["outcome"] == kind) for kind in ("called", "refused", "left_out")}
    return {"event": event, "round": body.round, "called_by": who.actor(), "reason": body.reason, **count,
            "games": answered}


def _round_time_game(listed: dict[str, Any], outcome: RoundTimeOutcome, who: Any) -> dict[str, Any]:
    """One game's line of the answer: what its call recorded, or its refusal in the common shape."""
    line = {"game_id": listed["game_id"], "table": listed["table"], "players": listed["players"]}
    error = outcome.refusal
    if error is None:
        return {**line, "outcome": "called", "version": outcome.version, "status": STATUS[outcome.phase or "playing"],
                "events": [event_record(r, who) for r in outcome.events], "refusal": None}
    if isinstance(error, DomainError):
        refusal = domain_body(error)
    elif isinstance(error, GameNotFound):
        refusal = not_found_body(error)
    else:  # another command kept getting there first
        refusal = {"code": "version_conflict", "message": f"{error}: the game kept moving; call it again",
                   "field": "expected_version", "article": None}
    closed = isinstance(error, GameClosed)
    return {**line, "outcome": "left_out" if closed else "refused", "version": None, "status": "closed" if closed
            else None, "events": [], "refusal": refusal}


@router.post("/v1/games/{game_id}/seats/{seat}/replace", response_model=TabletReplaced,
             responses=errors(400, 401, 403, 404, 409, 413, 422, 423), max_body_size=MAX_BODY_BYTES)
async def replace_tablet(game_id: GameIdPath, seat: SeatPath, request: Request, games: GamesDep,
                         who: CurrentPrincipal, device: DeviceDep,
                         body: Annotated[TabletReplace, Body()]) -> Any:
    """A lost or broken tablet mid-game (arbiters and directors): the seat's bound devices are let go
    (`SeatReleased` with the reason; their tokens are refused from now on) and a new single-use code is issued
    for the seat, in one save. Every fact recorded before stays; the new tablet binds with the code."""
    if not who.official:
        raise forbidden(msg("api.token_may_not_replace", role=word("role", who.role)))
    if not who.may_read(game_id):
        raise forbidden(msg("api.this_token_bound_another"), field="game_id")
    by = Actor(who.actor(), device)
    code, record, player, revoked, version = await run_in_threadpool(
        games.replace_tablet, game_id, seat, body.reason, by, body.minutes)
    return _issued(request, code, record, player, revoked_token_ids=revoked, version=version)


@router.get("/v1/rounds/scoresheets", response_class=Response, responses={
    200: {"content": {"text/html": {"schema": {"type": "string"}, "example": "<!DOCTYPE html><html lang=\"es\">..."}},
          "description": "Every sheet of the round, by table, each from a new page when printed."},
    **errors(400, 401, 403, 404, 503)})
async def round_scoresheets(request: Request, games: GamesDep, who: CurrentPrincipal,
                            event: Annotated[str, Query(min_length=1, max_length=200,
                                                        description="The event, exactly.")],
                            round: Annotated[int, Query(ge=1, le=1000)]) -> HTMLResponse:
    """Print the round: every game's federation sheet of an event and round in one printable page, by table
    (arbiters, directors and the tribunal with a token for every game)."""
    if who.role not in ("director", "arbiter", "tribunal") or who.game_id is not None:
        raise forbidden(msg("api.token_may_not_print", role=word("role", who.role)), field="round")
    event = normalise(event)
    store = request.app.state.read_store
    found = await bounded(index, store, event=event, round=round, limit=500)
    if not found:
        raise ApiError(404, "round_not_found", msg("api.no_game_event_round_2", event=event, round=round), field="round")
    key = games.service_key
    page = await bounded(round_html, store, f"{event} · {round}", [UUID(g["game_id"]) for g in found],
                         None if key is None else key.fingerprint)
    return HTMLResponse(page)
