"""``planilla witness key|serve`` and ``planilla log key|append|checkpoint|prove``: the public log of round
seals and its C2SP witness (docs/federation-log.md).

A witness's folder holds its Ed25519 key (``witness-ed25519.pem``, its name beside it) and its state
(``witness-state.json``). A log's folder holds its key (``keys/log-ed25519.pem``) and the log
(``federation-log.sqlite3``).
"""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path
from typing import Optional

LOG_FILE = "federation-log.sqlite3"
LOG_KEY = Path("keys") / "log-ed25519.pem"
PROOF_FORMAT = "planilla-log-proof/1"


def build_witness_app():
    import typer

    app = typer.Typer(help="A C2SP tlog-witness: cosigns a log's checkpoints, refuses forks for ever.",
                      no_args_is_help=True)

    @app.command("key")
    def key(
        data: str = typer.Option(..., "--data", help="The witness's folder (its key and state)."),
        name: Optional[str] = typer.Option(None, "--name", help="The witness's key name (a schema-less URL, e.g. "
                                           "witness.example.org/appeals); required the first time."),
    ) -> None:
        """Make the witness's key on first use and print its verifier key (type 0x04) for the logs and verifiers."""
        from service.federation.keys import NamedKey
        from service.federation.witness import KEY_FILE

        try:
            made, created = NamedKey.load_or_create(Path(data) / KEY_FILE, name)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--name") from None
        print(made.witness_vkey())
        if created:
            sys.stderr.write(f"planilla: made the witness key in {Path(data) / KEY_FILE}\n")

    @app.command("serve")
    def serve(
        data: str = typer.Option(..., "--data", help="The witness's folder (its key and state)."),
        logs: list[str] = typer.Option(..., "--log", help="A log to witness: ORIGIN=VKEY, or the log's vkey alone "
                                       "(its name is the origin). Repeat for several logs or keys."),
        host: str = typer.Option("127.0.0.1", "--host"),
        port: int = typer.Option(8090, "--port", help="0 picks a free port (printed)."),
        name: Optional[str] = typer.Option(None, "--name", help="The key's name, when the key is made now."),
    ) -> None:
        """Serve POST /add-checkpoint (C2SP tlog-witness) until interrupted."""
        from service.federation.witness import make_server, open_witness

        try:
            witness = open_witness(Path(data), logs, name)
        except ValueError as exc:
            sys.stderr.write(f"planilla: {exc}\n")
            raise typer.Exit(2) from None
        try:
            server = make_server(witness, host, port)
        except OSError as exc:
            sys.stderr.write(f"planilla: cannot listen on {host}:{port} ({exc.strerror}); choose another --port\n")
            raise typer.Exit(1) from None
        print(f"Witness key: {witness.key.witness_vkey()}")
        print(f"Planilla witness listening on http://{host}:{server.server_address[1]}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()

    return app


def open_log(data: str, origin: Optional[str] = None):
    """The log of a folder (its key made with ``origin`` the first time); exit 2 with the reason otherwise."""
    import typer

    from service.federation.keys import NamedKey
    from service.federation.log import SealLog

    folder = Path(data)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        key, _ = NamedKey.load_or_create(folder / LOG_KEY, origin)
        return SealLog(folder / LOG_FILE, key)
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"planilla: {exc} (planilla log key --data {data} --origin NAME makes the log's key)\n")
        raise typer.Exit(2) from None


def build_log_app():
    import typer

    app = typer.Typer(help="The public log of round seals (RFC 9162 Merkle log, C2SP checkpoints).",
                      no_args_is_help=True)
    data_option = typer.Option(..., "--data", help="The log's folder (its key and its SQLite file).")

    @app.command("key")
    def key(
        data: str = data_option,
        origin: Optional[str] = typer.Option(None, "--origin", help="The log's origin and key name (a schema-less "
                                             "URL, e.g. fisc.cat/seals); required the first time."),
    ) -> None:
        """Make the log's key on first use and print its verifier key (type 0x01)."""
        log = open_log(data, origin)
        print(log.key.log_vkey())
        log.close()

    @app.command("append")
    def append(data: str = data_option,
               seals: list[str] = typer.Argument(..., help="planilla-seal/1 files to log.")) -> None:
        """Log round seals (hashes and signatures only); print each one's index."""
        from domain.tlog.entries import EntryError, seal_entry

        try:
            entries = [seal_entry(json.loads(Path(p).read_text(encoding="utf-8"))) for p in seals]
        except (OSError, ValueError, EntryError) as exc:
            sys.stderr.write(f"planilla: {exc}\n")
            raise typer.Exit(2) from None
        log = open_log(data)
        for path, index in zip(seals, log.append(entries)):
            print(f"{index}\t{path}")
        log.close()

    @app.command("checkpoint")
    def checkpoint(
        data: str = data_option,
        witnesses: list[str] = typer.Option([], "--witness", help="A witness's address (http://host:port) to ask "
                                            "for a cosignature; repeat."),
    ) -> None:
        """Sign the current tree (C2SP tlog-checkpoint), ask the witnesses, print the (cosigned) note."""
        log = open_log(data)
        note, failures = log.cosign(witnesses) if witnesses else (log.checkpoint(), {})
        sys.stdout.write(note)
        for url, why in failures.items():
            sys.stderr.write(f"planilla: witness {url} did not cosign: {why}\n")
        log.close()
        raise typer.Exit(1 if failures else 0)

    @app.command("prove")
    def prove(
        seal: str = typer.Argument(..., help="A logged planilla-seal/1 file."),
        data: str = data_option,
        output: Optional[str] = typer.Option(None, "--output", "-o"),
    ) -> None:
        """Write the seal's inclusion proof in the latest checkpoint (planilla-log-proof/1, with the note)."""
        from domain.tlog.checkpoint import Checkpoint
        from domain.tlog.entries import seal_entry
        from domain.tlog.note import parse

        from domain.tlog.entries import EntryError

        try:
            entry = seal_entry(json.loads(Path(seal).read_text(encoding="utf-8")))
        except (OSError, ValueError, EntryError) as exc:
            sys.stderr.write(f"planilla: {seal}: {exc}\n")
            raise typer.Exit(2) from None
        log = open_log(data)
        index = log.index_of(entry)
        note = log.latest()
        size = Checkpoint.parse(parse(note).text).size if note else 0
        if index is None or index >= size:
            sys.stderr.write("planilla: this seal is not in the log's latest checkpoint (log append, then "
                             "log checkpoint)\n")
            raise typer.Exit(1)
        document = {"format": PROOF_FORMAT, "index": index, "size": size,
                    "proof": [base64.b64encode(h).decode() for h in log.inclusion(index, size)], "checkpoint": note}
        text = json.dumps(document, indent=1) + "\n"
        Path(output).write_text(text, encoding="utf-8") if output else sys.stdout.write(text)
        log.close()

    return app


def read_key(value: str) -> str:
    """A vkey given as itself or as a file holding it (its first word)."""
    path = Path(value)
    if len(value) < 300 and path.is_file():
        return path.read_text(encoding="utf-8").split()[0]
    return value.strip()


def run_verify_checkpoint(checkpoint: str, log_key: str, witnesses: list[str], quorum: int,
                          seal: Optional[str], proof: Optional[str]) -> int:
    """``planilla audit verify-checkpoint``: 0 verified, 1 refused, 2 unreadable."""
    from domain.tlog.entries import EntryError, seal_entry
    from service.federation.verify import CheckpointRefused, verify_checkpoint

    try:
        text = Path(checkpoint).read_text(encoding="utf-8")
        document = None
        if text.lstrip().startswith("{"):  # a planilla-log-proof/1 file carries its checkpoint
            document = json.loads(text)
            text = document["checkpoint"]
        if proof:
            document = json.loads(Path(proof).read_text(encoding="utf-8"))
        entry = seal_entry(json.loads(Path(seal).read_text(encoding="utf-8"))) if seal else None
        if entry is not None and (document is None or document.get("format") != PROOF_FORMAT):
            sys.stderr.write("planilla: --seal needs its planilla-log-proof/1 (--proof, or as the checkpoint file)\n")
            return 2
        hashes = [base64.b64decode(h, validate=True) for h in document["proof"]] if entry is not None else None
        index = document["index"] if entry is not None else None
    except (OSError, ValueError, KeyError, TypeError, EntryError) as exc:
        sys.stderr.write(f"planilla: cannot read: {exc}\n")
        return 2
    try:
        report = verify_checkpoint(text, read_key(log_key), [read_key(w) for w in witnesses], quorum,
                                   entry=entry, index=index, proof=hashes)
    except CheckpointRefused as exc:
        print(f"REFUSED: {exc}")
        return 1
    point = report.checkpoint
    print(f"OK: {point.origin} size {point.size} root {base64.b64encode(point.root).decode()}")
    print(f"  cosigned by {len(report.witnesses)} of the given witnesses (quorum {quorum})"
          + "".join(f"\n  - {w}" for w in report.witnesses))
    if report.included is not None:
        print(f"  the seal is leaf {report.included} of this checkpoint")
    return 0
