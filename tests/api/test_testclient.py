"""The tests' client (``tests/testclient.py``) answers as Starlette's ``TestClient`` does, in one crossing.

Each request goes to one app through both clients; status, headers, body, cookies, what the app heard and when
its background tasks ran must be equal, errors included.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import BackgroundTasks, FastAPI, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse, StreamingResponse
from starlette.testclient import TestClient as StarletteTestClient

from tests.testclient import TestClient


def make_app(heard: list[Any]) -> FastAPI:
    app = FastAPI()

    @app.post("/echo/{name}")
    async def echo(name: str, request: Request) -> JSONResponse:
        body = await request.body()
        heard.append(("echo", name, request.url.query, request.headers.get("x-said"), body))
        return JSONResponse({"name": name, "body": body.decode("latin-1"), "query": dict(request.query_params)},
                            status_code=201, headers={"x-answer": "yes"})

    @app.get("/cookie")
    async def cookie(request: Request) -> Response:
        response = PlainTextResponse(f"had {request.cookies.get('seat', '-')}")
        response.set_cookie("seat", "1")
        return response

    @app.get("/later")
    async def later(tasks: BackgroundTasks) -> dict[str, str]:
        tasks.add_task(heard.append, "background")
        return {"ok": "yes"}

    @app.get("/chunks")
    async def chunks() -> StreamingResponse:
        async def parts():
            for part in ("uno ", "dos ", "tres"):
                yield part
        return StreamingResponse(parts(), media_type="text/plain")

    @app.get("/broken-early")
    async def broken_early() -> None:
        raise RuntimeError("before the answer")

    @app.get("/broken-late")
    async def broken_late() -> StreamingResponse:
        async def parts():
            yield "half "
            raise RuntimeError("in the middle of the answer")
        return StreamingResponse(parts(), media_type="text/plain")

    @app.get("/disconnect")
    async def disconnect(request: Request) -> dict[str, bool]:
        return {"disconnected": await request.is_disconnected()}

    return app


def both(call: Any, **options: Any) -> list[tuple[Any, ...]]:
    """What ``call(client)`` gives through Starlette's client and through ours, with what the app heard."""
    found = []
    for kind in (StarletteTestClient, TestClient):
        heard: list[Any] = []
        with kind(make_app(heard), **options) as client:
            found.append((call(client), heard))
    return found


def answer(response: Any) -> tuple[Any, ...]:
    return response.status_code, sorted(response.headers.multi_items()), response.content


@pytest.mark.parametrize("call", [
    lambda c: answer(c.post("/echo/ana?round=2&x=%C3%B1", content=b"\x00raw\xff", headers={"X-Said": "hola"})),
    lambda c: answer(c.post("/echo/berto", json={"a": [1, 2]})),
    lambda c: answer(c.head("/cookie")),
    lambda c: (answer(c.get("/cookie")), answer(c.get("/cookie")), dict(c.cookies)),
    lambda c: answer(c.get("/later")),
    lambda c: answer(c.get("/chunks")),
    lambda c: answer(c.get("/nowhere")),
    lambda c: answer(c.put("/cookie")),
    lambda c: answer(c.get("/disconnect")),
], ids=["body-query-headers", "json", "head", "cookies", "background", "chunks", "404", "405", "disconnect"])
def test_an_answer_read_at_once_is_what_starlettes_client_gives(call):
    (theirs, heard_theirs), (ours, heard_ours) = both(call)
    assert ours == theirs
    assert heard_ours == heard_theirs


def test_the_background_task_has_run_when_the_answer_is_returned():
    heard: list[Any] = []
    with TestClient(make_app(heard)) as client:
        assert client.get("/later").json() == {"ok": "yes"}
        assert heard == ["background"]


@pytest.mark.parametrize("path", ["/broken-early", "/broken-late"])
def test_an_error_of_the_app_is_raised_or_answered_as_starlettes_client_does(path):
    for kind in (StarletteTestClient, TestClient):
        with kind(make_app([])) as client, pytest.raises(RuntimeError):
            client.get(path)
    (theirs, _), (ours, _) = both(lambda c: answer(c.get(path)), raise_server_exceptions=False)
    assert ours == theirs
    assert ours[:1] == ((500,) if path == "/broken-early" else (200,))  # late: the answer had started


def test_a_streamed_request_still_comes_chunk_by_chunk():
    with TestClient(make_app([])) as client, client.stream("GET", "/chunks") as response:
        assert list(response.iter_text()) == ["uno ", "dos ", "tres"]
        assert client.get("/chunks").text == "uno dos tres"  # and the next whole answer is read at once again


def test_one_crossing_to_the_portal_per_request():
    """The point of it: Starlette's client crosses to its portal's thread about eight times a request."""
    counts = {}
    for kind in (StarletteTestClient, TestClient):
        with kind(make_app([])) as client:
            client.get("/cookie")
            calls = 0
            portal = client.portal
            start = portal.start_task_soon  # ``call`` goes through it too

            def counted(real):
                def wrapper(*args, **kwargs):
                    nonlocal calls
                    calls += 1
                    return real(*args, **kwargs)
                return wrapper

            portal.start_task_soon = counted(start)
            client.get("/cookie")
            counts[kind] = calls
    assert counts[TestClient] == 1
    assert counts[StarletteTestClient] >= 1  # eight with Starlette 1.10; a later one may need fewer
