"""The federation's archive: enrolled halls and events, officers' tokens, and what halls push, on one store.

Every push is checked before anything is written and written in one transaction with the nonce it came with
(``Archive.push``), so a refused push leaves nothing behind. A game (``planilla-audit/2``, or a duplicate's
``planilla-audit/1``) is checked by the same code as ``planilla audit verify`` (``service.trust.verdict``)
against the hall's service key and stored with its verdict; only a tampered or unreadable one is refused. A
round seal's signature and every game's inclusion proof are checked, the seal is appended to the public log
(``service.federation.log``) in the same transaction, and compared with the hall's earlier seal of that round.
Tournament results and finished duplicates (``service.federation.duplicates``) are kept as the hall attested
them: signed by the hall's key, not logged.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from domain.game.attested import SEAL_FORMAT, fingerprint
from domain.seal.merkle import leaf_hash, root_from
from domain.seal.records import seal_message
from domain.tlog.entries import seal_entry
from service.federation.keys import NamedKey
from service.federation.log import SealLog
from service.federation.push import PushRefused, authenticate, verified_records
from service.federation.store import CURRENT, FORKED, SUPERSEDED, Db
from service.trust.keys import verify_ed25519
from service.trust.verdict import records_in

SCHEMA = """
CREATE TABLE IF NOT EXISTS officers (id {serial}, token_hash TEXT UNIQUE NOT NULL, label TEXT NOT NULL,
                                     created_at TEXT NOT NULL, revoked_at TEXT);
CREATE TABLE IF NOT EXISTS halls (fingerprint TEXT PRIMARY KEY, name TEXT NOT NULL, service_key TEXT,
                                  enrolled_at TEXT NOT NULL, enrolled_by TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (id {serial}, name TEXT NOT NULL, starts TEXT NOT NULL, ends TEXT NOT NULL,
                                   hall TEXT NOT NULL, enrolled_by TEXT NOT NULL, UNIQUE (hall, name));
CREATE TABLE IF NOT EXISTS nonces (hall TEXT NOT NULL, nonce TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (hall, nonce));
CREATE TABLE IF NOT EXISTS games (id {serial}, game TEXT NOT NULL, hall TEXT NOT NULL, event TEXT, round_name TEXT,
                                  events INTEGER NOT NULL, head_hash TEXT NOT NULL, format TEXT NOT NULL,
                                  verdict TEXT, standing TEXT NOT NULL, export {blob} NOT NULL,
                                  received_at TEXT NOT NULL, UNIQUE (game, head_hash));
CREATE INDEX IF NOT EXISTS games_by_game ON games (game);
CREATE TABLE IF NOT EXISTS seals (id {serial}, hall TEXT NOT NULL, event TEXT, round_name TEXT NOT NULL,
                                  root TEXT NOT NULL, count INTEGER NOT NULL, sealed_at TEXT NOT NULL,
                                  seal TEXT NOT NULL, log_index BIGINT NOT NULL, received_at TEXT NOT NULL,
                                  UNIQUE (hall, event, round_name, sealed_at, root));
CREATE INDEX IF NOT EXISTS seals_by_round ON seals (event, round_name);
CREATE TABLE IF NOT EXISTS results (id {serial}, hall TEXT NOT NULL, event TEXT, digest TEXT UNIQUE NOT NULL,
                                    document TEXT NOT NULL, attestation TEXT NOT NULL, received_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS alarms (id {serial}, kind TEXT NOT NULL, hall TEXT NOT NULL, event TEXT,
                                   round_name TEXT, game TEXT, detail TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS refusals (hall TEXT NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL,
                                     times INTEGER NOT NULL, first_at TEXT NOT NULL, last_at TEXT NOT NULL,
                                     PRIMARY KEY (hall, code));
CREATE INDEX IF NOT EXISTS results_by_event ON results (hall, event);
CREATE TABLE IF NOT EXISTS entries (results_id BIGINT NOT NULL, hall TEXT NOT NULL, event TEXT, tournament TEXT,
                                    who TEXT NOT NULL, name TEXT NOT NULL, folded TEXT NOT NULL,
                                    federation_id TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entries_by_who ON entries (who);
CREATE INDEX IF NOT EXISTS entries_by_tournament ON entries (hall, tournament);
CREATE INDEX IF NOT EXISTS entries_by_event ON entries (hall, event);
CREATE TABLE IF NOT EXISTS own_rows (results_id BIGINT NOT NULL, hall TEXT NOT NULL, event TEXT, tournament TEXT,
                                     who TEXT NOT NULL, name TEXT NOT NULL, federation_id TEXT NOT NULL,
                                     own_row TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS own_rows_by_who ON own_rows (who);
CREATE INDEX IF NOT EXISTS own_rows_by_tournament ON own_rows (hall, tournament);
CREATE TABLE IF NOT EXISTS hidden (who TEXT PRIMARY KEY, by_officer TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rating_formula (id {serial}, formula TEXT NOT NULL, by_officer TEXT NOT NULL,
                                           at TEXT NOT NULL)
"""
#: PostgreSQL only: search by a player's name or id (``queries.search``, ``folded LIKE '%text%'``) answered by a
#: trigram index on the folded name instead of reading every entry, and a text under three letters (``LIKE
#: 'text%'``, the name's start) by a B-tree in the operators' byte order (``text_pattern_ops``, whatever the
#: database's collation). ``pg_trgm`` ships with PostgreSQL and is a
#: trusted extension (13 and later): the owner of the federation's database may create it. An existing store
#: gains it at the next start (every statement here is ``IF NOT EXISTS``). SQLite (a trial) reads the table.
TRIGRAMS = """
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS entries_by_folded ON entries USING gin (folded gin_trgm_ops);
CREATE INDEX IF NOT EXISTS entries_by_start ON entries (folded text_pattern_ops)
"""


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")[:-4] + "Z"


def token_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


@dataclass
class Stored:
    """What a push did: ``kind`` (game, seal, results), ``outcome`` (new, same, update, older, forked, logged),
    and what the hall is told."""

    kind: str
    outcome: str
    detail: dict[str, Any]

    def body(self) -> dict[str, Any]:
        return {"kind": self.kind, "outcome": self.outcome, **self.detail}


class Archive:
    """The archive on one connection (``Db``), with the log of round seals on the same store."""

    def __init__(self, db: Db, log_key: NamedKey | None = None, clock: Callable[[], str] = now,
                 made: bool = False) -> None:
        """``made``: the tables exist already (a process makes them once at its start, not per request)."""
        self.db = db
        self.clock = clock
        if not made:
            from service.federation.duplicates import SCHEMA as DUPLICATES

            db.script(SCHEMA)
            db.script(DUPLICATES)
            if db.postgres:
                db.script(TRIGRAMS)
            from service.federation.queries import own_rows_kept

            own_rows_kept(db)
        self.log = None if log_key is None else SealLog(db, log_key, made=made)

    # ---- officers, halls, events ----------------------------------------------------------------------
    def create_officer_token(self, label: str) -> tuple[str, int]:
        raw = "fo_" + secrets.token_urlsafe(32)
        row = self.db.one("INSERT INTO officers (token_hash, label, created_at) VALUES (?, ?, ?) RETURNING id",
                          (token_hash(raw), label, self.clock()))
        return raw, row[0]

    def revoke_officer_token(self, ident: int) -> bool:
        return self.db.execute("UPDATE officers SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                               (self.clock(), ident)).rowcount == 1

    def officer(self, raw: str) -> str | None:
        row = self.db.one("SELECT label FROM officers WHERE token_hash = ? AND revoked_at IS NULL", (token_hash(raw),))
        return None if row is None else f"officer:{row[0]}"

    def enrol_hall(self, fingerprint_hex: str, name: str, by: str) -> bool:
        """Enrol a hall by its service key's fingerprint (SHA-256 of the key, 64 hex digits); False if it was."""
        return self.db.execute("INSERT INTO halls (fingerprint, name, enrolled_at, enrolled_by) VALUES (?, ?, ?, ?) "
                               "ON CONFLICT DO NOTHING", (fingerprint_hex, name, self.clock(), by)).rowcount == 1

    def hall(self, fingerprint_hex: str) -> dict[str, Any] | None:
        row = self.db.one("SELECT fingerprint, name, service_key, enrolled_at FROM halls WHERE fingerprint = ?",
                          (fingerprint_hex,))
        return None if row is None else dict(zip(("fingerprint", "name", "service_key", "enrolled_at"), row))

    def halls(self) -> list[dict[str, Any]]:
        rows = self.db.all("SELECT fingerprint, name, service_key, enrolled_at FROM halls ORDER BY name")
        return [dict(zip(("fingerprint", "name", "service_key", "enrolled_at"), r)) for r in rows]

    def enrol_event(self, hall: str, name: str, starts: str, ends: str, by: str) -> bool:
        return self.db.execute("INSERT INTO events (name, starts, ends, hall, enrolled_by) VALUES (?, ?, ?, ?, ?) "
                               "ON CONFLICT DO NOTHING", (name, starts, ends, hall, by)).rowcount == 1

    def events(self) -> list[dict[str, Any]]:
        rows = self.db.all("SELECT name, starts, ends, hall FROM events ORDER BY starts, name")
        return [dict(zip(("name", "starts", "ends", "hall"), r)) for r in rows]

    def alarms(self) -> list[dict[str, Any]]:
        rows = self.db.all("SELECT id, kind, hall, event, round_name, game, detail, at FROM alarms ORDER BY id")
        return [dict(zip(("id", "kind", "hall", "event", "round", "game", "detail", "at"), r)) for r in rows]

    def _alarm(self, kind: str, hall: str, event: Any, round_: Any, game: str | None, detail: str) -> None:
        self.db.execute("INSERT INTO alarms (kind, hall, event, round_name, game, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (kind, hall, event, None if round_ is None else str(round_), game, detail, self.clock()))

    def _event_enrolled(self, hall: str, event: Any) -> None:
        if self.db.one("SELECT 1 FROM events WHERE hall = ? AND name = ?", (hall, event)) is None:
            raise PushRefused(403, "event_not_enrolled", f"the event {event!r} is not enrolled for this hall: an "
                              "officer enrols it (name and dates) before its games are archived; the hall keeps "
                              "the push and sends it again", "event")

    # ---- pushes ---------------------------------------------------------------------------------------
    def push(self, body: bytes, headers: dict[str, str]) -> Stored:
        """Authenticate, check and store one push, all or nothing (``PushRefused`` says why not)."""
        fingerprint_hex = headers.get("planilla-hall", "")
        if not fingerprint_hex:
            raise PushRefused(401, "unsigned", "Planilla-Hall: the fingerprint of the hall's service key (a push is "
                              "signed by the hall: docs/federation.md)", "Planilla-Hall")
        hall = self.hall(fingerprint_hex)
        if hall is None:
            raise PushRefused(401, "unknown_hall", "no hall is enrolled with this service key's fingerprint: an "
                              "officer enrols the hall first", "Planilla-Hall")
        signed = authenticate(body, headers, hall, self.clock())
        try:
            document = json.loads(body)
        except ValueError as error:
            raise PushRefused(400, "malformed", f"the body is not JSON: {error}", "body") from None
        kind = document.get("kind") if isinstance(document, dict) else None
        try:
            return self._store(fingerprint_hex, hall, signed, document, kind, body)
        except PushRefused as refused:
            self._refused(fingerprint_hex, refused)
            raise

    def _refused(self, hall: str, refused: PushRefused) -> None:
        """An enrolled hall's refused push, for the officers' page: one row per hall and code (how many times,
        first and last, the last reason), written after the refused push's transaction was undone."""
        at = self.clock()
        self.db.execute("INSERT INTO refusals (hall, code, message, times, first_at, last_at) VALUES (?, ?, ?, 1, ?, ?) "
                        "ON CONFLICT (hall, code) DO UPDATE SET times = refusals.times + 1, message = excluded.message, "
                        "last_at = excluded.last_at", (hall, refused.code, refused.message, at, at))

    def _store(self, fingerprint_hex: str, hall: dict[str, Any], signed: Any, document: Any, kind: Any,
               body: bytes) -> Stored:
        with self.db.transaction(lock="planilla-log" if kind == "seal" else None):
            taken = self.db.execute("INSERT INTO nonces (hall, nonce, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                    (fingerprint_hex, signed.nonce, self.clock())).rowcount
            if taken != 1:
                raise PushRefused(409, "replayed", "this push's nonce was already used: a replayed request is "
                                  "refused (the hall signs every attempt anew)", "Planilla-Nonce")
            if hall["service_key"] is None:
                self.db.execute("UPDATE halls SET service_key = ? WHERE fingerprint = ?",
                                (signed.service_key, fingerprint_hex))
            if kind == "game":
                return self._game(fingerprint_hex, signed.service_key, document)
            if kind == "seal":
                return self._seal(fingerprint_hex, signed.service_key, document)
            if kind == "results":
                return self._results(fingerprint_hex, document, body, signed)
            if kind == "duplicate":
                from service.federation.duplicates import store_duplicate

                return Stored("duplicate", *store_duplicate(self, fingerprint_hex, document, body, signed))
            raise PushRefused(400, "malformed", "kind: one of game, seal, results, duplicate", "kind")

    def _game(self, hall: str, key: str, document: dict[str, Any]) -> Stored:
        text = document.get("export")
        if not isinstance(text, str):
            raise PushRefused(400, "malformed", "export: the game's planilla-audit file, as text", "export")
        data = text.encode("utf-8")
        records, report = verified_records(data, key, "game")
        details = records[0].payload.get("details") or {}
        event, round_ = details.get("event"), details.get("round")
        self._event_enrolled(hall, event)
        game, head = records[0].game, records[-1].hash
        detail = {"game": game, "events": len(records), "head_hash": head, "verdict": report["verdict"],
                  "format": report["format"]}
        standing, outcome = self._standing("games", "game", "a history", hall, event, round_, records)
        if outcome == "same":
            return Stored("game", "same", {**detail, "standing": standing})
        self.db.execute("INSERT INTO games (game, hall, event, round_name, events, head_hash, format, verdict, standing,"
                        " export, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (game, hall, event, None if round_ is None else str(round_), len(records), head,
                         report["format"], json.dumps(report["verdict"], ensure_ascii=False), standing, data,
                         self.clock()))
        return Stored("game", outcome, {**detail, "standing": standing})

    def _standing(self, table: str, noun: str, history: str, hall: str, event: Any, round_: Any,
                  records: list[Any]) -> tuple[str, str]:
        """Where a pushed history of a game (``table`` games, ``noun`` game) or a duplicate (duplicates, duplicate)
        stands beside the stored ones, as (standing, outcome): stored already ("same", with its standing); the first
        ("new"); extending the one shown (a reopen: "update", the shown one superseded); an earlier one arriving late
        ("older"); else "forked", kept beside the shown one with an alarm (``history`` names it there). Refused when
        another hall pushed the shown one."""
        game, head = records[0].game, records[-1].hash
        same = self.db.one(f"SELECT standing FROM {table} WHERE {noun} = ? AND head_hash = ?", (game, head))
        if same is not None:
            return same[0], "same"
        shown = self.db.one(f"SELECT events, head_hash, hall, export FROM {table} WHERE {noun} = ? AND standing = ?",
                            (game, CURRENT))
        if shown is None:
            return CURRENT, "new"
        events, head_hash, owner, export = shown
        if owner != hall:
            raise PushRefused(409, "game_of_another_hall", f"the {noun} {game} was pushed by another hall", "export")
        if events < len(records) and records[events - 1].hash == head_hash:
            self.db.execute(f"UPDATE {table} SET standing = ? WHERE {noun} = ? AND standing = ?",
                            (SUPERSEDED, game, CURRENT))
            return CURRENT, "update"
        if len(records) < events and records_in(bytes(export), events)[len(records) - 1].hash == head:
            return SUPERSEDED, "older"
        self._alarm("fork", hall, event, round_, game,
                    f"{history} of {len(records)} events (head {head[:16]}…) does not extend the stored "
                    f"one of {events} events (head {head_hash[:16]}…): both kept")
        return FORKED, "forked"

    def export_of(self, game: str) -> tuple[bytes, dict[str, Any]] | None:
        """The game's history shown (the current one), and its row."""
        row = self.shown(game)
        return None if row is None else (self.export_at(game, row["head_hash"]), row)

    def shown(self, game: str) -> dict[str, Any] | None:
        """The row of the game's history shown (the current one), without its export: hall, event, round,
        events, head hash (the history's digest), verdict."""
        row = self.db.one("SELECT hall, event, round_name, events, head_hash, verdict FROM games "
                          "WHERE game = ? AND standing = ?", (game, CURRENT))
        return None if row is None else dict(zip(("hall", "event", "round", "events", "head_hash", "verdict"), row))

    def export_at(self, game: str, head_hash: str) -> bytes:
        """The export of the game's history ending at ``head_hash`` (unique: whatever its standing now)."""
        return bytes(self.db.one("SELECT export FROM games WHERE game = ? AND head_hash = ?", (game, head_hash))[0])

    def _seal(self, hall: str, key: str, seal: dict[str, Any]) -> Stored:
        seal = seal.get("seal")
        if not isinstance(seal, dict) or seal.get("format") != SEAL_FORMAT:
            raise PushRefused(400, "malformed", f"seal: a {SEAL_FORMAT} document", "seal")
        problem = seal_problem(seal, key)
        if problem is not None:
            raise PushRefused(422, "seal_refused", f"the round seal does not hold: {problem}", "seal")
        event, round_ = seal["event"], seal["round"]
        self._event_enrolled(hall, event)
        known = self.db.one("SELECT log_index FROM seals WHERE hall = ? AND event = ? AND round_name = ? AND "
                            "sealed_at = ? AND root = ?", (hall, event, str(round_), seal["sealed_at"], seal["root"]))
        if known is not None:
            return Stored("seal", "same", {"event": event, "round": round_, "log_index": known[0]})
        before = self.db.one("SELECT seal FROM seals WHERE hall = ? AND event = ? AND round_name = ? ORDER BY id DESC "
                             "LIMIT 1", (hall, event, str(round_)))
        if before is not None:
            self._compare(hall, json.loads(before[0]), seal)
        assert self.log is not None, "a federation without its log key takes no seals"
        index = self.log.append([seal_entry(seal)])[0]
        self.db.execute("INSERT INTO seals (hall, event, round_name, root, count, sealed_at, seal, log_index, "
                        "received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (hall, event, str(round_), seal["root"], seal["count"], seal["sealed_at"],
                         json.dumps(seal, ensure_ascii=False, sort_keys=True), index, self.clock()))
        return Stored("seal", "logged", {"event": event, "round": round_, "log_index": index})

    def _compare(self, hall: str, before: dict[str, Any], seal: dict[str, Any]) -> None:
        """A later seal of the same round: each game it drops or changes must have been reopened in its own chain
        after the version sealed before (the histories the archive holds show it); else an alarm."""
        now_sealed = {g["game"]: g for g in seal["games"]}
        for old in before["games"]:
            new = now_sealed.get(old["game"])
            if new is not None and new["head_hash"] == old["head_hash"]:
                continue
            if self._reopened_after(old["game"], old["version"], old["head_hash"]):
                continue
            what = "drops" if new is None else "changes"
            self._alarm(f"seal_{what}_game", hall, seal["event"], seal["round"], old["game"],
                        f"the seal of {seal['sealed_at']} {what} the game sealed at event {old['version']} "
                        f"(head {old['head_hash'][:16]}…) with no reopen in its own chain after it")

    def _reopened_after(self, game: str, version: int, head: str) -> bool:
        for export, events in self.db.all("SELECT export, events FROM games WHERE game = ?", (game,)):
            records = records_in(bytes(export), events)
            if len(records) > version and records[version - 1].hash == head and any(
                    r.type == "GameReopened" for r in records[version:]):
                return True
        return False

    def _results(self, hall: str, document: dict[str, Any], body: bytes, signed: Any) -> Stored:
        results = document.get("results")
        if not isinstance(results, dict):
            raise PushRefused(400, "malformed", "results: the tournament's results document", "results")
        event = results.get("event")
        self._event_enrolled(hall, event)
        digest = hashlib.sha256(body).hexdigest()
        text = json.dumps(results, ensure_ascii=False, sort_keys=True)
        attestation = json.dumps({"attested_by": hall, "signature": signed.signature, "nonce": signed.nonce,
                                  "sent_at": signed.sent_at, "body_sha256": digest, "logged": False})
        content = hashlib.sha256(text.encode()).hexdigest()
        done = self.db.execute("INSERT INTO results (hall, event, digest, document, attestation, received_at) VALUES "
                               "(?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                               (hall, event, content, text, attestation, self.clock())).rowcount
        if done:
            from service.federation.queries import index_entries

            ident = self.db.one("SELECT id FROM results WHERE digest = ?", (content,))[0]
            index_entries(self.db, ident, hall, event, results)
        return Stored("results", "new" if done else "same", {"event": event, "attested": "by the hall, not logged"})

    # ---- proofs ---------------------------------------------------------------------------------------
    def seal_with(self, game: str, head_hash: str) -> tuple[dict[str, Any], int] | None:
        """The latest logged seal holding this game at this head, and its index in the log."""
        row = self.db.one("SELECT event, round_name FROM games WHERE game = ? AND head_hash = ?", (game, head_hash))
        if row is None:
            return None
        for seal, index in self.db.all("SELECT seal, log_index FROM seals WHERE event = ? AND round_name = ? "
                                       "ORDER BY id DESC", (row[0], row[1])):
            seal = json.loads(seal)
            if any(g["game"] == game and g["head_hash"] == head_hash for g in seal["games"]):
                return seal, index
        return None


def seal_problem(seal: dict[str, Any], key: str) -> str | None:
    """Why a round seal does not hold as the hall's (signature, count, each game's leaf and proof), or None."""
    try:
        if fingerprint(key) != seal["fingerprint"] or seal["service_key"] != key:
            return "it is signed by another key than the hall's"
        message = seal_message(seal["event"], seal["round"], seal["count"], seal["root"], seal["sealed_at"])
        if not verify_ed25519(key, message, seal["signature"]):
            return "its signature does not verify against the hall's service key"
        if seal["count"] != len(seal["games"]):
            return f"it counts {seal['count']} games and lists {len(seal['games'])}"
        for entry in seal["games"]:
            leaf = leaf_hash(seal["event"], seal["round"], entry["game"], entry["version"], entry["head_hash"])
            if leaf != entry["leaf"] or root_from(leaf, entry["proof"]) != seal["root"]:
                return f"the game {entry['game']}'s inclusion proof does not lead to the seal's root"
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return f"it cannot be read ({type(error).__name__}: {error})"
    return None
