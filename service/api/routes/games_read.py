"""The read-model endpoints of ``/v1/games``, served from ``projections/`` (issue 5), wired here.

Planned in the contract (issue 6) and added once the read models are merged: ``GET /v1/games``
(the director's index: ``event``, ``round``, ``table``, ``player``, ``status``),
``/{id}/scoresheet`` (JSON; ``?format=txt|html``), ``/{id}/settlement``, ``/{id}/state?at=N``.
Each is one route here with ``ReaderDep`` (or ``DirectorDep`` for the index), a response model in
``service.api.schemas`` and ``responses=errors(...)``; the app already includes this router.
"""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/v1/games", tags=["games"])
