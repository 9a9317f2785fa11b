"""Schemathesis over every operation of the contract in every phase (issue 27), seeded and bounded.

The command line a reader of the contract would run (``st run``: examples, coverage, fuzzing, stateful) against
the app on a live loopback server, with a director's token on an in-memory store where the contract's example
game and duplicate exist. Expected: no server error, no answer outside the contract (status code, body schema,
content type, ``Allow``), nothing the schema forbids accepted, and nothing the schema allows answered 400 (a rule
may still refuse it: 409, 422, 423 are the rules' answers, 404 an id nobody made). Each Server-Sent Events stream
is ended after its first events (``EndStreams``), so its events are checked against the contract and the run moves
on. ``--max-time`` bounds it; the figures of a run are printed.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from uuid import UUID

from domain.duplicate import Duplicate
from domain.game import Game, Meta
from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.api.contract import SPEC
from service.api.schemas.base import GAME_ID
from service.api.schemas.duplicate import DUPLICATE_ID
from service.settings import settings_env
from service.trust.keys import ServiceKey
from tests.api.live_server import running

ST = str(Path(sys.executable).with_name("st"))
SEED = 27
#: The checks of issue 27's run: every kind it found mismatches of.
CHECKS = ("not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance,"
          "negative_data_rejection,positive_data_acceptance,unsupported_method,allow_header_conformance")
#: A schema-valid request may still be refused by a rule (409, 422, 423), name an id nobody made (404), or be
#: too large for the body bound (413); it is never malformed (400).
CONFIG = """
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "410", "413", "422", "423", "429", "503"]
"""


class EndStreams:
    """An ASGI wrapper that ends each ``text/event-stream`` answer after its first event, or after ``wait`` seconds
    without one, as a client that hangs up: the stream's task hears the client leave and stops."""

    def __init__(self, app: Any, wait: float = 0.3) -> None:
        self.app, self.wait = app, wait

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        ended, streaming = asyncio.Event(), False

        async def end() -> None:
            if not ended.is_set():
                ended.set()
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        async def sending(message: Any) -> None:
            nonlocal streaming
            if ended.is_set():
                return
            if message["type"] == "http.response.start":
                streaming = any(k.lower() == b"content-type" and v.startswith(b"text/event-stream")
                                for k, v in message.get("headers", []))
                await send(message)
                if streaming:
                    asyncio.get_running_loop().call_later(self.wait, lambda: asyncio.ensure_future(end()))
                return
            if streaming and message["type"] == "http.response.body":
                await send({**message, "more_body": True})
                if b"data:" in message.get("body", b""):
                    await end()
                return
            await send(message)

        async def receiving() -> Any:
            if streaming:
                await ended.wait()
                return {"type": "http.disconnect"}
            return await receive()

        await self.app(scope, receiving, sending)


def hall() -> tuple[Any, str]:
    """The app on an in-memory store with the contract's example game and duplicate, and a director's token."""
    games = ServiceApplication(settings_env("memory"), rng=random.Random(SEED), service_key=ServiceKey.generate())
    app = create_app(ServiceSettings(store="memory", stream_keepalive_seconds=0.2), application=games)
    meta = Meta("director:fuzz", None, "2025-05-01T10:00:00Z")
    games.save(Game.create("file-2024", ["Ana García", "Berto Núñez"], meta, game_id=UUID(GAME_ID)))
    duplicate = Duplicate.create("ajs-2012", ["Ana", "Berto", "Carmen"], meta, duplicate_id=UUID(DUPLICATE_ID))
    duplicate.start_round(meta, rack=["C", "A", "S", "A", "?", "R", "O"])
    games.save(duplicate)
    return app, games.issue_token("director", "fuzz", "test")[0]


def failures(report: Path) -> tuple[Counter[str], list[str]]:
    """From the run's NDJSON events: each failure (check, request, answer) counted, and the phases that finished."""
    found: Counter[str] = Counter()
    phases: list[str] = []
    for line in report.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if "PhaseFinished" in event:
            phases.append(event["PhaseFinished"]["phase"]["name"])
        scenario = event.get("ScenarioFinished", {}).get("recorder") or {}
        for ident, checks in (scenario.get("checks") or {}).items():
            for check in checks:
                if not (check.get("failure_info") or {}).get("failure"):
                    continue
                case = dict((scenario.get("cases") or {}).get(ident, {}).get("value") or {})
                answer = ((scenario.get("interactions") or {}).get(ident) or {}).get("response") or {}
                body = answer.get("content") or ""
                if isinstance(body, dict) and "$base64" in body:
                    body = base64.b64decode(body["$base64"]).decode("utf-8", "replace")
                found[f"{check['name']}: {case.get('method')} {case.get('path')} {case.get('query') or ''} "
                      f"{json.dumps(case.get('body'), ensure_ascii=False)[:300]} -> {answer.get('status_code')} "
                      f"{str(body)[:300]}"] += 1
    return found, phases


#: Every operation of the contract (each is tested: the summary says so).
OPERATIONS = sum(1 for item in json.loads(SPEC.read_text(encoding="utf-8"))["paths"].values() for method in item
                 if method in ("get", "put", "post", "delete", "patch", "options", "head"))
#: The phases, and the seconds each run of them may take (``--max-time``: fuzzing and stateful repeat until it is
#: spent, so the stateful phase gets a run of its own rather than what fuzzing leaves).
RUNS = (("examples,coverage,fuzzing", 50), ("stateful", 20))


def test_schemathesis_finds_nothing_in_any_phase_of_any_operation(tmp_path: Path):
    app, director = hall()
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG, encoding="utf-8")
    found: Counter[str] = Counter()
    phases: list[str] = []
    with running(EndStreams(app)) as (host, port):
        for number, (names, seconds) in enumerate(RUNS):
            report = tmp_path / f"events-{number}.ndjson"
            ran = subprocess.run(
                [ST, "--config-file", str(config), "run", str(SPEC), "--url", f"http://{host}:{port}",
                 "--header", f"Authorization: Bearer {director}", "--phases", names, "--checks", CHECKS,
                 "--seed", str(SEED), "--max-examples", "5", "--generation-database", "none", "--workers", "1",
                 "--request-timeout", "5", "--max-time", str(seconds), "--no-color",
                 "--report", "ndjson", "--report-ndjson-path", str(report)],
                capture_output=True, text=True, timeout=seconds + 60, cwd=tmp_path)
            print("\n".join(line for line in ran.stdout.splitlines()
                            if "(in " in line or "generated" in line or "Selected:" in line))
            more, finished = failures(report)
            found.update(more)
            phases.extend(finished)
            assert ran.returncode == 0 or more, ran.stdout[-4000:] + ran.stderr[-2000:]
            if number == 0:  # every operation (the stateful phase follows the links between them)
                assert f"Selected: {OPERATIONS}/{OPERATIONS}" in ran.stdout and f"Tested: {OPERATIONS}" in ran.stdout, \
                    ran.stdout[-2000:]
    assert not found, "\n".join(f"{n} × {what}" for what, n in found.items())
    assert set(phases) >= {"examples", "coverage", "fuzzing", "stateful"}, phases
