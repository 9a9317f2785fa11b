"""The pages' own files answered as browsers cache them: a digest as the ``ETag``, gzip where it is taken."""

from __future__ import annotations

from typing import Any

from fastapi.responses import Response


def packed_answer(request: Any, body: bytes | str, packed: bytes, digest: str, media_type: str) -> Any:
    """A file the pages fetch (a page's HTML, a bundle): ``304`` when the browser holds this ``digest`` (its
    ``ETag``), else the gzip where the browser takes it, else the plain bytes; always revalidated (``no-cache``)."""
    etag = f'"{digest}"'
    headers = {"Cache-Control": "no-cache", "ETag": etag, "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(packed, media_type=media_type, headers={**headers, "Content-Encoding": "gzip"})
    return Response(body, media_type=media_type, headers=headers)
