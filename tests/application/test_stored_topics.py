"""Stored classes keep their topics, and a store written before a change of the modules' layout still opens.

The event store keeps each event under its class's topic (``module:qualname``), each Created event the
topic of its aggregate's class (``originator_topic``), each snapshot the library's ``Snapshot`` and the
aggregate's topic inside it. A class moved to another module would resolve no more from those topics.

- ``tests/data/stores/topics.txt``: every stored class's topic as the layout the fixture was written
  with gives it (every Aggregate subclass of the project, every event class of them, the snapshot
  class); the topics computed now must be exactly those.
- ``tests/data/stores/before-layout/``: a store written over HTTP and the command line alone by
  ``tests/data/stores/make_store.py`` (``events.sqlite3``, the service key in ``keys/``, and
  ``manifest.json``: what it holds). It is opened here as it is (SQLite, copied to a temporary folder)
  and copied event by event into a fresh PostgreSQL schema, and on each every aggregate loads at its
  recorded version (the long game from its snapshot), the tokens, the seat code, the idempotent
  command's answer, the head signatures and the round seal read back and verify.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from eventsourcing.domain import Aggregate, DomainEvent
from eventsourcing.utils import get_topic, resolve_topic
from tests.testclient import TestClient
from psycopg import sql

import domain
import service
from domain.game import Game
from domain.game.attested import Checks, verify_attested
from domain.seal.merkle import leaf_hash, root
from domain.seal.records import HeadSignature, RoundSeal, head_message, head_signature_id, round_seal_id, seal_message
from service.access.application import ServiceApplication
from service.access.idempotency import IdempotentCommand, record_id
from service.access.seat_codes import SeatCode, code_id, normalise
from service.access.tokens import AccessToken, Bootstrap, token_id
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.trust.attest import export_attested, latest_seal, round_heads
from service.hall.broadcast import Delays
from service.duplicate.application import Duplicates
from service.trust.keys import ServiceKey, verify_ed25519, verify_p256
from service.settings import settings_env
from service.tournament.application import Tournaments

STORES = Path(__file__).resolve().parents[1] / "data" / "stores"
FIXTURE = STORES / "before-layout"
TOPICS = STORES / "topics.txt"
MANIFEST: dict[str, Any] = json.loads((FIXTURE / "manifest.json").read_text())
#: The packages whose every module is imported before the stored classes are collected.
WALKED = (domain, service)
#: Classes of these top-level packages are not the project's stored classes (the library's own bases; the
#: tests' aggregates). The library's Snapshot is added as each aggregate's snapshot class.
NOT_OURS = ("eventsourcing", "tests", "__main__")


# ---- the stored classes' topics ------------------------------------------------------------------
def _subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    todo = [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return found


def stored_class_topics() -> list[str]:
    """Every stored class's topic, sorted: each Aggregate subclass of the project, each event class (nested,
    as ``Game.Created``, or in a module, as ``TilesPlaced``), and the aggregates' snapshot class.

    Every module of ``WALKED`` is imported first, so every class is defined. A topic is ``module:qualname``,
    which is what ``get_topic`` gives (it is checked below on the class each topic resolves to: the library's
    aggregate metaclass redefines an event class declared in a class body under the same qualname, and only
    the one it keeps is reachable, and cached, by topic)."""
    for package in WALKED:
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.rsplit(".", 1)[-1] != "__main__":  # `python -m` entry points run on import
                importlib.import_module(info.name)
    ours = {c for c in _subclasses(Aggregate) | _subclasses(DomainEvent)
            if c.__module__.split(".")[0] not in NOT_OURS and "<locals>" not in c.__qualname__}
    aggregates = [c for c in ours if issubclass(c, Aggregate)]
    return sorted({f"{c.__module__}:{c.__qualname__}" for c in ours} | {get_topic(c.Snapshot) for c in aggregates})


def expected_topics() -> list[str]:
    return [line for line in TOPICS.read_text().splitlines() if line.strip()]


def test_the_stored_classes_topics_are_the_ones_the_fixture_was_written_with():
    now, then = stored_class_topics(), expected_topics()
    assert then == sorted(set(then)), "topics.txt is sorted, one topic a line"
    missing, new = sorted(set(then) - set(now)), sorted(set(now) - set(then))
    assert not missing and not new, (
        f"stored classes whose topic changed or went away (a store written before cannot load them): {missing}; "
        f"topics not in topics.txt (a new stored class: add its line): {new}")
    for topic in now:  # each resolves to a class that names itself by the same topic
        assert get_topic(resolve_topic(topic)) == topic


def fixture_topics(path: Path) -> set[str]:
    """The topics a SQLite store holds: its events', its Created events' aggregates', its snapshots' (and theirs)."""
    db = sqlite3.connect(path)
    try:
        found: set[str] = set()
        for table, inner in (("stored_events", "originator_topic"), ("stored_snapshots", "topic")):
            for topic, state in db.execute(f"SELECT topic, state FROM {table}"):
                found.add(topic)
                if (named := json.loads(bytes(state)).get(inner)) is not None:
                    found.add(named)
        return found
    finally:
        db.close()


def test_every_topic_in_the_fixture_store_is_a_stored_class():
    found = fixture_topics(FIXTURE / "events.sqlite3")
    assert found == set(MANIFEST["stored_topics"])
    assert found <= set(expected_topics()), sorted(found - set(expected_topics()))
    assert {"domain.game:Game", "eventsourcing.domain:Snapshot", "domain.seal.records:HeadSignature.Signed",
            "domain.seal.records:RoundSeal.Resealed", "service.access.tokens:AccessToken.Revoked",
            "service.access.seat_codes:SeatCode.Used", "service.access.idempotency:IdempotentCommand.Answered",
            "service.access.tokens:Bootstrap.Done", "domain.broadcast.aggregate:Broadcast.DelaySet",
            "domain.tournament.events:RoundPublished", "domain.duplicate.events:GameEnded"} <= found


# ---- the store written before, opened now ------------------------------------------------------
def fixture_key(folder: Path) -> ServiceKey:
    key, made = ServiceKey.load_or_create(folder / MANIFEST["service_key"]["file"])
    assert not made and key.fingerprint == MANIFEST["service_key"]["fingerprint"]
    return key


def copy_events(source: ServiceApplication, target: ServiceApplication) -> int:
    """Every stored event (in the order of the notification log) and snapshot, byte for byte; their number."""
    events = list(source.recorder.select_notifications(1, 1_000_000))
    target.recorder.insert_events(events)
    snapshots = [s for ident in {e.originator_id for e in events}
                 for s in source.snapshots.recorder.select_events(ident)]
    target.snapshots.recorder.insert_events(snapshots)
    return len(events) + len(snapshots)


@pytest.fixture(params=["sqlite", "postgres"])
def opened(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, ServiceApplication]]:
    """The fixture's store as a data folder (a copy), or copied into a fresh PostgreSQL schema; the service's
    application on it, with the service key kept beside it."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURE, data)
    key = fixture_key(data)
    if request.param == "sqlite":
        assert ServiceKey.for_store(str(data))[0].fingerprint == key.fingerprint  # the key where serve looks
        app = ServiceApplication(settings_env(str(data)), service_key=key)
        try:
            yield str(data), app
        finally:
            app.close()
        return
    url = request.getfixturevalue("postgres_url")
    schema = f"stored_topics_{os.getpid()}_{uuid4().hex[:8]}"
    target = f"{url}?schema={schema}"
    source = ServiceApplication(settings_env(str(data)))
    app = ServiceApplication(settings_env(target), service_key=key)
    try:
        try:
            stored = MANIFEST["store"]
            assert copy_events(source, app) == stored["stored_events"] + len(stored["snapshots"])
        finally:
            source.close()
        yield target, app
    finally:
        app.close()
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


def replayed(events: list[Any], aggregate: Any = None) -> Any:
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


def test_the_store_written_before_opens_with_every_aggregate_at_its_version(opened):
    _, app = opened
    aggregates = MANIFEST["aggregates"]
    assert len(aggregates) == 32
    for ident, expected in aggregates.items():
        events = list(app.repository.event_store.get(UUID(ident)))
        assert [e.originator_version for e in events] == list(range(1, expected["events"] + 1)), ident
        assert sorted({get_topic(type(e)) for e in events}) == sorted(expected["topics"]), ident
        found = app.repository.get(UUID(ident))
        assert get_topic(type(found)) == expected["class"], ident
        if isinstance(found, HeadSignature):  # its ``version`` attribute is the signed game's (it shadows the
            assert found.version == MANIFEST["aggregates"][found.game.replace("-", "")]["version"]  # library's)
        else:
            assert found.version == expected["version"], ident

    # The long game: from its snapshot at version 50 and the events after it, as from every event.
    long = MANIFEST["games"]["long"]
    game_id = UUID(long["id"])
    [snapshot] = app.snapshots.get(game_id)
    assert snapshot.originator_version == long["snapshot_version"] >= 50
    assert get_topic(type(snapshot)) == "eventsourcing.domain:Snapshot" and snapshot.topic == get_topic(Game)
    tail = list(app.repository.event_store.get(game_id, gt=snapshot.originator_version))
    from_snapshot = replayed(tail, snapshot.mutate(None))
    from_events = replayed(list(app.repository.event_store.get(game_id)))
    loaded = app.get_game(game_id)
    assert vars(from_snapshot) == vars(from_events) == vars(loaded)
    assert loaded.version == long["version"] and loaded.phase == "closed" and loaded.players == long["players"]
    assert loaded.scores == long["scores"] and loaded.ending["cause"] == long["ending_cause"]
    assert loaded.last_hash == long["head_hash"] and app.verify(game_id) is None
    assert len(loaded.turns) >= long["plays"] and loaded.details["event"] == long["event"]


def test_tokens_seat_codes_and_the_idempotent_answer_read_back(opened):
    _, app = opened
    tokens = MANIFEST["tokens"]
    for name in ("arbiter", "tribunal", "cli_arbiter"):
        who = app.principal(tokens[name]["token"])
        assert who is not None and (who.role, who.label) == (tokens[name]["role"], tokens[name]["label"])
        assert str(who.token_id) == tokens[name]["id"] == str(token_id(tokens[name]["token"]))
    revoked = app.token(UUID(tokens["spectator"]["id"]))
    assert isinstance(revoked, AccessToken) and revoked.version == 2
    assert revoked.revoked["reason"] == "fixture: a lost phone" and revoked.revoked["by"].startswith("director:")
    assert app.principal(tokens["spectator"]["token"]) is None

    director = MANIFEST["director"]["token"]
    assert app.principal(director).role == "director"
    bootstrap = app.repository.get(Bootstrap.ID)
    assert isinstance(bootstrap, Bootstrap) and bootstrap.token_id == str(token_id(director))
    assert app.bootstrap_director() is None and app.has_director()

    long = MANIFEST["games"]["long"]
    used, unused = long["seat_codes"]["used"], long["seat_codes"]["unused"]
    code = app.repository.get(code_id(normalise(used["code"])))
    assert isinstance(code, SeatCode) and code.version == 2 and code.game_id == long["id"] and code.seat == 0
    assert code.used["device"] == used["device"] and code.used["token_id"] == used["token_id"]
    bound = app.principal(used["bound_token"])
    assert (bound.role, str(bound.game_id), bound.seat) == ("player", long["id"], 0)
    spare = app.repository.get(code_id(normalise(unused["code"])))
    assert isinstance(spare, SeatCode) and spare.used is None and spare.seat == 1

    idem = long["idempotent"]
    first = app.answered(record_id(UUID(long["id"]), idem["key"]))
    assert isinstance(first, IdempotentCommand) and first.status_code == 200 and first.response == idem["response"]


def test_head_signatures_and_the_round_seal_read_back_and_verify(opened):
    _, app = opened
    key = MANIFEST["service_key"]
    tournament_game = MANIFEST["tournament"]["signed_game"]
    for game_id in (MANIFEST["games"]["long"]["id"], MANIFEST["games"]["second"]["id"], tournament_game):
        game = app.get_game(UUID(game_id))
        signed = app.repository.get(head_signature_id(game_id, game.version))
        assert isinstance(signed, HeadSignature) and signed.head_hash == game.last_hash
        assert (signed.public_key, signed.fingerprint) == (key["public_key"], key["fingerprint"])
        assert verify_ed25519(key["public_key"], head_message(game_id, game.version, game.last_hash), signed.signature)

    sealed = MANIFEST["seal"]
    record = app.repository.get(round_seal_id(sealed["event"], sealed["round"]))
    assert isinstance(record, RoundSeal) and record.version == 2  # sealed, then sealed again over both games
    seal = latest_seal(app, sealed["event"], sealed["round"])
    assert seal == record.seal and (seal["root"], seal["count"]) == (sealed["root"], sealed["count"])
    heads = round_heads(app, sealed["event"], sealed["round"])  # the round's games found by their Created topic
    assert sorted(g for g, _, _, _ in heads) == sealed["games"]
    assert root([leaf_hash(sealed["event"], r, g, v, h) for g, v, h, r in heads]) == seal["root"]
    assert verify_ed25519(key["public_key"], seal_message(seal["event"], seal["round"], seal["count"], seal["root"],
                                                          seal["sealed_at"]), seal["signature"])
    export = export_attested(app, UUID(MANIFEST["games"]["long"]["id"]))
    found = verify_attested(export, Checks(verify_p256, verify_ed25519), key["public_key"], seal)
    assert found.ok and any("in the service's seal" in note for note in found.notes), found.describe()


def test_the_tournament_duplicate_and_broadcast_read_back(opened):
    _, app = opened
    made = MANIFEST["tournament"]
    tournament = Tournaments(app).get(UUID(made["id"]))
    assert tournament.version == made["version"] and tournament.name == made["name"]
    assert len(tournament.players) == made["players"] and sorted(int(r) for r in tournament.published) == [1]
    assert [r["game_id"] for r in tournament.results.values()] == [made["signed_game"]]
    assert sorted(t["game_id"] for t in tournament.published["1"]) == sorted(made["games"])

    made = MANIFEST["duplicate"]
    duplicate = Duplicates(app).get(UUID(made["id"]))
    assert duplicate.version == made["version"] and duplicate.phase == made["phase"] == "ended"
    assert duplicate.players == made["players"] and len(duplicate.rounds) == made["rounds"]

    made = MANIFEST["broadcast"]
    view = Delays(app).view(made["event"])
    assert view["delay_seconds"] == made["delay_seconds"] and len(view["history"]) == made["settings"]


def test_over_http_the_idempotent_command_is_replayed_and_the_revoked_token_refused(opened):
    target, app = opened
    long = MANIFEST["games"]["long"]
    idem = long["idempotent"]
    http = create_app(ServiceSettings(store=target, projector="off"), application=app)
    with TestClient(http) as client:
        again = client.post(f"/v1/games/{long['id']}/commands", json=idem["body"],
                            headers={"Authorization": f"Bearer {idem['token']}", "Idempotency-Key": idem["key"]})
        assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
        assert again.json() == idem["response"]
        spectator = MANIFEST["tokens"]["spectator"]["token"]
        assert client.get("/v1/games", headers={"Authorization": f"Bearer {spectator}"}).status_code == 401
        keys = client.get("/v1/keys").json()
        assert keys["fingerprint"] == MANIFEST["service_key"]["fingerprint"]
        assert app.stored_version(UUID(long["id"])) == long["version"]  # the replay recorded nothing
