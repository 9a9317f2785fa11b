"""C2SP signed notes, checkpoints and cosignatures (domain.tlog), with the specifications' own vectors.

signed-note (c2sp.org/signed-note, "Verifier keys", Example) gives a vkey and a note it verifies: both are
checked byte for byte here. tlog-checkpoint's "Note text" and tlog-cosignature's "Ed25519 signed message"
are checked on notes this test signs.
"""

from __future__ import annotations

import base64

import pytest

from domain.tlog import merkle
from domain.tlog.checkpoint import Checkpoint, CheckpointError
from domain.tlog.cosignature import message
from domain.tlog.note import (COSIGNATURE_V1, ED25519, NoteError, Signature, VerifierKey, key_id, parse, sign,
                              verify)
from service.federation.keys import NamedKey, verifier_of

SPEC_VKEY = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k"
SPEC_NOTE = ("This is an example message.\n\n"
             "\u2014 example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1"
             "Yu72IneyaQM=\n")


def test_spec_vkey_key_id_is_sha256_of_name_type_and_key():
    """signed-note, Ed25519 signatures: key ID = SHA-256(name || 0x0A || 0x01 || key)[:4] (the spec's vkey)."""
    key = VerifierKey.parse(SPEC_VKEY)
    assert (key.name, key.id.hex(), key.type, len(key.public_key)) == ("example.com/foo", "530d903a", ED25519, 32)
    assert key_id("example.com/foo", ED25519, key.public_key).hex() == "530d903a"
    assert key.text() == SPEC_VKEY


def test_spec_note_verifies_byte_for_byte_and_an_edit_fails():
    """signed-note, Verifier keys, Example: the spec's note verifies with its vkey; one changed byte does not."""
    note, good = verify(SPEC_NOTE, [verifier_of(SPEC_VKEY)])
    assert note.text == "This is an example message.\n"
    assert [s.name for s in good] == ["example.com/foo"]
    assert note.render() == SPEC_NOTE
    with pytest.raises(NoteError, match="does not verify"):
        verify(SPEC_NOTE.replace("example message", "example massage"), [verifier_of(SPEC_VKEY)])


def test_unknown_keys_are_ignored_a_known_failing_key_rejects_and_none_known_rejects():
    """signed-note, Signatures: unknown (name, id) ignored; a known key that fails rejects; no known key rejects."""
    other = NamedKey.generate("example.com/foo")  # same name, another id: unknown, ignored
    extra = sign("This is an example message.\n", [other.note_signer()], keep=parse(SPEC_NOTE).signatures)
    _, good = verify(extra, [verifier_of(SPEC_VKEY)])
    assert len(good) == 1
    with pytest.raises(NoteError, match="no signature from a known key"):
        verify(SPEC_NOTE, [verifier_of(other.log_vkey())])
    spec = parse(SPEC_NOTE).signatures[0]
    bad = Signature(spec.name, spec.id, bytes(64))
    two = sign("This is an example message.\n", [], keep=[spec, bad])
    with pytest.raises(NoteError, match="does not verify"):
        verify(two, [verifier_of(SPEC_VKEY)])


@pytest.mark.parametrize("text", ["no blank line\n\u2014 a AAAA\n", "text\n\n", "text\n\n\u2014 a b c\n",
                                  "text\n\n\u2014 a+b AAAAAAAA\n", "tab\there\n\n\u2014 a AAAAAAAA\n",
                                  "text\n\n\u2014 a AAAAAAAA"])
def test_malformed_notes_are_refused(text):
    """signed-note, Format: blank line, signature lines, names without '+' or spaces, no control characters."""
    with pytest.raises(NoteError):
        parse(text)


def test_several_signatures_all_verify():
    """signed-note: a note may carry several signatures; every known key's verifies."""
    a, b = NamedKey.generate("log.example/a"), NamedKey.generate("log.example/b")
    note = sign("x\n", [a.note_signer(), b.note_signer()])
    _, good = verify(note, [verifier_of(a.log_vkey()), verifier_of(b.log_vkey())])
    assert {s.name for s in good} == {"log.example/a", "log.example/b"}


def test_checkpoint_body_reads_and_writes():
    """tlog-checkpoint, Note text: origin, decimal size without leading zeroes, base64 root, extension lines."""
    root = merkle.root(3, merkle.from_leaves([merkle.leaf_hash(b"%d" % i) for i in range(3)]))
    point = Checkpoint("fisc.cat/seals", 3, root, ("ext",))
    body = point.body()
    assert body == f"fisc.cat/seals\n3\n{base64.b64encode(root).decode()}\next\n"
    assert Checkpoint.parse(body) == point
    for bad in ["fisc.cat/seals\n03\n" + base64.b64encode(root).decode() + "\n", "fisc.cat/seals\n3\n",
                "fisc.cat/seals\n3\nAAAA\n", "fisc.cat/seals\n0\n" + base64.b64encode(root).decode() + "\n",
                "fisc.cat/seals\n3\n" + base64.b64encode(root).decode() + "\n\n"]:
        with pytest.raises(CheckpointError):
            Checkpoint.parse(bad)


def test_cosignature_signs_the_spec_message_with_a_timestamp():
    """tlog-cosignature, Ed25519 signed message: "cosignature/v1\\ntime <t>\\n" + body; type 0x04 key id;
    the signature is the 8-byte big-endian timestamp and the Ed25519 signature."""
    spec_body = "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n"
    assert message(1679315147, spec_body) == (b"cosignature/v1\ntime 1679315147\nexample.com/behind-the-sofa\n"
                                              b"20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n")
    log, witness = NamedKey.generate("fisc.cat/seals"), NamedKey.generate("witness.example/w1")
    body = Checkpoint("fisc.cat/seals", 0, merkle.EMPTY).body()
    note = sign(body, [log.note_signer()]) + witness.cosign(body, 1679315147)
    cosig = parse(note).signatures[1]
    assert cosig.id == key_id("witness.example/w1", COSIGNATURE_V1, witness.public_bytes)
    assert int.from_bytes(cosig.signature[:8], "big") == 1679315147 and len(cosig.signature) == 72
    witness.private.public_key().verify(cosig.signature[8:], message(1679315147, body))
    _, good = verify(note, [verifier_of(witness.witness_vkey())])
    assert [s.name for s in good] == ["witness.example/w1"]
    with pytest.raises(NoteError):  # the same key as a plain Ed25519 note key is another key id: ignored
        verify(note, [verifier_of(witness.log_vkey())])
    forged = note.replace("\n0\n", "\n1\n")
    with pytest.raises(NoteError):
        verify(forged, [verifier_of(witness.witness_vkey())])
