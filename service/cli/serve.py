"""``planilla serve``: the HTTP service (the work is ``service.api.serve``; this is its command line)."""

from __future__ import annotations

from typing import Optional

from service.cli.store import DATA_HELP, URL_HELP, store_of


def register(app) -> None:
    """Add ``planilla serve`` to the Typer ``app``."""
    import typer

    @app.command("serve")
    def serve(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
        port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port (0: any free port)."),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
        access_log: bool = typer.Option(True, "--access-log/--no-access-log", help="Log every request."),
        tls: bool = typer.Option(False, "--tls", help="HTTPS with the hall's own authority (made once in the data "
                                                      "folder); tablets install it from http://HOST:8080/hall/ca."),
        http_port: int = typer.Option(8080, "--http-port", min=0, max=65535, help="With --tls: the plain-HTTP "
                                      "port that serves only the authority's page."),
        tls_days: int = typer.Option(14, "--tls-days", min=1, max=825, help="With --tls: days the hall's authority "
                                     "is valid (made at the first start, replaced at a start when it is near its "
                                     "end or valid longer than this)."),
        public_writer: str = typer.Option("process", "--public-writer", help="Who writes the public board's "
                                          "plain-HTTP streams: 'process' (a writer process beside the server, at a "
                                          "lower priority: the default) or 'loop' (the server itself)."),
        federation: Optional[str] = typer.Option(None, "--federation", help="The federation's address: each closed "
                                                 "game and each wholly closed round's seal is pushed there through "
                                                 "an outbox in this store (docs/federation.md)."),
        federation_every: float = typer.Option(5.0, "--federation-every", min=0.05, help="With --federation: "
                                               "seconds between passes over the outbox."),
    ) -> None:
        """Run the HTTP service; prints its address and where the pages are (and on a fresh store a director
        token, once)."""
        from service.api.serve import serve as run

        if public_writer not in ("process", "loop"):
            raise typer.BadParameter("'process' or 'loop'", param_hint="--public-writer")
        raise typer.Exit(run(host, port, store_of(data, database_url), access_log=access_log, tls=tls,
                             http_port=http_port, tls_days=tls_days, public_writer=public_writer,
                             federation=federation, federation_every=federation_every))
