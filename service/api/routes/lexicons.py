"""``/v1/lexicons``: the word lists loaded into the data folder (``planilla lexicon load``), for the judge's desk
to choose one by name for a computed master (AJS 3.2.3); a list not declared official gives advisory verdicts."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool

from service.api.common.routing import operation_id
from service.api.common.deps import CurrentPrincipal
from service.api.common.responses import errors
from service.api.schemas.lexicon import LexiconList

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/lexicons", tags=["lexicons"])


@router.get("", response_model=LexiconList, responses=errors(400, 401, 403))
async def list_lexicons(request: Request, who: CurrentPrincipal) -> Any:
    """Every lexicon the service can use, by name: its tile set, official or advisory, its list's SHA-256, source
    file and size (any valid token: nothing in it is secret). None when the service has no data folder."""
    found = await run_in_threadpool(request.app.state.duplicates.lexicons)
    return {"lexicons": found, "count": len(found)}
