"""The ``planilla`` command line: ``gcg verify|convert|show``, ``projections rebuild|status|follow``, ``audit
export|verify``, ``serve``, ``token``, ``lexicon`` (``service/lexicon_cli.py``).

``planilla gcg verify`` is timed with its start-up (a thousand files a second), and a Typer
command costs about 0.13 s more before it runs (one small file: 198 ms through Typer, 62 ms
without, on the 2-core machine): Typer 0.29 imports itself (~45 ms) and then builds a pydantic
adapter for every parameter, importing pydantic (~90 ms). So ``main`` reads the plain
``gcg verify [--json] [--tiles T] [--end-factor N] FILE...`` line itself and runs it without
Typer; anything else (``--help``, a mistake, the other commands) goes to the Typer app, which is
built on first use (``service.cli.app``). Rich is imported only to draw a progress bar.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator, Optional, TextIO

from service.gcg.tilesets import TILESET_NAMES

TILES_HELP = "Tile set: spanish, catalan or english (default: from #tile-distribution or #lexicon)."
END_FACTOR_HELP = "Going-out bonus as a multiple of the rack (default: English 2, Spanish and Catalan 1)."


def _expand(names: list[str]) -> Iterator[Path]:
    """The files named, with every ``*.gcg`` inside a named folder, in name order."""
    for name in names:
        path = Path(name)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.gcg") if p.is_file())
        else:
            yield path


def run_verify(
    names: list[str],
    *,
    json_out: bool = False,
    tiles: Optional[str] = None,
    end_factor: Optional[int] = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Verify every file, streaming lines or one JSON document to ``out``; returns the exit code 0, 1 or 2."""
    import json

    from service.verify import verify_file

    out = out or sys.stdout
    err = err or sys.stderr
    plays = problems = 0
    unreadable = False
    paths = list(_expand(names))
    progress = _progress(len(paths), json_out) if out.isatty() else None
    if json_out:
        out.write('{"files": [')
    try:
        for i, path in enumerate(paths):
            report = verify_file(path, tiles, end_factor)
            plays += report.plays
            problems += len(report.problems)
            if report.error is not None:
                unreadable = True
                err.write(f"planilla: {report.error}\n")
            if json_out:
                out.write((", " if i else "") + json.dumps(report.to_dict()))  # ASCII: safe on any terminal
            else:
                for p in report.problems:
                    where = f"{report.path}:{p.line}" if p.line else report.path
                    out.write(f"{where}: {p.kind}: {p.message}\n")
            if progress is not None:
                progress.advance(0)
    finally:
        if progress is not None:
            progress.stop()
    if json_out:
        out.write(f'], "plays": {plays}, "problems": {problems}}}\n')
    else:
        verdict = "all agree" if not problems else f"{problems} problem{'s' * (problems != 1)}"
        out.write(f"{len(paths)} file{'s' * (len(paths) != 1)}, {plays} plays: {verdict}\n")
    return 2 if unreadable else 1 if problems else 0


def _progress(total: int, json_out: bool):
    """A Rich progress bar (on stderr when stdout carries JSON); Rich is imported only here."""
    from rich.console import Console
    from rich.progress import Progress

    progress = Progress(console=Console(stderr=json_out), transient=True)
    progress.add_task("verifying", total=total)
    progress.start()
    return progress


def fast_verify_args(argv: list[str]) -> dict | None:
    """The arguments of a plain ``gcg verify`` line, or None when Typer should read it (help, errors)."""
    if argv[:2] != ["gcg", "verify"]:
        return None
    args: dict = {"names": [], "json_out": False, "tiles": None, "end_factor": None}
    rest = iter(argv[2:])
    for arg in rest:
        name, eq, value = arg.partition("=")
        if arg == "--":
            args["names"].extend(rest)
        elif arg == "--json":
            args["json_out"] = True
        elif name in ("--tiles", "--end-factor"):
            value = value if eq else next(rest, None)
            if name == "--tiles" and value in TILESET_NAMES:
                args["tiles"] = value
            elif name == "--end-factor" and value is not None and value.isdigit():
                args["end_factor"] = int(value)
            else:
                return None
        elif arg.startswith("-") and arg != "-":
            return None
        else:
            args["names"].append(arg)
    return args if args["names"] else None


def build_app():
    """The Typer app: ``planilla gcg verify``, ``convert`` and ``show``; ``planilla projections``."""
    import typer

    app = typer.Typer(
        name="planilla",
        help="Planilla: recording service for tournament Scrabble in Spanish and Catalan.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    gcg_app = typer.Typer(help="Read, check and convert GCG game records.", no_args_is_help=True)
    app.add_typer(gcg_app, name="gcg")

    def check_tiles(tiles: Optional[str]) -> None:
        if tiles is not None and tiles not in TILESET_NAMES:
            raise typer.BadParameter(f"{tiles!r}: choose spanish, catalan or english", param_hint="--tiles")

    @gcg_app.command("verify")
    def verify(
        files: list[str] = typer.Argument(..., help="GCG files, or folders to search for *.gcg."),
        json_out: bool = typer.Option(False, "--json", help="Print one JSON document instead of lines."),
        tiles: Optional[str] = typer.Option(None, "--tiles", help=TILES_HELP),
        end_factor: Optional[int] = typer.Option(None, "--end-factor", min=0, help=END_FACTOR_HELP),
    ) -> None:
        """Replay each game; report scores, totals, shapes and end lines that disagree (exit 0, 1; 2 if unreadable)."""
        check_tiles(tiles)
        raise typer.Exit(run_verify(files, json_out=json_out, tiles=tiles, end_factor=end_factor))

    @gcg_app.command("convert")
    def convert(
        source: str = typer.Argument(..., help="GCG file to read (UTF-8 or ISO-8859-1)."),
        output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write (default: stdout)."),
    ) -> None:
        """Read a GCG file and write it back normalised: UTF-8, declared, one event per line."""
        from service.gcg import write_gcg

        text = write_gcg(_read_or_exit(source))
        if output is None:
            sys.stdout.write(text)
        else:
            Path(output).write_text(text, encoding="utf-8")

    @gcg_app.command("show")
    def show(
        source: str = typer.Argument(..., help="GCG file to replay."),
        tiles: Optional[str] = typer.Option(None, "--tiles", help=TILES_HELP),
    ) -> None:
        """Replay a game and print the final board and each player's total."""
        check_tiles(tiles)
        sys.stdout.write(_show(_read_or_exit(source), tiles))

    _service_commands(app, typer)
    app.add_typer(build_projections_app(), name="projections")
    app.add_typer(build_audit_app(), name="audit")
    app.add_typer(__import__("service.lexicon_cli", fromlist=["_"]).build_lexicon_app(), name="lexicon")
    return app


def _store(data: Optional[str], database_url: Optional[str]) -> str:
    """Where the events live: ``--database-url`` if given, else the data folder (default ``./data``)."""
    return database_url or data or "data"


def _service_commands(app, typer) -> None:
    """``planilla serve`` and ``planilla token create|revoke``."""
    data_help = "Data folder for the embedded SQLite store (default: ./data)."
    url_help = "Database URL instead of a data folder: postgresql://user@host:port/db or sqlite:///path."

    @app.command("serve")
    def serve(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
        port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port (0: any free port)."),
        data: Optional[str] = typer.Option(None, "--data", help=data_help),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=url_help),
        access_log: bool = typer.Option(True, "--access-log/--no-access-log", help="Log every request."),
    ) -> None:
        """Run the HTTP service; prints its address (and on a fresh store a director token, once)."""
        from service.api.serve import serve as run

        run(host, port, _store(data, database_url), access_log=access_log)

    token_app = typer.Typer(help="Access tokens (stored only as hashes).", no_args_is_help=True)
    app.add_typer(token_app, name="token")

    @token_app.command("create")
    def create(
        role: str = typer.Option(..., "--role", help="player, arbiter, director, tribunal or spectator."),
        label: str = typer.Option("cli", "--label", help="Who holds it (recorded in events as role:label)."),
        game: Optional[str] = typer.Option(None, "--game", help="Bind the token to one game (required for a player)."),
        seat: Optional[int] = typer.Option(None, "--seat", min=0, help="A player token's seat."),
        data: Optional[str] = typer.Option(None, "--data", help=data_help),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=url_help),
    ) -> None:
        """Print a new token on stdout (its id, for revoking, on stderr)."""
        from uuid import UUID

        from service.access.application import ServiceApplication
        from service.access.tokens import ROLES
        from service.settings import settings_env

        if role not in ROLES:
            raise typer.BadParameter(f"{role!r}: choose {', '.join(ROLES)}", param_hint="--role")
        games = ServiceApplication(settings_env(_store(data, database_url)))
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
        data: Optional[str] = typer.Option(None, "--data", help=data_help),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=url_help),
    ) -> None:
        """Revoke a token: every later request with it gets 401."""
        from uuid import UUID

        from service.access.application import ServiceApplication
        from service.settings import settings_env

        games = ServiceApplication(settings_env(_store(data, database_url)))
        try:
            games.revoke_token(UUID(token_id), reason, "planilla token revoke")
        except (ValueError, LookupError) as err:
            raise typer.BadParameter(str(err)) from None
        finally:
            games.close()
        sys.stdout.write(f"revoked {token_id}\n")


DATA_HELP = "Data folder holding events.sqlite3 and readmodels.sqlite3."
URL_HELP = "Event store URL instead of a data folder: sqlite:///path/events.sqlite3 or postgresql://..."


def build_projections_app():
    """``planilla projections rebuild`` and ``status``: the read models of one store."""
    import typer

    projections_app = typer.Typer(help="Read models: rebuild them from the events, or show how far they are.",
                                  no_args_is_help=True)

    @projections_app.command("rebuild")
    def rebuild(
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP + " Default: ./data."),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Drop every read model and project all events again, with a progress bar."""
        sys.exit(run_rebuild(_target(data, database_url)))

    @projections_app.command("status")
    def status(
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP + " Default: ./data."),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Print each read model's position and how many events it has still to process."""
        sys.exit(run_projection_status(_target(data, database_url)))

    @projections_app.command("follow")
    def follow(
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP + " Default: ./data."),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
        poll: float = typer.Option(0.2, "--poll", min=0.005, max=60.0,
                                   help="Seconds between reads of the store where it has no notifications (SQLite)."),
        parent: Optional[int] = typer.Option(None, "--parent", help="Stop when this process is gone (planilla serve's)."),
    ) -> None:
        """Keep every read model up to date until interrupted: what `planilla serve` runs beside itself."""
        sys.exit(run_follow(_target(data, database_url), poll=poll, parent=parent))

    def _target(data: Optional[str], database_url: Optional[str]) -> str:
        if data and database_url:
            raise typer.BadParameter("give --data or --database-url, not both", param_hint="--data")
        return _store(data, database_url)

    return projections_app


def build_audit_app():
    """``planilla audit export`` and ``verify``: a game's history as a file anyone can check offline."""
    import typer

    audit_app = typer.Typer(help="Export a game's history, and verify an export offline (no server, no database).",
                            no_args_is_help=True)

    @audit_app.command("export")
    def export(
        game: str = typer.Argument(..., help="The game's id."),
        output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write (default: stdout)."),
        data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP + " Default: ./data."),
        database_url: Optional[str] = typer.Option(None, "--database-url", help=URL_HELP),
    ) -> None:
        """Write the game's whole history (every field, hidden tiles included) as a planilla-audit/1 file."""
        sys.exit(run_audit_export(game, _store(data, database_url), output))

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


def _open_projections(target: str):
    """The application, the migrated read store and a projector for ``target``."""
    from projections.projector import Projector
    from projections.store import ReadStore
    from service.application import GamesApplication
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


def run_follow(target: str, *, poll: float = 0.2, parent: int | None = None) -> int:
    """Project ``target``'s events until SIGTERM or SIGINT, or until the process ``parent`` is gone."""
    import os
    import signal
    import threading

    app, store, projector = _open_projections(target)
    projector.poll_interval = poll
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
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


def _read_or_exit(source: str):
    """The game in ``source``; exit 2 with a message when it cannot be read."""
    from service.gcg import read_gcg

    try:
        return read_gcg(source)
    except OSError as e:
        sys.stderr.write(f"planilla: cannot read {source}: {e.strerror or e}\n")
        sys.exit(2)


def _show(game, tiles: Optional[str]) -> str:
    """The final board of a replayed game (blanks in lower case), the totals and the problem count."""
    from domain.move import LETTERS, SIZE
    from domain.tiles import get_tileset
    from service.gcg import tileset_name
    from service.verify import verify_game

    name = tiles or tileset_name(game)
    replay = verify_game(game, get_tileset(name))
    lines = ["    " + " ".join(f"{c:>3}" for c in LETTERS)]
    for r in range(SIZE):
        cells = (replay.board.at(r, c) for c in range(SIZE))
        row = " ".join(f"{'.' if t is None else t.letter.lower() if t.blank else t.letter:>3}" for t in cells)
        lines.append(f"{r + 1:>3} {row}")
    lines += [f"{full} ({nick}): {replay.totals.get(nick, 0)}" for nick, full in game.players]
    lines.append(f"tiles: {name}; {replay.plays} plays; {len(replay.problems)} problems")
    return "\n".join(lines) + "\n"


def __getattr__(name: str):
    """``service.cli.app`` is built on first use, so importing this module does not import Typer."""
    if name == "app":
        app = globals()["app"] = build_app()
        return app
    raise AttributeError(name)


def main() -> None:
    """Entry point of the ``planilla`` console script."""
    for stream in (sys.stdout, sys.stderr):  # names and messages may not fit a terminal's encoding
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    args = fast_verify_args(sys.argv[1:])
    if args is not None:
        sys.exit(run_verify(**args))
    __getattr__("app")()


if __name__ == "__main__":
    main()
