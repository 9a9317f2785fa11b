"""The pages (package ``pages``): the landing page at ``/``, each page at ``/<name>``, assets at ``/static``.

Outside the HTTP contract (``include_in_schema=False``): they are files, not resources.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

from domain.errors import msg
from service.api.common.packed import packed_answer
from pages import STATIC

router = APIRouter(include_in_schema=False)
PAGES = ("tablet", "replay", "audit", "verify", "console", "seats", "standings", "rounds", "director", "board", "wall",
         "slip", "judge", "ranking")  # each is STATIC/<name>.html
WORKER = STATIC / "sw.js"


@router.get("/")
def landing() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    """The site's icon (a tile marked P): browsers ask for it on every page, and a 404 is a console error."""
    return FileResponse(STATIC / "favicon.ico", media_type="image/x-icon", headers={"Cache-Control": "max-age=86400"})


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker (``pages/static/sw.js``) at the root, so its scope is the whole site, with the
    app shell's list and a digest of its contents written in: a changed file makes a new worker."""
    return Response(worker_source(), media_type="text/javascript", headers={"Cache-Control": "no-cache"})


def worker_source() -> str:
    """``sw.js`` with ``SHELLS`` (each page's own shell: see ``shells``) and ``VERSION`` (a digest of every file,
    modules included) filled in."""
    files = sorted(p for p in STATIC.rglob("*") if p.is_file() and p != WORKER)
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(STATIC).as_posix().encode() + b"\0" + path.read_bytes())
    listed = json.dumps(shells())
    return (WORKER.read_text(encoding="utf-8").replace("'/*VERSION*/'", f"'{digest.hexdigest()[:16]}'")
            .replace("/*SHELLS*/{}", listed))


ASSET = re.compile(r'(?:href|src)="(/(?:static|bundle)/[^"#?]+)"')


def shells() -> dict[str, list[str]]:
    """Each page's own shell, as its worker keeps it once the page is visited (issue 28: a tablet fetches the
    tablet's shell, not every page's): the page, the styles and the bundle its HTML names, and the catalogues
    (the language picker offers all three; the tablet's own, ``static/i18n/tablet``). ``/`` is the landing page."""

    def catalogues(page: str) -> list[str]:  # a page's own (pages/catalogues.py: the tablet's), else every page's
        folder = STATIC / "i18n" / page if (STATIC / "i18n" / page).is_dir() else STATIC / "i18n"
        return [f"/static/{p.relative_to(STATIC).as_posix()}" for p in sorted(folder.glob("*.json"))]

    found = {}
    for path, html in (("/", "index.html"), *((f"/{name}", f"{name}.html") for name in PAGES)):
        assets = dict.fromkeys(ASSET.findall((STATIC / html).read_text(encoding="utf-8")))
        found[path] = [path, *assets, *catalogues(path.strip("/") or "index")]
    return found


@router.get("/{name}")
def page(name: str, request: Request) -> Response:
    """A page's HTML, gzipped where the browser takes it (issue 28: the tablet's carries its binding screen, 14 KB,
    5 KB gzipped, the first thing a first use waits for on a hall's slow Wi-Fi); ``ETag``, the digest of the file."""
    if name not in PAGES:
        raise HTTPException(404, msg("api.no_such_page"))
    body, packed, digest = html_of(STATIC / f"{name}.html")
    return packed_answer(request, body, packed, digest, "text/html; charset=utf-8")


_html: dict[Path, tuple[tuple[int, int], bytes, bytes, str]] = {}


def html_of(path: Path) -> tuple[bytes, bytes, str]:
    """The file's bytes, their gzip and a digest, made again when the file changes (its time and size)."""
    stat = path.stat()
    stamp = (stat.st_mtime_ns, stat.st_size)
    found = _html.get(path)
    if found is None or found[0] != stamp:
        body = path.read_bytes()
        found = (stamp, body, gzip.compress(body, 9), hashlib.sha256(body).hexdigest()[:16])
        _html[path] = found
    return found[1], found[2], found[3]


def mount(app) -> None:  # noqa: ANN001  (a FastAPI app)
    """Serve the assets, gzipped (this mount alone: the API's answers, the command fast path among them,
    are untouched); the service worker keeps the offline copy."""
    app.mount("/static", GZipMiddleware(StaticFiles(directory=STATIC), minimum_size=512), name="static")
