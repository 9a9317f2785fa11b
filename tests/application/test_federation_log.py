"""The public log of round seals (service.federation.log): an append-only RFC 9162 log in SQLite.

Roots and proofs from the stored subtrees agree with a brute-force recomputation over the leaves (RFC 9162
§2.1.1), across appends and a reopening of the file; checkpoints are C2SP tlog-checkpoint notes signed with
the log key; entries are the seals' hashes and signatures, never the games' list.
"""

from __future__ import annotations

import random

from domain.tlog import merkle
from domain.tlog.checkpoint import Checkpoint
from domain.tlog.entries import seal_entry
from domain.tlog.note import verify
from service.federation.keys import NamedKey, verifier_of
from service.federation.log import SealLog


def seal(i: int) -> dict:
    return {"format": "planilla-seal/1", "event": "Open de Girona", "round": i, "count": 2, "root": f"{i:064x}",
            "sealed_at": "2026-11-27T10:00:00Z", "service_key": "AAAA", "fingerprint": "ff", "signature": f"s{i}",
            "games": [{"game": "g", "version": 9, "head_hash": "00", "leaf": "11", "proof": []}]}


def test_roots_and_proofs_match_brute_force_across_appends_and_reopening(tmp_path):
    """RFC 9162 §2.1: after each batch, the stored tree's root, inclusion and consistency proofs equal and verify
    against the tree recomputed from the leaves; a reopened file answers the same."""
    key = NamedKey.generate("fisc.cat/seals")
    log = SealLog(tmp_path / "log.sqlite3", key)
    rng = random.Random(6962)
    entries: list[bytes] = []
    sizes = []
    for batch in [1, 1, 2, 3, 7, 1, 16, 9, 33]:
        new = [seal_entry(seal(len(entries) + j)) for j in range(batch)]
        assert log.append(new) == list(range(len(entries), len(entries) + batch))
        entries += new
        sizes.append(len(entries))
        reference = merkle.from_leaves([merkle.leaf_hash(e) for e in entries])
        assert log.root() == merkle.root(len(entries), reference)
        for m in rng.sample(range(len(entries)), min(5, len(entries))):
            assert log.inclusion(m, len(entries)) == merkle.inclusion_proof(m, len(entries), reference)
        for old in sizes:
            proof = log.consistency(old, len(entries))
            merkle.verify_consistency(old, len(entries), log.root(old), log.root(), proof)
    log.close()
    again = SealLog(tmp_path / "log.sqlite3", key)
    assert again.size == len(entries) and again.root(sizes[3]) == merkle.root(
        sizes[3], merkle.from_leaves([merkle.leaf_hash(e) for e in entries[:sizes[3]]]))
    assert again.append([entries[4]]) == [4] and again.size == len(entries)  # logged once, kept its index
    again.close()


def test_checkpoint_is_a_signed_tlog_checkpoint(tmp_path):
    """tlog-checkpoint: origin = the log key's name, the size, the base64 root; signed by the log (0x01)."""
    key = NamedKey.generate("fisc.cat/seals")
    log = SealLog(tmp_path / "log.sqlite3", key)
    log.append([seal_entry(seal(i)) for i in range(3)])
    note = log.checkpoint()
    read, _ = verify(note, [verifier_of(key.log_vkey())])
    point = Checkpoint.parse(read.text)
    assert (point.origin, point.size, point.root) == ("fisc.cat/seals", 3, log.root())
    assert log.checkpoint() == note  # one note per size
    log.close()


def test_entry_holds_hashes_and_the_signature_not_the_games():
    """Issue 29: players' names never enter the log: the entry is the seal's signed fields, the games left out."""
    entry = seal_entry(seal(1)).decode()
    assert "games" not in entry and "head_hash" not in entry and "fingerprint" not in entry
    assert '"root":"' in entry and '"signature":"s1"' in entry


def test_witness_checks_and_records_atomically(tmp_path):
    """tlog-witness, add-checkpoint: checking the old size and persisting the new checkpoint are one atomic step,
    so concurrent requests from the same old size get one cosignature and 409s, never a rolled-back size."""
    import threading

    from domain.tlog.witness import request_body
    from service.federation.witness import Witness, WitnessState

    key = NamedKey.generate("fisc.cat/seals")
    log = SealLog(tmp_path / "log.sqlite3", key)
    notes = []
    for i in range(8):
        log.append([seal_entry(seal(i))])
        notes.append(log.checkpoint())
    witness = Witness(NamedKey.generate("witness.example/w1"), WitnessState(tmp_path / "state.json"),
                      {key.name: [key.log_vkey()]})
    answers: dict[int, int] = {}
    gate = threading.Barrier(len(notes))

    def submit(size: int, note: str) -> None:
        gate.wait()
        answers[size] = witness.add_checkpoint(request_body(0, [], note))[0]

    threads = [threading.Thread(target=submit, args=(i + 1, n)) for i, n in enumerate(notes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    winners = [size for size, status in answers.items() if status == 200]
    assert len(winners) == 1 and sorted(answers.values()) == [200] + [409] * 7
    assert WitnessState(tmp_path / "state.json").latest()[key.name] == (winners[0], log.root(winners[0]))
    log.close()
