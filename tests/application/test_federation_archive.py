"""The federation's archive (issue 29, "Halls are enrolled"): pushes authenticated by the enrolled hall's service
key, refused whole with the reason the hall sees, every verdict class stored with its verdict, reopens as
updates, forks kept beside and alarmed, later seals that drop or change a game without a reopen alarmed, and
a game's proof bundle checked offline (a rewrite with new keys for both seats after the seal was logged fails).
"""

from __future__ import annotations

import json

import pytest

from service.federation.archive import Archive
from service.federation.bundle import BundleRefused, bundle_of, verify_bundle
from service.federation.keys import NamedKey
from service.federation.push import PushRefused
from service.federation.store import Db
from service.trust.attest import export_attested, seal_round
from service.trust.keys import ServiceKey
from tests.federation_world import EVENT, closed_game, game_body, hall_app, reopen_and_close, seal_body, signed
from tests.keys import Tablet
from tests.reliability.test_signed_rewrite import records_of, rechain
from tests.reliability.test_verdict import replaced_game

LOG = NamedKey.generate("fisc.cat/seals")


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    """Round 1: a game signed throughout, a paper game, one with a paper seat; sealed. Round 2: one game, sealed,
    then reopened and closed again and sealed again."""
    data = tmp_path_factory.mktemp("hall") / "data"
    app = hall_app(data)
    tablets = {n: [Tablet(), Tablet()] for n in ("signed", "round2")}
    games = {"signed": closed_game(app, 1, 1, tablets["signed"]), "paper": closed_game(app, 1, 2, None),
             "mixed": closed_game(app, 1, 3, [Tablet(), None], second_play=True),
             "round2": closed_game(app, 2, 1, tablets["round2"]), "replaced": replaced_game(app)}
    seals = {1: seal_round(app, EVENT, 1), 2: seal_round(app, EVENT, 2)}
    exports = {n: export_attested(app, g) for n, g in games.items()}
    reopen_and_close(app, games["round2"], tablets["round2"])
    exports["reopened"] = export_attested(app, games["round2"])
    seals["2b"] = seal_round(app, EVENT, 2)
    yield {"app": app, "key": app.service_key, "games": games, "seals": seals, "exports": exports}
    app.close()


@pytest.fixture
def archive(tmp_path, hall):
    db = Db(tmp_path / "federation.sqlite3")
    kept = Archive(db, LOG)
    kept.enrol_hall(hall["key"].fingerprint, "Casal de Girona", "officer:test")
    kept.enrol_event(hall["key"].fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
    yield kept
    db.close()


def push(archive, key, body):
    return archive.push(body, signed(key, body))


def counts(archive) -> tuple[int, ...]:
    return tuple(archive.db.one(f"SELECT COUNT(*) FROM {t}")[0] for t in ("games", "seals", "nonces", "leaves"))


def refused(archive, body, headers) -> PushRefused:
    before = counts(archive)
    with pytest.raises(PushRefused) as caught:
        archive.push(body, headers)
    assert counts(archive) == before, "a refused push stores nothing"
    return caught.value


def test_every_verdict_class_is_stored_with_its_verdict_and_sending_twice_stores_once(archive, hall):
    key = hall["key"]
    kinds, warnings = {}, {}
    for name in ("signed", "paper", "mixed", "replaced"):
        stored = push(archive, key, game_body(hall["exports"][name]))
        assert stored.outcome == "new" and stored.detail["standing"] == "current"
        kinds[name] = stored.detail["verdict"]["kind"]
        warnings[name] = {w["kind"] for w in stored.detail["verdict"]["warnings"]}
    assert len({kinds["signed"], kinds["paper"], kinds["mixed"]}) == 3, kinds
    assert {"key_replacement", "official_entry"} <= warnings["replaced"], warnings  # FILE 26: an arbiter's pass
    again = push(archive, key, game_body(hall["exports"]["signed"]))  # a retry: a new nonce, the same game
    assert again.outcome == "same" and counts(archive)[0] == 4
    row = archive.db.one("SELECT verdict FROM games WHERE game = ?", (str(hall["games"]["paper"]),))
    assert json.loads(row[0])["kind"] == kinds["paper"]


def test_refusals_name_their_reason_and_store_nothing(archive, hall):
    key = hall["key"]
    body = game_body(hall["exports"]["signed"])
    stranger = ServiceKey.generate()
    assert refused(archive, body, signed(stranger, body)).code == "unknown_hall"
    headers = signed(key, body)
    forged = dict(headers, **{"planilla-signature": signed(key, body + b" ")["planilla-signature"]})
    assert refused(archive, body, forged).code == "forged_signature"
    assert refused(archive, body[:-10], headers).code == "truncated"
    other = dict(headers, **{"planilla-key": stranger.public_key})
    assert refused(archive, body, other).code == "unknown_key"
    from service.federation.push import signed_headers
    stale = {k.lower(): v for k, v in signed_headers(key, body, "2020-01-01T00:00:00Z").items()}
    assert refused(archive, body, stale).code == "stale"
    swapped = body.replace(b'"kind": "game"', b'"kind": "gamf"')
    assert len(swapped) == len(body) and refused(archive, swapped, headers).code == "digest_mismatch"
    for header in ("planilla-signature", "planilla-hall"):
        unsigned = {k: v for k, v in headers.items() if k != header}
        assert refused(archive, body, unsigned).code == "unsigned"
    archive.push(body, headers)
    replay = refused(archive, body, headers)
    assert (replay.status, replay.code) == (409, "replayed")


def test_a_tampered_or_unreadable_game_is_refused(archive, hall):
    key = hall["key"]
    lines = hall["exports"]["signed"].split(b"\n")
    tampered = b"\n".join([lines[0], lines[1], lines[2].replace(b'"seat":0', b'"seat":1', 1), *lines[3:]])
    if tampered == hall["exports"]["signed"]:
        tampered = b"\n".join([lines[0], lines[2], lines[1], *lines[3:]])
    problem = refused(archive, game_body(tampered), signed(key, game_body(tampered)))
    assert (problem.status, problem.code, problem.field) == (422, "game_tampered", "export")
    junk = game_body(b"not an export\n")
    assert refused(archive, junk, signed(key, junk)).code == "game_unreadable"
    # A game whose round-seal inclusion fails: the attestation's proof changed.
    header, rest = lines[0], lines[1:]
    def flipped(line: bytes) -> bytes:  # every step of the proof on the other side
        return line.replace(b'"side":"left"', b'"side":"?"').replace(b'"side":"right"', b'"side":"left"').replace(
            b'"side":"?"', b'"side":"right"')

    bad = [flipped(ln) if b'"round_seal"' in ln else ln for ln in rest]
    assert bad != rest, "the export carries its round seal's inclusion proof"
    body = game_body(b"\n".join([header, *bad]))
    problem = refused(archive, body, signed(key, body))
    assert problem.code == "game_tampered" and "round seal" in problem.message, problem.message


def test_an_event_not_enrolled_waits(archive, hall, tmp_path):
    other = Archive(Db(tmp_path / "bare.sqlite3"), LOG)
    other.enrol_hall(hall["key"].fingerprint, "Casal", "officer:test")
    body = game_body(hall["exports"]["signed"])
    assert refused(other, body, signed(hall["key"], body)).code == "event_not_enrolled"


def test_a_reopen_is_an_update_and_a_history_that_does_not_extend_is_kept_beside_with_an_alarm(archive, hall):
    key = hall["key"]
    assert push(archive, key, game_body(hall["exports"]["round2"])).outcome == "new"
    update = push(archive, key, game_body(hall["exports"]["reopened"]))
    assert update.outcome == "update" and archive.alarms() == []
    late = push(archive, key, game_body(hall["exports"]["round2"]))
    assert late.outcome == "same"
    # A paper game's history rewritten consistently (every hash recomputed, the hall's own key re-signing the
    # closing): it verifies, but it does not extend the stored one.
    assert push(archive, key, game_body(hall["exports"]["paper"])).outcome == "new"
    header, records = records_of(hall["exports"]["paper"])
    changed = {i: dict(r.payload, reason="another reason") for i, r in enumerate(records) if "reason" in r.payload}
    changed = changed or {len(records) - 1: dict(records[-1].payload, note="rewritten")}
    stored = push(archive, key, game_body(resigned(records, key, changed).encode()))
    assert stored.outcome == "forked" and stored.detail["standing"] == "forked"
    assert [a["kind"] for a in archive.alarms()] == ["fork"]
    assert archive.export_of(str(hall["games"]["paper"]))[1]["head_hash"] == header["head_hash"], \
        "the history shown is never overwritten by a fork"
    assert archive.export_of(str(hall["games"]["round2"]))[1]["head_hash"] == records_of(
        hall["exports"]["reopened"])[0]["head_hash"]


def test_seals_are_logged_and_a_later_seal_changing_a_game_needs_its_reopen(archive, hall, tmp_path):
    key = hall["key"]
    first = push(archive, key, seal_body(hall["seals"][2]))
    assert first.outcome == "logged" and first.detail["log_index"] == 0 and archive.log.size == 1
    assert push(archive, key, seal_body(hall["seals"][2])).outcome == "same" and archive.log.size == 1
    # The later seal changes the game: the archive has not seen its reopen yet, so an alarm.
    second = push(archive, key, seal_body(hall["seals"]["2b"]))
    assert second.outcome == "logged" and [a["kind"] for a in archive.alarms()] == ["seal_changes_game"]
    # Another federation that received the reopened history first raises none.
    clean = Archive(Db(tmp_path / "clean.sqlite3"), LOG)
    clean.enrol_hall(key.fingerprint, "Casal", "t")
    clean.enrol_event(key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "t")
    for body in (seal_body(hall["seals"][2]), game_body(hall["exports"]["reopened"]), seal_body(hall["seals"]["2b"])):
        push(clean, key, body)
    assert clean.alarms() == []
    # A seal dropping a game, signed by the hall: logged, and alarmed.
    dropped = dict(hall["seals"][1])
    from domain.seal.merkle import proof, root
    from domain.seal.records import seal_message
    games = dropped["games"][1:]
    leaves = [g["leaf"] for g in games]
    dropped.update(count=len(games), root=root(leaves), sealed_at="2025-05-01T13:00:00.000Z",
                   games=[dict(g, proof=proof(leaves, i)) for i, g in enumerate(games)])
    push(clean, key, seal_body(hall["seals"][1]))
    dropped["signature"] = key.sign(seal_message(EVENT, dropped["round"], dropped["count"], dropped["root"],
                                                 dropped["sealed_at"]))
    push(clean, key, seal_body(dropped))
    assert [a["kind"] for a in clean.alarms()] == ["seal_drops_game"]
    # A seal whose signature or proofs fail is refused.
    bad = dict(dropped, root="0" * 64)
    assert refused(clean, seal_body(bad), signed(key, seal_body(bad))).code == "seal_refused"


def test_a_bundle_proves_its_game_offline_and_a_rewrite_with_new_keys_fails(archive, hall):
    key = hall["key"]
    witness = NamedKey.generate("witness.example/w1")
    push(archive, key, game_body(hall["exports"]["signed"]))
    push(archive, key, seal_body(hall["seals"][1]))
    bundle = bundle_of(archive, str(hall["games"]["signed"]), [])
    # Cosign the bundle's checkpoint as a witness would (its checks are the witness's own tests').
    note = bundle["log"]["checkpoint"]
    body = note[:note.index("\n\n") + 1]
    bundle["log"]["checkpoint"] = note + witness.cosign(body, 1_800_000_000)
    text = json.dumps(bundle)
    lines = verify_bundle(text, [witness.witness_vkey()], 1)
    assert "entry 0 of the log fisc.cat/seals" in "\n".join(lines)
    with pytest.raises(BundleRefused, match="quorum"):
        verify_bundle(text, [witness.witness_vkey(), NamedKey.generate("w2").witness_vkey()], 2)
    # The rewrite: new keys registered for both seats, every later signature re-made, the hall's key re-signing.
    header, records = records_of(hall["exports"]["signed"])
    rewritten = dict(bundle, export=rewrite_with_new_keys(records, key))
    from service.trust.verdict import file_report
    alone = file_report(rewritten["export"].encode(), key.public_key, None, None)
    assert alone["ok"], alone["reason"]
    with pytest.raises(BundleRefused, match="not among the seal's games|round seal"):
        verify_bundle(json.dumps(rewritten), [witness.witness_vkey()], 1)


def rewrite_with_new_keys(records, key) -> str:
    """The history rewritten by someone holding the database and the hall's key: new keys registered for both
    seats, every player's signature re-made with them over the re-chained heads, the closing re-signed."""
    from domain.game.attested import SIGNED, attested_bytes
    from domain.game.chain import GENESIS, event_hash
    from domain.seal.records import head_message

    new = [Tablet(), Tablet()]
    seats = {r.payload["fingerprint"]: r.payload["seat"] for r in records if r.type == "KeyRegistered"}
    out, previous, moved = [], GENESIS, {}
    for rec in records:
        payload = dict(rec.payload)
        if rec.type == "KeyRegistered":
            tablet = new[payload["seat"]]
            payload.update(public_key=tablet.spki, fingerprint=tablet.fingerprint)
        if rec.type == "SheetSigned":
            payload["head_hash"] = previous
        if rec.type in SIGNED and payload.get("key"):
            seat, seen = seats[payload["key"]["fingerprint"]], moved[payload["key"]["seen_head"]]
            payload["key"] = dict(payload["key"], fingerprint=new[seat].fingerprint, seen_head=seen,
                                  signature=new[seat].sign(SIGNED[rec.type], rec.game, seat, seen))
        meta = {"previous_hash": previous, "actor": rec.actor, "device": rec.device, "at": rec.at}
        digest = event_hash(rec.game, rec.type, rec.version, payload, meta)
        out.append(rec._replace(previous_hash=previous, hash=digest, payload=payload))
        moved[rec.hash], previous = digest, digest
    closed = out[-1]
    att = [{"attestation": "head_signature", "version": closed.version, "head_hash": closed.hash,
            "fingerprint": key.fingerprint, "signature": key.sign(head_message(closed.game, closed.version, closed.hash)),
            "at": closed.at}]
    return attested_bytes(out, att, key.public_key).decode("utf-8")


def resigned(records, key, payloads) -> str:
    """``records`` with ``payloads`` changed, re-chained, the closing signed by the hall's ``key``."""
    from domain.game.attested import attested_bytes
    from domain.seal.records import head_message

    chained = rechain(records, payloads)
    closed = chained[-1]
    att = [{"attestation": "head_signature", "version": closed.version, "head_hash": closed.hash,
            "fingerprint": key.fingerprint, "signature": key.sign(head_message(closed.game, closed.version, closed.hash)),
            "at": closed.at}]
    return attested_bytes(chained, att, key.public_key).decode("utf-8")


def empty_seal(key, round_: int) -> dict:
    """A hall's signed seal of a round with no closed game (the log takes it like any other)."""
    from domain.seal.merkle import root
    from domain.seal.records import seal_message

    top, at = root([]), f"2025-05-01T12:{round_ % 60:02d}:00.000Z"
    return {"format": "planilla-seal/1", "event": EVENT, "round": round_, "count": 0, "root": top, "sealed_at": at,
            "service_key": key.public_key, "fingerprint": key.fingerprint, "games": [],
            "signature": key.sign(seal_message(EVENT, round_, 0, top, at))}


def test_two_writers_on_one_postgresql_database_append_one_consistent_log(hall, postgres_url):
    """Stateless in front of the store: two connections (as two processes) pushing seals at once get distinct
    indexes, and the tree is the one recomputed from its leaves (RFC 9162 §2.1)."""
    import threading
    from uuid import uuid4

    import psycopg
    from psycopg import sql

    from domain.tlog import merkle

    schema_db = f"planilla_fed_{uuid4().hex[:10]}"
    base = postgres_url.rsplit("/", 1)[0]
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(schema_db)))
    try:
        url = f"{base}/{schema_db}"
        key = hall["key"]
        first = Archive(Db(url), LOG)
        first.enrol_hall(key.fingerprint, "Casal", "t")
        first.enrol_event(key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "t")
        second = Archive(Db(url), LOG)
        indexes: list[int] = []

        def writer(archive, rounds):
            for r in rounds:
                indexes.append(push(archive, key, seal_body(empty_seal(key, r))).detail["log_index"])

        threads = [threading.Thread(target=writer, args=(a, range(start, 40, 2))) for a, start in ((first, 0),
                                                                                                    (second, 1))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(indexes) == list(range(40))
        leaves = [merkle.leaf_hash(bytes(e)) for (e,) in first.db.all("SELECT entry FROM leaves ORDER BY idx")]
        assert second.log.root() == merkle.root(40, merkle.from_leaves(leaves))
        first.db.close()
        second.db.close()
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(schema_db)))


def test_the_service_answers_refusals_in_the_usual_shape_and_officers_enrol(tmp_path, hall):
    from tests.testclient import TestClient

    from service.federation.http import create_federation_app
    from service.federation.push import signed_headers
    from tests.federation_world import sent_now

    url = str(tmp_path / "fed.sqlite3")
    raw, _ = Archive(Db(url)).create_officer_token("anna")
    gone, number = Archive(Db(url)).create_officer_token("former")
    assert Archive(Db(url)).revoke_officer_token(number) and not Archive(Db(url)).revoke_officer_token(number)
    client = TestClient(create_federation_app(url, LOG))
    auth = {"Authorization": f"Bearer {raw}"}
    assert client.post("/v1/federation/halls", json={"fingerprint": "x", "name": "y"}).status_code == 401
    revoked = client.get("/v1/federation/halls", headers={"Authorization": f"Bearer {gone}"})
    assert (revoked.status_code, revoked.json()["field"]) == (401, "Authorization")
    bad = client.post("/v1/federation/halls", json={"fingerprint": "x", "name": "y"}, headers=auth)
    assert bad.status_code == 400 and set(bad.json()) == {"code", "message", "field", "article"}
    key = hall["key"]
    body = game_body(hall["exports"]["signed"])
    unknown = client.post("/v1/federation/push", content=body, headers=signed_headers(key, body, sent_now()))
    assert (unknown.status_code, unknown.json()["code"]) == (401, "unknown_hall")
    assert client.post("/v1/federation/halls", json={"fingerprint": key.fingerprint, "name": "Casal"},
                       headers=auth).status_code == 201
    waiting = client.post("/v1/federation/push", content=body, headers=signed_headers(key, body, sent_now()))
    assert (waiting.status_code, waiting.json()["code"]) == (403, "event_not_enrolled")
    assert client.post("/v1/federation/events", json={"hall": key.fingerprint, "name": EVENT, "starts": "2025-05-01",
                                                      "ends": "2025-05-02"}, headers=auth).status_code == 201
    stored = client.post("/v1/federation/push", content=body, headers=signed_headers(key, body, sent_now()))
    assert stored.status_code == 201 and stored.json()["outcome"] == "new"
    assert stored.headers["Planilla-Process"] == str(__import__("os").getpid())
    assert client.get(f"/v1/federation/games/{hall['games']['signed']}/bundle").json()["code"] == "no_bundle"
    assert client.get("/v1/federation/events").json()["events"][0]["name"] == EVENT


def test_a_tournaments_results_go_after_its_rounds_seal_attested_by_the_hall_not_logged(tmp_path):
    """The hall seals a round by itself once all its games are closed, then puts the tournament's results beside
    the seal; the archive keeps them with the hall's push signature and never logs them."""
    from service.federation.outbox import Outbox, Pusher
    from service.game.application import Actor
    from service.tournament.application import Tournaments
    from tests.application.test_tournament_story import close_game

    app = hall_app(tmp_path / "hall")
    director = Actor("director:ana", "laptop")
    tournaments = Tournaments(app)
    tid = tournaments.create(EVENT, "fisc-2023", "fisc-2023", 5, director)
    for name, rating in (("Anna", 1900), ("Biel", 1850), ("Carla", 1800), ("Dani", 1750)):
        tournaments.act(tid, director, lambda t, m, n=name, r=rating: t.register(n, m, rating=r))
    tournaments.act(tid, director, lambda t, m: t.draft(1, m))
    tables = tournaments.publish(tid, 1, director)["tables"]
    outbox = Outbox(Db(tmp_path / "outbox.sqlite3"), app.service_key, "http://federation.invalid")
    pusher = Pusher(app, outbox)
    close_game(app, tables[0]["game_id"], seed=1)
    assert pusher.scan() == 1  # one game closed, the round not yet: no seal
    close_game(app, tables[1]["game_id"], seed=2)
    second = pusher.scan()
    assert second == 3 and pusher.scan() == 0, outbox.db.all("SELECT item FROM federation_outbox")
    rows = outbox.db.all("SELECT kind, body FROM federation_outbox ORDER BY id")
    assert [k for k, _ in rows] == ["game", "game", "seal", "results"]
    archive = Archive(Db(tmp_path / "federation.sqlite3"), LOG)
    archive.enrol_hall(app.service_key.fingerprint, "Casal", "t")
    archive.enrol_event(app.service_key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "t")
    outcomes = [push(archive, app.service_key, bytes(body)).outcome for _, body in rows]
    assert outcomes == ["new", "new", "logged", "new"] and archive.log.size == 1
    stored = json.loads(archive.db.one("SELECT attestation FROM results")[0])
    assert stored["logged"] is False and stored["attested_by"] == app.service_key.fingerprint
    document = json.loads(archive.db.one("SELECT document FROM results")[0])
    assert "Anna" in json.dumps(document)
    standings = document["standings"]  # as the hall's standings page shows them: every figure with its inputs
    assert standings["played"] == 1 and standings["tiebreaks"][0] in standings["tables"][0]["rows"][0]["tiebreaks"]
    rows = standings["tables"][0]["rows"]
    assert sorted(r["name"] for r in rows) == ["Anna", "Biel", "Carla", "Dani"]
    assert sum(r["points"] for r in rows) == 2 and all(len(r["rounds"]) == 1 for r in rows)
    spread = {r["name"]: r["tiebreaks"]["spread"] for r in rows}
    for r in rows:  # the opponent named, the spread its one input, the two sides opposite
        (opponent, amount), = spread[r["name"]]["inputs"]
        assert opponent == r["rounds"][0]["opponent"] and amount == -spread[opponent]["value"]
    app.close()
