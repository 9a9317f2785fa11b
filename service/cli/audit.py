"""``planilla audit export|verify|seal|verify-checkpoint``: a game's history as a file anyone can check offline,
round seals, and the public log's checkpoints (``service.cli.witness``).

``export`` writes ``planilla-audit/2`` (the chain with the players' key registrations and key
signatures, and the service's signatures of its closing heads and of its round's seal), or with
``--format 1`` the chain alone (``planilla-audit/1``, as before issue 16). ``verify`` reads either: version 1 as before (reported
unsigned), version 2 with every signature checked, against ``--service-key`` when given (the
fingerprint printed on the sheets tells which key that is), and a game's inclusion in ``--seal``.
``seal`` seals one round now with the service key of the store and writes the ``planilla-seal/1`` file.
A duplicate game's id exports its history as ``planilla-audit/1`` (the same chain; its players sign no sheet).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional, TextIO

from service.cli.store import DATA_HELP, URL_HELP, store_of

SERVICE_KEY_HELP = ("The service's Ed25519 public key (base64 of its 32 bytes, as `planilla serve` and GET /v1/keys "
                    "show it), or a file holding it: the service signatures must be that key's.")


def build_app():
    """``planilla audit export``, ``verify`` and ``seal``."""
    import typer

    audit_app = typer.Typer(help="Export a game's history, verify an export offline (no server, no database), and "
                                 "seal a round.", no_args_is_help=True)

    @audit_app.command("export")
    def export(
        game: str = typer.Argument(..., help="The game's id."),
        output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write (default: stdout)."),
        version: Optional[int] = typer.Option(None, "--format", min=1, max=2, help="2 (a game's default): "
                                              "planilla-audit/2 (the chain with key registrations, players' and the "
                                              "service's signatures); 1: planilla-audit/1 (the chain alone, as exports "
                                              "were before; a duplicate game's only format)."),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Write the game's whole history (every field, hidden tiles included) as a planilla-audit file."""
        sys.exit(run_audit_export(game, store_of(data, database_url), output, version=version))

    @audit_app.command("verify")
    def verify(
        files: Optional[list[str]] = typer.Argument(None, help="Exports to check."),
        service_key: Optional[str] = typer.Option(None, "--service-key", help=SERVICE_KEY_HELP),
        seal: Optional[str] = typer.Option(None, "--seal", help="A planilla-seal/1 file: each game must be in it."),
        receipt: Optional[str] = typer.Option(None, "--receipt", help="A player's receipt: its short code (20 "
                                              "characters) or its planilla-receipt/1 file; the export's event must "
                                              "have its hash."),
        as_json: bool = typer.Option(False, "--json", help="One JSON document (planilla-verify/1) instead of text."),
        bundle: Optional[str] = typer.Option(None, "--bundle", help="A federation's proof bundle (planilla-bundle/1): "
                                             "the game, its seal, the seal in the public log, a cosigned checkpoint."),
        witnesses: list[str] = typer.Option([], "--witness", help="With --bundle: a witness's verifier key (or a "
                                            "file); repeat."),
        quorum: int = typer.Option(1, "--quorum", min=0, help="With --bundle: how many given witnesses must cosign."),
        log_key: Optional[str] = typer.Option(None, "--log-key", help="With --bundle: the log's verifier key (default: "
                                              "the bundle's own, which the witnesses' cosignatures vouch for)."),
    ) -> None:
        """Check each export byte by byte, link by link and signature by signature, and name every official
        hand (exit 0 intact, 1 tampered, 2 unreadable, 3 cannot check what was asked)."""
        if bundle is not None:
            from service.cli.federation import run_verify_bundle

            sys.exit(run_verify_bundle(bundle, witnesses, quorum, log_key))
        if not files:
            raise typer.BadParameter("give exports to check, or --bundle FILE", param_hint="FILES")
        sys.exit(run_audit_verify(files, service_key=service_key, seal=seal, receipt=receipt, as_json=as_json))

    @audit_app.command("seal")
    def seal_cmd(
        event: str = typer.Option(..., "--event", help="The event's name, as the games were created with it."),
        round_: str = typer.Option(..., "--round", help="The round."),
        output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write (default: stdout)."),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Seal a round now: a Merkle root over every closed game's head, signed by the service key."""
        sys.exit(run_audit_seal(store_of(data, database_url), event, round_, output))

    @audit_app.command("verify-checkpoint")
    def verify_checkpoint_cmd(
        checkpoint: str = typer.Argument(..., help="A checkpoint note (C2SP tlog-checkpoint, cosigned or not), or "
                                         "a planilla-log-proof/1 file (it carries its checkpoint)."),
        log_key: str = typer.Option(..., "--log-key", help="The log's verifier key (or a file holding it)."),
        witnesses: list[str] = typer.Option([], "--witness", help="A witness's verifier key (or a file); repeat."),
        quorum: int = typer.Option(0, "--quorum", min=0, help="How many of the given witnesses must have cosigned."),
        seal: Optional[str] = typer.Option(None, "--seal", help="A planilla-seal/1 file that must be in the tree."),
        proof: Optional[str] = typer.Option(None, "--proof", help="The seal's planilla-log-proof/1 (planilla log "
                                            "prove), when the checkpoint is given apart."),
    ) -> None:
        """Check a checkpoint against the log's key and a quorum of witnesses, and a seal's inclusion in it
        (exit 0 verified, 1 refused, 2 unreadable)."""
        from service.cli.witness import run_verify_checkpoint

        sys.exit(run_verify_checkpoint(checkpoint, log_key, witnesses, quorum, seal, proof))

    return audit_app


def _write(data: bytes, output: Optional[str], out: TextIO | None) -> None:
    if output is None:
        (out.buffer if out is not None and hasattr(out, "buffer") else sys.stdout.buffer).write(data)
    else:
        Path(output).write_bytes(data)


def run_audit_export(game: str, target: str, output: Optional[str], out: TextIO | None = None,
                     version: int | None = None) -> int:
    """Export one game's history from ``target``; returns the exit code. ``version`` None: a game's default
    (planilla-audit/2), and for a duplicate game its only format (planilla-audit/1)."""
    from uuid import UUID

    from domain.game.export import export_bytes
    from service.access.application import ServiceApplication
    from service.game.application import GameNotFound
    from service.trust.attest import export_attested
    from service.duplicate.application import duplicate_history
    from service.trust.keys import ServiceKey, key_path
    from service.settings import settings_env
    from service.store_check import StoreRefused, read_only_env

    try:
        game_id = UUID(game)
    except ValueError:
        sys.stderr.write(f"planilla: {game!r} is not a game id\n")
        return 2
    path = key_path(target)
    key = ServiceKey.load_or_create(path)[0] if path is not None and path.exists() else None
    if "://" not in target and target not in ("memory", "popo") and not Path(target).is_dir():
        sys.stderr.write(f"planilla: no data folder {target}\n")
        return 2
    try:  # read only: a tribunal's read-only copy is read as it is, nothing made beside it
        env, scratch = read_only_env(settings_env(target))
    except StoreRefused as refused:
        sys.stderr.write(f"planilla: {refused}\n")
        return 2
    app = ServiceApplication(env, service_key=key)  # its history() answers to game ids only
    try:
        data = export_attested(app, game_id) if version in (None, 2) else export_bytes(app.history(game_id))
    except GameNotFound:
        records = duplicate_history(app, game_id)  # a duplicate game's history: the same chain (issue 18)
        if records is None:
            sys.stderr.write(f"planilla: no game {game_id} in {target}\n")
            return 2
        if version == 2:
            sys.stderr.write("planilla: a duplicate game's history is exported as planilla-audit/1 (--format 1): "
                             "its players sign no sheet\n")
            return 2
        data = export_bytes(records)
    finally:
        app.close()
        if scratch is not None:
            scratch.cleanup()
    _write(data, output, out)
    return 0


def read_service_key(value: str) -> str:
    """``--service-key``: the key itself, or a file holding it (its first word)."""
    path = Path(value)
    if len(value) < 200 and path.is_file():
        return path.read_text(encoding="utf-8").split()[0]
    return value.strip()


#: ``planilla audit verify``'s exit codes (README, docs/reliability.md).
INTACT, TAMPERED, UNREADABLE, UNANSWERED = 0, 1, 2, 3


def read_receipt_arg(value: str) -> dict | str:
    """``--receipt``: a short code, or a file holding a ``planilla-receipt/1`` document (or the code)."""
    from domain.game.receipt import read_receipt

    path = Path(value)
    if len(value) < 1000 and path.is_file():
        try:
            return read_receipt(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            return f"cannot read the receipt: {error}"
    return read_receipt(value)


def run_audit_verify(files: list[str], out: TextIO | None = None, *, service_key: str | None = None,
                     seal: str | None = None, receipt: str | None = None, as_json: bool = False) -> int:
    """Verify each export; 0 when all are intact and answered every check asked, 1 when any is tampered (or
    rewritten after the receipt given), 2 when any cannot be read, else 3 when one could not answer a
    ``--service-key``, ``--seal`` or ``--receipt`` asked of it ("cannot check what was asked")."""
    from domain.game.verdict import escaped, shown
    from service.trust.verdict import file_report

    out = out or sys.stdout
    key = None if service_key is None else read_service_key(service_key)
    sealed = None
    if seal is not None:
        try:
            sealed = json.loads(Path(seal).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            out.write(escaped(f"{seal}: cannot read the seal: {error}") + "\n")
            return UNREADABLE
    given = None
    if receipt is not None:
        given = read_receipt_arg(receipt)
        if isinstance(given, str):
            out.write(escaped(f"{receipt}: {given}") + "\n")
            return UNREADABLE
    worst, unanswered, reports = INTACT, False, []
    for name in files:
        try:
            data = Path(name).read_bytes()
        except OSError as error:
            reports.append({"file": name, "state": "unreadable", "ok": False, "readable": False,
                            "reason": f"cannot read: {error.strerror or error}"})
            if not as_json:
                out.write(f"{shown(name)}: cannot read: {escaped(str(error.strerror or error))}\n")
            worst = max(worst, UNREADABLE)
            continue
        report = file_report(data, key, sealed, given)
        found = report.pop("finding")
        reports.append({"file": name, **report})
        if not as_json:
            out.write(escaped(f"{shown(name)}: {found.describe()}") + "\n")
            for line in report["lines"]:
                out.write(escaped(f"  {line}") + "\n")
        if not found.ok:
            worst = max(worst, TAMPERED if found.readable else UNREADABLE)
        unanswered = unanswered or bool(report["unanswered"])
    code = worst or (UNANSWERED if unanswered else INTACT)
    if as_json:
        for report in reports:
            report.pop("lines", None)
        out.write(json.dumps({"format": "planilla-verify/1", "exit": code, "files": reports}, ensure_ascii=False,
                             indent=1) + "\n")
    return code


def run_audit_seal(target: str, event: str, round_: str, output: Optional[str], out: TextIO | None = None) -> int:
    """Seal one round of ``target`` with its service key; write the seal; returns the exit code."""
    from service.access.application import ServiceApplication
    from service.trust.attest import seal_round
    from service.trust.keys import ServiceKey, key_path
    from service.settings import settings_env

    path = key_path(target)
    if path is None or not path.exists():
        sys.stderr.write(f"planilla: no service key for {target} (it is made by the first 'planilla serve' on the "
                         f"store, at {path})\n")
        return 2
    app = ServiceApplication(settings_env(target), service_key=ServiceKey.load_or_create(path)[0])
    try:
        seal = seal_round(app, event, int(round_) if round_.isdigit() else round_)
    finally:
        app.close()
    _write((json.dumps(seal, ensure_ascii=False, indent=1) + "\n").encode("utf-8"), output, out)
    sys.stderr.write(f"sealed {event} round {round_}: {seal['count']} closed games, root {seal['root']}\n")
    return 0
