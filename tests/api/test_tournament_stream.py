"""``GET /v1/tournaments/{id}/stream``: the hall screen's live standings. A game of the round signed over
HTTP is recorded in the tournament by the service itself (nobody reads the standings in between), and
every stream of it says so with the tournament's new version; the standings then show the result."""

from __future__ import annotations

import json
import queue
import random
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.browser.hall import Hall
from tests.browser.tournament import HallTournament

PLAYERS = [("Anna Puig", 1900), ("Biel Roca", 1850), ("Carla Vidal", 1800), ("Dani Mas", 1750), ("Eva Soler", 1700)]


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    server = Hall(Path(tmp_path_factory.mktemp("standings")) / "data")
    try:
        yield server
    finally:
        server.stop()


def listen(hall: Hall, path: str, token: str, into: "queue.Queue[dict]", stop: threading.Event) -> None:
    try:
        _listen(hall, path, token, into, stop)
    except httpx.TransportError:
        if not stop.is_set():  # cut by the hall server's shutdown once the test is done with it: nothing lost
            raise


def _listen(hall: Hall, path: str, token: str, into: "queue.Queue[dict]", stop: threading.Event) -> None:
    with httpx.Client(base_url=hall.url, timeout=None) as client, client.stream(
            "GET", path, headers=hall.headers(token)) as r:
        into.put({"status": r.status_code})
        fields: dict[str, str] = {}
        for line in r.iter_lines():
            if stop.is_set():
                return
            if not line:
                if fields.get("event") == "standings":
                    into.put(json.loads(fields["data"]))
                fields = {}
            elif not line.startswith(":"):
                key, _, value = line.partition(": ")
                fields[key] = value


def test_a_signed_game_reaches_every_stream_without_a_read_of_the_standings(hall: Hall):
    spectator = hall.games.issue_token("spectator", "hall-screen", "test")[0]
    t = HallTournament(hall.http, hall.games, hall.director)
    t.enter(PLAYERS)
    tables = t.publish(1)
    played = [x for x in tables if x["second"]]
    assert len(played) == 2 and any(x["second"] is None for x in tables)  # five players: one bye (FISC I.1 C)
    game = t.play(played[0], random.Random(3))

    events: queue.Queue[dict] = queue.Queue()
    stop = threading.Event()
    threads = [threading.Thread(target=listen, args=(hall, t.path + "/stream", spectator, events, stop), daemon=True)
               for _ in range(2)]  # two screens: one watcher for both
    for thread in threads:
        thread.start()
    first = [events.get(timeout=10) for _ in range(4)]
    assert sorted(x.get("status", 0) for x in first)[-2:] == [200, 200]
    now = [x for x in first if "version" in x]
    assert {x["round"] for x in now} == {1} and {x["results"] for x in now} == {1}  # the bye only

    game.sign_last()
    moved = [events.get(timeout=10), events.get(timeout=10)]
    stop.set()
    assert {x["results"] for x in moved} == {2}
    assert all(x["version"] > now[0]["version"] for x in moved)
    standings = hall.http.get(t.path + "/standings", headers=hall.headers(spectator)).json()
    rounds = {row["player"]: row["rounds"] for row in standings["rows"]}
    assert rounds[played[0]["first"]][0]["kind"] == "played"
    assert rounds[played[1]["first"]] == []  # its game is not signed: no result


def test_the_stream_of_no_tournament_is_404_and_needs_a_token(hall: Hall):
    spectator = hall.games.issue_token("spectator", "hall-screen-2", "test")[0]
    missing = hall.http.get("/v1/tournaments/00000000-0000-4000-8000-000000000000/stream",
                            headers=hall.headers(spectator))
    assert missing.status_code == 404 and missing.json()["field"] == "tournament_id"
    t = HallTournament(hall.http, hall.games, hall.director, name="Obert 2")
    assert hall.http.get(t.path + "/stream").status_code == 401
