"""The pages (package ``pages``): the landing page at ``/``, each page at ``/<name>``, assets at ``/static``.

Outside the HTTP contract (``include_in_schema=False``): they are files, not resources.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from pages import STATIC

router = APIRouter(include_in_schema=False)
PAGES = ("tablet",)  # each is STATIC/<name>.html


@router.get("/")
def landing() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/{name}")
def page(name: str) -> FileResponse:
    if name not in PAGES:
        raise HTTPException(404, "no such page")
    return FileResponse(STATIC / f"{name}.html", headers={"Cache-Control": "no-cache"})


def mount(app) -> None:  # noqa: ANN001  (a FastAPI app)
    """Serve the assets; ``no-cache`` so a tablet revalidates (the service worker keeps the offline copy)."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
