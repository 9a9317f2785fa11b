"""``/v1/tokens``: directors issue, look up and revoke tokens (only their hashes are stored)."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Path

from domain.errors import msg
from service.api.common.routing import operation_id
from service.access.tokens import AccessToken
from service.api.common.deps import DeviceDep, DirectorDep, GamesDep
from service.api.common.errors import ApiError, malformed, text_of
from service.api.middleware.body_limit import MAX_BODY_BYTES
from service.api.common.responses import errors
from service.api.schemas.token import TokenCreate, TokenInfo, TokenIssued, TokenRevoke

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/tokens", tags=["tokens"])
TokenIdPath = Annotated[UUID, Path(description="The token's id (not the token).",
                                   examples=["4a3a1687-a1d2-5835-9e3a-706900b41715"])]


def info(token: AccessToken) -> dict[str, Any]:
    """A token's record as the API shows it."""
    return {"id": str(token.id), "role": token.role, "label": token.label, "game_id": token.game_id,
            "seat": token.seat, "issued_by": token.issued_by, "issued_at": token.issued_at, "revoked": token.revoked}


@router.post("", status_code=201, response_model=TokenIssued, responses=errors(400, 401, 403, 404, 413, 422, 423, 503),
             max_body_size=MAX_BODY_BYTES)
def create_token(body: TokenCreate, games: GamesDep, who: DirectorDep) -> Any:
    """Issue a token for a role; a player token names its game and seat. The token is shown only here. After the
    game ended (`GameEnded`) no player token is issued for it (422 `rebinding`, FILE 43; closed: 423): a director's
    token never gives itself a player's voice (`planilla token create`, from the data folder, still may)."""
    game_id = None
    if body.game_id is not None:
        try:
            game_id = UUID(body.game_id)
        except ValueError:
            raise malformed(msg("api.not_uuid"), field="game_id") from None
    if body.role == "player" and (game_id is None or body.seat is None):
        raise malformed(msg("api.player_token_names_its"), field="seat")
    if body.role != "player" and body.seat is not None:
        raise malformed(msg("api.only_player_token_has"), field="seat")
    if body.role == "player" and game_id is not None:
        try:  # issue 26: after GameEnded no token of a director's speaks for a player (nothing re-binds a seat)
            game = games.get_game(game_id)
        except LookupError:
            game = None  # an unknown game is answered below, as before
        if game is not None and 0 <= body.seat < len(game.players):
            game.guard_rebinding(msg("game.what_player_token"), body.seat)
    try:
        raw, ident = games.issue_token(body.role, body.label, who.actor(), game_id=game_id, seat=body.seat)
    except ValueError as err:
        raise ApiError(422, "bad_seat", text_of(err), field="seat") from None
    return {"id": str(ident), "token": raw, "role": body.role, "label": body.label,
            "game_id": None if game_id is None else str(game_id), "seat": body.seat}


@router.get("/{token_id}", response_model=TokenInfo, responses=errors(400, 401, 403, 404, 503))
def read_token(token_id: TokenIdPath, games: GamesDep, who: DirectorDep) -> Any:
    """A token's record: role, binding, who issued it, whether it is revoked."""
    token = games.token(token_id)
    if token is None:
        raise ApiError(404, "token_not_found", msg("api.no_token", token_id=token_id), field="token_id")
    return info(token)


@router.post("/{token_id}/revoke", response_model=TokenInfo, responses=errors(400, 401, 403, 404, 413, 503),
             max_body_size=MAX_BODY_BYTES)
def revoke_token(token_id: TokenIdPath, body: TokenRevoke, games: GamesDep, who: DirectorDep,
                 device: DeviceDep) -> Any:
    """Revoke a token: every later request with it gets 401 (at once in this process, within 2 s in others).

    A tablet's token bound to a seat with a seat code is revoked together with `DeviceRevoked` on its game,
    so both tablets and the officials see it (and the seat's `second_device` warning goes once one is left)."""
    try:
        games.revoke_token(token_id, body.reason, who.actor(), device)
    except LookupError:
        raise ApiError(404, "token_not_found", msg("api.no_token", token_id=token_id), field="token_id") from None
    return info(games.token(token_id))
