"""The duplicate's printable sheets (es/ca/en, ``?lang=``; the federation's language by default): the player's
sheet, a round's table of slips, the master-move sheet and the ranking, as HTML for paper
(``projections.duplicate_render``). Each shows exactly what its JSON read shows the same caller: a round in
play prints only the caller's own slip (a player) or none (a spectator), unread, until «¡Tiempo!»."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from projections import duplicate_queries as queries
from projections.duplicate_render import language, masters_html, ranking_html, round_html, sheet_html
from projections.duplicate_views import game_row, ranking_view
from service.api.common.routing import operation_id
from service.api.common.responses import errors
from service.api.routes.duplicate_reads import _read, round_for, sheet_for
from service.api.routes.duplicates import DuplicateIdPath, DuplicatesDep, ReaderDep, RoundPath, SeatPath
from service.duplicate.application import Duplicates

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/duplicates", tags=["duplicates"])
Lang = Annotated[Literal["es", "ca", "en"] | None, Query(description="es, ca or en (default: the federation's)")]


def page(description: str) -> dict[int | str, dict[str, Any]]:
    return {200: {"description": description, "content": {"text/html": {
        "schema": {"type": "string"}, "example": '<!DOCTYPE html><html lang="es">...'}}},
        **errors(400, 401, 403, 404, 503)}


async def _game(request: Request, duplicates: Duplicates, duplicate_id: UUID) -> dict[str, Any]:
    return await _read(request, duplicates, duplicate_id, lambda store: queries.game(store, duplicate_id),
                       lambda d: game_row(d, ""))


def _key(duplicates: Duplicates) -> str | None:
    key = getattr(duplicates.app, "service_key", None)
    return None if key is None else key.fingerprint


@router.get("/{duplicate_id}/sheets/{seat}/print", response_class=Response,
            responses=page("The player's sheet, printable."))
async def print_sheet(request: Request, duplicate_id: DuplicateIdPath, seat: SeatPath, duplicates: DuplicatesDep,
                      who: ReaderDep, lang: Lang = None) -> HTMLResponse:
    """The player's sheet on paper: round, rack, own entry, master, score and null causes, bonus, % of the master,
    running total. Read by whom the JSON sheet is."""
    found = await sheet_for(request, duplicates, duplicate_id, seat, who)
    game = await _game(request, duplicates, duplicate_id)
    return HTMLResponse(sheet_html(found, game, language(lang, game["profile"]), _key(duplicates)))


@router.get("/{duplicate_id}/rounds/{round_no}/print", response_class=Response,
            responses=page("A round's table of slips, printable."))
async def print_round(request: Request, duplicate_id: DuplicateIdPath, round_no: RoundPath, duplicates: DuplicatesDep,
                      who: ReaderDep, lang: Lang = None) -> HTMLResponse:
    """A round's table on paper: the rack, the slips with their scores and null causes, the master, the solo top.
    Until «¡Tiempo!» it prints what the round's JSON shows the caller: a player's own slip, unread; a spectator
    none."""
    view = await round_for(request, duplicates, duplicate_id, round_no, who)
    game = await _game(request, duplicates, duplicate_id)
    return HTMLResponse(round_html(view, game, language(lang, game["profile"]), _key(duplicates)))


@router.get("/{duplicate_id}/masters/print", response_class=Response,
            responses=page("The master-move sheet, printable."))
async def print_masters(request: Request, duplicate_id: DuplicateIdPath, duplicates: DuplicatesDep, _: ReaderDep,
                        lang: Lang = None) -> HTMLResponse:
    """The master-move sheet on paper (FISC II.1, AJS 3.2.3): each round's rack, the master once «¡Tiempo!» is
    called, its score, how it was chosen, the masters' running total."""
    rounds = await _read(request, duplicates, duplicate_id, lambda store: queries.rounds(store, duplicate_id),
                         lambda d: d.rounds)
    game = await _game(request, duplicates, duplicate_id)
    return HTMLResponse(masters_html(rounds, game, language(lang, game["profile"]), _key(duplicates)))


@router.get("/{duplicate_id}/print", response_class=Response, responses=page("The ranking, printable."))
async def print_ranking(request: Request, duplicate_id: DuplicateIdPath, duplicates: DuplicatesDep, _: ReaderDep,
                        lang: Lang = None,
                        round: Annotated[int | None, Query(ge=1, le=200, description="after this round")] = None,
                        ) -> HTMLResponse:
    """The ranking on paper, after the last published round (or after ``round``): the final ranking once the
    game has ended (FISC II.8; AJS 3.2.10, 3.2.11)."""
    view = await _read(request, duplicates, duplicate_id, lambda store: queries.ranking(store, duplicate_id, round),
                       lambda d: ranking_view(d, round))
    game = await _game(request, duplicates, duplicate_id)
    return HTMLResponse(ranking_html(view, game, language(lang, game["profile"]), _key(duplicates)))
