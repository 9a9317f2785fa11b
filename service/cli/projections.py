"""``planilla projections rebuild|status|follow``: the read models of one store."""

from __future__ import annotations

import sys
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


def run_rebuild(target: str, out: TextIO | None = None) -> int:
    """Rebuild every read model of ``target`` from its events; returns the exit code."""
    import time

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    out = out or sys.stdout
    from service.api.projector_child import open_projections

    app, store, projector = open_projections(target)
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
    """``service.api.projector_child.follow``: project ``target``'s events until told to stop; the exit code."""
    from service.api.projector_child import follow

    return follow(target, poll=poll, parent=parent, wake=wake)


def run_projection_status(target: str, out: TextIO | None = None) -> int:
    """Print each read model's position and the lag; returns the exit code."""
    out = out or sys.stdout
    from service.api.projector_child import open_projections

    app, store, projector = open_projections(target)
    try:
        top = app.recorder.max_notification_id() or 0
        for name, position in projector.positions().items():
            out.write(f"{name:<12} {position:>10}  behind by {max(0, top - position)}\n")
    finally:
        store.dispose()
        app.close()
    return 0
