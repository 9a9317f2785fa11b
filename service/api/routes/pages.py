"""The pages (package ``pages``): the landing page at ``/``, each page at ``/<name>``, assets at ``/static``.

Outside the HTTP contract (``include_in_schema=False``): they are files, not resources.
"""

from __future__ import annotations

import hashlib
import json

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

from domain.errors import msg
from pages import STATIC
from pages.bundle import ENTRIES

router = APIRouter(include_in_schema=False)
PAGES = ("tablet", "replay", "audit", "verify", "console", "seats", "standings", "rounds", "board", "wall", "slip",
         "judge", "ranking")  # each is STATIC/<name>.html
WORKER = STATIC / "sw.js"


@router.get("/")
def landing() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker (``pages/static/sw.js``) at the root, so its scope is the whole site, with the
    app shell's list and a digest of its contents written in: a changed file makes a new worker."""
    return Response(worker_source(), media_type="text/javascript", headers={"Cache-Control": "no-cache"})


def worker_source() -> str:
    """``sw.js`` with ``SHELL`` (``/``, every page, every page's bundle, every file under ``/static`` but the
    modules the bundles hold) and ``VERSION`` (a digest of every file, modules included) filled in."""
    files = sorted(p for p in STATIC.rglob("*") if p.is_file() and p != WORKER)
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(STATIC).as_posix().encode() + b"\0" + path.read_bytes())
    # The pages' modules are in their bundles: the shell keeps the bundles, not the modules one by one.
    shell = ["/", *(f"/{name}" for name in PAGES), *(f"/bundle/{name}.js" for name in ENTRIES),
             *(f"/static/{p.relative_to(STATIC).as_posix()}" for p in files if not _module(p))]
    listed = json.dumps(shell)
    return (WORKER.read_text(encoding="utf-8").replace("'/*VERSION*/'", f"'{digest.hexdigest()[:16]}'")
            .replace("/*SHELL*/[]", listed))


def _module(path) -> bool:  # noqa: ANN001 (a Path)
    return path.suffix == ".js" and (STATIC / "js") in path.parents


@router.get("/{name}")
def page(name: str) -> FileResponse:
    if name not in PAGES:
        raise HTTPException(404, msg("api.no_such_page"))
    return FileResponse(STATIC / f"{name}.html", headers={"Cache-Control": "no-cache"})


def mount(app) -> None:  # noqa: ANN001  (a FastAPI app)
    """Serve the assets, gzipped (this mount alone: the API's answers, the command fast path among them,
    are untouched); the service worker keeps the offline copy."""
    app.mount("/static", GZipMiddleware(StaticFiles(directory=STATIC), minimum_size=512), name="static")
