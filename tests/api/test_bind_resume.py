"""A binding's answer lost on the way (the hall's Wi-Fi), fetched again by the tablet that made it.

A seat code works once (docs/tablet-conformity.md, row 1). Before, a tablet whose bind answer was lost after the
binding was saved got 410 when it sent the code again, and the player needed an official and a new code (and the seat
then had a second binding). Now a bind may carry ``resume``, a secret of the tablet's own: the same request again
gets the same answer, the same token, and records nothing; any other request with the spent code is refused as
before. Every story runs on SQLite and on PostgreSQL (the ``api`` fixture).
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Api, Table
from tests.api.test_seats import events, issue
from tests.keys import Tablet

SECRET = "q6Yk3Vb0cR2hN8sT1wXz4A"  # 16 bytes in base64url, as the pages make it
OTHER = "Zz9Yk3Vb0cR2hN8sT1wXz4A"


def bind(table: Table, code: str, device: str, key: str | None, resume: str | None, status: int = 200,
         view: str | None = None) -> dict[str, Any]:
    body = {"code": code, "device": device, **({"public_key": key} if key else {}),
            **({"resume": resume} if resume else {})}
    r = table.api.client.post("/v1/bind" + (f"?view={view}" if view else ""), json=body)
    assert r.status_code == status, r.text
    return r.json()


def stored_count(api: Api) -> int:
    return api.games.recorder.max_notification_id() or 0


def test_the_same_bind_again_gets_the_same_answer_and_records_nothing(api: Api):
    table = api.table("fisc-2023", ("Anna", "Biel"))
    tablet = Tablet()
    code = issue(table, 1)["code"]
    first = bind(table, code, "tablet-b", tablet.spki, SECRET)
    stored = stored_count(api)

    again = bind(table, code, "tablet-b", tablet.spki, SECRET, view="game")  # the first answer never arrived
    same = [k for k in first if k not in ("state", "scoresheet")]
    assert {k: again[k] for k in same} == {k: first[k] for k in same}  # the same token, seat, key: the one binding
    assert again["state"]["version"] == first["version"] and again["scoresheet"]["game_id"] == table.id
    assert stored_count(api) == stored  # nothing recorded: the binding happened once
    assert len(events(table, "DeviceBound")) == 1 and len(events(table, "KeyRegistered")) == 1
    assert table.state(again["token"])["players"][1]["rack"] == []  # the token works
    # typed differently (lowercase, no dash), it is still the same code
    assert bind(table, code.replace("-", "").lower(), "tablet-b", tablet.spki, SECRET)["token"] == first["token"]


def test_the_answer_is_the_games_version_now(api: Api):
    """The answer's ``version`` is the game's at the second asking, so the tablet's next command is not stale."""
    table = api.table()
    tablet = Tablet()
    code = issue(table, 0)["code"]
    first = bind(table, code, "tablet-a", tablet.spki, SECRET)
    table.version = first["version"]
    table.start()
    again = bind(table, code, "tablet-a", tablet.spki, SECRET)
    assert again["token"] == first["token"] and again["version"] == table.state()["version"] > first["version"]


def test_anything_but_the_same_request_is_refused_as_a_spent_code(api: Api):
    """A code works once (docs/tablet-conformity.md, row 1): another secret, device or key, no key where one was
    sent, or a first binding that sent no secret: 410, and nothing recorded."""
    table = api.table()
    tablet = Tablet()
    code = issue(table, 0)["code"]
    bind(table, code, "tablet-a", tablet.spki, SECRET)
    stored = stored_count(api)
    for device, key, resume in (("tablet-a", tablet.spki, OTHER), ("tablet-x", tablet.spki, SECRET),
                                ("tablet-a", Tablet().spki, SECRET), ("tablet-a", None, SECRET),
                                ("tablet-a", tablet.spki, None)):
        gone = bind(table, code, device, key, resume, status=410)
        assert gone["code"] == "seat_code_gone" and gone["field"] == "code"
    assert stored_count(api) == stored

    plain = issue(table, 1)["code"]
    bind(table, plain, "tablet-b", None, None)  # a binding without a secret keeps no answer
    assert bind(table, plain, "tablet-b", None, SECRET, status=410)["code"] == "seat_code_gone"


def test_no_answer_again_once_its_token_is_revoked(api: Api):
    table = api.table()
    code = issue(table, 0)["code"]
    first = bind(table, code, "tablet-a", None, SECRET)
    assert bind(table, code, "tablet-a", None, SECRET)["token"] == first["token"]  # no key: the same, keyless
    r = api.post(f"/v1/tokens/{first['token_id']}/revoke", table.director, {"reason": "tablet lost"})
    assert r.status_code == 200
    assert bind(table, code, "tablet-a", None, SECRET, status=410)["code"] == "seat_code_gone"


def test_a_secret_that_is_not_one_is_refused_naming_the_field(api: Api):
    table = api.table()
    code = issue(table, 0)["code"]
    for bad in ("short", "not base64url!!!!!!!!!!!!!!!", "x" * 87):
        r = api.client.post("/v1/bind", json={"code": code, "device": "tablet-a", "resume": bad})
        assert r.status_code == 400 and r.json()["field"] == "resume", r.text
    assert bind(table, code, "tablet-a", None, SECRET)["seat"] == 0  # nothing was spent by the refusals


def test_the_store_keeps_the_answer_sealed_not_the_token_or_the_secret(api: Api):
    """Whoever reads the store (an official, a copy of the archive) finds neither the token nor the secret."""
    table = api.table()
    code = issue(table, 0)["code"]
    first = bind(table, code, "tablet-a", None, SECRET)
    raw = b"".join(bytes(n.state) for n in api.games.recorder.select_notifications(0, 10_000))
    assert first["token"].encode() not in raw and SECRET.encode() not in raw
    assert b"resume_box" in raw
