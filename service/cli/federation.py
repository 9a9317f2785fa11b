"""``planilla federation serve``: the federation's archive and public log over HTTP (docs/federation.md).

A command of its own rather than ``planilla serve --federation``: the hall's service is one process holding
a hall's live state (games in play, streams to tablets and the public board, a projector process, group
commit), while the federation's service keeps nothing in its processes and answers from its store, so that
several of them serve one address. They share no code path beyond the verification (``service.trust``).
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Optional

from service.cli.store import DATA_HELP, URL_HELP, store_of
from service.cli.witness import LOG_KEY

STORE_HELP = ("The federation's store: postgresql://user@host:port/db (several processes may serve one), or "
              "sqlite:///path (a trial). Default: federation.sqlite3 in --data.")


def federation_store(data: str, database_url: Optional[str]) -> str:
    return database_url or str(Path(data) / "federation.sqlite3")


def bind(host: str, port: int, reuse_port: bool) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def run_verify_bundle(path: str, witnesses: list[str], quorum: int, log_key: Optional[str] = None,
                      out=None) -> int:
    """``planilla audit verify --bundle``: 0 verified, 1 refused (the first check that failed), 2 unreadable."""
    from service.cli.witness import read_key
    from service.federation.bundle import BundleRefused, verify_bundle

    out = out or sys.stdout
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        out.write(f"{path}: cannot read the bundle: {error}\n")
        return 2
    try:
        lines = verify_bundle(text, [read_key(w) for w in witnesses], quorum,
                              None if log_key is None else read_key(log_key))
    except BundleRefused as refused:
        out.write(f"{path}: REFUSED: {refused}\n")
        return 1 if refused.readable else 2
    out.write(f"{path}: verified\n" + "".join(f"{line}\n" for line in lines))
    return 0


def build_app():
    import typer

    app = typer.Typer(help="The federation: every enrolled hall's games and round seals in one archive, the public "
                           "log of the seals, proof bundles.", no_args_is_help=True)

    @app.command("serve")
    def serve(
        data: str = typer.Option("federation", "--data", help="The federation's folder: the log's key "
                                 "(keys/log-ed25519.pem), and the store unless --database-url."),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=STORE_HELP),
        origin: Optional[str] = typer.Option(None, "--origin", help="The log's name (e.g. fisc.cat/seals); required "
                                             "the first time, when the log's key is made."),
        witnesses: list[str] = typer.Option([], "--witness", help="A witness's base URL, asked to cosign each "
                                            "checkpoint; repeat."),
        host: str = typer.Option("127.0.0.1", "--host"),
        port: int = typer.Option(8100, "--port", min=0, max=65535, help="0 picks a free port (printed)."),
        reuse_port: bool = typer.Option(False, "--reuse-port", help="Share the port with other federation processes "
                                        "on this machine (SO_REUSEPORT): the kernel spreads connections."),
    ) -> None:
        """Serve the federation until interrupted: pushes from enrolled halls, officers' enrolments, proof bundles."""
        import uvicorn

        from service.api.quiet_server import QuietServer
        from service.federation.http import create_federation_app
        from service.federation.keys import NamedKey

        try:
            key, made = NamedKey.load_or_create(Path(data) / LOG_KEY, origin)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--origin") from None
        store = federation_store(data, database_url)
        try:
            sock = bind(host, port, reuse_port)
        except OSError as err:
            sys.stderr.write(f"planilla: cannot listen on {host}:{port}: {err.strerror}\n")
            raise typer.Exit(1)
        try:
            app = create_federation_app(store, key, witnesses)
        except Exception as err:  # noqa: BLE001 (a store that cannot be opened: one line, not a traceback)
            sys.stderr.write(f"planilla: the federation's store cannot be used: {err}\n")
            raise typer.Exit(1)
        shown = f"[{host}]" if ":" in host else host
        print(f"Log key: {key.log_vkey()}" + (" (made now)" if made else ""))
        print(f"Planilla federation listening on http://{shown}:{sock.getsockname()[1]}", flush=True)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
        QuietServer(config).run(sockets=[sock])

    @app.command("push")
    def push(
        to: str = typer.Option(..., "--to", help="The federation's address (http://HOST:PORT)."),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """A hall's pass now: put each closed game and each wholly closed round's seal in the hall's outbox,
        send what is due, print what was sent, refused and left waiting (exit 0; 1 when anything waits or was
        refused)."""
        import json

        from service.access.application import ServiceApplication
        from service.federation.outbox import Outbox, Pusher, outbox_store
        from service.federation.store import Db
        from service.settings import settings_env
        from service.trust.keys import ServiceKey

        store = store_of(data, database_url)
        key, _ = ServiceKey.for_store(store)
        games = ServiceApplication(settings_env(store), service_key=key)
        db = Db(outbox_store(store))
        try:
            outbox = Outbox(db, key, to)
            done = Pusher(games, outbox).run_once(due_only=False)
            summary = outbox.summary()
        finally:
            db.close()
            games.close()
        print(json.dumps({"pass": done, **summary}, ensure_ascii=False, indent=1))
        raise typer.Exit(0 if not summary["counts"]["waiting"] and not summary["counts"]["refused"] else 1)

    return app
