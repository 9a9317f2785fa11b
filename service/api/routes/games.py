"""``/v1/games``: create a game, read its state."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from service.api.common.routing import operation_id
from service.api.common.deps import DeviceDep, DirectorDep, GameIdPath, GamesDep, ReaderDep
from service.api.middleware.body_limit import MAX_BODY_BYTES
from service.api.schemas.game import GameCreate, GameCreated, GameState
from service.api.common.responses import errors
from service.api.common.store_reads import bounded
from service.game.views import game_state
from service.game.application import Actor

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/games", tags=["games"])


def details_of(body: Any) -> dict[str, Any]:
    """Where the game is played, its clocks and lexicon, as stored with it (unset fields left out)."""
    found = {k: getattr(body, k, None) for k in ("event", "round", "table", "lexicon", "notes", "unseen_tiles")}
    found = {k: v for k, v in found.items() if v is not None}
    if getattr(body, "clock", None) is not None:
        found["clock"] = body.clock.model_dump(exclude_none=True)
    return found


@router.post("", status_code=201, response_model=GameCreated, responses=errors(400, 401, 403, 413, 422, 503), max_body_size=MAX_BODY_BYTES)
async def create_game(body: GameCreate, games: GamesDep, who: DirectorDep, device: DeviceDep,
                      response: Response) -> Any:
    """Create a game (directors); returns its id, version 1 and one token per player, shown once."""
    # On the event loop like a command: prepared here, its write awaited (a round's games come at once).
    with games.deferring() as pending:
        game_id, version, tokens = games.create_game_with_tokens(
            body.profile, body.players, Actor(who.actor(), device), bag_mode=body.bag_mode,
            details=details_of(body), issued_by=who.actor())
    await pending.commit()
    pending.then()
    response.headers["Location"] = f"/v1/games/{game_id}"
    players = [p.strip() for p in body.players]
    return {"id": str(game_id), "version": version, "status": "in_progress",
            "tokens": [{"seat": s, "player": players[s], "token": t} for s, t in enumerate(tokens)]}


@router.get("/{game_id}", response_model=GameState, responses=errors(400, 401, 403, 404, 503))
async def read_game(game_id: GameIdPath, games: GamesDep, who: ReaderDep) -> Any:
    """The game now: whose turn, scores, bag, racks (as this token may see them), board, next actions."""
    game = await bounded(games.get_game, game_id)
    return game_state(game, who)
