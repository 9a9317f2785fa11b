"""``planilla witness serve`` as a real process on a free loopback port (c2sp.org/tlog-witness, add-checkpoint).

It cosigns a first checkpoint and a consistent extension (tlog-cosignature/v1), refuses the log's own fork
(another tree of the same size: 422; a smaller tree: 400; a bigger tree not extending the cosigned one:
422), and after being killed and restarted it still refuses it and still knows the size it cosigned (409).
Two witnesses and ``planilla audit verify-checkpoint --witness KEY --quorum N`` check the quorum and a
seal's inclusion proof end to end through ``planilla log``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from domain.tlog import merkle
from domain.tlog.checkpoint import Checkpoint
from domain.tlog.entries import seal_entry
from domain.tlog.note import sign
from domain.tlog.witness import request_body
from service.federation.keys import NamedKey
from service.federation.log import SealLog
from service.federation.verify import CheckpointRefused, verify_checkpoint

PLANILLA = str(Path(sys.executable).with_name("planilla"))


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([PLANILLA, *args], capture_output=True, text=True, timeout=60)


def start_witness(data: Path, log_vkey: str, name: str) -> tuple[subprocess.Popen, str, str]:
    """Start a witness on a free port: the process, its address and its vkey (as it prints them)."""
    proc = subprocess.Popen([PLANILLA, "witness", "serve", "--data", str(data), "--port", "0", "--host", "127.0.0.1",
                             "--log", log_vkey, "--name", name],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    deadline = time.monotonic() + 30
    lines: list[str] = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith("Planilla witness listening on "):
            vkey = next(x for x in lines if x.startswith("Witness key: ")).split()[-1]
            return proc, line.split()[-1], vkey
    kill(proc)
    raise AssertionError(f"the witness printed no address: {lines}")


def kill(proc: subprocess.Popen, sig: int = signal.SIGINT) -> None:
    os.killpg(proc.pid, sig)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def seal(i: int) -> dict:
    return {"format": "planilla-seal/1", "event": "Open de Lleida", "round": i, "count": 4, "root": f"{i:064x}",
            "sealed_at": "2026-11-27T12:00:00Z", "service_key": "AAAA", "fingerprint": "ff", "signature": f"s{i}",
            "games": []}


def post(url: str, body: str) -> httpx.Response:
    return httpx.post(url + "/add-checkpoint", content=body.encode("utf-8"), timeout=10)


def forked_note(key: NamedKey, size: int) -> tuple[str, merkle.Subtree]:
    """The log's key signing another tree (a fork the log itself makes)."""
    subtree = merkle.from_leaves([merkle.leaf_hash(b"rewritten %d" % i) for i in range(size)])
    return sign(Checkpoint(key.name, size, merkle.root(size, subtree)).body(), [key.note_signer()]), subtree


def test_witness_cosigns_extensions_refuses_a_fork_and_still_refuses_after_a_restart(tmp_path):
    """tlog-witness add-checkpoint: 200 with a cosignature; fork 422 / smaller 400; state kept across a kill."""
    key = NamedKey.generate("fisc.cat/seals")
    log = SealLog(tmp_path / "log.sqlite3", key)
    proc, url, witness_vkey = start_witness(tmp_path / "w1", key.log_vkey(), "witness.example/w1")
    try:
        assert witness_vkey.startswith("witness.example/w1+")
        log.append([seal_entry(seal(i)) for i in range(5)])
        note, failures = log.cosign([url])
        assert failures == {}
        report = verify_checkpoint(note, key.log_vkey(), [witness_vkey], 1)
        assert report.checkpoint.size == 5 and report.witnesses == ["+".join(witness_vkey.split("+", 2)[:2])]

        log.append([seal_entry(seal(i)) for i in range(5, 9)])
        note, failures = log.cosign([url])
        assert failures == {} and verify_checkpoint(note, key.log_vkey(), [witness_vkey], 1).checkpoint.size == 9

        fork, fork_tree = forked_note(key, 9)
        same_size = post(url, request_body(9, [], fork))
        assert same_size.status_code == 422 and "fork" in same_size.text
        smaller, _ = forked_note(key, 7)
        assert post(url, request_body(9, [], smaller)).status_code == 400
        bigger, bigger_tree = forked_note(key, 12)
        assert post(url, request_body(9, merkle.consistency_proof(9, 12, bigger_tree), bigger)).status_code == 422

        kill(proc, signal.SIGKILL)  # no clean shutdown: the state must already be on disk
        proc, url, again = start_witness(tmp_path / "w1", key.log_vkey(), "witness.example/w1")
        assert again == witness_vkey  # the same key after the restart
        assert post(url, request_body(9, [], fork)).status_code == 422
        stale = post(url, request_body(0, [], fork))
        assert (stale.status_code, stale.text, stale.headers["content-type"]) == (409, "9\n", "text/x.tlog.size")
        state = json.loads((tmp_path / "w1" / "witness-state.json").read_text())
        assert state["logs"]["fisc.cat/seals"]["size"] == 9 and len(state["evidence"]) == 3

        log.append([seal_entry(seal(9))])
        note, failures = log.cosign([url])
        assert failures == {} and verify_checkpoint(note, key.log_vkey(), [witness_vkey], 1).checkpoint.size == 10
    finally:
        kill(proc)
        log.close()


def test_quorum_of_two_witnesses_and_a_seal_inclusion_through_the_command_line(tmp_path):
    """Issue 29: a verifier may require several witnesses (--witness KEY repeated, --quorum N); the seal's
    inclusion proof (RFC 9162 §2.1.3.2) in the cosigned checkpoint is checked by planilla audit verify-checkpoint."""
    data = tmp_path / "log"
    made = run("log", "key", "--data", str(data), "--origin", "fisc.cat/seals")
    assert made.returncode == 0, made.stderr
    log_vkey = made.stdout.strip()
    seals = []
    for i in range(6):
        path = tmp_path / f"seal-{i}.json"
        path.write_text(json.dumps(seal(i)), encoding="utf-8")
        seals.append(str(path))
    assert run("log", "append", "--data", str(data), *seals).stdout.split("\n")[5].startswith("5\t")
    w1, url1, key1 = start_witness(tmp_path / "w1", log_vkey, "witness.example/w1")
    w2, url2, key2 = start_witness(tmp_path / "w2", log_vkey, "appeals.example/w2")
    try:
        keys = [key1, run("witness", "key", "--data", str(tmp_path / "w2")).stdout.strip()]
        assert keys[1] == key2  # planilla witness key prints the key the server uses
        cosigned = run("log", "checkpoint", "--data", str(data), "--witness", url1, "--witness", url2)
        assert cosigned.returncode == 0, cosigned.stderr
        assert cosigned.stdout.count("\u2014 ") == 3
        proof = tmp_path / "proof.json"
        assert run("log", "prove", seals[3], "--data", str(data), "-o", str(proof)).returncode == 0

        both = run("audit", "verify-checkpoint", str(proof), "--log-key", log_vkey, "--witness", keys[0],
                   "--witness", keys[1], "--quorum", "2", "--seal", seals[3])
        assert both.returncode == 0, both.stdout + both.stderr
        assert "cosigned by 2" in both.stdout and "leaf 3" in both.stdout

        other = tmp_path / "other.json"
        other.write_text(json.dumps(seal(99)), encoding="utf-8")
        wrong_seal = run("audit", "verify-checkpoint", str(proof), "--log-key", log_vkey, "--seal", str(other))
        assert wrong_seal.returncode == 1 and "inclusion" in wrong_seal.stdout

        note = json.loads(proof.read_text())["checkpoint"]
        one_witness = note[:note.rfind("\u2014 appeals.example/w2")]  # w2's cosignature dropped
        stranger = NamedKey.generate("stranger.example/w3").witness_vkey()
        assert verify_checkpoint(one_witness, log_vkey, keys, 1).witnesses
        try:
            verify_checkpoint(one_witness, log_vkey, [keys[0], stranger], 2)
            raise AssertionError("a quorum of 2 met by one witness")
        except CheckpointRefused as exc:
            assert "1 of the given witnesses" in str(exc)
        (tmp_path / "one.txt").write_text(one_witness, encoding="utf-8")
        short = run("audit", "verify-checkpoint", str(tmp_path / "one.txt"), "--log-key", log_vkey,
                    "--witness", keys[0], "--witness", keys[1], "--quorum", "2")
        assert short.returncode == 1 and "quorum is 2" in short.stdout
    finally:
        kill(w1)
        kill(w2)
