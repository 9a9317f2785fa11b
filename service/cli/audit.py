"""``planilla audit export|verify``: a game's history as a file anyone can check offline."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional, TextIO

from service.cli.store import DATA_HELP, URL_HELP, store_of


def build_app():
    """``planilla audit export`` and ``verify``: a game's history as a file anyone can check offline."""
    import typer

    audit_app = typer.Typer(help="Export a game's history, and verify an export offline (no server, no database).",
                            no_args_is_help=True)

    @audit_app.command("export")
    def export(
        game: str = typer.Argument(..., help="The game's id."),
        output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write (default: stdout)."),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Write the game's whole history (every field, hidden tiles included) as a planilla-audit/1 file."""
        sys.exit(run_audit_export(game, store_of(data, database_url), output))

    @audit_app.command("verify")
    def verify(files: list[str] = typer.Argument(..., help="Exports to check.")) -> None:
        """Check each export byte by byte and link by link (exit 0 intact, 1 tampered, 2 unreadable)."""
        sys.exit(run_audit_verify(files))

    return audit_app


def run_audit_export(game: str, target: str, output: Optional[str], out: TextIO | None = None) -> int:
    """Export one game's history from ``target``; returns the exit code."""
    from uuid import UUID

    from domain.game.export import export_bytes
    from service.access.application import ServiceApplication
    from service.application import GameNotFound
    from service.settings import settings_env

    try:
        game_id = UUID(game)
    except ValueError:
        sys.stderr.write(f"planilla: {game!r} is not a game id\n")
        return 2
    app = ServiceApplication(settings_env(target))  # its history() answers to game ids only
    try:
        data = export_bytes(app.history(game_id))
    except GameNotFound:
        sys.stderr.write(f"planilla: no game {game_id} in {target}\n")
        return 2
    finally:
        app.close()
    if output is None:
        (out.buffer if out is not None and hasattr(out, "buffer") else sys.stdout.buffer).write(data)
    else:
        Path(output).write_bytes(data)
    return 0


def run_audit_verify(files: list[str], out: TextIO | None = None) -> int:
    """Verify each export; 0 when all are intact, 1 when any is tampered, 2 when any cannot be read."""
    from domain.game.export import verify_export

    out = out or sys.stdout
    worst = 0
    for name in files:
        try:
            data = Path(name).read_bytes()
        except OSError as error:
            out.write(f"{name}: cannot read: {error.strerror or error}\n")
            worst = 2
            continue
        found = verify_export(data)
        out.write(f"{name}: {found.describe()}\n")
        if not found.ok:
            worst = max(worst, 1 if found.readable else 2)
    return worst
