"""The tablet's key module (pages/static/js/keys.js, run by node's WebCrypto) against the service's checks.

Node makes a key pair and signs what a tablet signs; the service's own functions judge it: the SPKI the
bind call would send decodes to itself with the same fingerprint (``service.trust.keys.decode_public_key``), each
signature verifies with ``verify_p256`` (``cryptography``) over ``domain.game.keys.signed_message`` and not
over a changed one. The other way, signatures
``cryptography`` makes (DER turned into r||s as a tablet sends it) verify with keys.js. Fresh keys each run:
nothing here is a recorded answer.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

from domain.game.keys import signed_message
from service.trust.keys import decode_public_key, verify_p256

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "pages" / "tests" / "keys_vectors.mjs"


def node(*args: str, stdin: str | None = None) -> object:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed (CI is set)")
        pytest.skip("node is not installed")
    run = subprocess.run([found, str(SCRIPT), *args], cwd=ROOT, input=stdin, capture_output=True, text=True,
                         timeout=60, check=True)
    return json.loads(run.stdout)


def test_a_tablet_signature_made_by_webcrypto_verifies_with_the_service_cryptography_and_binds_its_message() -> None:
    game = str(uuid.uuid4())
    made = node("make", game)
    assert isinstance(made, dict)
    spki, fingerprint = decode_public_key(made["spki"])
    assert (spki, fingerprint) == (made["spki"], made["fingerprint"])
    for item in made["items"]:
        message = signed_message(item["action"], game, item["seat"], item["head"])
        assert message == item["message"].encode("utf-8")
        assert verify_p256(spki, message, item["signature"]), item
        # URL-safe and unpadded, as the wire format allows.
        urlsafe = base64.urlsafe_b64encode(base64.b64decode(item["signature"])).decode().rstrip("=")
        assert verify_p256(spki, message, urlsafe)
        other_seat = signed_message(item["action"], game, 1 - item["seat"], item["head"])
        other_head = signed_message(item["action"], game, item["seat"], item["head"][::-1])
        other_action = signed_message("sign" if item["action"] == "accept" else "accept", game, item["seat"],
                                      item["head"])
        for changed in (other_seat, other_head, other_action):
            assert not verify_p256(spki, changed, item["signature"])


def test_signatures_made_by_cryptography_in_r_s_verify_with_the_tablet_module_and_changed_ones_do_not() -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    spki = base64.b64encode(key.public_key().public_bytes(serialization.Encoding.DER,
                                                          serialization.PublicFormat.SubjectPublicKeyInfo)).decode()
    game = str(uuid.uuid4())
    items = []
    for seat, action in ((0, "sign"), (1, "accept")):
        head = os.urandom(32).hex()
        message = signed_message(action, game, seat, head)
        r, s = decode_dss_signature(key.sign(message, ec.ECDSA(hashes.SHA256())))
        raw = r.to_bytes(32, "big") + s.to_bytes(32, "big")
        items.append({"message": message.decode(), "signature": base64.b64encode(raw).decode()})
        items.append({"message": message.decode().replace(f"|{seat}|", f"|{1 - seat}|"),
                      "signature": base64.b64encode(raw).decode()})
    assert node("check", stdin=json.dumps({"spki": spki, "items": items})) == [True, False, True, False]
