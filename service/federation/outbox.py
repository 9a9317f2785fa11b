"""The hall's side: a store-and-forward outbox of pushes to the federation, in the hall's own store.

``Outbox`` keeps each push once (its item names what it is: ``game:<id>:<head>``, ``seal:<event>:<round>:<sealed
at>:<root>``), sends them in the order they were put in, signs every attempt anew (``push.signed_headers``)
and records what came back: ``sent``; ``refused`` with the federation's code and message (a tampered game, a
seal that does not hold: sending it again would change nothing); or still ``waiting``, tried again after a
backoff that doubles up to an hour when the federation cannot be reached, answers 5xx, or has not enrolled
the event yet. Nothing is lost by a restart: the rows are the state, and a push the federation stored but
whose answer was lost is sent again and answered "same" (a game or seal is stored once). A seal's answer
carries its index in the public log and the checkpoint that includes it: the hall keeps it
(``federation_checkpoints``) and prints it on the round's results sheet (``kept_checkpoint``).

``Pusher`` fills it from the hall's events: each closed game's ``planilla-audit/2`` export, each finished
duplicate of a named event (``service.federation.duplicates``), and once every game of a round is closed, the
round's seal (made by the hall itself: ``service.trust.attest.seal_round``,
which makes a new seal only when the round's closed heads changed). ``planilla serve --federation URL`` runs
one in a thread; ``planilla federation push`` runs one pass.
"""

from __future__ import annotations

import json
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable
from uuid import UUID

from service.federation.push import signed_headers
from service.federation.store import Db, is_postgres

SCHEMA = """
CREATE TABLE IF NOT EXISTS federation_outbox (id {serial}, item TEXT UNIQUE NOT NULL, kind TEXT NOT NULL,
    body {blob} NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL, next_at DOUBLE PRECISION NOT NULL,
    code TEXT, message TEXT, enqueued_at TEXT NOT NULL, done_at TEXT);
CREATE TABLE IF NOT EXISTS federation_cursor (name TEXT PRIMARY KEY, position BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS federation_checkpoints (item TEXT PRIMARY KEY, event TEXT NOT NULL, round_name TEXT NOT NULL,
    sealed_at TEXT NOT NULL, root TEXT NOT NULL, log_index BIGINT NOT NULL, checkpoint TEXT NOT NULL,
    received_at TEXT NOT NULL)
"""
WAITING, SENT, REFUSED = "waiting", "sent", "refused"
#: Answers after which the push waits and is sent again: the federation is down or busy, or the event is not
#: enrolled yet (an officer may enrol it later).
RETRIED_CODES = frozenset({"event_not_enrolled"})
FIRST_WAIT, LONGEST_WAIT = 2.0, 3600.0
REFRESH_EVERY = 60.0  # seconds between looks for a cosigned checkpoint while a kept one has none
OUTBOX_FILE = "federation-outbox.sqlite3"


def signatures(note: str | None) -> int:
    """How many signature lines a signed note carries (the log's own, then each witness's cosignature)."""
    if not note or "\n\n" not in note:
        return 0
    return sum(line.startswith("\u2014 ") for line in note[note.rfind("\n\n") + 2:].splitlines())


def checkpoint_size(note: str | None) -> int:
    """The tree size a signed checkpoint note states (0 for none, or one that cannot be read)."""
    from domain.tlog.checkpoint import Checkpoint

    try:
        return Checkpoint.parse(note[:note.rfind("\n\n") + 1]).size if note else 0
    except ValueError:
        return 0


def utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def outbox_store(store: str) -> str:
    """Where a hall's outbox lives: its PostgreSQL database, or a file in its data folder."""
    text = str(store)
    if is_postgres(text):
        return text.split("?", 1)[0]
    if text.startswith("sqlite:///"):
        return str(Path(text.removeprefix("sqlite:///")).parent / OUTBOX_FILE)
    return str(Path(text) / OUTBOX_FILE)


class Outbox:
    def __init__(self, db: Db, key: Any, url: str, *, clock: Callable[[], float] = time.time,
                 first_wait: float = FIRST_WAIT, longest_wait: float = LONGEST_WAIT, timeout: float = 10.0,
                 client: Callable[[], Any] | None = None) -> None:
        """``client``: makes the HTTP client a pass sends with (an ``httpx.Client``; tests give the federation's
        app in process)."""
        self.db, self.key, self.url, self.client = db, key, url.rstrip("/"), client
        self.clock, self.first_wait, self.longest_wait, self.timeout = clock, first_wait, longest_wait, timeout
        self._next_refresh = 0.0
        db.script(SCHEMA)

    def put(self, item: str, kind: str, document: dict[str, Any]) -> bool:
        """Keep a push to send (once: an item already kept is not kept again); True when new."""
        body = json.dumps({"kind": kind, **document}, ensure_ascii=False, sort_keys=True).encode("utf-8")
        return self.db.execute("INSERT INTO federation_outbox (item, kind, body, state, attempts, next_at, enqueued_at) "
                               "VALUES (?, ?, ?, ?, 0, 0, ?) ON CONFLICT DO NOTHING",
                               (item, kind, body, WAITING, utc_now())).rowcount == 1

    def cursor(self, name: str) -> int:
        row = self.db.one("SELECT position FROM federation_cursor WHERE name = ?", (name,))
        return 0 if row is None else int(row[0])

    def advance(self, name: str, position: int) -> None:
        self.db.execute("INSERT INTO federation_cursor VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = "
                        "excluded.position", (name, position))

    def drain(self, limit: int = 1000, due_only: bool = True) -> dict[str, int]:
        """Send what is due (everything waiting, when not ``due_only``: a pass asked for now), oldest first; stop
        at the first push the federation could not take now (so the order holds). Returns how many were sent,
        refused and left waiting."""
        import httpx

        done = {SENT: 0, REFUSED: 0, WAITING: 0}
        rows = self.db.all("SELECT id, item, body, attempts, kind FROM federation_outbox WHERE state = ? AND "
                           "next_at <= ? ORDER BY id LIMIT ?", (WAITING, self.clock() if due_only else float("inf"),
                                                                limit))
        bare: list[tuple[str, int, str]] = []
        if self.clock() >= self._next_refresh:  # at most once a REFRESH_EVERY, kept checkpoints that lack cosignatures
            bare = self._bare()
            if not bare:
                self._next_refresh = self.clock() + REFRESH_EVERY
        if not rows and not bare:
            return done  # nothing to send or look at: no HTTP client made (an idle hall's pass costs a query or none)
        with (self.client() if self.client else httpx.Client(timeout=self.timeout)) as client:
            for ident, item, body, attempts, kind in rows:
                body = bytes(body)
                try:
                    answer = client.post(self.url + "/v1/federation/push", content=body,
                                         headers=signed_headers(self.key, body, utc_now()))
                except httpx.HTTPError as error:
                    self._wait(ident, attempts, "unreachable", f"the federation cannot be reached: {error}")
                    done[WAITING] += 1
                    break
                try:
                    said = answer.json()
                except ValueError:
                    said = {}
                code, message = said.get("code"), said.get("message") or answer.text[:500]
                if answer.status_code < 300:
                    if kind == "seal" and isinstance(said.get("log_index"), int):  # kept before the item is marked
                        self._keep_checkpoint(client, item, body, said)  # sent: a crash between sends it again
                    self.db.execute("UPDATE federation_outbox SET state = ?, code = ?, message = ?, done_at = ? "
                                    "WHERE id = ?", (SENT, said.get("outcome"), None, utc_now(), ident))
                    done[SENT] += 1
                elif answer.status_code >= 500 or answer.status_code == 429 or code in RETRIED_CODES:
                    self._wait(ident, attempts, code or str(answer.status_code), message)
                    done[WAITING] += 1
                    if code not in RETRIED_CODES:
                        break
                else:
                    self.db.execute("UPDATE federation_outbox SET state = ?, code = ?, message = ?, done_at = ?, "
                                    "attempts = attempts + 1 WHERE id = ?",
                                    (REFUSED, code or str(answer.status_code), message, utc_now(), ident))
                    done[REFUSED] += 1
            if bare:
                self.refresh_checkpoints(client, bare)
        return done

    def _bare(self) -> list[tuple[str, int, str]]:
        """The kept checkpoints signed by the log alone (item, log index, note)."""
        return [(item, index, note) for item, index, note in self.db.all(
            "SELECT item, log_index, checkpoint FROM federation_checkpoints") if signatures(note) < 2]

    def _latest_checkpoint(self, client: Any) -> str | None:
        """The federation's latest signed checkpoint, or None (none yet, or the federation not reached)."""
        try:
            answer = client.get(self.url + "/v1/federation/checkpoint")
        except Exception:  # noqa: BLE001 (unreachable: the caller looks again later)
            return None
        return answer.text if answer.status_code == 200 else None

    def refresh_checkpoints(self, client: Any, bare: list[tuple[str, int, str]]) -> int:
        """Replace each of the ``bare`` kept checkpoints (no cosignature: the witnesses were unreachable when its
        seal was logged) with the federation's latest, when that one covers the seal and carries more signatures;
        looked at again every ``REFRESH_EVERY`` seconds while some wait. How many were replaced."""
        self._next_refresh = self.clock() + REFRESH_EVERY
        latest = self._latest_checkpoint(client)
        if latest is None:
            return 0
        size, replaced = checkpoint_size(latest), 0
        for item, index, note in bare:
            if size > int(index) and signatures(latest) > signatures(note):
                self.db.execute("UPDATE federation_checkpoints SET checkpoint = ?, received_at = ? WHERE item = ?",
                                (latest, utc_now(), item))
                replaced += 1
        return replaced

    def _keep_checkpoint(self, client: Any, item: str, body: bytes, said: dict[str, Any]) -> None:
        """The public log's checkpoint that includes this seal (the push's answer's, or the latest when the answer
        had none: a seal sent again), kept for the round's results sheet; nothing when none covers it yet."""
        note = said.get("checkpoint")
        if not isinstance(note, str):  # else the sheet keeps waiting: the next seal's answer brings one
            note = self._latest_checkpoint(client)
        if checkpoint_size(note) <= said["log_index"]:
            return
        seal = json.loads(body)["seal"]
        self.db.execute("INSERT INTO federation_checkpoints VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (item) DO "
                        "UPDATE SET checkpoint = excluded.checkpoint, log_index = excluded.log_index, "
                        "received_at = excluded.received_at", (item, seal["event"], str(seal["round"]),
                                                               seal["sealed_at"], seal["root"], said["log_index"],
                                                               note, utc_now()))

    def _wait(self, ident: int, attempts: int, code: str, message: str) -> None:
        wait = min(self.first_wait * 2 ** attempts, self.longest_wait)
        self.db.execute("UPDATE federation_outbox SET attempts = attempts + 1, next_at = ?, code = ?, message = ? "
                        "WHERE id = ?", (self.clock() + wait, code, message, ident))

    def summary(self) -> dict[str, Any]:
        """What the hall console shows: how many of each state, what waits (and why), what was refused."""
        return self.summary_of(self.db, self.url)

    @staticmethod
    def summary_of(db: Db, url: str) -> dict[str, Any]:
        counts = dict.fromkeys((WAITING, SENT, REFUSED), 0)
        for state, count in db.all("SELECT state, COUNT(*) FROM federation_outbox GROUP BY state"):
            counts[state] = int(count)
        fields = ("item", "kind", "attempts", "code", "message", "enqueued_at", "done_at")
        listed = {state: [dict(zip(fields, row)) for row in db.all(
            f"SELECT {', '.join(fields)} FROM federation_outbox WHERE state = ? ORDER BY id LIMIT 50", (state,))]
            for state in (WAITING, REFUSED)}
        return {"federation": url, "counts": counts, "waiting": listed[WAITING], "refused": listed[REFUSED]}


class Pusher:
    """Fills the outbox from the hall's events and drains it, once (``run_once``) or in a thread (``start``)."""

    def __init__(self, app: Any, outbox: Outbox, interval: float = 5.0,
                 results: Callable[[Any, str], list[tuple[str, dict[str, Any]]]] | None = None) -> None:
        """``results``: a tournament's results to push after each seal of its event (``service.federation.results``)."""
        from service.federation.results import tournament_results

        self.app, self.outbox, self.interval = app, outbox, interval
        self.results = tournament_results if results is None else results
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None

    def scan(self) -> int:
        """Put every game closed since the last scan, and the seal of each round now wholly closed."""
        from eventsourcing.utils import get_topic

        from domain.game.events import GameClosed
        from service.trust.attest import export_attested, round_games, seal_round

        recorder, topic = self.app.recorder, get_topic(GameClosed)
        start, put, rounds = self.outbox.cursor("closed") + 1, 0, {}
        while True:
            page = recorder.select_notifications(start, 500, topics=[topic])
            for note in page:
                game = UUID(str(note.originator_id))
                details = self.app.history(game)[0].payload.get("details") or {}
                if details.get("event") is None:
                    continue
                export = export_attested(self.app, game)
                head = json.loads(export.split(b"\n", 1)[0])["head_hash"]
                put += self.outbox.put(f"game:{game}:{head}", "game", {"export": export.decode("utf-8")})
                rounds[(details["event"], str(details.get("round")))] = details.get("round")
            if page:
                start = page[-1].id + 1
            if len(page) < 500:
                break
        for (event, _), round_ in sorted(rounds.items()):
            games = round_games(self.app, event, round_)
            if games and all(game.phase == "closed" for _, game in games) and self.app.service_key is not None:
                seal = seal_round(self.app, event, round_)
                put += self.outbox.put(f"seal:{event}:{seal['round']}:{seal['sealed_at']}:{seal['root']}", "seal",
                                       {"seal": seal})
                for item, document in self.results(self.app, event):  # attested by the hall, not logged
                    put += self.outbox.put(item, "results", document)
        self.outbox.advance("closed", start - 1)
        return put + self.scan_duplicates()

    def scan_duplicates(self) -> int:
        """Put each duplicate of a named event that has ended, at its head now (attested by the hall, not
        logged: ``service.federation.duplicates``); a later event of an ended one puts its new head."""
        from service.federation.duplicates import duplicate_push, duplicate_topics

        start, put, topics = self.outbox.cursor("duplicates") + 1, 0, duplicate_topics()
        while True:
            page = self.app.recorder.select_notifications(start, 500, topics=topics)
            for ident in dict.fromkeys(UUID(str(note.originator_id)) for note in page):
                found = duplicate_push(self.app, ident)
                if found is not None:
                    put += self.outbox.put(found[0], "duplicate", found[1])
            if page:
                start = page[-1].id + 1
            if len(page) < 500:
                break
        self.outbox.advance("duplicates", start - 1)
        return put

    def run_once(self, due_only: bool = True) -> dict[str, int]:
        put = self.scan()
        return {"put": put, **self.outbox.drain(due_only=due_only)}

    def start(self) -> "Pusher":
        def loop() -> None:
            while not self.stopping.is_set():
                try:
                    self.run_once()
                except Exception as error:  # noqa: BLE001 (the hall keeps serving; the outbox keeps the work)
                    import logging

                    logging.getLogger("planilla.federation").warning("federation push: %s", error)
                self.stopping.wait(self.interval)

        self.thread = threading.Thread(target=loop, name="federation-pusher", daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=15)


def start_pusher(app: Any, store: str, url: str, interval: float = 5.0) -> Pusher:
    """The hall server's pusher thread, on its own connection to the hall's outbox."""
    db = Db(outbox_store(store))
    pusher = Pusher(app, Outbox(db, app.service_key, url), interval).start()
    pusher.outbox_at = (outbox_store(store), url)  # type: ignore[attr-defined]  (the console's panel reads it)
    return pusher


def kept_checkpoint(where: str, seal: dict[str, Any]) -> dict[str, Any] | None:
    """The log's checkpoint the hall kept for this seal (its note, the seal's index in the log, when it came), or
    None while it has not come (``Outbox._keep_checkpoint``)."""
    db = Db(where)
    try:
        db.script(SCHEMA)
        row = db.one("SELECT checkpoint, log_index, received_at FROM federation_checkpoints WHERE event = ? AND "
                     "round_name = ? AND sealed_at = ? AND root = ? ORDER BY received_at DESC LIMIT 1",
                     (seal["event"], str(seal["round"]), seal["sealed_at"], seal["root"]))
    finally:
        db.close()
    return None if row is None else {"checkpoint": row[0], "log_index": int(row[1]), "received_at": row[2]}


def outbox_summary(where: str, url: str) -> dict[str, Any]:
    """The outbox's summary (``Outbox.summary``) read on a connection of its own."""
    db = Db(where)
    try:
        db.script(SCHEMA)
        return Outbox.summary_of(db, url)
    finally:
        db.close()
