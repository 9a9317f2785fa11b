"""Duplicates at the federation (issue 29, "Duplicates and tournament results"): a hall with a federation address
pushes each finished duplicate of a named event through its outbox; the federation checks its chain with
``planilla audit verify``'s code, keeps it attested by the hall, not logged (the hall's push signature, no log
entry), stores it once however often it is sent, refuses a tampered one whole, and shows it on the event's page
with that label in es, ca and en. The federation is its app in process (the processes are proven in
tests/cli/test_federation_processes.py).
"""

from __future__ import annotations

import json

import pytest
from tests.testclient import TestClient

from service.duplicate.application import Duplicates
from service.federation.archive import Archive
from service.federation.http import create_federation_app
from service.federation.keys import NamedKey
from service.federation.outbox import Outbox, Pusher
from service.federation.push import PushRefused
from service.federation.store import Db
from service.game.application import Actor
from tests.duplicate_world import steps
from tests.federation_world import EVENT, hall_app, signed

LOG = NamedKey.generate("fisc.cat/seals")
JUDGE = Actor("director:judge", "laptop")


def duplicate_of(app, event: str | None, ended: bool = True):
    """An AJS duplicate of three, one round played and published (CASAR H4, the master); ended by the judge
    (AJS 3.2.7) unless ``ended`` is False."""
    duplicates = Duplicates(app)
    d, _ = duplicates.create("ajs-2012", ["Ana", "Berto", "Carmen"], JUDGE, issued_by=JUDGE.actor, event=event)
    more = [lambda x, m: x.publish(m)]
    if ended:
        more.append(lambda x, m: x.end("force_majeure", "the hall closes at nine", m))
    for step in steps("mastered") + more:
        duplicates.act(d.id, JUDGE, step, lambda x, r: {})
    return d.id


@pytest.fixture
def world(tmp_path):
    app = hall_app(tmp_path / "hall")
    fed_url = str(tmp_path / "federation.sqlite3")
    archive = Archive(Db(fed_url), LOG)
    archive.enrol_hall(app.service_key.fingerprint, "Casal de Girona", "officer:test")
    archive.enrol_event(app.service_key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
    federation = create_federation_app(fed_url, LOG)
    outbox = Outbox(Db(tmp_path / "outbox.sqlite3"), app.service_key, "http://federation.test",
                    client=lambda: TestClient(federation))
    yield {"app": app, "archive": archive, "pusher": Pusher(app, outbox), "outbox": outbox, "federation": federation}
    app.close()


def test_a_finished_duplicate_is_pushed_once_attested_by_the_hall_and_not_logged(world):
    app, archive, pusher, outbox = world["app"], world["archive"], world["pusher"], world["outbox"]
    finished = duplicate_of(app, EVENT)
    duplicate_of(app, EVENT, ended=False)  # still in play: not pushed
    duplicate_of(app, None)  # played in no named event: nothing to enrol it under
    assert pusher.run_once(due_only=False) == {"put": 1, "sent": 1, "refused": 0, "waiting": 0}
    (item, kind, state, outcome), = outbox.db.all("SELECT item, kind, state, code FROM federation_outbox")
    assert item.startswith(f"duplicate:{finished}:") and (kind, state, outcome) == ("duplicate", "sent", "new")
    row = archive.db.one("SELECT event, standing, ranking, attestation FROM duplicates")
    assert row[:2] == (EVENT, "current")
    ranking = json.loads(row[2])
    assert [(r["player"], r["total"]) for r in ranking["rows"]][0] == ("Ana", 20)  # CASAR H4, the master: 20
    attestation = json.loads(row[3])
    assert attestation["logged"] is False and attestation["attested_by"] == app.service_key.fingerprint
    assert archive.log.size == 0 and archive.db.one("SELECT COUNT(*) FROM games")[0] == 0, "never in the log"
    # Sending twice stores once: the outbox keeps one item per head, and the federation answers "same".
    assert pusher.run_once(due_only=False)["put"] == 0
    body = bytes(outbox.db.one("SELECT body FROM federation_outbox")[0])
    again = archive.push(body, signed(app.service_key, body))
    assert again.outcome == "same" and archive.db.one("SELECT COUNT(*) FROM duplicates")[0] == 1


def test_a_slip_corrected_after_the_end_is_an_update(world):
    app, archive, pusher = world["app"], world["archive"], world["pusher"]
    finished = duplicate_of(app, EVENT)
    pusher.run_once(due_only=False)
    Duplicates(app).act(finished, JUDGE, lambda x, m: x.correct_slip(1, 0, "CASA", "H5", "misread", m),
                        lambda x, r: {})
    assert pusher.run_once(due_only=False)["sent"] == 1
    rows = archive.db.all("SELECT standing, events FROM duplicates ORDER BY id")
    assert [r[0] for r in rows] == ["superseded", "current"] and rows[1][1] == rows[0][1] + 1
    assert archive.alarms() == []


def test_a_tampered_duplicate_is_refused_and_nothing_is_stored(world):
    app, archive, pusher, outbox = world["app"], world["archive"], world["pusher"], world["outbox"]
    duplicate_of(app, EVENT)
    pusher.scan()
    document = json.loads(bytes(outbox.db.one("SELECT body FROM federation_outbox")[0]))
    lines = document["duplicate"]["export"].split("\n")
    lines[3] = lines[3].replace('"seat":0', '"seat":1', 1) if '"seat":0' in lines[3] else lines[3].replace(
        '"actor":"', '"actor":"x', 1)
    document["duplicate"]["export"] = "\n".join(lines)
    body = json.dumps(document).encode()
    with pytest.raises(PushRefused) as caught:
        archive.push(body, signed(app.service_key, body))
    assert (caught.value.status, caught.value.code, caught.value.field) == (422, "duplicate_tampered", "export")
    assert "line 3" in caught.value.message
    assert archive.db.one("SELECT COUNT(*) FROM duplicates")[0] == 0
    # Another event's name than the one the game was created with: refused too.
    document = json.loads(bytes(outbox.db.one("SELECT body FROM federation_outbox")[0]))
    document["duplicate"]["event"] = "Another"
    body = json.dumps(document).encode()
    with pytest.raises(PushRefused, match="created with") as caught:
        archive.push(body, signed(app.service_key, body))
    assert caught.value.code == "duplicate_mismatch"


def test_the_events_page_shows_the_duplicate_with_its_label(world):
    app, pusher = world["app"], world["pusher"]
    duplicate_of(app, EVENT)
    pusher.run_once(due_only=False)
    client = TestClient(world["federation"])
    for lang, label in (("es", "certificada por la sede, no registrada"), ("ca", "certificada per la seu, no registrada"),
                        ("en", "attested by the hall, not logged")):
        page = client.get("/events", params={"hall": app.service_key.fingerprint, "name": EVENT, "lang": lang})
        assert page.status_code == 200
        section = page.text[page.text.index('data-testid="duplicates"'):]
        assert label in section and "Ana" in section and "Carmen" in section, lang
