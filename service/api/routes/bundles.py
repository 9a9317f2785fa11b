"""``/bundle/<page>.js``: a page's ES modules joined into one file (``pages.bundle``), for a cold load in
one round trip instead of one per six modules. Outside the HTTP contract, like the pages themselves.

Made from the module files on the first request and again whenever one of them changes (their sizes and
times are compared on each request); gzipped once. ``ETag`` is the digest of the modules' contents.
"""

from __future__ import annotations

import gzip
import threading
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from domain.errors import msg
from service.api.common.packed import packed_answer
from pages import STATIC
from pages.bundle import ENTRIES, Bundle, bundle

router = APIRouter(include_in_schema=False)
JS = STATIC / "js"
_made: dict[str, tuple[Any, Bundle, bytes]] = {}
_lock = threading.Lock()


def _stamp() -> tuple[tuple[str, int, int], ...]:
    return tuple(sorted((p.as_posix(), p.stat().st_mtime_ns, p.stat().st_size) for p in JS.rglob("*.js")))


def made(name: str) -> tuple[Bundle, bytes]:
    """The bundle of page ``name`` and its gzip, made again if a module changed since."""
    stamp = _stamp()
    with _lock:
        found = _made.get(name)
        if found is None or found[0] != stamp:
            joined = bundle(JS / ENTRIES[name], JS)
            found = (stamp, joined, gzip.compress(joined.text.encode(), 6))
            _made[name] = found
    return found[1], found[2]


@router.get("/bundle/{name}.js")
def page_bundle(name: str, request: Request) -> Response:
    if name not in ENTRIES:
        raise HTTPException(404, msg("api.no_such_bundle"))
    joined, packed = made(name)
    return packed_answer(request, joined.text, packed, joined.digest, "text/javascript")
