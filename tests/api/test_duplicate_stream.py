"""A duplicate's live stream on a real uvicorn server: the history, then each new event as it is recorded,
an open round's slips withheld from another player, and ``Last-Event-ID`` resuming."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.api.test_stream import Live


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    server = Live(tmp_path / "data")
    yield server
    server.stop()


def events(url: str, token: str, count: int, headers: dict[str, str] | None = None) -> list[dict]:
    """The first ``count`` events the stream sends (within 10 s)."""
    found: list[dict] = []
    with httpx.stream("GET", url, headers={"Authorization": f"Bearer {token}", **(headers or {})},
                      timeout=10) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("data: "):
                found.append(json.loads(line.removeprefix("data: ")))
                if len(found) == count:
                    break
    return found


def test_the_stream_sends_the_history_then_live_events_with_open_slips_withheld(live: Live):
    director = live.director
    r = httpx.post(f"{live.url}/v1/duplicates", json={"profile": "ajs-2012", "players": ["Ana", "Berto"]},
                   headers={"Authorization": f"Bearer {director}"})
    base = f"{live.url}/v1/duplicates/{r.json()['id']}"
    ana, berto = (t["token"] for t in r.json()["tokens"])
    httpx.post(base + "/rounds", json={"rack": ["C", "A", "S", "A", "?", "R", "O"]},
               headers={"Authorization": f"Bearer {director}"})

    def later() -> None:
        time.sleep(0.5)
        httpx.post(base + "/rounds/1/slips", json={"word": "CASA", "coordinates": "H8"},
                   headers={"Authorization": f"Bearer {ana}"})

    threading.Thread(target=later, daemon=True).start()
    seen = events(base + "/stream", berto, 3)
    assert [e["type"] for e in seen] == ["Created", "RoundStarted", "SlipSubmitted"]
    assert seen[2]["payload"]["word"] is None and "word" in seen[2]["redacted"]
    resumed = events(base + "/stream", director, 1, {"Last-Event-ID": "2"})
    assert resumed[0]["type"] == "SlipSubmitted" and resumed[0]["payload"]["word"] == "CASA"
