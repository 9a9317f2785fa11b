"""The officials' keys an export carries, checked from the file alone (issue 26; ``domain.game.enrolments``).

Hand-made records (the chain itself is ``verify_chain``'s): an arbiter's pass for seat 0 (FILE 26) signed with their
key, the key countersigned by a director's key enrolled from the data folder. Each way the file can lie is caught at
its line; a key the file does not carry is noted as not checked, never passed as checked.
"""

from __future__ import annotations

from domain.game.chain import ChainRecord
from domain.game.enrolments import check_officials, enrolment_message, official_key_line
from domain.game.official import signed_message
from service.trust.keys import verify_p256
from tests.keys import Tablet

GAME = "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
HEAD = "a" * 64


def key_line(key: Tablet, role: str, label: str, voucher: Tablet | None = None, **more: object) -> dict:
    signed = None if voucher is None else voucher.raw_sign(enrolment_message(key.fingerprint, role, label))
    return {**official_key_line({"fingerprint": key.fingerprint, "public_key": key.spki, "role": role, "label": label,
                                 "enrolled_by": "data-folder" if voucher is None else "director:ana",
                                 "countersigned_by": None if voucher is None else voucher.fingerprint,
                                 "countersignature": signed, "enrolled_at": "2025-05-01T09:00:00.000Z",
                                 "revoked": None}), **more}


def passed(arbiter: Tablet, **payload: object) -> list[ChainRecord]:
    signature = arbiter.raw_sign(signed_message("pass_turn", GAME, "arbiter:luis", HEAD))
    body = {"seat": 0, "official_key": arbiter.fingerprint, "official_signature": signature, **payload}
    return [ChainRecord(GAME, "Created", 1, "0" * 64, HEAD, "director:ana", None, "t", {"players": ["Ana", "Bea"]}),
            ChainRecord(GAME, "TurnPassed", 2, HEAD, "b" * 64, "arbiter:luis", "desk", "2025-05-01T10:00:00.000Z", body)]


def test_an_official_entry_verifies_back_to_the_data_folder_and_each_lie_is_caught_at_its_line():
    director, arbiter = Tablet(), Tablet()
    keys = [key_line(director, "director", "ana"), key_line(arbiter, "arbiter", "luis", director)]
    notes: list[str] = []
    assert check_officials(passed(arbiter), keys, 3, verify_p256, notes) is None
    assert notes[1].endswith("(arbiter:luis): countersigned by director:ana (" + director.fingerprint[:16] + "…)")
    assert notes[2] == f"event 2: the pass entered by arbiter:luis verifies with arbiter:luis's official key " \
                       f"({arbiter.fingerprint[:16]}…)"
    # another key's signature on the entry; the entry's key revoked before it; half a signature
    bad = check_officials(passed(arbiter, official_signature=Tablet().raw_sign(b"x")), keys, 3, verify_p256, [])
    assert (bad.line, bad.version) == (2, 2) and "does not verify against arbiter:luis's official key" in bad.reason
    revoked = [keys[0], dict(keys[1], revoked_at="2025-05-01T09:30:00.000Z")]
    assert "revoked at" in check_officials(passed(arbiter), revoked, 3, verify_p256, []).reason
    assert "half an official signature" in check_officials(passed(arbiter, official_signature=None), keys, 3,
                                                           verify_p256, []).reason
    # an enrolment nobody vouched for, or whose voucher the file does not carry: caught at the key's line
    lone = [dict(keys[1], countersigned_by=None)]
    assert check_officials(passed(arbiter), lone, 3, verify_p256, []).line == 3
    assert "a key this export does not carry" in check_officials(passed(arbiter), keys[1:], 3, verify_p256, []).reason
    # the key not carried at all: noted, not checked
    notes = []
    assert check_officials(passed(arbiter), [], 3, verify_p256, notes) is None
    assert notes == [f"event 2: the pass entered by arbiter:luis names official key {arbiter.fingerprint[:16]}…, "
                     "which this export does not carry: not checked"]
