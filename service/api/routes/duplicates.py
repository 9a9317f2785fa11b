"""``/v1/duplicates``: the duplicate game (FISC II, AJS 3.2-3.4) over HTTP.

Roles as for the classic game: a director creates the game (one player token per seat, shown once);
the judge (an arbiter or director token for this game or for every game) starts rounds, closes them
(«¡Tiempo!»), rules words, chooses the master, publishes results, corrects slips, sanctions and ends
the game; a player sends their own slip and reads their own sheet; every token on the game reads the
game, the rounds and the ranking, but **no player sees another player's slip before the round is
closed** (nor does a spectator). Writes take an optional ``Idempotency-Key`` as game commands do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Path, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse

from domain.duplicate import Duplicate
from domain.duplicate.slips import board_of
from domain.errors import msg, word
from domain.game.meta import Meta
from domain.notation import format_word
from service.api.common.routing import operation_id
from service.access.idempotency import KEY_PATTERN, request_hash, valid_key
from service.principal import OFFICIALS, SEE_ALL, Principal
from service.api.common.deps import CurrentPrincipal, DeviceDep, DirectorDep
from service.api.schemas.duplicate import (
    DUPLICATE_ID,
    Answer, DuplicateCreate, DuplicateCreated, DuplicateView, EndIn, MasterIn, PublishIn, RoundStart,
    Ruling, SanctionIn, SlipCorrection, SlipIn,
)
from service.api.common.errors import ApiError, forbidden, malformed, text_of
from service.api.common.responses import errors
from service.game.application import Actor
from service.duplicate.application import DuplicateNotFound, Duplicates, KeyReused

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/duplicates", tags=["duplicates"])
DuplicateIdPath = Annotated[UUID, Path(description="the duplicate game's id", examples=[DUPLICATE_ID])]
RoundPath = Annotated[int, Path(ge=1, le=200, description="the round's number, from 1")]
SeatPath = Annotated[int, Path(ge=0, le=399, description="the player's seat (table order, from 0)")]
IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=255, pattern=KEY_PATTERN, description=(
    "Makes a retry safe: the same key with the same body from the same token returns the first answer "
    "(`Idempotent-Replayed: true`); with another body or token, 422 `idempotency_key_reused`."))]


def write_errors() -> dict[int | str, dict[str, Any]]:
    """The refusals a write documents (a fresh dict per route: FastAPI keeps what it is given)."""
    return errors(400, 401, 403, 404, 409, 422, 503)


def read_errors() -> dict[int | str, dict[str, Any]]:
    """The refusals a read documents."""
    return errors(400, 401, 403, 404)


def get_duplicates(request: Request) -> Duplicates:
    return request.app.state.duplicates


DuplicatesDep = Annotated[Duplicates, Depends(get_duplicates)]


async def reader(duplicate_id: DuplicateIdPath, who: CurrentPrincipal) -> Principal:
    """Any token bound to this game or to every game."""
    if not who.may_read(duplicate_id):
        raise forbidden(msg("api.this_token_bound_another"), field="duplicate_id")
    return who


async def judge(duplicate_id: DuplicateIdPath, who: CurrentPrincipal) -> Principal:
    """An arbiter's or director's token for this game or for every game: the judge's desk."""
    if not who.may_read(duplicate_id):
        raise forbidden(msg("api.this_token_bound_another"), field="duplicate_id")
    if who.role not in OFFICIALS:
        raise forbidden(msg("api.token_may_not_do_2", role=word("role", who.role)))
    return who


ReaderDep = Annotated[Principal, Depends(reader)]
JudgeDep = Annotated[Principal, Depends(judge)]


async def _run(step: Callable[[], Any]) -> Any:
    try:
        return await run_in_threadpool(step)
    except DuplicateNotFound as err:
        raise ApiError(404, "duplicate_not_found", text_of(err), field="duplicate_id") from None
    except KeyReused as err:
        raise ApiError(422, "idempotency_key_reused", text_of(err), field="Idempotency-Key") from None


def _actor(who: Principal, device: str | None, d: Duplicate | None = None) -> Actor:
    return Actor(who.actor(d.players if d else None), device)


def _answer(d: Duplicate, result: Any) -> dict[str, Any]:
    return {"id": str(d.id), "version": d.version, "phase": d.phase, "result": result}


async def _command(request: Request, duplicates: Duplicates, duplicate_id: UUID, who: Principal, device: str | None,
                   body: Any, key: str | None, step: Callable[[Duplicate, Meta], Any]) -> Any:
    digest = None
    if key is not None:
        if not valid_key(key):
            raise malformed(msg("api.visible_ascii_characters"), field="Idempotency-Key")
        digest = request_hash(who.token_id, {"path": request.url.path,
                                             "body": body.model_dump(mode="json") if body is not None else None})
    # The actor is named from the game it acts on (a player by seat), loaded once, inside the command.
    answer, replayed = await _run(lambda: duplicates.act(duplicate_id, lambda d: _actor(who, device, d), step, _answer,
                                                         key=key, digest=digest))
    if replayed:
        return JSONResponse(answer, headers={"Idempotent-Replayed": "true"})
    return answer


def _current(d: Duplicate, round_no: int) -> None:
    if round_no != d.round_no:
        raise ApiError(422, "not_current_round", msg("api.round_not_round_play", round_no=round_no,
                                                     round_no2=d.round_no), field="round_no")


def _board(d: Duplicate) -> list[str]:
    board = board_of(d.board)
    return [format_word([board.at(r, c) for c in range(15)], d.tileset) for r in range(15)]


#: What the engine made of a slip: shown to its player only after «¡Tiempo!» (the issue: "a player sees their own
#: slip and, after the round, the master and their score"), as a paper slip gets no answer before it.
ENGINE_FIELDS = ("score", "causes", "detail", "words", "placements", "bingo", "score_check")


def _slip(round_no: int, slip: dict[str, Any], *, hide_reading: bool = False) -> dict[str, Any]:
    shown = {"round": round_no, **{k: v for k, v in slip.items() if k != "by"}}
    if hide_reading:
        shown.update({k: None for k in ENGINE_FIELDS})
    return shown


def _view(d: Duplicate, who: Principal) -> dict[str, Any]:
    """The game as ``who`` may see it: a seed published for every site would let a player draw the coming racks,
    so it is shown only to the judge and the tribunal until the game ends."""
    secret = d.settings.get("seed") if who.role not in SEE_ALL and d.ended is None else None
    return {"id": str(d.id), "profile": d.profile, "version": d.version, "phase": d.phase, "round": d.round_no,
            "rack": list(d.current["rack"]) if d.current and d.phase != "published" else list(d.rack),
            "board": _board(d), "bag": len(d.bag), "players": d.players, "out": d.out,
            "settings": {k: (None if k == "seed" and secret else v) for k, v in d.settings.items()}, "ended": d.ended,
            "rounds": [{"round": r["round"], "rack": r["rack"], "method": r["method"],
                        "seed": None if secret and r["seed"] == secret else r["seed"],
                        "rejected": r["rejected"], "master": r["master"] if r["results"] is not None else None,
                        "published": r["results"] is not None} for r in d.rounds],
            "round_seconds": d.settings["round_seconds"],
            "solo_top": bool(d.rules.solo_top) and bool(d.settings.get("bonus", True)),
            "articles": {"rack": d.rules.article("rack"), "end": d.rules.article("end")}}


# ---- the game -------------------------------------------------------------------------------------
@router.post("", status_code=201, response_model=DuplicateCreated, responses=errors(400, 401, 403, 422, 503))
async def create_duplicate(body: DuplicateCreate, duplicates: DuplicatesDep, who: DirectorDep,
                           device: DeviceDep) -> Any:
    """Create a duplicate game (directors): one player token per seat in the answer, shown once."""
    d, tokens = await _run(lambda: duplicates.create(
        body.profile, body.players, Actor(who.actor(), device), issued_by=who.actor(), draw=body.draw, seed=body.seed,
        rounds=body.rounds, sudden_death=body.sudden_death, pairs=body.pairs, bonus=body.bonus,
        round_seconds=body.round_seconds, slip_score=body.slip_score, event=body.event))
    return {"id": str(d.id), "version": d.version, "tokens": tokens}


@router.get("/{duplicate_id}", response_model=DuplicateView, responses=read_errors())
async def read_duplicate(duplicate_id: DuplicateIdPath, duplicates: DuplicatesDep, who: ReaderDep) -> Any:
    """The game: phase, round, rack, board (15 rows), bag count, each round's rack, seed and (published) master;
    a seed published for every site is shown to players and spectators only once the game has ended."""
    return _view(await _run(lambda: duplicates.get(duplicate_id)), who)


# ---- the judge's desk -----------------------------------------------------------------------------
@router.post("/{duplicate_id}/rounds", response_model=Answer, responses=write_errors())
async def start_round(request: Request, duplicate_id: DuplicateIdPath, body: RoundStart, duplicates: DuplicatesDep,
                      who: JudgeDep, device: DeviceDep, key: IdempotencyKey = None) -> Any:
    """The next round's rack (FISC II.3, AJS 3.2.4): entered by the judge, or drawn by the service from a
    recorded seed; ``result.ended`` names the cause when the bag can give no valid rack (FISC II.6)."""
    def step(d: Duplicate, m: Meta) -> Any:
        seed = None if body.rack is not None else Duplicates.seed_for(d)
        ended = d.start_round(m, seed=seed, rack=body.rack, rejected=body.rejected)
        return {"ended": ended, "round": d.round_no, "rack": d.current["rack"] if not ended else None}
    return await _command(request, duplicates, duplicate_id, who, device, body, key, step)


@router.post("/{duplicate_id}/rounds/{round_no}/close", response_model=Answer, responses=write_errors())
async def close_round(request: Request, duplicate_id: DuplicateIdPath, round_no: RoundPath,
                      duplicates: DuplicatesDep, who: JudgeDep, device: DeviceDep, key: IdempotencyKey = None) -> Any:
    """«¡Tiempo!» (FISC II.5, AJS 3.2.6): later slips are recorded late and null; who sent none is named."""
    def step(d: Duplicate, m: Meta) -> Any:
        _current(d, round_no)
        return {"missing": d.close_round(m)}
    return await _command(request, duplicates, duplicate_id, who, device, None, key, step)


@router.post("/{duplicate_id}/rulings", response_model=Answer, responses=write_errors())
async def rule_word(request: Request, duplicate_id: DuplicateIdPath, body: Ruling, duplicates: DuplicatesDep,
                    who: JudgeDep, device: DeviceDep, key: IdempotencyKey = None) -> Any:
    """The judge rules a word valid or not, for the rest of the game (FISC II.7, AJS 3.2.8: the main word)."""
    def step(d: Duplicate, m: Meta) -> Any:
        d.rule_word(body.word, body.valid, m, reason=body.reason)
        return {"word": body.word.strip().upper(), "valid": body.valid}
    return await _command(request, duplicates, duplicate_id, who, device, body, key, step)


@router.post("/{duplicate_id}/rounds/{round_no}/master", response_model=Answer, responses=write_errors())
async def choose_master(request: Request, duplicate_id: DuplicateIdPath, round_no: RoundPath, body: MasterIn,
                        duplicates: DuplicatesDep, who: JudgeDep, device: DeviceDep,
                        key: IdempotencyKey = None) -> Any:
    """The master move (FISC II.1, AJS 3.2.3): a valid slip, a play the judge enters, or computed by the move
    generator on a loaded lexicon (which also rules the slips' words, advisory unless official): the players'
    equal tops when a valid slip reaches the generator's best, else the generator's, one at random from a recorded
    seed (``GET /v1/lexicons`` lists the lexicons)."""
    if body.computed and not body.lexicon:
        raise malformed(msg("api.computed_master_names_lexicon"), field="lexicon")

    def step(d: Duplicate, m: Meta) -> Any:
        _current(d, round_no)
        if body.computed:
            return duplicates.computed_master(d, m, body.lexicon or "")
        return d.choose_master(m, seat=body.seat, word=body.word, coordinates=body.coordinates)
    return await _command(request, duplicates, duplicate_id, who, device, body, key, step)


@router.post("/{duplicate_id}/rounds/{round_no}/publish", response_model=Answer, responses=write_errors())
async def publish_round(request: Request, duplicate_id: DuplicateIdPath, round_no: RoundPath, body: PublishIn,
                        duplicates: DuplicatesDep, who: JudgeDep, device: DeviceDep,
                        key: IdempotencyKey = None) -> Any:
    """The round's results (FISC II.9): scores, nulls and their causes, the solo top (AJS 3.2.11), sudden-death
    eliminations (AJS 3.3); the master goes on the board. Again, after a correction, with a reason."""
    def step(d: Duplicate, m: Meta) -> Any:
        r = d.publish(m, round_no=round_no, reason=body.reason)
        return {"results": r["results"], "solo_top": r["solo_top"], "bonus": r["bonus"]}
    return await _command(request, duplicates, duplicate_id, who, device, body, key, step)


@router.post("/{duplicate_id}/rounds/{round_no}/slips/{seat}/correct", response_model=Answer,
             responses=write_errors())
async def correct_slip(request: Request, duplicate_id: DuplicateIdPath, round_no: RoundPath, seat: SeatPath,
                       body: SlipCorrection, duplicates: DuplicatesDep, who: JudgeDep, device: DeviceDep,
                       key: IdempotencyKey = None) -> Any:
    """The judge corrects a slip's transcription, with the reason (an event: the first reading stays)."""
    def step(d: Duplicate, m: Meta) -> Any:
        return _slip(round_no, d.correct_slip(round_no, seat, body.word, body.coordinates, body.reason, m,
                                              score=body.score))
    return await _command(request, duplicates, duplicate_id, who, device, body, key, step)


@router.post("/{duplicate_id}/sanctions", response_model=Answer, responses=write_errors())
async def sanction(request: Request, duplicate_id: DuplicateIdPath, body: SanctionIn, duplicates: DuplicatesDep,
                   who: JudgeDep, device: DeviceDep, key: IdempotencyKey = None) -> Any:
    """A sanction for conduct by the profile's ladder (AJS 3.2.8: warning, zero, expelled; none under FISC)."""
    def step(d: Duplicate, m: Meta) -> Any:
        return {"kind": d.sanction(body.seat, body.reason, m)}
    return await _command(request, duplicates, duplicate_id, who, device, body, key, step)


@router.post("/{duplicate_id}/end", response_model=Answer, responses=write_errors())
async def end_duplicate(request: Request, duplicate_id: DuplicateIdPath, body: EndIn, duplicates: DuplicatesDep,
                        who: JudgeDep, device: DeviceDep, key: IdempotencyKey = None) -> Any:
    """The judge ends the game: no valid play remains, or force majeure (FISC II.6, AJS 3.2.7)."""
    def step(d: Duplicate, m: Meta) -> Any:
        d.end(body.cause, body.reason, m)
        return d.ended
    return await _command(request, duplicates, duplicate_id, who, device, body, key, step)


# ---- the players ----------------------------------------------------------------------------------
#: A slip names its player: «Datos identificativos del jugador: nombre y/o número de mesa» (AJS 3.2.2; FISC II.2).
SLIP_NAMES_PLAYER = "AJS 3.2.2; FISC II.2"


@router.post("/{duplicate_id}/rounds/{round_no}/slips", response_model=Answer, responses=write_errors())
async def submit_slip(request: Request, duplicate_id: DuplicateIdPath, round_no: RoundPath, body: SlipIn,
                      duplicates: DuplicatesDep, who: ReaderDep, device: DeviceDep, key: IdempotencyKey = None) -> Any:
    """A slip for the round in play: a player's own (``seat`` left out or their own), or a paper slip an official
    types in (``seat`` named). Scored at once on the round's board, but a player is answered with the score and
    causes only after «¡Tiempo!» (as a paper slip is); after it a first slip is recorded late and null (FISC
    II.7, AJS 3.2.8) and a second refused. ``score``, the player's own, only where the game asks for it
    (``slip_score``, FISC II.2, AJS 3.2.2; else 422 naming the setting): kept beside the engine's, a difference
    flagged (``score_check``), the engine's score counting. Who asks decides ``seat``: an official's slip
    without it is 422 ``seat_required`` (a slip names its player, AJS 3.2.2), a player's naming another seat 403."""
    if who.role == "player":
        if body.seat is not None and body.seat != who.seat:
            raise forbidden(msg("api.player_token_sends_only", seat=who.seat, seat2=body.seat),
                            field="seat")
        seat = who.seat
    elif who.role in OFFICIALS:
        if body.seat is None:
            raise ApiError(422, "seat_required", msg("api.official_typing_paper_slip"),
                           field="seat", article=SLIP_NAMES_PLAYER)
        seat = body.seat
    else:
        raise forbidden(msg("api.token_sends_no_slip", role=word("role", who.role)))

    def step(d: Duplicate, m: Meta) -> Any:
        _current(d, round_no)
        slip = d.submit_slip(int(seat), body.word, body.coordinates, m, score=body.score)
        return _slip(round_no, slip, hide_reading=who.role == "player" and d.phase == "playing")
    return await _command(request, duplicates, duplicate_id, who, device, body, key, step)
