"""``planilla gcg verify|convert|show``: read, check and convert GCG game records.

``run_verify`` and ``fast_verify_args`` need neither Typer nor Rich (see ``service.cli``).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional, TextIO

from service.gcg.tilesets import TILESET_NAMES

if TYPE_CHECKING:  # pathlib (with fnmatch, urllib.parse, ipaddress) only where a folder or an odd name needs it
    from pathlib import Path

TILES_HELP = "Tile set: spanish, catalan or english (default: from #tile-distribution or #lexicon)."
END_FACTOR_HELP = "Going-out bonus as a multiple of the rack (default: English 2, Spanish and Catalan 1)."


def _expand(names: list[str]) -> list[str | Path]:
    """The files named, with every ``*.gcg`` inside a named folder, in name order. A file's name is kept as a
    string, as ``Path`` would write it (``os.path.isdir`` and no ``Path`` object: a few milliseconds in a thousand)."""
    import os

    found: list[str | Path] = []
    for name in names:
        if os.path.isdir(name):
            from pathlib import Path

            found.extend(sorted(p for p in Path(name).rglob("*.gcg") if p.is_file()))
        elif _written_as_path_writes(name):
            found.append(name)
        else:
            from pathlib import Path

            found.append(str(Path(name)))
    return found


def _written_as_path_writes(name: str) -> bool:
    """Whether ``str(Path(name)) == name``: no empty or ``.`` part, no slash at the end."""
    return bool(name) and name != "." and "//" not in name and "/./" not in name and not name.startswith("./") \
        and not name.endswith(("/", "/."))


#: From this many files ``verify`` runs in two processes: a second one costs a fork and a pipe (about a
#: millisecond), and sharing a few files is not worth it.
SPLIT_FROM = 64
#: The fewest files in a run that the two processes take in turn (``_runs``).
RUN = 8


def run_verify(
    names: list[str],
    *,
    json_out: bool = False,
    tiles: Optional[str] = None,
    end_factor: Optional[int] = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Verify every file, streaming lines or one JSON document to ``out``; returns the exit code 0, 1 or 2.

    With many files, no progress bar and a second core, the files are shared with a forked child
    (``_verify_shared``); the output is the same, in the same order, as one process's.
    """
    from service.gcg.quick import check_file  # noqa: F401  (imported once, before any fork)

    out = out or sys.stdout
    err = err or sys.stderr
    paths = _expand(names)
    progress = _progress(len(paths), json_out) if out.isatty() else None
    if json_out:
        out.write('{"files": [')
    if progress is None and len(paths) >= SPLIT_FROM and _cores() > 1:
        plays, problems, unreadable = _verify_shared(paths, json_out, tiles, end_factor, out, err)
    else:
        try:
            plays, problems, unreadable = _verify_range(paths, 0, len(paths), json_out, tiles, end_factor, out, err,
                                                        progress)
        finally:
            if progress is not None:
                progress.stop()
    if json_out:
        out.write(f'], "plays": {plays}, "problems": {problems}}}\n')
    else:
        verdict = "all agree" if not problems else f"{problems} problem{'s' * (problems != 1)}"
        out.write(f"{len(paths)} file{'s' * (len(paths) != 1)}, {plays} plays: {verdict}\n")
    return 2 if unreadable else 1 if problems else 0


def _verify_range(paths: list, start: int, stop: int, json_out: bool, tiles: Optional[str],
                  end_factor: Optional[int], out: TextIO, err: TextIO, progress) -> tuple[int, int, bool]:
    """Verify ``paths[start:stop]``, writing as ``run_verify`` does; (plays, problems, any unreadable)."""
    from service.gcg.quick import check_file

    plays = problems = 0
    unreadable = False
    for i in range(start, stop):
        report = check_file(paths[i], tiles, end_factor)
        plays += report.plays
        problems += len(report.problems)
        if report.error is not None:
            unreadable = True
            err.write(f"planilla: {report.error}\n")
        if json_out:
            import json

            out.write((", " if i else "") + json.dumps(report.to_dict()))  # ASCII: safe on any terminal
        else:
            for p in report.problems:
                where = f"{report.path}:{p.line}" if p.line else report.path
                out.write(f"{where}: {p.kind}: {p.message}\n")
        if progress is not None:
            progress.advance(0)
    return plays, problems, unreadable


def _cores() -> int:
    """The cores this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _runs(count: int) -> list[tuple[int, int]]:
    """``count`` files cut into runs of ``RUN`` files or more, at most 255 runs (a run's number is one byte)."""
    size = max(RUN, -(-count // 255))
    return [(start, min(start + size, count)) for start in range(0, count, size)]


def _verify_shared(paths: list, json_out: bool, tiles: Optional[str], end_factor: Optional[int], out: TextIO,
                   err: TextIO) -> tuple[int, int, bool]:
    """Verify ``paths`` here and in a forked child at once, then write what both found in the files' order.

    The runs of files (``_runs``) wait in a pipe as one byte each; each process reads the next run's number when
    it is free (a one-byte read from a pipe is whole), so neither waits long for the other whichever files are
    slow. The child sends back, through a second pipe, what it found of each of its runs (``marshal``: built in,
    nothing to import). Where there is no fork, or the child did not finish, this process verifies what is left.
    """
    import os

    runs = _runs(len(paths))
    child = None
    take, give = os.pipe()
    try:
        os.write(give, bytes(range(len(runs))))
    finally:
        os.close(give)  # once the numbers are read, the next read gives b"": nothing left
    try:
        if hasattr(os, "fork"):
            child = _fork_taker(take, paths, runs, json_out, tiles, end_factor)
        done = _take_runs(take, paths, runs, json_out, tiles, end_factor)
    finally:
        os.close(take)
    if child is not None:
        done.update(_child_result(*child) or {})
    plays = problems = 0
    unreadable = False
    for i, (start, stop) in enumerate(runs):
        if i not in done:  # the child's, had it finished
            done[i] = _verify_run(paths, start, stop, json_out, tiles, end_factor)
        found = done[i]
        out.write(found[3])
        err.write(found[4])
        plays, problems, unreadable = plays + found[0], problems + found[1], unreadable or found[2]
    return plays, problems, unreadable


def _take_runs(take: int, paths: list, runs: list[tuple[int, int]], json_out: bool, tiles: Optional[str],
               end_factor: Optional[int]) -> dict[int, tuple]:
    """Verify run after run, as long as the pipe ``take`` has their numbers: {run: (plays, problems, any
    unreadable, the text for out, the text for err)}."""
    import os

    done: dict[int, tuple] = {}
    while number := os.read(take, 1):
        done[number[0]] = _verify_run(paths, *runs[number[0]], json_out, tiles, end_factor)
    return done


def _verify_run(paths: list, start: int, stop: int, json_out: bool, tiles: Optional[str],
                end_factor: Optional[int]) -> tuple[int, int, bool, str, str]:
    """``_verify_range`` over one run into memory: (plays, problems, any unreadable, the text for out, the text for
    err), for whichever process writes it."""
    import io

    out, err = io.StringIO(), io.StringIO()
    return (*_verify_range(paths, start, stop, json_out, tiles, end_factor, out, err, None), out.getvalue(),
            err.getvalue())


def _fork_taker(take: int, paths: list, runs: list[tuple[int, int]], json_out: bool, tiles: Optional[str],
                end_factor: Optional[int]) -> tuple[int, int] | None:
    """Fork a child that takes runs from ``take`` too and sends what it found through a pipe. Returns (pid, the
    pipe's reading end)."""
    import os

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write_end)
        return pid, read_end
    code = 1
    try:  # the child: never back into the caller's code, whatever happens
        import marshal

        os.close(read_end)
        data = memoryview(marshal.dumps(_take_runs(take, paths, runs, json_out, tiles, end_factor)))
        while data:
            data = data[os.write(write_end, data):]
        code = 0
    finally:
        os._exit(code)


def _child_result(pid: int, read_end: int) -> dict | None:
    """What the child sent, once it has exited; None if it did not finish."""
    import marshal
    import os

    chunks = []
    try:
        while chunk := os.read(read_end, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(read_end)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        return None
    try:
        return marshal.loads(b"".join(chunks))
    except (EOFError, ValueError, TypeError):  # pragma: no cover - a child that wrote half its answer
        return None


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
    """``planilla gcg``: ``verify``, ``convert`` and ``show``."""
    import typer

    gcg_app = typer.Typer(help="Read, check and convert GCG game records.", no_args_is_help=True)

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
        from service.gcg.writer import write_gcg

        text = write_gcg(_read_or_exit(source))
        if output is None:
            sys.stdout.write(text)
        else:
            from pathlib import Path

            Path(output).write_text(text, encoding="utf-8")

    @gcg_app.command("show")
    def show(
        source: str = typer.Argument(..., help="GCG file to replay."),
        tiles: Optional[str] = typer.Option(None, "--tiles", help=TILES_HELP),
    ) -> None:
        """Replay a game and print the final board and each player's total."""
        check_tiles(tiles)
        sys.stdout.write(_show(_read_or_exit(source), tiles))

    return gcg_app


def _read_or_exit(source: str):
    """The game in ``source``; exit 2 with a message when it cannot be read."""
    from service.gcg.reader import read_gcg

    try:
        return read_gcg(source)
    except OSError as e:
        sys.stderr.write(f"planilla: cannot read {source}: {e.strerror or e}\n")
        sys.exit(2)


def _show(game, tiles: Optional[str]) -> str:
    """The final board of a replayed game (blanks in lower case), the totals and the problem count."""
    from domain.move import LETTERS, SIZE
    from domain.tiles import get_tileset
    from service.gcg.tilesets import tileset_name
    from service.gcg.verify import verify_game

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
