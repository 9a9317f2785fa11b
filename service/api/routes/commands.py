"""``POST /v1/games/{id}/commands``: one command per request, with optional idempotency."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Body, Header, Request
from fastapi.responses import JSONResponse

from domain.errors import msg, word
from domain.game import Game
from domain.game.chain import record_of
from service.api.common.routing import operation_id
from service.access.application import ServiceApplication
from service.access.idempotency import KEY_PATTERN, IdempotentCommand, record_id, request_hash, valid_key
from service.principal import Principal
from service.api.middleware.body_limit import MAX_COMMAND_BYTES
from service.api.commands.base import Row
from service.api.commands.dispatch import COMMANDS, Command
from service.api.common.deps import GameIdPath, UserAgent, XDevice, bearer_token, device_of, principal_of
from service.api.schemas.event import CommandResult
from service.api.common.errors import ApiError, forbidden, malformed
from service.api.common.responses import errors
from service.game.views import event_record, status_of
from service.game.application import Actor, VersionConflict

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/games", tags=["commands"])
KEY_HELP = ("Optional. The same key with the same body returns the first response (header "
            "`Idempotent-Replayed: true`) and records nothing new; with a different body, or from another "
            "token, it is refused with 422 `idempotency_key_reused`. 1–255 visible ASCII characters; kept "
            "for the game's lifetime, saved in the same transaction as the command's events.")


@router.post("/{game_id}/commands", response_model=CommandResult,
             responses=errors(400, 401, 403, 404, 409, 413, 422, 423, 503), openapi_extra={"security": [{"HTTPBearer": []}]},
             max_body_size=MAX_COMMAND_BYTES)
async def send_command(game_id: GameIdPath, command: Annotated[Command, Body()], request: Request,
                       idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", max_length=255, pattern=KEY_PATTERN,
                                                                     description=KEY_HELP)] = None,
                       x_device: XDevice = None, user_agent: UserAgent = None) -> Any:
    """Send one command (tagged by `type`) naming the version last seen; returns what it recorded. Who sends it
    decides the acting seat: a player's token acts for its own (another seat: 403), an arbiter or director names it
    (`seat`, or the command's own seat field; left out: 422 `seat_required`)."""
    # The hot path: no nested dependencies (each cost a solve per request, about a sixth of the server's
    # time under load, bench/README.md); the caller, the device and the app are read here, as the
    # shared dependencies read them, and the bearer scheme is declared for the contract above. A
    # well-formed request does not even get here: ``service.api.fast_path`` answers it through
    # ``answer`` below; this route answers the rest (and is the contract).
    return await answer(request.app.state.games, game_id, command, bearer_token(request), idempotency_key,
                        x_device, user_agent)


async def answer(games: ServiceApplication, game_id: UUID, command: Any, token: str | None, key: str | None,
                 x_device: str | None, user_agent: str | None) -> JSONResponse:
    """A validated command's answer: who sends it, may they, run it (or replay the key's first answer)."""
    who = await principal_of(games, token)
    row = COMMANDS[command.type]
    seat = acting_seat(row, who, game_id, command)
    by = Actor(who.actor(), device_of(x_device, user_agent), official_hand(games, who, command),
               str(who.token_id) if who.role == "player" else None)
    body, replayed = await run(games, game_id, who, command, by, seat, key, row)
    headers = {"Idempotent-Replayed": "true"} if replayed else None
    return JSONResponse(body, headers=headers)  # already the CommandResult shape: no second validation


def official_hand(games: ServiceApplication, who: Principal, command: Any) -> Any:
    """The official's enrolled key a command is signed with (``official_key``, ``official_signature``), or None."""
    key, signature = getattr(command, "official_key", None), getattr(command, "official_signature", None)
    if key is None and signature is None:
        return None
    if not who.official:
        raise forbidden(msg("api.official_key_signs_arbiters"), field="official_key")
    if key is None or signature is None:
        missing = "official_signature" if signature is None else "official_key"
        # 422, not 400: the body fits its schema (each field is optional there); the pairing is a rule of the request
        raise ApiError(422, "unpaired", msg("api.official_key_official_signature", missing=missing), field=missing)
    return games.official_hand(who.actor(), key, signature)


def acting_seat(row: Row, who: Principal, game_id: UUID, command: Any) -> int | None:
    """The seat the command acts for, once the token is allowed to send it (403 otherwise)."""
    if not who.may_read(game_id):
        raise forbidden(msg("api.this_token_bound_another"), field="game_id")
    if who.role not in ("player", "arbiter", "director"):
        raise forbidden(msg("api.token_reads_only_sends", role=word("role", who.role)))
    if row.who == "officials":
        if not who.official:
            raise forbidden(msg("api.for_arbiters_directors", type=command.type), field="type")
        return None
    if row.who == "players":
        return None
    if row.who == "either":  # a player for their own seat, an official as an official
        return who.seat if who.role == "player" else None
    if row.who == "own":
        if who.role != "player":
            raise forbidden(msg("api.comes_from_player_own", type=command.type),
                            field="type")
    field = row.seat_field
    seat = getattr(command, field, None)
    for ruled in row.official_fields:
        if who.role == "player" and getattr(command, ruled, None) is not None:
            raise forbidden(msg("api.ruling_for_arbiters_directors", ruled=ruled), field=ruled)
    if who.role == "player":
        if seat is not None and seat != who.seat:
            raise forbidden(msg("api.player_token_acts_only", seat=who.seat, seat2=seat), field=field)
        return who.seat
    if seat is None:
        raise ApiError(422, "seat_required", msg("api.sending_names_seat_acts", field=field, role=word("role", who.role),
                                                 type=command.type), field=field)
    return seat


async def run(games: ServiceApplication, game_id: UUID, who: Principal, command: Any, by: Actor, seat: int | None,
              key: str | None, row: Row) -> tuple[dict[str, Any], bool]:
    """Run the command once; with a key, remember the answer in the same save, or replay the first one.

    The command runs here, on the event loop: the rules are quick, and the one slow part, the durable
    write, is awaited from the group commit's writer (``GamesApplication.deferring``), so no thread
    is handed the request and threads do not contend for the interpreter's lock (bench/README.md:
    half again as many commands a second). One game's commands take turns (``turn``) from loading
    to written; other games' commands are prepared meanwhile and share the write.
    """
    digest = rid = None
    if key is not None:
        if not valid_key(key):
            raise malformed(msg("api.visible_ascii_characters"), field="Idempotency-Key")
        rid, digest = record_id(game_id, key), request_hash(who.token_id, command.model_dump(mode="json"))
        first = games.answered(rid)
        if first is not None:
            return replay(first, digest), True
    answer: dict[str, Any] = {}

    def build(game: Game) -> list[Any]:
        answer.update(id=str(game.id), version=game.version, status=status_of(game),
                      events=[event_record(record_of(e), who) for e in game.pending_events])
        return [] if key is None else [IdempotentCommand.answer(game_id, key, digest, 200, dict(answer), games.clock())]

    try:
        async with games.turn(game_id):
            await games.settled(game_id)
            with games.deferring() as pending, games.saving_with(build):
                row.call(games, game_id, command, by, seat)
            await pending.commit()
        pending.then()  # what the command keeps for after the write (a released seat's tokens refused here)
    except VersionConflict:
        first = games.answered(rid) if rid is not None else None
        if first is None:
            raise
        return replay(first, digest), True  # a twin request with the same key won the race
    return answer, False


def replay(first: IdempotentCommand, digest: str | None) -> dict[str, Any]:
    """The first response to this key, if the request is the same one."""
    if first.request_hash != digest:
        raise ApiError(422, "idempotency_key_reused", msg("api.this_idempotency_key_was"), field="Idempotency-Key")
    return dict(first.response)
