"""``planilla audit export|verify|seal``: a game's history as a file anyone can check offline, and round seals.

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
        files: list[str] = typer.Argument(..., help="Exports to check."),
        service_key: Optional[str] = typer.Option(None, "--service-key", help=SERVICE_KEY_HELP),
        seal: Optional[str] = typer.Option(None, "--seal", help="A planilla-seal/1 file: each game must be in it."),
    ) -> None:
        """Check each export byte by byte, link by link and signature by signature (exit 0 intact, 1 tampered,
        2 unreadable)."""
        sys.exit(run_audit_verify(files, service_key=service_key, seal=seal))

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


def run_audit_verify(files: list[str], out: TextIO | None = None, *, service_key: str | None = None,
                     seal: str | None = None) -> int:
    """Verify each export; 0 when all are intact, 1 when any is tampered, 2 when any cannot be read."""
    from domain.game.attested import FORMAT as FORMAT_2
    from domain.game.attested import Checks, verify_attested
    from domain.game.export import verify_export
    from service.trust.keys import verify_ed25519, verify_p256

    out = out or sys.stdout
    key = None if service_key is None else read_service_key(service_key)
    sealed = None
    if seal is not None:
        try:
            sealed = json.loads(Path(seal).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            out.write(f"{seal}: cannot read the seal: {error}\n")
            return 2
    worst = 0
    for name in files:
        try:
            data = Path(name).read_bytes()
        except OSError as error:
            out.write(f"{name}: cannot read: {error.strerror or error}\n")
            worst = 2
            continue
        if data.startswith(b'{"') and f'"format":"{FORMAT_2}"'.encode() in data.split(b"\n", 1)[0]:
            found = verify_attested(data, Checks(verify_p256, verify_ed25519), key, sealed)
        else:
            found = verify_export(data)
            if found.ok:
                found = found._replace(notes=("planilla-audit/1: unsigned (this format carries no players' keys and "
                                              "no service signature; --service-key has nothing to check)",))
            if found.ok and sealed is not None:
                found = found._replace(ok=False, readable=False,
                                       reason="a planilla-audit/1 export cannot be checked against --seal: export "
                                              "the game again with --format 2")
        out.write(f"{name}: {found.describe()}\n")
        for note in found.notes:
            out.write(f"  {note}\n")
        if not found.ok:
            worst = max(worst, 1 if found.readable else 2)
    return worst


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
