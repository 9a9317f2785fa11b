"""``planilla official enrol|list|revoke``: officials' keys, enrolled by whoever holds the data folder.

The first official key of a hall is enrolled here, on the machine that holds the store (``--data`` or
``--database-url``): no token can do it. Later keys may be countersigned over HTTP by an enrolled official's
device (``POST /v1/officials/keys``). docs/reliability.md, "Official keys and official entries".
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from service.cli.store import DATA_HELP, URL_HELP, store_of


def _key_text(value: str) -> str:
    """``--public-key``: a file holding the key (PEM, SPKI base64 or a JWK), or the key itself."""
    import json

    text = value
    if not value.lstrip().startswith("-----BEGIN") and len(value) < 4096:
        path = Path(value)
        try:
            if path.is_file():
                text = path.read_text(encoding="utf-8")
        except OSError:
            pass
    text = text.strip()
    if text.startswith("{"):
        try:
            return json.loads(text)
        except ValueError:
            pass
    return text


def build_app():
    """``planilla official``: ``enrol`` and ``revoke``."""
    import typer

    official_app = typer.Typer(help="Officials' keys (directors, arbiters, the tribunal).", no_args_is_help=True)

    @official_app.command("enrol")
    def enrol(
        label: str = typer.Option(..., "--label", help="The official's name, as their token's label (role:label)."),
        role: str = typer.Option(..., "--role", help="director, arbiter or tribunal."),
        public_key: str = typer.Option(..., "--public-key", help="A file with the key (PEM, SPKI base64 or JWK), "
                                       "or the PEM itself."),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Enrol an official's public key; prints its fingerprint (SHA-256 of its SPKI, hex)."""
        from domain.errors import DomainError
        from service.access.application import ServiceApplication
        from service.settings import settings_env

        games = ServiceApplication(settings_env(store_of(data, database_url)))
        try:
            key = games.enrol_official_key(role, label, _key_text(public_key), device="planilla official enrol")
        except DomainError as err:
            sys.stderr.write(f"refused: {err.message}\n")
            raise typer.Exit(1) from None
        finally:
            games.close()
        sys.stdout.write(key.fingerprint + "\n")
        sys.stderr.write(f"enrolled {key.actor}'s key {key.fingerprint}\n")

    @official_app.command("revoke")
    def revoke(
        fingerprint: str = typer.Argument(..., help="The key's fingerprint (printed when it was enrolled)."),
        reason: str = typer.Option("revoked", "--reason"),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Revoke an official's key: it signs nothing after."""
        from service.access.application import ServiceApplication
        from service.settings import settings_env

        games = ServiceApplication(settings_env(store_of(data, database_url)))
        try:
            games.revoke_official_key(fingerprint.strip().lower(), reason, "planilla official revoke")
        except LookupError as err:
            sys.stderr.write(f"{err}\n")
            raise typer.Exit(2) from None
        finally:
            games.close()
        sys.stdout.write(f"revoked {fingerprint}\n")

    return official_app
