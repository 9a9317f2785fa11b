"""The hall console's one read with its tablets (issue 15): ``GET /v1/tables`` for 100 tables with 200
bound tablets, against the same read without the tablets, and the cost of noting each request's device.

    .venv/bin/python bench/bench_hall.py

Prints the median of 20 reads each way (after 3 warm-ups), their ratio, and the middleware's cost per
request; the target is a read of 100 tables within 50 ms (a console polls it every 2 s).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' helpers make the games

TARGET_MS = 50.0


def hall_read() -> tuple[float, float]:
    import service.api.routes.tables as tables
    from tests.api.conftest import _api

    running = _api(tempfile.mkdtemp() + "/data")
    api = next(running)
    for n in range(1, 101):
        api.table(event="Bench", round=1, table=n, players=(f"A{n}", f"B{n}"))
    api.index()
    cards = api.client.post("/v1/rounds/seat-codes", json={"event": "Bench", "round": 1},
                            headers=api.headers(api.tokens["director"])).json()["cards"]
    for card in cards:
        api.client.post("/v1/bind", json={"code": card["code"], "device": f"tab-{card['table']}-{card['seat']}"})
    api.index()
    headers = api.headers(api.tokens["arbiter"])

    def timed() -> float:
        start = time.perf_counter()
        r = api.client.get("/v1/tables", params={"event": "Bench", "round": 1}, headers=headers)
        assert r.status_code == 200 and r.json()["count"] == 100, r.text[:300]
        return time.perf_counter() - start

    for _ in range(3):
        timed()
    full = statistics.median(timed() for _ in range(20))
    kept = tables.with_tablets
    tables.with_tablets = lambda found, *_: [dict(t, seats=[]) for t in found]
    try:
        bare = statistics.median(timed() for _ in range(20))
    finally:
        tables.with_tablets = kept
        running.close()
    return full, bare


def middleware_cost(n: int = 200_000) -> float:
    from service.api.middleware.heard import Heard, HeardMiddleware

    async def app(scope, receive, send):  # noqa: ANN001, ANN202
        return None

    noted = HeardMiddleware(app, heard=Heard())
    scope = {"type": "http", "path": "/v1/games/x/commands", "headers": [
        (b"host", b"x"), (b"authorization", b"Bearer x"), (b"content-type", b"application/json"),
        (b"idempotency-key", b"k"), (b"x-device", b"tablet-12a")]}

    async def run(call) -> float:  # noqa: ANN001
        start = time.perf_counter()
        for _ in range(n):
            await call(scope, None, None)
        return (time.perf_counter() - start) / n

    return asyncio.run(run(noted)) - asyncio.run(run(app))


if __name__ == "__main__":
    full, bare = hall_read()
    verdict = "ok" if full * 1000 <= TARGET_MS else "MISSED"
    print(f"GET /v1/tables, 100 tables, 200 tablets: {full * 1000:.1f} ms (median of 20); target {TARGET_MS:.0f} ms, "
          f"ratio {full * 1000 / TARGET_MS:.2f} {verdict}")
    print(f"  the same read without the tablets: {bare * 1000:.1f} ms; with/without {full / bare:.2f}")
    print(f"noting X-Device (service/api/middleware/heard.py): {middleware_cost() * 1e6:.1f} us a request")
