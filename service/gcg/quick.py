"""``planilla gcg verify``'s quick path: a file that adds up, verified in one lean pass.

``quick_verify`` reads the file's lines straight into tuples (``reader.event_fields``, the reader's own
grammar), picks the tile set as the reader's game would (``tilesets.tileset_of_pragmas``) and replays the
events with the engine's own resolution and scoring (``domain.lay.lay_if_legal``: ``evaluate_if_legal``'s
walk without the scoresheet's objects), keeping only what ``verify.Replay`` keeps: the board, each player's
running total and last rack, the last play. It makes every check ``Replay`` makes, and gives up (None) at the
first line that is not plainly right: an unreadable line, rack, word or square, a play the lean walk does not
lay, a score, total or end line that does not add up. ``verify.verify_file`` then replays the file the full way,
which finds and words every problem; so a report is the same whichever path made it
(``tests/unit/test_gcg_quick.py`` holds the two to each other on the corpus and on thousands of altered files).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import TYPE_CHECKING

from domain.board import Board
from domain.errors import NotationError
from domain.lay import lay_if_legal
from domain.move import GCG_SQUARES, Coordinate
from domain.notation import parse_rack
from domain.tiles import BLANK, full_bag, get_tileset
from service.gcg import kinds as k
from service.gcg.lines import GcgSyntaxError, decode, event_fields
from service.gcg.report import FileReport
from service.gcg.tilesets import END_FACTORS, tileset_of_pragmas
from service.gcg.tokens import _rack_pattern, rack_characters, word_reader

if TYPE_CHECKING:  # not imported to verify: pathlib brings fnmatch, urllib.parse and ipaddress
    from pathlib import Path

_PLAY, _WITHDRAWN, _PASS, _EXCHANGE = k.PLAY, k.WITHDRAWN, k.PASS, k.EXCHANGE
_END_POINTS, _END_PENALTY, _TIME_PENALTY = k.END_POINTS, k.END_PENALTY, k.TIME_PENALTY
#: The usual play line, ``>nick: RACK 8H WORD +score total``, is read here from its six tokens (what
#: ``reader.event_fields`` reads too: ``str.split``); any other line goes to the reader.
_SIGNS = ("+", "-")


def check_file(path: str | Path, tiles: str | None = None, end_factor: int | None = None) -> FileReport:
    """``verify.verify_file``'s report, by the quick path when the file adds up, else the full way."""
    data = _read(path)
    found = None if data is None else quick_verify(data, tiles, end_factor)
    if found is None:
        from service.gcg.verify import verify_file  # the full way, with its record classes: only when needed

        return verify_file(path, tiles, end_factor)
    return FileReport(str(path), found[0], found[1])


def _read(path: str | Path) -> bytes | None:
    """The file's bytes, or None when it cannot be read (the full way then says why). ``os.read`` on the
    descriptor, not a file object: a thousand files are read in half the time."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        chunks = []
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:  # a folder, say
        return None
    finally:
        os.close(fd)


def quick_verify(data: bytes, tiles: str | None = None, end_factor: int | None = None) -> tuple[str, int] | None:
    """(tile set, plays) of a GCG file's bytes in which every line adds up, else None (see the module)."""
    text = decode(data)[0]
    pragmas: list[tuple[str, str]] = []
    events = []
    in_note = False
    for raw in text.split("\n"):
        line = raw.rstrip("\r")
        first = line[:1]
        if first == ">":
            in_note = False
            toks = line.split()
            if len(toks) == 6:
                head, rack, position, word, score, total = toks
                if (len(head) > 2 and head[-1] == ":" and head.count(":") == 1 and word[0] not in "(-"
                        and (score.isdecimal() or score[0] in _SIGNS and score[1:].isdecimal())
                        and (total.isdecimal() or total[0] in _SIGNS and total[1:].isdecimal())):
                    events.append((_PLAY, head[1:-1], rack, int(score), int(total), position, word, ""))
                    continue
            try:
                events.append(event_fields(line))
            except GcgSyntaxError:
                return None
        elif first == "#":
            in_note = False
            name, *rest = line[1:].split(None, 1) or [""]
            if name == "note":
                in_note = True
            elif name == "character-encoding":
                pass
            elif not name:
                return None
            else:
                pragmas.append((name, rest[0].strip() if rest else ""))
        elif not in_note and line.strip():
            return None
    name = tiles or tileset_of_pragmas(pragmas)
    tileset = get_tileset(name)
    factor = END_FACTORS.get(name, 1) if end_factor is None else end_factor
    rack_ok = _rack_pattern(tileset).fullmatch
    board = Board()
    points = tileset.points
    parse_gcg_square, known_square = Coordinate.parse_gcg, GCG_SQUARES.get
    read = word_reader(tileset)
    rack_plain = rack_characters(tileset).issuperset
    totals: dict[str, int] = {}
    last_rack: dict[str, tuple[str, list | tuple] | None] = {}  # each player's last rack, with what it put down
    last_play: tuple[int, list] | None = None  # the last play's written score and its (square, tile) pairs
    plays = 0

    def readable(text: str) -> bool:
        try:
            parse_rack(text, tileset)
        except NotationError:
            return False
        return True

    def rack_of(text: str) -> Counter[str] | None:
        if not text:
            return None
        try:
            return Counter(parse_rack(text, tileset))
        except NotationError:
            return None

    for kind, nick, rack, score, total, position, word, named in events:
        if rack and not rack_plain(rack) and not rack_ok(rack) and not readable(rack):
            return None
        if kind == _PLAY:
            plays += 1
            try:
                coord = known_square(position) or parse_gcg_square(position)
                squares = read(word)
            except NotationError:
                return None
            laid = lay_if_legal(board, coord, squares, points)
            if laid is None or laid[0] != score:
                return None
            placed = laid[1]
            last_play = (score, placed)
            last_rack[nick] = (rack, placed)
        elif kind == _WITHDRAWN:
            last_rack[nick] = (rack, ())
            if last_play is None or score != -last_play[0]:
                return None
            board.lift(last_play[1])
            last_play = None
        elif kind == _END_POINTS or kind == _END_PENALTY:
            try:
                letters = parse_rack(named, tileset)
            except NotationError:
                return None
            value = tileset.rack_value(letters)
            if kind == _END_PENALTY:
                own = rack_of(rack)
                if score != -value or (own is not None and own != Counter(letters)):
                    return None
            else:
                if score != factor * value:
                    return None
                others = [n for n in totals if n != nick]
                if len(others) == 1:
                    named_tiles = Counter(letters)
                    kept = last_rack.get(others[0])
                    held = None if kept is None else rack_of(kept[0])
                    left = None
                    if held is not None:
                        used = Counter(BLANK if t[1] else t[0] for _, t in kept[1])
                        left = None if used - held else held - used
                    if left is None or named_tiles != left:
                        pool = Counter(full_bag(tileset))
                        pool.subtract(BLANK if t.blank else t.letter for t in board.cells if t is not None)
                        if named_tiles != +pool:
                            return None
        else:
            if (kind == _PASS or kind == _EXCHANGE) and score != 0:
                return None
            if kind == _EXCHANGE and not named.isdigit() and not readable(named):
                return None
            if kind != _TIME_PENALTY:
                last_rack[nick] = None if kind == _EXCHANGE else (rack, ())
        if total != totals.get(nick, 0) + score:
            return None
        totals[nick] = total
    return name, plays
