"""``GET /v1/games/{id}/gcg`` (export) and ``POST /v1/games/import`` (record a GCG file as a game)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from service.api.common.routing import operation_id
from service.access.tokens import AccessToken, new_token
from service.api.common.deps import DeviceDep, DirectorDep, GameIdPath, GamesDep, ReaderDep
from service.api.middleware.body_limit import MAX_BODY_BYTES
from service.api.schemas.gcg import GcgImport, GcgImported
from service.api.common.responses import errors
from service.api.routes.games import details_of
from service.game.views import STATUS
from service.game.application import Actor
from service.gcg.writer import write_gcg
from service.game.gcg_record import export_gcg, import_gcg

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/games", tags=["gcg"])
GCG_EXAMPLE = "#character-encoding UTF-8\n#player1 Ana Ana\n#player2 Berto Berto\n>Ana: ACEHORZ 8G [CH]OZA +34 34\n"


@router.post("/import", status_code=201, response_model=GcgImported, responses=errors(400, 401, 403, 413, 422, 503), max_body_size=MAX_BODY_BYTES)
def import_game(body: GcgImport, games: GamesDep, who: DirectorDep, device: DeviceDep, response: Response) -> Any:
    """Record a GCG file as a game under a profile, every line checked by the rules; all or nothing."""
    by = Actor(who.actor(), device)
    events, bag_mode, warnings = import_gcg(body.gcg, body.profile, body.players, by, details_of(body), games.clock)
    created = events[0]
    tokens = [new_token() for _ in created.players]
    issued = [AccessToken.issue(t, "player", name, who.actor(), games.clock(), game_id=created.originator_id,
                                seat=s) for s, (t, name) in enumerate(zip(tokens, created.players))]
    games.save(*events, *issued)
    games.take_snapshot(created.originator_id)
    game = games.get_game(created.originator_id)
    response.headers["Location"] = f"/v1/games/{game.id}"
    return {"id": str(game.id), "version": game.version, "status": STATUS[game.phase], "bag_mode": bag_mode,
            "tokens": [{"seat": s, "player": n, "token": t} for s, (t, n) in enumerate(zip(tokens, created.players))],
            "warnings": warnings}


@router.get("/{game_id}/gcg", response_class=Response, responses={
    200: {"description": "The game as a GCG record (UTF-8); racks only where this token may see them.",
          "content": {"text/plain": {"schema": {"type": "string"}, "example": GCG_EXAMPLE}}},
    **errors(400, 401, 403, 404, 503)})
def export_game(game_id: GameIdPath, games: GamesDep, who: ReaderDep) -> Response:
    """The game as a GCG record, for Quackle, macondo or Woogles."""
    games.get_game(game_id)
    text = write_gcg(export_gcg(games.repository.event_store.get(game_id), who.sees_rack))
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{game_id}.gcg"'})
