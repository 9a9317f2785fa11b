"""``planilla witness serve``: a C2SP tlog-witness (``POST /add-checkpoint``) with its own key and state.

The witness trusts the logs it is started with (origin and vkey), answers each request by
``domain.tlog.witness.decide``, and cosigns (tlog-cosignature/v1) only what is consistent with the last
checkpoint it cosigned for that log. Its state (per origin: the last cosigned size and root; and the last
refused but validly signed checkpoints, evidence of a fork) is one JSON file, replaced atomically (written
beside, fsynced, renamed, the folder fsynced) before the answer leaves; the check and the write happen
under one lock, so two requests cannot roll the size back. A restart reads the file: a fork refused once
stays refused.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from domain.tlog.merkle import EMPTY
from domain.tlog.note import Verifier, VerifierKey
from domain.tlog.witness import decide
from service.federation.keys import NamedKey, verifier_of

KEY_FILE = "witness-ed25519.pem"
STATE_FILE = "witness-state.json"
MAX_BODY = 64 * 1024
KEPT_EVIDENCE = 100


def read_log_option(text: str) -> tuple[str, str]:
    """``ORIGIN=VKEY`` or a bare ``VKEY`` (origin = the key's name) -> (origin, vkey)."""
    head, sep, rest = text.partition("=")
    if sep and "+" not in head:
        return head, rest
    return VerifierKey.parse(text).name, text


class WitnessState:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.data = {"format": "planilla-witness-state/1", "logs": {}, "evidence": []}
        if path.exists():
            self.data = json.loads(path.read_text(encoding="utf-8"))

    def latest(self) -> dict[str, tuple[int, bytes]]:
        return {origin: (v["size"], base64.b64decode(v["root"])) for origin, v in self.data["logs"].items()}

    def record(self, origin: str, size: int, root: bytes) -> None:
        self.data["logs"][origin] = {"size": size, "root": base64.b64encode(root).decode()}
        self.save()

    def keep_evidence(self, body: str, reason: str) -> None:
        self.data["evidence"] = (self.data["evidence"] + [{"request": body, "reason": reason}])[-KEPT_EVIDENCE:]
        self.save()

    def save(self) -> None:
        temporary = self.path.with_name(self.path.name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as out:
            json.dump(self.data, out, indent=1, sort_keys=True)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, self.path)
        folder = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


class Witness:
    """The witness's decisions with its key and state; ``add_checkpoint`` is what the HTTP handler calls."""

    def __init__(self, key: NamedKey, state: WitnessState, logs: dict[str, list[str]], clock=time.time) -> None:
        self.key = key
        self.state = state
        self.logs: dict[str, list[Verifier]] = {o: [verifier_of(v) for v in vs] for o, vs in logs.items()}
        self.clock = clock
        self.lock = threading.Lock()

    def add_checkpoint(self, body: str) -> tuple[int, str, str]:
        with self.lock:
            answer = decide(body, self.logs, self.state.latest())
            if answer.evidence:
                self.state.keep_evidence(body, answer.body.strip())
            if answer.status != 200 or answer.checkpoint is None:
                return answer.status, answer.body, answer.content_type
            checkpoint = answer.checkpoint
            line = self.key.cosign(checkpoint.body(), int(self.clock()))
            if self.state.latest().get(checkpoint.origin, (0, EMPTY)) != (checkpoint.size, checkpoint.root):
                self.state.record(checkpoint.origin, checkpoint.size, checkpoint.root)
            return 200, line, "text/plain; charset=utf-8"


def make_server(witness: Witness, host: str, port: int) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms wait for a delayed ACK

        def _answer(self, status: int, body: str, content_type: str = "text/plain; charset=utf-8") -> None:
            data = body.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
            if self.path.rstrip("/").split("?")[0] != "/add-checkpoint":
                return self._answer(404, "only POST /add-checkpoint is served here (tlog-witness)\n")
            try:
                length = int(self.headers.get("Content-Length") or 0)
            except ValueError:
                length = -1
            if not 0 <= length <= MAX_BODY:
                self.close_connection = True
                return self._answer(413 if length > MAX_BODY else 400,
                                    f"Content-Length: a request body is 0 to {MAX_BODY} bytes\n")
            raw = self.rfile.read(length)
            try:
                body = raw.decode("utf-8")
            except UnicodeDecodeError:
                return self._answer(400, "the body is not UTF-8 (signed-note, Format)\n")
            self._answer(*witness.add_checkpoint(body))

        def do_GET(self) -> None:  # noqa: N802
            if self.path == "/":
                return self._answer(200, f"{witness.key.witness_vkey()}\n")
            self._answer(404, "only POST /add-checkpoint is served here (tlog-witness)\n")

        def log_message(self, format: str, *args) -> None:  # quiet: the witness prints only its start line
            pass

    return ThreadingHTTPServer((host, port), Handler)


def open_witness(data: Path, logs: list[str], name: str | None = None) -> Witness:
    """The witness of a data folder: its key (made with ``name`` on first use) and its state."""
    data.mkdir(parents=True, exist_ok=True)
    key, _ = NamedKey.load_or_create(data / KEY_FILE, name)
    trusted: dict[str, list[str]] = {}
    for option in logs:
        origin, text = read_log_option(option)
        trusted.setdefault(origin, []).append(text)
    return Witness(key, WitnessState(data / STATE_FILE), trusted)
