"""``planilla token create|revoke``: access tokens, stored only as hashes."""

from __future__ import annotations

import sys
from typing import Optional

from service.cli.store import DATA_HELP, URL_HELP, store_of


def build_app():
    """``planilla token``: ``create`` and ``revoke``."""
    import typer

    token_app = typer.Typer(help="Access tokens (stored only as hashes).", no_args_is_help=True)

    @token_app.command("create")
    def create(
        role: str = typer.Option(..., "--role", help="player, arbiter, director, tribunal or spectator; officer: a "
                                 "federation officer's token, on the federation's store (planilla federation serve)."),
        label: str = typer.Option("cli", "--label", help="Who holds it (recorded in events as role:label)."),
        game: Optional[str] = typer.Option(None, "--game", help="Bind the token to one game (required for a player)."),
        seat: Optional[int] = typer.Option(None, "--seat", min=0, help="A player token's seat."),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Print a new token on stdout (its id, for revoking, on stderr)."""
        from uuid import UUID

        from service.access.application import ServiceApplication
        from service.access.tokens import ROLES
        from service.settings import settings_env

        if role == "officer":  # the federation's store, not a hall's (service.federation.archive)
            from service.cli.federation import federation_store
            from service.federation.archive import Archive
            from service.federation.store import Db

            db = Db(federation_store(data or "federation", database_url))
            try:
                raw, number = Archive(db).create_officer_token(label)
            finally:
                db.close()
            sys.stdout.write(raw + "\n")
            sys.stderr.write(f"officer token {number} ({label}) on the federation's store\n")
            return
        if role not in ROLES:
            raise typer.BadParameter(f"{role!r}: choose {', '.join(ROLES)}", param_hint="--role")
        games = ServiceApplication(settings_env(store_of(data, database_url)))
        try:
            raw, ident = games.issue_token(role, label, "planilla token create", seat=seat,
                                           game_id=UUID(game) if game else None)
        except (ValueError, LookupError) as err:
            raise typer.BadParameter(str(err)) from None
        finally:
            games.close()
        sys.stdout.write(raw + "\n")
        sys.stderr.write(f"token id {ident} ({role}: {label})\n")

    @token_app.command("revoke")
    def revoke(
        token_id: str = typer.Argument(..., help="The token's id (printed when it was created)."),
        reason: str = typer.Option("revoked", "--reason"),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
        officer: bool = typer.Option(False, "--officer", help="A federation officer's token (its number), on the "
                                     "federation's store."),
    ) -> None:
        """Revoke a token: every later request with it gets 401."""
        from uuid import UUID

        if officer:
            from service.cli.federation import federation_store
            from service.federation.archive import Archive
            from service.federation.store import Db

            db = Db(federation_store(data or "federation", database_url))
            try:
                done = token_id.isdigit() and Archive(db).revoke_officer_token(int(token_id))
            finally:
                db.close()
            if not done:
                raise typer.BadParameter(f"no officer token {token_id} to revoke", param_hint="TOKEN_ID")
            sys.stdout.write(f"revoked officer token {token_id}\n")
            return

        from service.access.application import ServiceApplication
        from service.settings import settings_env

        games = ServiceApplication(settings_env(store_of(data, database_url)))
        try:
            games.revoke_token(UUID(token_id), reason, "planilla token revoke")
        except (ValueError, LookupError) as err:
            raise typer.BadParameter(str(err)) from None
        finally:
            games.close()
        sys.stdout.write(f"revoked {token_id}\n")

    return token_app
