"""The hall prints the public log's checkpoint on the round's results sheet once it has it (issue 29, "Verification
without trusting anyone"): the hall seals the round by itself, pushes the seal through its outbox, and keeps the
checkpoint that includes it from the federation's answer (signed by the log's key and cosigned by its witness);
the sheet prints that note whole, and says it is waiting for it until then. The federation is its app in process
and the witness a thread (the processes are tests/cli/test_federation_processes.py's).
"""

from __future__ import annotations

from tests.testclient import TestClient

from service.api.app import create_app
from service.federation.archive import Archive
from service.federation.http import create_federation_app
from service.federation.keys import NamedKey
from service.federation.outbox import Outbox, Pusher, outbox_store
from service.federation.store import Db
from service.api.config import ServiceSettings
from tests.federation_world import EVENT, closed_game, hall_app, witnesses

LOG = NamedKey.generate("fisc.cat/seals")


def hall_with_a_closed_round(tmp_path):
    """A hall with round 1 of the event closed (one game), and a federation's archive that has enrolled the hall:
    (the hall's data folder, its application, the archive's store, the archive)."""
    data = tmp_path / "hall"
    app = hall_app(data)
    closed_game(app, 1, 1, None)
    fed_url = str(tmp_path / "federation.sqlite3")
    archive = Archive(Db(fed_url), LOG)
    archive.enrol_hall(app.service_key.fingerprint, "Casal de Girona", "officer:test")
    return data, app, fed_url, archive


def test_the_results_sheet_prints_the_logs_checkpoint_once_the_hall_has_it(tmp_path):
    data, app, fed_url, archive = hall_with_a_closed_round(tmp_path)
    hall = create_app(ServiceSettings(store=str(data)), application=app)
    reader = app.issue_token("spectator", "wall", "test")[0]
    sheet_client = TestClient(hall)

    def sheet(lang: str = "en") -> str:
        answer = sheet_client.get(f"/v1/seals/results?event={EVENT}&round=1&lang={lang}",
                                  headers={"Authorization": f"Bearer {reader}"})
        assert answer.status_code == 200
        return answer.text

    assert "public log" not in sheet(), "a hall without a federation prints no log"
    with witnesses(tmp_path, LOG.log_vkey()) as ((witness_url, witness_vkey),):
        federation = create_federation_app(fed_url, LOG, [witness_url])
        where = outbox_store(str(data))
        outbox = Outbox(Db(where), app.service_key, "http://federation.test", client=lambda: TestClient(federation))
        hall.state.federation_outbox = (where, "http://federation.test")
        pusher = Pusher(app, outbox)
        # The event is not enrolled yet: the game and the seal wait, and the sheet says the checkpoint is awaited.
        assert pusher.run_once(due_only=False)["waiting"] == 2
        for lang, words in (("en", "waiting for its checkpoint"), ("es", "esperando su punto de control"),
                            ("ca", "esperant-ne el punt de control")):
            assert words in sheet(lang)
        archive.enrol_event(app.service_key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
        assert pusher.run_once(due_only=False)["sent"] == 2
        printed = sheet("ca")
        note = archive.log.latest()
        assert note.startswith("fisc.cat/seals\n1\n") and "\n— witness.example/w1 " in note
        assert "punt de control que inclou aquest segell (entrada 0)" in printed
        assert note in printed, "the note printed whole, cosigned"
        assert "waiting" not in sheet("en")
        # The answer lost and the seal sent again: answered "same", the checkpoint read from the federation.
        outbox.db.execute("DELETE FROM federation_checkpoints")
        outbox.db.execute("UPDATE federation_outbox SET state = 'waiting' WHERE kind = 'seal'")
        assert pusher.run_once(due_only=False)["sent"] == 1
        assert note in sheet("en")
    app.close()


def test_a_checkpoint_kept_without_cosignatures_is_replaced_by_a_later_cosigned_one(tmp_path):
    """The witnesses were unreachable when the round's seal was logged: the hall kept the log's checkpoint signed by
    the log alone. Once the federation has a cosigned checkpoint that covers the seal (an officer asked the witnesses
    again), the hall's next pass after REFRESH_EVERY takes it, and the sheet prints it cosigned."""
    from service.federation.outbox import REFRESH_EVERY, signatures

    data, app, fed_url, archive = hall_with_a_closed_round(tmp_path)
    archive.enrol_event(app.service_key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
    now = [1_000_000.0]
    federation = create_federation_app(fed_url, LOG, ["http://127.0.0.1:9"], timeout=0.5)  # nobody listens there
    where = outbox_store(str(data))
    outbox = Outbox(Db(where), app.service_key, "http://federation.test", client=lambda: TestClient(federation),
                    clock=lambda: now[0])
    pusher = Pusher(app, outbox)
    assert pusher.run_once(due_only=False)["sent"] == 2
    kept = outbox.db.one("SELECT checkpoint FROM federation_checkpoints")[0]
    assert signatures(kept) == 1, "the log's own signature only"
    with witnesses(tmp_path, LOG.log_vkey()) as ((witness_url, _),):
        cosigned, failures = Archive(Db(fed_url), LOG).log.cosign([witness_url])
        assert not failures and signatures(cosigned) == 2
        now[0] += REFRESH_EVERY / 2
        pusher.run_once(due_only=False)
        assert outbox.db.one("SELECT checkpoint FROM federation_checkpoints")[0] == kept, "not looked at again yet"
        for _ in range(int(REFRESH_EVERY / 5) + 1):  # an idle hall's passes, every 5 s, nothing else to send
            now[0] += 5
            pusher.run_once()
        assert outbox.db.one("SELECT checkpoint FROM federation_checkpoints")[0] == cosigned
    app.close()
