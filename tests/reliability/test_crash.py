"""Crash safety: a real server killed with SIGKILL at random moments while tablets play, then restarted.

Four tablets replay complete games through the HTTP API, each command with an ``Idempotency-Key``,
while the test kills the server (SIGKILL, no shutdown handler) eight times, each after 8–16 more commands
acknowledged since the last start and a pause of up to 50 ms (both seeded), and starts it again on the same
store. The kills are paced by commands, not seconds, so a run proves the same on a fast machine and a slow
one: about 120 commands, over the final check's minimum of 100. Now and then a tablet also sends a command that must be
refused (a stale ``expected_version``: 409; a rule the game refuses: 422), with a key of its own.
Each tablet keeps a ledger: a command is *acknowledged* (200, with the version and the hashes of
the events it recorded), *refused* (4xx), or *unknown* (sent, but the connection failed before an
answer: it may or may not have been written). A tablet resolves an unknown command as a real one
would: once the server is back it sends the same command with the same key, and must get the same
kind of answer: 200 (the first answer replayed, or a fresh recording, never a second one) for a
command that can be recorded, 4xx for one that cannot. At the end, for every game:

- every acknowledged command's events are in the store exactly once, at the acknowledged versions,
  with the acknowledged hashes, and the store holds nothing else: the history is exactly creation +
  acknowledged commands, versions 1..n without a gap; a game whose creation was never answered
  holds its creation alone;
- no refused command left an idempotency record, and only a command that was in doubt was ever
  answered as a replay;
- the hash chain verifies (``/audit``), the aggregate loads (over HTTP, and from the store in a new
  process after the server is gone, snapshots and all) at the version the history ends at;
- the read models, once caught up, equal a rebuild from scratch.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.reliability.live import LiveServer, fresh_store, scripted_game

TABLETS = 4
KILLS = 8
BETWEEN_KILLS = (8, 16)  # commands acknowledged after a start before the next kill (seeded)
REFUSALS = 0.08  # the share of commands preceded by one that must be refused


@dataclass
class Ledger:
    """What one tablet was told."""

    games: list[str] = field(default_factory=list)
    acknowledged: dict[tuple[str, int], str] = field(default_factory=dict)  # (game, version) -> hash
    refused: list[tuple[str, str, int]] = field(default_factory=list)  # (game, key, status)
    commands: int = 0
    unknown: int = 0
    replayed: int = 0


class Tablet(threading.Thread):
    """Replays the scripted game on new games until told to stop, riding out the server's deaths."""

    def __init__(self, index: int, server: LiveServer, up: threading.Event, stop: threading.Event) -> None:
        super().__init__(name=f"tablet-{index}", daemon=True)
        self.index, self.server, self.up, self.stopping = index, server, up, stop
        self.rng = random.Random(100 + index)
        self.ledger = Ledger()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stopping.is_set():
                self.play()
        except BaseException as error:  # noqa: BLE001 - reported by the test
            self.error = error

    def send(self, method: str, path: str, token: str, body: Any = None, key: str | None = None) -> httpx.Response:
        """Send until an answer comes back; a failed connection is an unknown outcome, retried with its key.
        A replayed answer is only acceptable for a command whose first sending was in doubt."""
        headers = self.server.headers(token, f"tablet-{self.index}")
        if key is not None:
            headers["Idempotency-Key"] = key
        in_doubt = False
        while True:
            if not self.up.wait(60):
                raise AssertionError("the server did not come back")
            try:
                answer = httpx.request(method, self.server.url + path, json=body, headers=headers, timeout=10)
            except httpx.ConnectError:  # nothing was sent: the server is down
                time.sleep(0.02)
                continue
            except httpx.TransportError:  # sent, and no answer: written or not, nobody knows yet
                if not in_doubt and key is not None:
                    self.ledger.unknown += 1
                in_doubt = True
                time.sleep(0.02)
                continue
            if answer.headers.get("Idempotent-Replayed") == "true":
                assert in_doubt, f"a replay for a key sent once: {path} {body}"
                self.ledger.replayed += 1
            return answer

    def refuse(self, game: str, token: str, version: int, command: dict[str, Any]) -> None:
        """Send a command the game must refuse, with a key of its own, and note what came back."""
        if version > 2 and self.rng.random() < 0.5:
            body, expected = {**command, "expected_version": version - 1}, 409  # stale
        else:
            body, expected = {"type": "draw_for_start", "tiles": ["A", "B"], "expected_version": version}, 422
        key = f"refused-{uuid.uuid4()}"
        answer = self.send("POST", f"/v1/games/{game}/commands", token, body, key)
        assert answer.status_code == expected, (body, answer.status_code, answer.text)
        self.ledger.refused.append((game, key, answer.status_code))

    def play(self) -> None:
        director = self.server.director
        created = self.send("POST", "/v1/games", director,
                            {"profile": "file-2024", "players": ["Ana", "Bea"], "bag_mode": "replay"})
        if created.status_code != 201:
            raise AssertionError(f"create: {created.status_code} {created.text}")
        # A creation whose answer was lost leaves an orphan game (creation only): checked at the end.
        body = created.json()
        game, version = body["id"], body["version"]
        self.ledger.games.append(game)
        tokens = {t["seat"]: t["token"] for t in body["tokens"]}
        tokens["director"] = director
        for sender, command in scripted_game(1):
            if self.stopping.is_set():
                return
            if version > 2 and self.rng.random() < REFUSALS:
                self.refuse(game, tokens[sender], version, command)
            key = str(uuid.uuid4())
            sent = self.send("POST", f"/v1/games/{game}/commands", tokens[sender],
                             {**command, "expected_version": version}, key)
            if sent.status_code != 200:
                raise AssertionError(f"{command['type']} at {version}: {sent.status_code} {sent.text}")
            answer = sent.json()
            self.ledger.commands += 1
            for event in answer["events"]:
                self.ledger.acknowledged[(game, event["sequence"])] = event["hash"]
            version = answer["version"]


def _check_every_game(server: LiveServer, ledgers: list[Ledger]) -> int:
    """The live server's answers for every game: the stored history is exactly what was acknowledged, the chain
    verifies, the aggregate loads; every game no tablet heard of holds its creation alone. The orphans' count."""
    director = server.headers(server.director)
    ours = set()
    for led in ledgers:
        for game in led.games:
            ours.add(game)
            history = httpx.get(f"{server.url}/v1/games/{game}/events", headers=director, timeout=30).json()
            versions = [e["sequence"] for e in history["events"]]
            assert versions == list(range(1, len(versions) + 1)), f"game {game}: a gap or a duplicate"
            assert history["events"][0]["type"] == "Created"
            told = {v: h for (g, v), h in led.acknowledged.items() if g == game}
            stored = {e["sequence"]: e["hash"] for e in history["events"][1:]}  # after the creation
            assert stored == told, f"game {game}: the store and the acknowledgements differ"
            audit = httpx.get(f"{server.url}/v1/games/{game}/audit", headers=director, timeout=30).json()
            assert audit["intact"], audit
            state = httpx.get(f"{server.url}/v1/games/{game}", headers=director, timeout=30)
            assert state.status_code == 200 and state.json()["version"] == len(versions), state.text
    listed = httpx.get(f"{server.url}/v1/games?limit=500", headers=director, timeout=30).json()["games"]
    orphans = [g["game_id"] for g in listed if g["game_id"] not in ours]
    assert ours <= {g["game_id"] for g in listed}, "a game some tablet played is missing from the index"
    for game in orphans:
        events = httpx.get(f"{server.url}/v1/games/{game}/events", headers=director, timeout=30).json()["events"]
        assert [e["type"] for e in events] == ["Created"], f"an orphan game {game} holds more than its creation"
    return len(orphans)


def _check_the_store_offline(store: str, ledgers: list[Ledger]) -> None:
    """In a new process's application on the same store, the server gone: each game loads at its last stored
    version, and no refused command left an idempotency record."""
    from service.access.application import ServiceApplication
    from service.access.idempotency import record_id
    from service.settings import settings_env

    app = ServiceApplication(settings_env(store))
    try:
        for led in ledgers:
            for game in led.games:
                gid = uuid.UUID(game)
                assert app.get_game(gid).version == app.stored_version(gid) == len(app.history(gid))
            for game, key, status in led.refused:
                assert app.answered(record_id(uuid.UUID(game), key)) is None, (game, key, status)
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_nothing_acknowledged_is_lost_or_doubled_when_the_server_is_killed(kind, request, tmp_path, record_property):
    """A real server SIGKILLed 8 times while 4 tablets play: every acknowledged command stored once with its hash,
    nothing refused or lost stored, every in-doubt command resolved by its key, chains intact, aggregates load,
    read models equal a rebuild (see the module's docstring)."""
    store = fresh_store(kind, request, tmp_path)
    scripted_game(1)  # worked out before the clock starts
    started = time.monotonic()
    server = LiveServer(store)
    server.start()
    up, stop = threading.Event(), threading.Event()
    up.set()
    tablets = [Tablet(i, server, up, stop) for i in range(TABLETS)]
    for t in tablets:
        t.start()
    rng = random.Random(7)
    try:
        # Each kill comes once the tablets have had some commands acknowledged since the last start, then after a
        # pause of up to 50 ms, so it lands at any point of the commands then in flight (sent, being written,
        # written and not yet answered). Paced by commands, not seconds: a faster machine or cheaper tablets do not
        # make a run record more, and a loaded one does not leave too little played to prove anything.
        for _ in range(KILLS):
            _play_on(tablets, rng.randint(*BETWEEN_KILLS))
            time.sleep(rng.uniform(0.0, 0.05))
            up.clear()
            server.kill()
            server.start()
            up.set()
        _play_on(tablets, rng.randint(*BETWEEN_KILLS))  # some commands after the last restart
        # then on until the final check's minimum has happened (bounded), rather than fail on the machine's speed
        deadline = time.monotonic() + 90
        while not _enough(tablets) and time.monotonic() < deadline and not any(t.error for t in tablets):
            time.sleep(0.01)
    finally:
        stop.set()
        for t in tablets:
            t.join(60)
    errors = [t.error for t in tablets if t.error is not None]
    assert not errors, errors
    ledgers = [t.ledger for t in tablets]
    try:
        # The index is a read model: compared once the projector of the last start has caught up.
        deadline = time.monotonic() + 30
        while httpx.get(f"{server.url}/health", timeout=5).json()["projections"]["lag"] != 0:
            assert time.monotonic() < deadline, "the read models never caught up"
            time.sleep(0.1)
        orphans = _check_every_game(server, ledgers)
    finally:
        server.stop()
    _check_the_store_offline(store, ledgers)
    assert _read_models_equal_a_rebuild(store)
    commands = sum(led.commands for led in ledgers)
    unknown = sum(led.unknown for led in ledgers)
    replayed = sum(led.replayed for led in ledgers)
    refused = sum(len(led.refused) for led in ledgers)
    summary = (f"{kind}: {KILLS} kills, {server.starts} starts, {commands} commands acknowledged, {refused} refused "
               f"({sum(s == 409 for led in ledgers for *_, s in led.refused)} stale, the rest 422), {unknown} in "
               f"doubt at a kill and resolved by retrying their key ({replayed} replayed, {unknown - replayed} "
               f"recorded or refused on the retry), {sum(len(led.games) for led in ledgers)} games and "
               f"{orphans} orphan creations, {time.monotonic() - started:.1f} s")
    record_property("crash_summary", summary)
    print(summary)
    assert commands > 100 and unknown >= 1 and refused >= 5, f"too little happened to prove anything: {summary}"


def _acknowledged(tablets: list[Tablet]) -> int:
    return sum(t.ledger.commands for t in tablets)


def _play_on(tablets: list[Tablet], commands: int, seconds: float = 60) -> None:
    """Wait until the tablets have had ``commands`` more commands acknowledged (or one of them failed: the test
    reports it; or ``seconds`` passed: the final check then says too little happened)."""
    target, deadline = _acknowledged(tablets) + commands, time.monotonic() + seconds
    while _acknowledged(tablets) < target and time.monotonic() < deadline and not any(t.error for t in tablets):
        time.sleep(0.005)


def _enough(tablets: list[Tablet]) -> bool:
    """Whether the tablets have already seen what the crash test's last assertion asks for."""
    ledgers = [t.ledger for t in tablets]
    return (sum(led.commands for led in ledgers) > 100 and sum(led.unknown for led in ledgers) >= 1
            and sum(len(led.refused) for led in ledgers) >= 5)


def _read_models_equal_a_rebuild(store: str) -> bool:
    """The read models as the live projector left them, against the same store's rebuilt from scratch."""
    from projections.projector import Projector
    from projections.store import ReadStore
    from service.game.application import GamesApplication
    from service.settings import read_model_url, settings_env
    from tests.projections.compare import contents

    app = GamesApplication(settings_env(store))
    read = ReadStore(read_model_url(store))
    try:
        live = contents(read)
        Projector(app, read).rebuild()
        return live == contents(read)
    finally:
        read.dispose()
        app.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_no_command_is_answered_before_its_events_are_durable(kind, request, tmp_path):
    """The deterministic half of the crash test: while the store cannot write (the writer's lock held), a
    command gets no answer and the store has none of its events; once the write happens, the answer
    names exactly the events the store now holds. A SIGKILL can only ever land before or after."""
    import random as stdlib_random

    from tests.testclient import TestClient

    from service.access.application import ServiceApplication
    from service.api.app import create_app
    from service.api.config import ServiceSettings
    from service.settings import settings_env

    store = fresh_store(kind, request, tmp_path)
    games = ServiceApplication(settings_env(store), rng=stdlib_random.Random(3))
    app = create_app(ServiceSettings(store=store), application=games)
    director = {"Authorization": f"Bearer {games.issue_token('director', 'd', 'test')[0]}"}
    with TestClient(app) as client:
        game = client.post("/v1/games", json={"profile": "file-2024", "players": ["Ana", "Bea"]},
                           headers=director).json()
        answers: list[Any] = []
        sender = threading.Thread(target=lambda: answers.append(client.post(
            f"/v1/games/{game['id']}/commands", headers=director,
            json={"type": "give_starter", "expected_version": 1, "seat": 0})))
        with games.committer._write_lock:
            sender.start()
            time.sleep(0.5)
            assert not answers, "answered before the events were written"
            assert games.stored_version(uuid.UUID(game["id"])) == 1
        sender.join(30)
        assert answers and answers[0].status_code == 200, answers
        recorded = answers[0].json()["events"]
        stored = client.get(f"/v1/games/{game['id']}/events?after=1", headers=director).json()["events"]
        assert [(e["sequence"], e["hash"]) for e in stored] == [(e["sequence"], e["hash"]) for e in recorded]


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_an_answer_lost_to_a_kill_is_replayed_from_the_store_after_the_restart(kind, request, tmp_path):
    """The replay half of resolving a command in doubt, made certain (the random kills land after the write but
    before the answer only once in a while): a command is recorded with a key, its answer thrown away as if the
    connection had died, the server SIGKILLed and started again; the same command with the same key then gets
    the very same answer, marked replayed, and the store holds the command once. The same key with another
    body is still refused: the record of the key survived the kill along with the events."""
    store = fresh_store(kind, request, tmp_path)
    server = LiveServer(store)
    server.start()
    try:
        director = server.headers(server.director)
        game = httpx.post(f"{server.url}/v1/games", headers=director, timeout=30,
                          json={"profile": "file-2024", "players": ["Ana", "Bea"]}).json()["id"]
        path = f"/v1/games/{game}/commands"
        body = {"type": "record_clock", "expected_version": 1, "seat": 0, "remaining": 1500}
        keyed = {**director, "Idempotency-Key": "lost-answer"}
        first = httpx.post(server.url + path, headers=keyed, json=body, timeout=30)
        assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers, first.text
        server.kill()
        server.start()
        again = httpx.post(server.url + path, headers=keyed, json=body, timeout=30)
        assert again.status_code == 200 and again.headers.get("Idempotent-Replayed") == "true", again.text
        assert again.json() == first.json()
        other = httpx.post(server.url + path, headers=keyed, json={**body, "remaining": 1400}, timeout=30)
        assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused", other.text
        events = httpx.get(f"{server.url}/v1/games/{game}/events", headers=director, timeout=30).json()["events"]
        assert [(e["sequence"], e["type"]) for e in events] == [(1, "Created"), (2, "ClockRead")]
        assert events[1]["hash"] == first.json()["events"][0]["hash"]
    finally:
        server.stop()
