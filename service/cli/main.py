"""The ``planilla`` command line: ``gcg verify|convert|show``, ``projections rebuild|status|follow``, ``audit
export|verify``, ``serve``, ``token``, ``tournament create|import|pair|publish|standings|export``; one
module per command group (``gcg``, ``projections``, ``audit``, ``serve``, ``token``, ``tournament``), the
store options they share in ``store``.

``planilla gcg verify`` is timed with its start-up (a thousand files a second), and a Typer
command costs about 0.13 s more before it runs (one small file: 198 ms through Typer, 62 ms
without, on the 2-core machine): Typer 0.29 imports itself (~45 ms) and then builds a pydantic
adapter for every parameter, importing pydantic (~90 ms). So ``main`` reads the plain
``gcg verify [--json] [--tiles T] [--end-factor N] FILE...`` line itself and runs it without
Typer; anything else (``--help``, a mistake, the other commands) goes to the Typer app, which is
built on first use (``service.cli.main.app``). Rich is imported only to draw a progress bar. The line
``planilla serve`` starts its projector child with (``projections follow``, one store and its options) is
read the same way, without Typer (``service.cli.projections.fast_follow_args``).
"""

from __future__ import annotations

import sys

from service.cli.gcg import fast_verify_args, run_verify

__all__ = ["build_app", "fast_follow_args", "fast_verify_args", "main", "run_follow", "run_verify"]


def build_app():
    """The Typer app: every command group on one ``planilla`` command."""
    import typer

    from service.cli import audit, federation, gcg, lexicon, official, projections, serve, token, tournament, witness

    app = typer.Typer(
        name="planilla",
        help="Planilla: recording service for tournament Scrabble in Spanish and Catalan.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    app.add_typer(gcg.build_app(), name="gcg")
    serve.register(app)
    app.add_typer(token.build_app(), name="token")
    app.add_typer(official.build_app(), name="official")
    app.add_typer(projections.build_app(), name="projections")
    app.add_typer(audit.build_app(), name="audit")
    app.add_typer(lexicon.build_app(), name="lexicon")
    app.add_typer(tournament.build_app(), name="tournament")
    app.add_typer(witness.build_witness_app(), name="witness")
    app.add_typer(witness.build_log_app(), name="log")
    app.add_typer(federation.build_app(), name="federation")
    return app


def __getattr__(name: str):
    """``service.cli.main.app`` is built on first use, so importing this package does not import Typer; the
    projector child's line reader is imported on first use too (``gcg verify`` does not need it)."""
    if name == "app":
        app = globals()["app"] = build_app()
        return app
    if name in ("fast_follow_args", "run_follow"):
        from service.cli import projections

        return getattr(projections, name)
    raise AttributeError(name)


def _leave(code: int) -> None:
    """Exit with ``code`` as soon as what was written is out, without taking the interpreter down module by module
    (about 5 ms of ``gcg verify``'s start-up and end, which are timed); where the output cannot be flushed (a
    closed pipe), the usual exit says so as it always has."""
    import os

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)
    os._exit(code)


def main() -> None:
    """Entry point of the ``planilla`` console script."""
    for stream in (sys.stdout, sys.stderr):  # names and messages may not fit a terminal's encoding
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    args = fast_verify_args(sys.argv[1:])
    if args is not None:
        _leave(run_verify(**args))
    from service.cli.projections import fast_follow_args, run_follow  # not for gcg verify: its start-up is timed

    follow = fast_follow_args(sys.argv[1:])
    if follow is not None:  # planilla serve's projector child: started at every server start
        sys.exit(run_follow(**follow))
    from service.store_check import StoreRefused

    try:
        __getattr__("app")()
    except StoreRefused as refused:  # a store that cannot be used as given: one line, whichever command asked
        sys.stderr.write(f"planilla: {refused}\n")
        sys.exit(1)
