"""The service's key and the round seals: ``GET /v1/keys``, ``POST /v1/seals``, ``GET /v1/seals``, and the
round's printable results sheet with the seal's root, ``GET /v1/seals/results``.

The service key (Ed25519, made in the data folder on the first start) signs each game's head when it
closes and each round's seal; its fingerprint is printed at start-up and on every printed sheet. A
round's seal is a Merkle root over every closed game's head in that round (``service.trust.attest``), made
by a director and readable by anyone with a token (spectators included): it is meant to be published.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from domain.errors import msg, word
from service.api.common.routing import operation_id
from service.api.commands.base import Whole

from service.api.middleware.body_limit import MAX_BODY_BYTES
from service.api.common.deps import CurrentPrincipal, GamesDep
from service.api.common.errors import ApiError, forbidden, text_of
from service.api.common.responses import errors
from projections.duplicate_render import language
from projections.results_sheet import results_html
from service.trust.attest import NoServiceKey, latest_seal, round_results, seal_round
from service.trust.keys import SERVICE_ALGORITHM, spaced

router = APIRouter(generate_unique_id_function=operation_id, tags=["seals"])
ROOT = "5d41402abc4b2a76b9719d911017c5925d41402abc4b2a76b9719d911017c592"


class ServiceKeyInfo(BaseModel):
    """The service's public key: what a tribunal gives `planilla audit verify --service-key`."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "algorithm": "Ed25519", "public_key": "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=",
        "fingerprint": "b04cca4b598686d4" + "0" * 48, "fingerprint_printed": "b04c ca4b 5986 86d4 0000 0000 0000 0000"}]})
    algorithm: str
    public_key: str = Field(description="The 32 raw bytes of the Ed25519 public key, base64.")
    fingerprint: str = Field(description="SHA-256 of those 32 bytes, hex.")
    fingerprint_printed: str = Field(description="Its first 32 hex digits in groups of four, as sheets print it.")


class SealRequest(BaseModel):
    """Which round to seal: the event and round the games were created with."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"event": "Open de Madrid",
                                                                             "round": 3}]})
    event: str | None = Field(min_length=1, max_length=200)
    round: Whole | str = Field(description="The round, as the games' `round`.")


class SealedGame(BaseModel):
    """One closed game in the seal: its head and the hashes that prove it is under the root."""

    game: str
    version: int
    head_hash: str
    leaf: str = Field(description="SHA-256(0x00 || canonical JSON of {event, round, game, version, head_hash}).")
    proof: list[dict[str, str]] = Field(description="Sibling hashes from the leaf up: [{side: left|right, hash}]; "
                                                    "a node is SHA-256(0x01 || left || right).")


class Seal(BaseModel):
    """A round's seal (`planilla-seal/1`): give it to `planilla audit verify --seal`."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "format": "planilla-seal/1", "event": "Open de Madrid", "round": 3, "count": 1, "root": ROOT,
        "sealed_at": "2025-05-01T20:00:00.000Z", "service_key": "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=",
        "fingerprint": "b04cca4b598686d4" + "0" * 48, "signature": "…",
        "games": [{"game": "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "version": 41, "head_hash": ROOT, "leaf": ROOT,
                   "proof": []}]}]})
    format: str
    event: str | None
    round: int | str
    count: int
    root: str
    sealed_at: str
    service_key: str
    fingerprint: str
    signature: str = Field(description="Ed25519 over `planilla-seal/1|<event>|<round>|<count>|<root>|<sealed_at>` "
                                       "(UTF-8), base64.")
    games: list[SealedGame]


def _key(games: Any) -> Any:
    if games.service_key is None:
        raise ApiError(503, "no_service_key", msg("api.this_service_was_started"))
    return games.service_key


@router.get("/v1/keys", response_model=ServiceKeyInfo, responses=errors(503))
async def service_key(games: GamesDep) -> Any:
    """The service's public key and its fingerprint (no token needed: it is printed on every sheet)."""
    key = _key(games)
    return {"algorithm": SERVICE_ALGORITHM, "public_key": key.public_key, "fingerprint": key.fingerprint,
            "fingerprint_printed": spaced(key.fingerprint)}


@router.post("/v1/seals", response_model=Seal, status_code=201, responses=errors(400, 401, 403, 413, 503),
             max_body_size=MAX_BODY_BYTES)
async def seal(body: SealRequest, games: GamesDep, who: CurrentPrincipal) -> Any:
    """Seal a round now (directors): every closed game's head in it under one signed Merkle root. Sealed
    again when games closed since; the same seal when nothing changed."""
    if who.role != "director" or who.game_id is not None:
        raise forbidden(msg("api.token_may_not_seal", role=word("role", who.role),
                            value='bound to one game ' if who.game_id else ''))
    _key(games)
    try:
        return await run_in_threadpool(seal_round, games, body.event, body.round)
    except NoServiceKey as err:  # pragma: no cover - checked above
        raise ApiError(503, "no_service_key", text_of(err)) from None


@router.get("/v1/seals", response_model=Seal, responses=errors(400, 401, 403, 404))
async def read_seal(games: GamesDep, who: CurrentPrincipal,
                    event: Annotated[str, Query(min_length=1, max_length=200)],
                    round: Annotated[str, Query(min_length=1, max_length=50)]) -> Any:
    """A round's last seal, for anyone with a token (it is meant to be published)."""
    found = await run_in_threadpool(latest_seal, games, event, round)
    if found is None:
        raise ApiError(404, "not_sealed", msg("api.round_has_not_been", event=event, round=round), field="round")
    return found


def _results(games: Any, event: str, round_: str, lang: str | None, outbox: tuple[str, str] | None) -> str:
    rows = round_results(games, event, round_)
    profile = games.get_game(UUID(rows[0]["game"])).profile if rows else ""
    key = games.service_key
    seal = latest_seal(games, event, round_)
    log = None
    if outbox is not None and seal is not None:  # a hall pushing to a federation: the log's checkpoint, or waiting
        from service.federation.outbox import kept_checkpoint

        log = kept_checkpoint(outbox[0], seal) or {}
    return results_html(event, round_, rows, seal, None if key is None else key.fingerprint, language(lang, profile),
                        log)


@router.get("/v1/seals/results", response_class=Response, responses={200: {
    "description": "The round's results sheet, printable.", "content": {"text/html": {
        "schema": {"type": "string"}, "example": '<!DOCTYPE html><html lang="es">...'}}}, **errors(400, 401, 403)})
async def results_sheet(request: Request, games: GamesDep, who: CurrentPrincipal,
                        event: Annotated[str, Query(min_length=1, max_length=200)],
                        round: Annotated[str, Query(min_length=1, max_length=50)],
                        lang: Annotated[Literal["es", "ca", "en"] | None,
                                        Query(description="es, ca or en (default: the federation's)")] = None,
                        ) -> HTMLResponse:
    """The round's results sheet (anyone with a token: it is meant to be posted in the hall): every game's
    table, players, final scores and winner, the head each closed game closed at, the service key's
    fingerprint and the root of the round's seal when it is sealed (printed whole); a hall pushing to a federation
    prints the public log's checkpoint that includes the seal once it has it, and until then that it waits."""
    outbox = getattr(request.app.state, "federation_outbox", None)
    return HTMLResponse(await run_in_threadpool(_results, games, event, round, lang, outbox))
