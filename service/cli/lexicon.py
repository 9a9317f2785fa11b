"""``planilla lexicon load|list|check|plays``: word lists an organiser loads, and the plays they allow.

Registered in ``service/cli/__init__.py`` with the other command groups.
Typer is imported only when the group is built.
"""

from __future__ import annotations

import sys
import time
from typing import Optional, TextIO

DATA_HELP = "Data folder that keeps the compiled lexicons under lexicons/ (default: ./data)."
ADVISORY = ("advisory: this list was not declared the federation's official one (--official); its verdicts "
            "are advisory (docs/lexicon.md)")


def build_app():
    """The Typer group ``planilla lexicon``."""
    import typer

    app = typer.Typer(help="Word lists: load (compile once into the data folder), list, check words, find plays.",
                      no_args_is_help=True)

    @app.command("load")
    def load(
        name: str = typer.Argument(..., help="The lexicon's name (lower-case letters, digits, '.', '_', '-')."),
        file: str = typer.Argument(..., help="The word list: one entry a line, UTF-8 or ISO-8859-1."),
        tiles: Optional[str] = typer.Option(None, "--tiles", help="Tile set: spanish or catalan."),
        profile: Optional[str] = typer.Option(None, "--profile", help="Or the profile whose tile set to use."),
        official: bool = typer.Option(False, "--official",
                                      help="Declare the list the federation's official one (verdicts not advisory)."),
        data: str = typer.Option("data", "--data", help=DATA_HELP),
    ) -> None:
        """Read a word list, spell it in the profile's tiles, compile it and keep it in the data folder."""
        sys.exit(run_load(name, file, tiles=tiles, profile=profile, official=official, data=data))

    @app.command("list")
    def list_(data: str = typer.Option("data", "--data", help=DATA_HELP)) -> None:
        """The lexicons compiled in the data folder, with their tile set, size and source."""
        sys.exit(run_list(data))

    @app.command("check")
    def check(
        name: str = typer.Argument(..., help="The lexicon."),
        words: list[str] = typer.Argument(..., help="Words as written in a list (casa) or on a sheet ([CH]ICO, QADRE)."),
        data: str = typer.Option("data", "--data", help=DATA_HELP),
    ) -> None:
        """Say of each word whether the lexicon has it (exit 0 all in, 1 any not)."""
        sys.exit(run_check(name, words, data))

    @app.command("plays")
    def plays(
        name: str = typer.Argument(..., help="The lexicon."),
        rack: str = typer.Option(..., "--rack", help="The rack: tiles, '?' for a blank, [CH] or QU for digraphs."),
        gcg: Optional[str] = typer.Option(None, "--gcg", help="A game whose final board to play on (else empty)."),
        top: int = typer.Option(10, "--top", min=1, help="How many plays to print."),
        data: str = typer.Option("data", "--data", help=DATA_HELP),
    ) -> None:
        """Every legal play of the rack, best first: the top ones printed with coordinates and scores."""
        sys.exit(run_plays(name, rack, gcg=gcg, top=top, data=data))

    return app


def _fail(error, err: TextIO) -> int:
    err.write(f"planilla: {getattr(error, 'message', error)}\n")
    return 2


def run_load(name: str, file: str, *, tiles: Optional[str] = None, profile: Optional[str] = None,
             official: bool = False, data: str = "data", out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Compile ``file`` as lexicon ``name``; prints what was kept and skipped. Exit 0, or 2 on an error."""
    from domain.errors import DomainError
    from domain.profiles import get_profile
    from domain.tiles import get_tileset
    from service.lexicon.library import load_word_list, path_of

    out, err = out or sys.stdout, err or sys.stderr
    try:
        if (tiles is None) == (profile is None):
            raise ValueError("give the tile set with --tiles spanish|catalan, or --profile ID (one of them)")
        tileset = get_tileset(tiles if tiles is not None else get_profile(profile).tileset)
        started = time.perf_counter()
        lexicon = load_word_list(name, file, tileset, data, official=official)
    except (DomainError, ValueError) as error:
        return _fail(error, err)
    seconds = time.perf_counter() - started
    skipped = sum(n for _, n in lexicon.skipped)
    out.write(f"lexicon {lexicon.name}: {lexicon.words:,} words in {tileset.name} tiles from {lexicon.entries:,} "
              f"entries of {lexicon.source} ({lexicon.duplicates:,} repeats, {skipped:,} skipped) in {seconds:.1f} s; "
              f"{lexicon.dawg.nodes:,} nodes, kept in {path_of(name, data)}\n")
    for reason, count in lexicon.skipped:
        out.write(f"  skipped {count:>8,}: {reason}\n")
    if lexicon.advisory:
        out.write(ADVISORY + "\n")
    return 0


def run_list(data: str = "data", out: TextIO | None = None, err: TextIO | None = None) -> int:
    """One line per compiled lexicon."""
    from domain.lexicon.dawg import read_header
    from service.lexicon.library import available, path_of

    out = out or sys.stdout
    names = available(data)
    if not names:
        out.write(f"no lexicon in {data}; load one with 'planilla lexicon load NAME FILE --tiles T'\n")
    for name in names:
        head, _ = read_header(path_of(name, data).read_bytes())
        kind = "official" if head.get("official") else "advisory"
        out.write(f"{name}: {head['tileset']}, {head['words']:,} words, from {head['source']} ({kind})\n")
    return 0


def run_check(name: str, words: list[str], data: str = "data", out: TextIO | None = None,
              err: TextIO | None = None) -> int:
    """``WORD: yes|no`` for each word; 0 when all are in, 1 when any is not, 2 on an error."""
    from domain.errors import DomainError
    from service.lexicon.library import open_lexicon

    out, err = out or sys.stdout, err or sys.stderr
    try:
        lexicon = open_lexicon(name, data)
    except DomainError as error:
        return _fail(error, err)
    missing = 0
    for word in words:
        found = _has(lexicon, word)
        missing += not found
        out.write(f"{word}: {'yes' if found else 'no'}\n")
    if lexicon.advisory:
        out.write(ADVISORY + "\n")
    return 1 if missing else 0


def _has(lexicon, word: str) -> bool:
    """As a list writes it (``chico``, ``quadre``), or as a sheet does (``[CH]ICO``, ``QADRE``)."""
    from domain.errors import NotationError
    from domain.notation import parse_word

    if word in lexicon:
        return True
    try:
        tiles = parse_word(word, lexicon.tileset)
    except NotationError:
        return False
    return all(t.tile is not None for t in tiles) and lexicon.has_tiles([t.tile.letter for t in tiles])


def run_plays(name: str, rack: str, *, gcg: Optional[str] = None, top: int = 10, data: str = "data",
              out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the ``top`` plays of ``rack`` on the final board of ``gcg`` (or an empty board)."""
    from domain.board import Board
    from domain.errors import DomainError
    from domain.notation import format_word, parse_rack
    from service.lexicon.library import open_lexicon

    out, err = out or sys.stdout, err or sys.stderr
    try:
        lexicon = open_lexicon(name, data)
        tiles = parse_rack(rack, lexicon.tileset)
        board = Board()
        if gcg is not None:
            from service.gcg.reader import read_gcg
            from service.gcg.verify import verify_game

            board = verify_game(read_gcg(gcg), lexicon.tileset).board
    except (DomainError, OSError) as error:
        return _fail(error, err)
    started = time.perf_counter()
    found = lexicon.plays(board, tiles)
    ms = (time.perf_counter() - started) * 1000
    out.write(f"{len(found):,} plays in {ms:.0f} ms\n")
    for play in found[:top]:
        word = format_word(play.word(board), lexicon.tileset, sheet=True)
        out.write(f"{play.score:>5}  {play.coordinate.federation():<4} {word}\n")
    if lexicon.advisory:
        out.write(ADVISORY + "\n")
    return 0
