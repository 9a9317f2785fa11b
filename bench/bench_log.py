"""The public log of round seals and its witness (issue 29): a checkpoint over 1,000 new seals, and one
witness cosignature.

    .venv/bin/python bench/bench_log.py

1. append 1,000 seal entries to a log already holding 10,000 (one SQLite transaction, FULL sync), sign the
   new checkpoint and make the consistency proof from the previous one: median of 5; target <= 1 s;
2. a witness's answer to add-checkpoint for a consistent extension (verify the log's signature and the
   proof, cosign, replace the state file with fsync): in process, and over HTTP on loopback to the
   ``planilla witness`` server in a thread: median of 30 each; target <= 50 ms.

Prints the machine and the commit, each figure with its target, the ratio figure/target and ok or MISSED.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.tlog.entries import seal_entry  # noqa: E402
from domain.tlog.note import parse  # noqa: E402
from domain.tlog.checkpoint import Checkpoint  # noqa: E402
from domain.tlog.witness import request_body  # noqa: E402
from service.federation.keys import NamedKey  # noqa: E402
from service.federation.log import SealLog  # noqa: E402
from service.federation.witness import Witness, WitnessState, make_server  # noqa: E402

CHECKPOINT_TARGET_S = 1.0
COSIGN_TARGET_MS = 50.0


def seal(i: int) -> bytes:
    return seal_entry({"format": "planilla-seal/1", "event": f"Open {i // 10}", "round": i % 10, "count": 40,
                       "root": f"{i:064x}", "sealed_at": "2026-11-27T10:00:00Z", "service_key": "A" * 44,
                       "signature": "S" * 88})


def size_of(note: str) -> int:
    return Checkpoint.parse(parse(note).text).size


def bench_checkpoint(folder: Path) -> float:
    log = SealLog(folder / "log.sqlite3", NamedKey.generate("fisc.cat/seals"))
    log.append([seal(i) for i in range(10_000)])
    log.checkpoint()
    times = []
    start_index = 10_000
    for _ in range(5):
        old = log.size
        began = time.perf_counter()
        log.append([seal(start_index + j) for j in range(1000)])
        note = log.checkpoint()
        log.consistency(old, size_of(note))
        times.append(time.perf_counter() - began)
        start_index += 1000
    log.close()
    return statistics.median(times)


def bench_cosign(folder: Path) -> tuple[float, float]:
    key = NamedKey.generate("fisc.cat/seals")
    log = SealLog(folder / "log2.sqlite3", key)
    witness = Witness(NamedKey.generate("witness.example/w1"), WitnessState(folder / "state.json"),
                      {key.name: [key.log_vkey()]})
    server = make_server(witness, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/add-checkpoint"
    log.append([seal(i) for i in range(10_000)])
    cosigned = 0
    in_process, over_http = [], []
    with httpx.Client() as client:
        for i in range(60):
            log.append([seal(10_000 + i * 10 + j) for j in range(10)])
            note = log.checkpoint()
            body = request_body(cosigned, log.consistency(cosigned, size_of(note)), note)
            began = time.perf_counter()
            if i % 2:
                status = client.post(url, content=body.encode()).status_code
                over_http.append(time.perf_counter() - began)
            else:
                status = witness.add_checkpoint(body)[0]
                in_process.append(time.perf_counter() - began)
            assert status == 200, status
            cosigned = size_of(note)
    server.shutdown()
    log.close()
    return statistics.median(in_process) * 1000, statistics.median(over_http) * 1000


def line(name: str, figure: float, target: float, unit: str) -> None:
    ratio = figure / target
    print(f"{name}: {figure:.3f} {unit} (target <= {target:g} {unit}; ratio {ratio:.3f}) "
          f"{'ok' if ratio <= 1 else 'MISSED'}")


def main() -> None:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    print(f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, commit {commit}")
    with tempfile.TemporaryDirectory() as tmp:
        line("checkpoint over 1,000 new seals (10,000 logged)", bench_checkpoint(Path(tmp)), CHECKPOINT_TARGET_S, "s")
        local, remote = bench_cosign(Path(tmp))
        line("witness cosignature, in process", local, COSIGN_TARGET_MS, "ms")
        line("witness cosignature, over HTTP", remote, COSIGN_TARGET_MS, "ms")


if __name__ == "__main__":
    main()
