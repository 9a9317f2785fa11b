"""``planilla gcg verify|convert|show``: read, check and convert GCG game records.

``run_verify`` and ``fast_verify_args`` need neither Typer nor Rich (see ``service.cli``).
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


#: Below this many files ``verify`` runs in one process: a second one costs a fork and a pipe (about a
#: millisecond), and half of a few files is not worth it.
SPLIT_FROM = 64


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

    With many files, no progress bar and a second core, the later half is verified in a forked child
    (``_verify_in_child``) while this process does the first half; the child's lines are written after
    this process's own, so the output is the same, in the same order, as one process's.
    """
    from service.gcg.quick import check_file  # noqa: F401  (imported once, before any fork)

    out = out or sys.stdout
    err = err or sys.stderr
    paths = list(_expand(names))
    progress = _progress(len(paths), json_out) if out.isatty() else None
    if json_out:
        out.write('{"files": [')
    child = None
    half = len(paths)
    if progress is None and len(paths) >= SPLIT_FROM and _cores() > 1:
        half = (len(paths) + 1) // 2
        child = _verify_in_child(paths, half, json_out, tiles, end_factor)
        if child is None:
            half = len(paths)
    try:
        plays, problems, unreadable = _verify_range(paths, 0, half, json_out, tiles, end_factor, out, err, progress)
    finally:
        if progress is not None:
            progress.stop()
    if child is not None:
        found = _child_result(*child)
        if found is None:  # the child failed: its half is verified here
            found = _verify_range(paths, half, len(paths), json_out, tiles, end_factor, out, err, None)
        else:
            out.write(found[3])
            err.write(found[4])
        plays, problems, unreadable = plays + found[0], problems + found[1], unreadable or found[2]
    if json_out:
        out.write(f'], "plays": {plays}, "problems": {problems}}}\n')
    else:
        verdict = "all agree" if not problems else f"{problems} problem{'s' * (problems != 1)}"
        out.write(f"{len(paths)} file{'s' * (len(paths) != 1)}, {plays} plays: {verdict}\n")
    return 2 if unreadable else 1 if problems else 0


def _verify_range(paths: list[Path], start: int, stop: int, json_out: bool, tiles: Optional[str],
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


def _verify_in_child(paths: list[Path], half: int, json_out: bool, tiles: Optional[str],
                     end_factor: Optional[int]) -> tuple[int, int] | None:
    """Fork a child that verifies ``paths[half:]`` into memory and sends back, through a pipe, its
    counts and the text it would have written (``marshal``: built in, nothing to import). Returns (pid,
    the pipe's reading end), or None where there is no fork."""
    import os

    if not hasattr(os, "fork"):  # pragma: no cover - not POSIX
        return None
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write_end)
        return pid, read_end
    code = 1
    try:  # the child: never back into the caller's code, whatever happens
        import io
        import marshal

        os.close(read_end)
        out, err = io.StringIO(), io.StringIO()
        found = _verify_range(paths, half, len(paths), json_out, tiles, end_factor, out, err, None)
        data = memoryview(marshal.dumps((*found, out.getvalue(), err.getvalue())))
        while data:
            data = data[os.write(write_end, data):]
        code = 0
    finally:
        os._exit(code)


def _child_result(pid: int, read_end: int) -> tuple | None:
    """What the child sent, once it has exited; None if it did not finish its half."""
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
