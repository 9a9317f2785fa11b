"""A fork attempted by the federation's own log (issue 29, "Proof": "a fork attempted by the federation's own log
(the witnesses refuse it and the proof shows it").

The federation holds its log's key and its database. After its honest log (one round seal) was cosigned by two
witnesses, it makes another log with the same key, in which a game of that round was rewritten after its seal
(new keys for both seats, the hall's key re-signing the closing and a new seal of the round: a colluding
hall): first a different tree of the same size, then a bigger tree that is not an extension of the one cosigned.
Both witnesses refuse to cosign either (C2SP tlog-witness: 422) and keep the refused checkpoint as evidence; a
bundle made from the forked log fails ``planilla audit verify --bundle`` with the witnesses' keys, and so does
the forked checkpoint carrying the honest one's cosignatures. The witnesses run in this process, each its own
HTTP server (the process and its restarts are tests/cli/test_witness_process.py's).
"""

from __future__ import annotations

import json

import pytest

from domain.seal.merkle import leaf_hash, proof, root
from domain.seal.records import seal_message
from service.federation.archive import Archive
from service.federation.bundle import BundleRefused, bundle_of, verify_bundle
from service.federation.keys import NamedKey
from service.federation.store import Db
from service.trust.attest import export_attested, seal_round
from tests.application.test_federation_archive import empty_seal, rewrite_with_new_keys
from tests.federation_world import EVENT, closed_game, game_body, hall_app, seal_body, signed, witnesses
from tests.keys import Tablet
from tests.reliability.test_signed_rewrite import records_of

LOG = NamedKey.generate("fisc.cat/seals")


def archive_of(path, key) -> Archive:
    archive = Archive(Db(path), LOG)
    archive.enrol_hall(key.fingerprint, "Casal de Girona", "officer:test")
    archive.enrol_event(key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
    return archive


def push(archive: Archive, key, body: bytes):
    return archive.push(body, signed(key, body))


def resealed(seal: dict, game: str, export: str, key) -> dict:
    """The round's seal made again by the hall's key over the rewritten game's head (later, another root)."""
    header = json.loads(export.split("\n", 1)[0])
    games = [dict(g, head_hash=header["head_hash"], version=header["events"]) if g["game"] == game else g
             for g in seal["games"]]
    games = [dict(g, leaf=leaf_hash(seal["event"], seal["round"], g["game"], g["version"], g["head_hash"]))
             for g in games]
    leaves = [g["leaf"] for g in games]
    at = "2025-05-01T18:00:00.000Z"
    top = root(leaves)
    return dict(seal, games=[dict(g, proof=proof(leaves, i)) for i, g in enumerate(games)], root=top, sealed_at=at,
                signature=key.sign(seal_message(seal["event"], seal["round"], len(games), top, at)))


@pytest.fixture
def honest(tmp_path):
    app = hall_app(tmp_path / "hall")
    key = app.service_key
    game = closed_game(app, 1, 1, [Tablet(), Tablet()])
    seal = seal_round(app, EVENT, 1)
    export = export_attested(app, game)
    app.close()
    archive = archive_of(tmp_path / "federation.sqlite3", key)
    for body in (game_body(export), seal_body(seal)):
        push(archive, key, body)
    return {"key": key, "game": str(game), "seal": seal, "export": export, "archive": archive}


def test_the_witnesses_refuse_the_federations_forked_log_and_its_bundle_fails(honest, tmp_path):
    key, game = honest["key"], honest["game"]
    _, records = records_of(honest["export"])
    rewritten = rewrite_with_new_keys(records, key)
    forged_seal = resealed(honest["seal"], game, rewritten, key)
    with witnesses(tmp_path, LOG.log_vkey(), count=2) as found:
        urls, keys = [u for u, _ in found], [k for _, k in found]
        note, failures = honest["archive"].log.cosign(urls)
        assert failures == {} and note.count("\n— witness.example/w") == 2
        verify_bundle(json.dumps(bundle_of(honest["archive"], game, urls)), keys, 2)  # the honest proof holds

        # The same size, another tree: the forked log holds the new seal where the cosigned one was.
        forked = archive_of(tmp_path / "forked.sqlite3", key)
        push(forked, key, game_body(rewritten.encode()))
        assert push(forked, key, seal_body(forged_seal)).detail["log_index"] == 0
        assert forked.log.size == 1 and forked.log.root() != honest["archive"].log.root()
        fork_note, failures = forked.log.cosign(urls)
        assert set(failures) == set(urls) and all(f.startswith("422") and "fork" in f for f in failures.values()), \
            failures
        assert "— witness.example" not in fork_note
        bundle = bundle_of(forked, game, urls)
        with pytest.raises(BundleRefused, match="0 of the given witnesses cosigned; the quorum is 1"):
            verify_bundle(json.dumps(bundle), keys, 1)
        # The honest checkpoint's cosignatures pasted under the forked one: they do not verify over it.
        cosignatures = "".join(line + "\n" for line in note.splitlines() if line.startswith("— witness.example"))
        pasted = dict(bundle, log=dict(bundle["log"], checkpoint=fork_note + cosignatures))
        with pytest.raises(BundleRefused, match="the cosignature of witness.example/w1 does not verify"):
            verify_bundle(json.dumps(pasted), keys, 1)

        # A bigger tree that does not extend the cosigned one: refused too (its consistency proof fails).
        push(forked, key, seal_body(empty_seal(key, 2)))
        assert forked.log.size == 2
        _, failures = forked.log.cosign(urls)
        assert set(failures) == set(urls) and all(f.startswith("422") for f in failures.values()), failures
        with pytest.raises(BundleRefused, match="0 of the given witnesses cosigned"):
            verify_bundle(json.dumps(bundle_of(forked, game, urls)), keys, 1)

        # The honest log goes on, and the witnesses still cosign it: they never moved to the fork.
        push(honest["archive"], key, seal_body(empty_seal(key, 2)))
        _, failures = honest["archive"].log.cosign(urls)
        assert failures == {}
    for n in (1, 2):  # each witness kept the forked checkpoints it refused, signed by the log's key: the evidence
        state = json.loads((tmp_path / f"witness-{n}.json").read_text(encoding="utf-8"))
        assert state["logs"][LOG.name]["size"] == 2
        refused = [e["request"] for e in state["evidence"]]
        assert any(fork_note.split("\n\n")[0] in r for r in refused), state["evidence"]
