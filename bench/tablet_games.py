"""``bench_tablet.py``'s games: the other tables' games played over the API in a forked process while the pages are
measured (``background``: bench_http.py's scripted games at a pace), and the measured game itself, sent over the API
except what the pages do (``Game``), with the address of a seat's page."""

from __future__ import annotations

import asyncio
import json
import random
import time
from types import SimpleNamespace
from typing import Any

import httpx

from bench_http import connection


def background(url: str, token: str, scripts: list[Any], tablets: int, think: float, stop: Any, out: Any) -> None:
    """``tablets`` games played over the API until ``stop`` is set; puts {commands, seconds, p99, errors}."""
    server = SimpleNamespace(url=url, token=token)
    latencies: list[float] = []
    errors = 0
    pauses = random.Random(11)
    director = {"Authorization": f"Bearer {token}", "X-Device": "bench-load"}

    async def tablet(index: int) -> None:
        nonlocal errors
        conn, turn = connection(server), index
        try:
            while not stop.is_set():
                script = scripts[turn % len(scripts)]
                turn += len(scripts)
                status, raw = await conn.request("POST", "/v1/games", director, {
                    "profile": "file-2024", "players": ["Ana", "Bea"], "bag_mode": "replay", "table": index + 2})
                created = json.loads(raw)
                game, version = created["id"], created["version"]
                tokens: dict[Any, dict[str, str]] = {
                    t["seat"]: {"Authorization": f"Bearer {t['token']}", "X-Device": f"load-{index}"}
                    for t in created["tokens"]}
                tokens["director"] = director
                for sender, body in script:
                    if stop.is_set():
                        return
                    start = time.perf_counter()
                    status, raw = await conn.request("POST", f"/v1/games/{game}/commands", tokens[sender],
                                                     {**body, "expected_version": version})
                    latencies.append(time.perf_counter() - start)
                    if status != 200:
                        errors += 1
                        break
                    version = json.loads(raw)["version"]
                    await asyncio.sleep(pauses.expovariate(1 / think) if think else 0)
        finally:
            conn.close()

    async def run() -> None:
        await asyncio.gather(*(tablet(i) for i in range(tablets)))

    began = time.perf_counter()
    asyncio.run(run())
    lat = sorted(latencies) or [float("nan")]
    out.put({"commands": len(latencies), "seconds": time.perf_counter() - began,
             "p99": lat[min(len(lat) - 1, int(0.99 * len(lat)))] * 1000, "errors": errors})


class Game:
    """The measured game, sent over the API except what the pages do."""

    def __init__(self, url: str, director: str) -> None:
        self.client = httpx.Client(base_url=url, timeout=30)
        self.director = director
        created = self.client.post("/v1/games", headers=self.headers(director), json={
            "profile": "file-2024", "players": ["Ana", "Bea"], "bag_mode": "replay", "table": 1})
        created.raise_for_status()
        body = created.json()
        self.id, self.version = body["id"], body["version"]
        self.tokens: dict[Any, str] = {t["seat"]: t["token"] for t in body["tokens"]}
        self.tokens["director"] = director

    @staticmethod
    def headers(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}", "X-Device": "bench-api"}

    def send(self, sender: Any, body: dict[str, Any]) -> None:
        r = self.client.post(f"/v1/games/{self.id}/commands", headers=self.headers(self.tokens[sender]),
                             json={**body, "expected_version": self.version})
        if r.status_code != 200:
            raise RuntimeError(f"{body['type']} at {self.version}: {r.status_code} {r.text}")
        self.version = r.json()["version"]

    def wait_past(self, version: int, seconds: float = 30) -> None:
        """Until the service's version passes ``version`` (a page's command was answered)."""
        deadline = time.monotonic() + seconds
        while True:
            now = self.client.get(f"/v1/games/{self.id}", headers=self.headers(self.director)).json()["version"]
            if now > version:
                self.version = now
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the page's command never moved the game past {version}")
            time.sleep(0.01)


def page_url(kind: str, base: str, game: Game, seat: int) -> str:
    return f"{base}/tablet#game={game.id}&token={game.tokens[seat]}&seat={seat}"
