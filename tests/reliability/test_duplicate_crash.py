"""Crash safety for duplicate games: a real server SIGKILLed mid-round while twelve players send their slips.

Twelve players' tablets each send six slips a round (a player may change their slip until «¡Tiempo!»: the last
counts, FISC II.7 / AJS 3.2.6), each with an ``Idempotency-Key``, riding out the server's deaths as the classic
game's tablets do (``tests/reliability/test_crash.py``: a slip in doubt is sent again with its key until it is
answered). The server is killed twice in each of two rounds, each time once 10–30 more slips of the round's 72
have been acknowledged and after a pause of up to 50 ms (seeded): paced by slips, not seconds, so every kill
lands while slips are in flight however fast the machine; between the rounds the judge closes, rules, takes the
best slip as the master and publishes, each with a key. Then:

- every acknowledged slip is in the history exactly once, at the acknowledged version, and the history holds no
  other slip; versions 1..n without a gap; the chain verifies;
- the round tables, the sheets and the ranking the server answers from its read models equal those computed
  from the aggregate in a new process, and the read models equal a rebuild from scratch.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from typing import Any

import httpx
import pytest

from domain.game.chain import verify_chain
from tests.duplicate_world import RACK, RACK_2
from tests.reliability.live import LiveServer, fresh_store
from tests.reliability.test_crash import Tablet, _read_models_equal_a_rebuild

PLAYERS = 12
SLIPS_EACH = 6
KILLS_PER_ROUND = 2
BETWEEN_KILLS = (10, 30)  # slips acknowledged in the round before each kill (two kills: at most 60 of its 72)
WRITTEN = {1: [("CASAR", "H4"), ("CASA", "H5"), ("CASA", "H8"), ("SACO", "8H"), ("ROCA", "H5"), ("CASA", "")],
           2: [("OCA", "4G"), ("OCAS", "4G"), ("OCA", "G4"), ("SOL", "I4"), ("OCA", ""), ("LOS", "4G")]}


class SlipTablet(Tablet):
    """One player's tablet: six slips for the round in play, each acknowledged (its version and what it said)."""

    def __init__(self, seat: int, token: str, base: str, round_no: int, server: LiveServer, up: threading.Event,
                 stop: threading.Event) -> None:
        super().__init__(seat, server, up, stop)
        self.seat, self.token, self.base, self.round_no = seat, token, base, round_no
        self.sent: list[tuple[int, int, int, str, str]] = []  # (version, round, seat, word, coordinates)

    def run(self) -> None:
        try:
            rng = random.Random(self.seat * 10 + self.round_no)
            for _ in range(SLIPS_EACH):
                word, coordinates = rng.choice(WRITTEN[self.round_no])
                answer = self.send("POST", f"{self.base}/rounds/{self.round_no}/slips", self.token,
                                   {"word": word, "coordinates": coordinates}, str(uuid.uuid4()))
                assert answer.status_code == 200, answer.text
                self.sent.append((answer.json()["version"], self.round_no, self.seat, word, coordinates))
                time.sleep(rng.uniform(0.0, 0.05))
        except BaseException as error:  # noqa: BLE001 - reported by the test
            self.error = error


def _slips_in(players: list[SlipTablet], slips: int, seconds: float = 60) -> None:
    """Wait until the round's tablets have had ``slips`` slips acknowledged (or one failed, or all are done, or
    ``seconds`` passed: the test then reports what went wrong)."""
    deadline = time.monotonic() + seconds
    while (sum(len(t.sent) for t in players) < slips and time.monotonic() < deadline
           and not any(t.error for t in players) and any(t.is_alive() for t in players)):
        time.sleep(0.005)


def judge(tablet: Tablet, base: str, round_no: int, director: str) -> None:
    """«¡Tiempo!», every word of the valid slips ruled valid, the best slip as the master, the results."""
    def post(path: str, body: Any) -> dict[str, Any]:
        answer = tablet.send("POST", base + path, director, body, str(uuid.uuid4()))
        assert answer.status_code == 200, (path, answer.text)
        return answer.json()

    post(f"/rounds/{round_no}/close", None)
    slips = tablet.send("GET", f"{base}/rounds/{round_no}", director)
    valid = [s for s in slips.json()["slips"] if not s["causes"]]
    for word in sorted({w for s in valid for w in s["words"]}):
        post("/rulings", {"word": word, "valid": True})
    best = max(valid, key=lambda s: (s["score"], -s["seat"]), default=None)
    if round_no == 1 and (best is None or (best["word"], best["coordinates"]) != ("CASAR", "H4")):
        # nobody's last slip was CASAR H4: the judge enters it, so round 2's rack (RACK_2) holds the remainder
        # ? O, as a judge's rack must (FISC II.3, AJS 3.2.4)
        post(f"/rounds/{round_no}/master", {"word": "CASAR", "coordinates": "H4"})
    else:
        post(f"/rounds/{round_no}/master", {"seat": best["seat"]})
    post(f"/rounds/{round_no}/publish", {})


@pytest.mark.slow
def test_every_acknowledged_slip_survives_a_killed_server_exactly_once(request, tmp_path):
    store = fresh_store("sqlite", request, tmp_path)
    server = LiveServer(store)
    server.start()
    up, stop = threading.Event(), threading.Event()
    up.set()
    desk = Tablet(99, server, up, stop)
    created = desk.send("POST", "/v1/duplicates", server.director, {
        "profile": "ajs-2012", "players": [f"P{i}" for i in range(PLAYERS)], "draw": "judge"}, str(uuid.uuid4()))
    assert created.status_code == 201, created.text
    did, tokens = created.json()["id"], [t["token"] for t in created.json()["tokens"]]
    base = f"/v1/duplicates/{did}"
    rng, sent, tablets = random.Random(18), [], []
    try:
        for round_no, rack in ((1, RACK), (2, RACK_2)):
            assert desk.send("POST", base + "/rounds", server.director, {"rack": rack},
                             str(uuid.uuid4())).status_code == 200
            players = [SlipTablet(s, tokens[s], base, round_no, server, up, stop) for s in range(PLAYERS)]
            for t in players:
                t.start()
            acknowledged = 0
            for _ in range(KILLS_PER_ROUND):
                acknowledged += rng.randint(*BETWEEN_KILLS)
                _slips_in(players, acknowledged)
                time.sleep(rng.uniform(0.0, 0.05))
                up.clear()
                server.kill()
                server.start()
                up.set()
            for t in players:
                t.join(60)
            assert not [t.error for t in players if t.error is not None]
            tablets += players
            sent += [s for t in players for s in t.sent]
            judge(desk, base, round_no, server.director)
        director = server.headers(server.director)
        history = httpx.get(f"{server.url}{base}/events", headers=director, timeout=30).json()["events"]
        assert [e["sequence"] for e in history] == list(range(1, len(history) + 1))
        stored = sorted((e["sequence"], e["payload"]["round"], e["payload"]["seat"], e["payload"]["word"],
                         e["payload"]["coordinates"]) for e in history if e["type"] == "SlipSubmitted")
        assert stored == sorted(sent), "the slips stored and the slips acknowledged differ"
        assert len(sent) == 2 * PLAYERS * SLIPS_EACH
        audit_ok(history, did)
        deadline = time.monotonic() + 30
        while httpx.get(f"{server.url}/health", timeout=5).json()["projections"]["lag"] != 0:
            assert time.monotonic() < deadline, "the read models never caught up"
            time.sleep(0.1)
        served = {path: httpx.get(f"{server.url}{base}{path}", headers=director, timeout=30).json()
                  for path in ("/ranking", "/rounds/1", "/rounds/2", *(f"/sheets/{s}" for s in range(PLAYERS)))}
    finally:
        stop.set()
        server.stop()
    print(f"{2 * KILLS_PER_ROUND} kills, {server.starts} starts, {len(sent)} slips acknowledged, "
          f"{sum(t.ledger.unknown for t in tablets)} in doubt at a kill and resolved by their key "
          f"({sum(t.ledger.replayed for t in tablets)} replayed)")
    same_as_the_aggregate(store, did, served)
    assert _read_models_equal_a_rebuild(store)


def audit_ok(history: list[dict[str, Any]], did: str) -> None:
    """The history as served verifies with the classic game's chain code (nothing withheld from a director)."""
    records = [{"game": did, "type": e["type"], "version": e["sequence"], "previous_hash": e["previous_hash"],
                "hash": e["hash"], "actor": e["actor"], "device": e["device"], "at": e["recorded_at"],
                "payload": e["payload"]} for e in history]
    assert verify_chain(records) is None


def same_as_the_aggregate(store: str, did: str, served: dict[str, Any]) -> None:
    """What the server answered from its read models, against the views computed from the stored aggregate."""
    from projections.duplicate_views import ranking_view, sheet
    from service.game.application import GamesApplication
    from service.settings import settings_env

    app = GamesApplication(settings_env(store))
    try:
        d = app.repository.get(uuid.UUID(did))
    finally:
        app.close()
    assert served["/ranking"] == ranking_view(d)
    for seat in range(PLAYERS):
        assert served[f"/sheets/{seat}"] == sheet(d, seat)
    for n in (1, 2):
        table = {s["seat"]: (s["word"], s["coordinates"], s["score"], s["causes"]) for s in served[f"/rounds/{n}"]["slips"]}
        assert table == {int(k): (s["word"], s["coordinates"], s["score"], s["causes"])
                         for k, s in d.rounds[n - 1]["slips"].items()}
        assert served[f"/rounds/{n}"]["results"] == d.rounds[n - 1]["results"]
