"""``planilla projections rebuild|status|follow``: the read models of one store."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Optional, TextIO

from service.cli.store import DATA_HELP, URL_HELP, one_store


def build_app():
    """``planilla projections rebuild``, ``status`` and ``follow``."""
    import typer

    projections_app = typer.Typer(help="Read models: rebuild them from the events, or show how far they are.",
                                  no_args_is_help=True)

    @projections_app.command("rebuild")
    def rebuild(
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Drop every read model and project all events again, with a progress bar."""
        sys.exit(run_rebuild(one_store(data, database_url)))

    @projections_app.command("status")
    def status(
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Print each read model's position and how many events it has still to process."""
        sys.exit(run_projection_status(one_store(data, database_url)))

    @projections_app.command("follow")
    def follow(
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
        poll: float = typer.Option(0.2, "--poll", min=0.005, max=60.0,
                                   help="Seconds between reads of the store where it has no notifications (SQLite)."),
        parent: Optional[int] = typer.Option(None, "--parent", help="Stop when this process is gone (planilla serve's)."),
        wake: Optional[int] = typer.Option(None, "--wake", help=(
            "A pipe's reading end (planilla serve's): each byte read wakes the projector at once; its end of file "
            "stops it. --poll then only paces the reads for other processes' writes.")),
    ) -> None:
        """Keep every read model up to date until interrupted: what `planilla serve` runs beside itself."""
        sys.exit(run_follow(one_store(data, database_url), poll=poll, parent=parent, wake=wake))

    return projections_app


def fast_follow_args(argv: list[str]) -> dict | None:
    """The arguments of a plain ``projections follow`` line (what ``planilla serve`` starts its projector child with:
    one store, ``--poll``, ``--wake``, ``--parent``, each ``--option value``), or None when Typer should read it
    (help, a mistake, anything else). Read here so the child does not import Typer and pydantic (about 0.25 s of
    CPU at each server start) to parse its own line."""
    if argv[:2] != ["projections", "follow"] or len(argv) % 2:
        return None
    options = dict(zip(argv[2::2], argv[3::2]))
    if len(options) != len(argv[2:]) // 2 or not set(options) <= {"--data", "--database-url", "--poll", "--wake",
                                                                   "--parent"}:
        return None
    if ("--data" in options) == ("--database-url" in options):  # one store, named (the default ./data: Typer)
        return None
    try:
        poll = float(options.get("--poll", "0.2"))
        wake, parent = (int(options[o]) if o in options else None for o in ("--wake", "--parent"))
    except ValueError:
        return None
    if not 0.005 <= poll <= 60.0:
        return None
    return {"target": options.get("--data") or options["--database-url"], "poll": poll, "parent": parent,
            "wake": wake}


def _open_projections(target: str):
    """The application, the migrated read store and a projector for ``target``."""
    from projections.projector import Projector
    from projections.store import ReadStore
    from service.game.application import GamesApplication
    from service.settings import read_model_url, settings_env

    app = GamesApplication(settings_env(target))
    store = ReadStore(read_model_url(target))
    store.migrate()
    return app, store, Projector(app, store)


def run_rebuild(target: str, out: TextIO | None = None) -> int:
    """Rebuild every read model of ``target`` from its events; returns the exit code."""
    import time

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    out = out or sys.stdout
    app, store, projector = _open_projections(target)
    started = time.perf_counter()
    columns = (TextColumn("rebuilding read models"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    try:
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("rebuild", total=None)
            done = projector.rebuild(lambda n, total: bar.update(task, completed=n, total=total))
        seconds = time.perf_counter() - started
        rate = done / seconds if seconds > 0 else 0.0
        out.write(f"rebuilt the read models from {done} events in {seconds:.1f} s ({rate:,.0f} events/s); "
                  f"lag {projector.lag()}\n")
    finally:
        store.dispose()
        app.close()
    return 0


def run_follow(target: str, *, poll: float = 0.2, parent: int | None = None, wake: int | None = None) -> int:
    """Project ``target``'s events until SIGTERM or SIGINT, or until the process ``parent`` is gone; with ``wake``
    (a pipe's reading end), each byte read wakes the projector at once, and its end of file stops it."""
    import os
    import signal
    import threading

    from service.api.collector import off_while_starting, on_after_start

    with off_while_starting():  # as in planilla serve's start (service.api.collector)
        app, store, projector = _open_projections(target)
    on_after_start()
    projector.poll_interval = poll
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    if wake is not None:
        threading.Thread(target=_woken, args=(wake, projector.wake, stop.set, lambda: projector.wake_taken(poll)),
                         name="planilla-projector-wake", daemon=True).start()
    projector.listen()  # PostgreSQL: any process's commit wakes it (SQLite: its poll, and the pipe)
    projector.start()
    try:
        while not stop.wait(0.5):
            if parent is not None and os.getppid() != parent:  # the server died (even by SIGKILL): so do we
                break
    finally:
        projector.stop()
        store.dispose()
        app.close()
    return 0


def _woken(fd: int, wake: Callable[[], None], gone: Callable[[], None], taken: Callable[[], None]) -> None:
    """Read ``fd`` until its end: ``wake()`` after each read (many bytes at once are one wake-up), then ``taken()``
    (until the projector has begun that catch-up: the saves told meanwhile wait in the pipe, and a byte written to a
    pipe nobody waits on costs the server no wake-up of this thread), then ``gone()`` at the end."""
    import os

    while True:
        try:
            data = os.read(fd, 4096)
        except InterruptedError:
            continue
        except OSError:
            data = b""
        if not data:
            gone()
            return
        wake()
        taken()


def run_projection_status(target: str, out: TextIO | None = None) -> int:
    """Print each read model's position and the lag; returns the exit code."""
    out = out or sys.stdout
    app, store, projector = _open_projections(target)
    try:
        top = app.recorder.max_notification_id() or 0
        for name, position in projector.positions().items():
            out.write(f"{name:<12} {position:>10}  behind by {max(0, top - position)}\n")
    finally:
        store.dispose()
        app.close()
    return 0
