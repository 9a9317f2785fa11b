"""`/verify`'s check of a federation's proof bundle (pages/static/js/audit/bundle.js and tlog.js) held to
``planilla audit verify --bundle FILE --witness KEY --quorum N`` on the same files: the same lines and exit code
(issue 29, "Verification without trusting anyone": "`planilla audit verify --bundle` and `/verify` check it
offline").

The bundle is the archive's own (a hall's game signed by both players' keys, its round sealed and logged,
the checkpoint cosigned by two witnesses), then as someone holding the federation's database or the hall's key
would change it: the game rewritten with new keys for both seats, a proof hash, a cosignature, the log's
signature, the tree's size, the seal's root; against too few or the wrong witnesses, and another log key.
"""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from service.cli.federation import run_verify_bundle
from service.federation.archive import Archive
from service.federation.bundle import bundle_of
from service.federation.keys import NamedKey
from service.federation.store import Db
from service.trust.attest import export_attested, seal_round
from tests.application.test_federation_archive import rewrite_with_new_keys
from tests.federation_world import EVENT, closed_game, game_body, hall_app, seal_body, signed
from tests.keys import Tablet
from tests.reliability.test_signed_rewrite import records_of

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "pages" / "tests" / "bundle_verify.mjs"
LOG = NamedKey.generate("fisc.cat/seals")
W1, W2, W3 = (NamedKey.generate(f"witness.example/w{n}") for n in (1, 2, 3))


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bundle")
    app = hall_app(folder / "hall")
    game = closed_game(app, 1, 1, [Tablet(), Tablet()])
    seal = seal_round(app, EVENT, 1)
    export = export_attested(app, game)
    archive = Archive(Db(folder / "federation.sqlite3"), LOG)
    archive.enrol_hall(app.service_key.fingerprint, "Casal", "t")
    archive.enrol_event(app.service_key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "t")
    for body in (game_body(export), seal_body(seal)):
        archive.push(body, signed(app.service_key, body))
    made = bundle_of(archive, str(game), [])
    note = made["log"]["checkpoint"]
    body = note[:note.index("\n\n") + 1]
    made["log"]["checkpoint"] = note + W1.cosign(body, 1_800_000_000) + W2.cosign(body, 1_800_000_001)
    yield {"bundle": made, "key": app.service_key, "export": export}
    app.close()


def changed(bundle: dict, how) -> dict:
    copy = json.loads(json.dumps(bundle))
    how(copy)
    return copy


def flipped(text: str, at: int) -> str:
    """A base64 text with one decoded byte changed."""
    raw = bytearray(base64.b64decode(text))
    raw[at] ^= 1
    return base64.b64encode(bytes(raw)).decode()


def signature_flipped(note: str, name: str) -> str:
    lines = note.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(f"— {name} "):
            head, _, sig = line.rpartition(" ")
            lines[i] = f"{head} {flipped(sig, 10)}"
    return "\n".join(lines)


def cases(made: dict, key, export: bytes) -> dict[str, tuple[dict | str, list[str]]]:
    one, two, other = W1.witness_vkey(), W2.witness_vkey(), W3.witness_vkey()
    _, records = records_of(export)
    return {
        "intact": (made, ["--witness", one]),
        "intact-quorum-2": (made, ["--witness", one, "--witness", two, "--quorum", "2"]),
        "too-few": (made, ["--witness", one, "--witness", other, "--quorum", "2"]),
        "wrong-witness": (made, ["--witness", other]),
        "quorum-above-keys": (made, ["--witness", one, "--quorum", "2"]),
        "another-log-key": (made, ["--witness", one, "--log-key", NamedKey.generate("fisc.cat/seals").log_vkey()]),
        "rewritten-new-keys": (changed(made, lambda b: b.update(export=rewrite_with_new_keys(records, key))),
                               ["--witness", one]),
        "proof-hash": (changed(made, lambda b: b["log"]["proof"].__setitem__(0, flipped(b["log"]["proof"][0], 3)))
                       if made["log"]["proof"] else changed(made, lambda b: b["log"].update(index=1)), ["--witness", one]),
        "index-outside": (changed(made, lambda b: b["log"].update(index=b["log"]["size"])), ["--witness", one]),
        "cosignature": (changed(made, lambda b: b["log"].update(checkpoint=signature_flipped(b["log"]["checkpoint"],
                                                                                              "witness.example/w1"))),
                        ["--witness", one]),
        "log-signature": (changed(made, lambda b: b["log"].update(checkpoint=signature_flipped(b["log"]["checkpoint"],
                                                                                                "fisc.cat/seals"))),
                          ["--witness", one]),
        "size": (changed(made, lambda b: b["log"].update(size=b["log"]["size"] + 1)), ["--witness", one]),
        "seal-root": (changed(made, lambda b: b["seal"].update(root="0" * 64)), ["--witness", one]),
        "seal-unsigned": (changed(made, lambda b: b["seal"].pop("signature")), ["--witness", one]),
        "not-a-bundle": (changed(made, lambda b: b.update(format="planilla-bundle/0")), ["--witness", one]),
    }


def test_the_page_and_the_command_say_the_same_of_intact_and_tampered_bundles(bundle, tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    said, asked = {}, []
    for name, (document, options) in cases(bundle["bundle"], bundle["key"], bundle["export"]).items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        witnesses = [options[i + 1] for i, o in enumerate(options) if o == "--witness"]
        quorum = int(options[options.index("--quorum") + 1]) if "--quorum" in options else 1
        log_key = options[options.index("--log-key") + 1] if "--log-key" in options else None
        out = io.StringIO()
        code = run_verify_bundle(str(path), witnesses, quorum, log_key, out=out)
        said[name] = (code, out.getvalue())
        asked.append({"file": str(path), "witnesses": witnesses, "quorum": quorum, "logKey": log_key})
    listed = tmp_path / "cases.json"
    listed.write_text(json.dumps(asked), encoding="utf-8")
    run = subprocess.run([node, str(SCRIPT), "--cases", str(listed)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert not run.stderr, run.stderr
    for name, line in zip(said, run.stdout.splitlines(), strict=True):
        page = json.loads(line)
        assert (page["lines"], page["code"]) == (said[name][1].splitlines(), said[name][0]), name
    # What the cases must show, so that the agreement is not over nothing.
    assert said["intact"][0] == 0 and "cosigned by 1 of the witnesses given (quorum 1)" in said["intact"][1]
    assert said["intact-quorum-2"][0] == 0
    assert "1 of the given witnesses cosigned; the quorum is 2" in said["too-few"][1]
    assert "0 of the given witnesses cosigned; the quorum is 1" in said["wrong-witness"][1]
    assert "REFUSED: the game: TAMPERED" in said["rewritten-new-keys"][1]
    assert "inclusion:" in said["proof-hash"][1] and "outside a tree" in said["index-outside"][1]
    assert "the cosignature of witness.example/w1 does not verify" in said["cosignature"][1]
    assert "the signature of fisc.cat/seals" in said["log-signature"][1]
    assert "no signature from a known key" in said["another-log-key"][1]
    assert "the proof is for a tree of" in said["size"][1]
    assert said["seal-root"][0] == 1 and "the game:" in said["seal-root"][1]
    assert said["seal-unsigned"][0] == 2 and said["not-a-bundle"][0] == 2
    assert all(code == 1 for name, (code, _) in said.items()
               if name not in ("intact", "intact-quorum-2", "seal-unsigned", "not-a-bundle"))
