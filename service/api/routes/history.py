"""``/v1/games/{id}/events`` (the history in audit form) and ``/audit`` (the chain's verification)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from domain.errors import msg
from domain.game.chain import verify_chain
from domain.game.export import export_bytes
from service.api.common.routing import operation_id
from service.trust.attest import export_attested
from service.api.common.deps import GameIdPath, GamesDep, ReaderDep
from service.api.schemas.event import AuditReport, EventsPage
from service.api.common.errors import forbidden
from service.api.common.responses import errors
from service.api.common.store_reads import bounded
from service.game.views import event_record

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/games", tags=["history"])


@router.get("/{game_id}/events", response_model=EventsPage, responses=errors(400, 401, 403, 404, 503))
async def read_events(game_id: GameIdPath, games: GamesDep, who: ReaderDep,
                      after: Annotated[int, Query(ge=0, le=1_000_000, description="Only events after this version.")] = 0,
                      ) -> Any:
    """The game's events after version `after`, oldest first, hidden tiles withheld from this caller (a store that
    does not answer within the routes' bound: 503 `store_stalled`)."""
    def read() -> dict[str, Any]:
        records = games.history(game_id, after)
        version = records[-1].version if records else games.get_game(game_id).version
        return {"game_id": str(game_id), "after": after, "version": version,
                "events": [event_record(r, who) for r in records]}
    return await bounded(read)


@router.get("/{game_id}/audit", response_model=AuditReport, response_model_by_alias=True,
            responses=errors(400, 401, 403, 404, 503))
def audit_game(game_id: GameIdPath, games: GamesDep, who: ReaderDep) -> Any:
    """Recompute every hash and link of the stored chain, and check each signature names its history."""
    records = games.history(game_id)
    found = verify_chain(records)
    signatures = [{"seat": r.payload.get("seat"), "head_hash": r.payload.get("head_hash"), "version": r.version,
                   "key": (r.payload.get("key") or {}).get("fingerprint")}  # the key's fingerprint; null: unsigned by key
                  for r in records if r.type == "SheetSigned"]
    return {"id": str(game_id), "version": records[-1].version, "intact": found is None, "events": len(records),
            "head_hash": records[-1].hash, "break": None if found is None else found._asdict(),
            "signatures": signatures}


EXPORT_HELP = ("The whole history as a `planilla-audit/2` file (`?format=1`: `planilla-audit/1`): a header line, "
               "then one canonical JSON chain record per event, hidden tiles included, then the service's "
               "attestations (closing heads signed, the round seal's proof, the officials' keys with their enrolments), so anyone can verify it offline with `planilla audit verify` "
               "(every hash, link and signature; any changed byte, and any event moved, dropped or added, is found "
               "and named). For those who may see every rack: arbiters, directors and the tribunal.")


EXPORT_EXAMPLE = ('{"attestations":0,"events":2,"format":"planilla-audit/2","game":"3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",'
                  '"head_hash":"9c1e…","service_key":"11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="}\n{"actor":"director:ana","at":"2025-05-01T10:00:00.000Z",…}\n…\n')


@router.get("/{game_id}/export", response_class=Response, responses={
    200: {"description": EXPORT_HELP,
          "content": {"application/x-ndjson": {"schema": {"type": "string"}, "example": EXPORT_EXAMPLE}}},
    **errors(400, 401, 403, 404, 503)})
def export_game(game_id: GameIdPath, games: GamesDep, who: ReaderDep,
                format: Annotated[int, Query(ge=1, le=2, description=(
                    "2 (the default): `planilla-audit/2`: the chain's events (key registrations "
                    "and players' key signatures among them) followed by the service's signatures of each closing "
                    "head and, once the round is sealed, the game's inclusion proof; the header names the service "
                    "key (docs/reliability.md). 1: `planilla-audit/1` (the chain alone, as exports were before "
                    "issue 16)."))] = 2) -> Response:
    """The history as a file to verify offline (`planilla audit verify`)."""
    if who.role not in ("arbiter", "director", "tribunal"):
        raise forbidden(msg("api.export_holds_every_rack"))
    data = export_attested(games, game_id) if format == 2 else export_bytes(games.history(game_id))
    return Response(data, media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{game_id}.planilla-audit.jsonl"'})
