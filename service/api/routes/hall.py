"""The hall's authority over HTTPS too (``/hall/ca``, ``/hall/ca.crt``, ``/hall/ca.pem``), when the service
serves TLS (``planilla serve --tls``); 404 otherwise. Outside the contract: files, not resources.
The same page is served over plain HTTP by ``service.hall.door.PlainDoor`` for a tablet's first visit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response

from domain.errors import msg
from service.api.common.routing import operation_id
from service.api.common.errors import ApiError

# ``service.hall.tls`` and ``service.hall.door`` (the ``cryptography`` and ``segno`` libraries) are imported only when
# a hall page is asked for: a server without --tls does not pay for them at start.
router = APIRouter(generate_unique_id_function=operation_id, include_in_schema=False)


def _hall(request: Request) -> Any:
    from service.hall.tls import Hall

    folder = request.app.state.settings.tls_dir
    if folder is None or not (Path(folder) / "ca.crt").exists():
        raise ApiError(404, "not_found", msg("api.this_server_does_not"),
                       field="path")
    return Hall(Path(folder), False, False)


@router.get("/hall/ca")
def authority_page(request: Request) -> Response:
    from service.hall.door import language, page

    hall = _hall(request)
    url = str(request.base_url)
    body = page(hall, url, language(request.url.query, request.headers.get("accept-language")))
    return Response(body, media_type="text/html; charset=utf-8", headers={"Cache-Control": "no-cache"})


@router.get("/hall/ca.crt")
def authority_der(request: Request) -> Response:
    from service.hall.tls import ca_der

    return Response(ca_der(_hall(request)), media_type="application/x-x509-ca-cert")


@router.get("/hall/ca.pem")
def authority_pem(request: Request) -> Response:
    return Response(_hall(request).ca_cert.read_bytes(), media_type="application/x-pem-file")
