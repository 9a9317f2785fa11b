"""The duplicate's reads from the read models: a round, the ranking, a player's sheet, the results CSV.

Each first waits (at most ``read_wait_seconds``) until the read models show the version the store holds; if they
still lag it answers from the aggregate instead, so whoever just wrote never reads an older state than their own
write. What a caller may see is decided here, the same for both sources: until «¡Tiempo!» a player sees only their
own slip (without the engine's reading) and a spectator none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from domain.duplicate import Duplicate
from domain.errors import msg
from projections import duplicate_queries as queries
from projections.duplicate_views import ranking_view, results_csv, sheet
from service.api.common.routing import operation_id
from service.principal import SEE_ALL, Principal
from service.api.schemas.duplicate import RankingView, RoundView, SheetView
from service.api.common.errors import ApiError, forbidden, text_of
from service.api.common.responses import errors
from service.api.routes.duplicates import (
    DuplicateIdPath, DuplicatesDep, ReaderDep, RoundPath, SeatPath, _run, _slip, read_errors,
)
from service.api.common.store_reads import bounded
from service.duplicate.application import DuplicateNotFound, Duplicates

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/duplicates", tags=["duplicates"])


def _projected(request: Request, duplicates: Duplicates, duplicate_id: UUID) -> bool:
    """Wait (at most ``read_wait_seconds``) until the read models show the version the store holds now; True if
    they do. False when they still lag: the caller then answers from the aggregate, so whoever just wrote never
    reads an older state than their own write (DuplicateNotFound when there is no such game)."""
    version = duplicates.app.stored_version(duplicate_id)
    if not version:
        raise DuplicateNotFound(duplicate_id)
    projector = request.app.state.projector
    return projector.wait_for(duplicate_id, version, request.app.state.settings.read_wait_seconds)


async def _read(request: Request, duplicates: Duplicates, duplicate_id: UUID, projected: Callable[[Any], Any],
                computed: Callable[[Duplicate], Any]) -> Any:
    """``projected(read_store)`` when the read models are current, else ``computed(duplicate)`` from the store."""
    try:
        if await bounded(_projected, request, duplicates, duplicate_id):
            found = await bounded(projected, request.app.state.read_store)
            if found is not None:
                return found
        return computed(await _run(lambda: duplicates.get(duplicate_id)))
    except DuplicateNotFound as err:
        raise ApiError(404, "duplicate_not_found", text_of(err), field="duplicate_id") from None


def round_view(r: dict[str, Any], phase: str, who: Principal) -> dict[str, Any]:
    """A round as ``who`` may see it: until «¡Tiempo!» a player sees only their own slip, without the engine's
    reading, and a spectator none; the judge and the tribunal see every slip."""
    open_round = r["closed_at"] is None
    slips = [_slip(r["round"], s, hide_reading=open_round and who.role not in SEE_ALL) for s in r["slips"].values()
             if not open_round or who.role in SEE_ALL or (who.role == "player" and s["seat"] == who.seat)]
    return {"round": r["round"], "rack": r["rack"], "phase": phase, "started_at": r["started_at"],
            "closed_at": r["closed_at"], "missing": r["missing"], "slips": sorted(slips, key=lambda s: s["seat"]),
            "master": r["master"] if not open_round else None, "results": r["results"],
            "solo_top": r.get("solo_top"), "bonus": r.get("bonus", 0.0),
            "corrections": r["corrections"] if not open_round or who.role in SEE_ALL else []}


#: What a read found when the game exists but the round or the seat does not (a 404 of its own).
NOTHING: dict[str, Any] = {}


def not_started(round_no: int) -> ApiError:
    return ApiError(404, "round_not_started", msg("api.round_has_not_started", round_no=round_no), field="round_no")


@router.get("/{duplicate_id}/rounds/{round_no}", response_model=RoundView, responses=read_errors())
async def read_round(request: Request, duplicate_id: DuplicateIdPath, round_no: RoundPath, duplicates: DuplicatesDep,
                     who: ReaderDep) -> Any:
    """A round's rack, slips, master and results. Until «¡Tiempo!» a player sees only their own slip, without
    its score or causes, and a spectator none; the judge and the tribunal see every slip as it arrives, read."""
    return await round_for(request, duplicates, duplicate_id, round_no, who)


async def round_for(request: Request, duplicates: Duplicates, duplicate_id: UUID, round_no: int,
                    who: Principal) -> dict[str, Any]:
    """A round as ``who`` may see it (404 ``round_not_started`` for a round not begun)."""
    def projected(store: Any) -> Any:
        game = queries.game(store, duplicate_id)
        r = queries.one_round(store, duplicate_id, round_no) if game is not None else None
        if game is None or r is None:
            return None if game is None else NOTHING
        return round_view(r, game["phase"] if round_no == game["round"] else "published", who)

    def computed(d: Duplicate) -> Any:
        if not 1 <= round_no <= d.round_no:
            return NOTHING
        return round_view(d.rounds[round_no - 1], d.phase if round_no == d.round_no else "published", who)

    found = await _read(request, duplicates, duplicate_id, projected, computed)
    if found is NOTHING:
        raise not_started(round_no)
    return found


@router.get("/{duplicate_id}/ranking", response_model=RankingView, responses=read_errors())
async def read_ranking(request: Request, duplicate_id: DuplicateIdPath, duplicates: DuplicatesDep, _: ReaderDep,
                       round: Annotated[int | None, Query(ge=1, le=200, description="after this round")] = None) -> Any:
    """The ranking after the published rounds (FISC II.8; AJS 3.2.10 tie-breaks, 3.2.11 bonuses, 3.3, 3.4)."""
    return await _read(request, duplicates, duplicate_id, lambda store: queries.ranking(store, duplicate_id, round),
                       lambda d: ranking_view(d, round))


def sheet_as_seen(found: dict[str, Any], rounds_closed: list[bool], who: Principal) -> dict[str, Any]:
    """A spectator does not see the entry of a round still in play."""
    if who.role not in SEE_ALL and who.role != "player":
        for row, closed in zip(found["rows"], rounds_closed):
            if not closed:
                row["entry"] = None
    return found


async def sheet_for(request: Request, duplicates: Duplicates, duplicate_id: UUID, seat: int,
                    who: Principal) -> dict[str, Any]:
    """A player's sheet as ``who`` may read it: a player only their own; 404 for a seat nobody sits at."""
    if who.role == "player" and who.seat != seat:
        raise forbidden(msg("api.player_token_reads_only", seat=who.seat), field="seat")

    def projected(store: Any) -> Any:
        found = queries.sheet(store, duplicate_id, seat)
        if found is None:
            return None if queries.game(store, duplicate_id) is None else NOTHING
        closed = [r["closed_at"] is not None for r in queries.rounds(store, duplicate_id)]
        return sheet_as_seen(found, closed, who)

    def computed(d: Duplicate) -> Any:
        if seat >= len(d.players):
            return NOTHING
        return sheet_as_seen(sheet(d, seat), [r["closed_at"] is not None for r in d.rounds], who)

    found = await _read(request, duplicates, duplicate_id, projected, computed)
    if found is NOTHING:
        raise ApiError(404, "no_player", msg("api.no_player_at_seat", seat=seat), field="seat")
    return found


@router.get("/{duplicate_id}/sheets/{seat}", response_model=SheetView, responses=read_errors())
async def read_sheet(request: Request, duplicate_id: DuplicateIdPath, seat: SeatPath, duplicates: DuplicatesDep,
                     who: ReaderDep) -> Any:
    """A player's sheet: round, rack, master, own entry, score, % of the master, running total. A player reads
    only their own; a spectator does not see the entry of a round still in play."""
    return await sheet_for(request, duplicates, duplicate_id, seat, who)


@router.get("/{duplicate_id}/results.csv", response_class=Response, responses={
    200: {"description": "One line per player in ranking order, every round's score (UTF-8 CSV).",
          "content": {"text/csv": {"schema": {"type": "string"}, "example":
                                   "rank,seat,player,total,points,bonus,percent,master_total,round_1\n"
                                   "1,0,Ana,20,20,0,100.00,20,20\n"}}},
    **errors(400, 401, 403, 404)})
async def results(request: Request, duplicate_id: DuplicateIdPath, duplicates: DuplicatesDep,
                  _: ReaderDep) -> Response:
    """The results as CSV, one line per player in ranking order with every round's score (EloD input)."""
    def projected(store: Any) -> Any:
        table = queries.ranking(store, duplicate_id)
        return None if table is None else results_csv(table, published(queries.rounds(store, duplicate_id)))

    text = await _read(request, duplicates, duplicate_id, projected,
                       lambda d: results_csv(ranking_view(d), published(d.rounds)))
    return Response(text, media_type="text/csv; charset=utf-8")


def published(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rounds if r["results"] is not None]


