"""Reading GCG text: encodings, line endings, pragmas, notes and every event kind (TILES.md "GCG essentials").

A line that cannot be read becomes a ``SyntaxIssue`` on the game; reading goes on with the next.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from domain.errors import msg
from service.gcg.model import (
    CHALLENGE_BONUS,
    END_PENALTY,
    END_POINTS,
    EXCHANGE,
    PASS,
    PLAY,
    TIME_PENALTY,
    WITHDRAWN,
    Event,
    GcgGame,
    Pragma,
    SyntaxIssue,
)

_DECLARED = re.compile(rb"^#character-encoding[ \t]+(\S+)")
_SCORE = re.compile(r"^[+-]?\d+$")


class GcgSyntaxError(ValueError):
    """Raised when one line of a GCG file does not follow the format."""


def decode(data: bytes) -> tuple[str, str]:
    """Bytes to text: the encoding declared on the first line, else UTF-8, else ISO-8859-1."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    m = _DECLARED.match(data)
    if m:
        declared = m.group(1).decode("ascii", "replace")
        try:
            return data.decode(declared), declared
        except (LookupError, ValueError):  # unknown codec, bad bytes, a NUL in the name
            pass  # a wrong declaration: guess as if there were none
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        return data.decode("iso-8859-1"), "ISO-8859-1"


def read_gcg(path: str | Path) -> GcgGame:
    """Read a GCG file; raises ``OSError`` when it cannot be opened."""
    text, encoding = decode(Path(path).read_bytes())
    return parse_gcg(text, encoding)


def parse_gcg(text: str, encoding: str = "UTF-8") -> GcgGame:
    """Read GCG text (LF or CRLF) into a ``GcgGame``; ``#note`` lines attach to the event before them."""
    game = GcgGame(encoding=encoding)
    entries = game.entries
    last_event: Event | None = None
    note: list[str] | None = None  # lines of the note being read (continuation lines join it)
    note_owner: Event | None = None

    def flush() -> None:
        text = "\n".join(note).rstrip()  # type: ignore[arg-type]
        if note_owner is not None:
            note_owner.notes.append(text)
        else:
            entries.append(Pragma("note", text, note_line))

    note_line = 0
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        first = line[:1]
        if first != "#" and first != ">":
            if note is not None:
                note.append(line.rstrip())
            elif line.strip():
                game.issues.append(SyntaxIssue(number, line, "a line must start with '#' or '>'"))
            continue
        if note is not None:
            flush()
            note = None
        if first == ">":
            try:
                last_event = parse_event(line, number)
            except GcgSyntaxError as e:
                game.issues.append(SyntaxIssue(number, line, str(e)))
                continue
            entries.append(last_event)
            continue
        name, *rest = line[1:].split(None, 1) or [""]
        value = rest[0].strip() if rest else ""
        if name == "note":
            note, note_owner, note_line = [value], last_event, number
        elif name == "character-encoding":
            pass  # consumed by decode(); the writer declares its own
        elif not name:
            game.issues.append(SyntaxIssue(number, line, "'#' without a pragma name"))
        else:
            entries.append(Pragma(name, value, number))
    if note is not None:
        flush()
    return game


def parse_event(line: str, number: int = 0) -> Event:
    """Read one ``>nick: ...`` line; raises ``GcgSyntaxError`` saying what is wrong."""
    return Event(*event_fields(line), line=number)


def event_fields(line: str) -> tuple[str, str, str, int, int, str, str, str]:
    """A ``>nick: ...`` line's kind, nick, rack, score, total, position, word and tiles (``Event``'s first
    fields, in order); raises ``GcgSyntaxError`` saying what is wrong."""
    head, colon, rest = line[1:].partition(":")
    nick = head.strip()
    if not colon or not nick or " " in nick:
        raise GcgSyntaxError(msg("service.expected_nick_at_start"))
    toks = rest.split()
    if len(toks) < 3:
        raise GcgSyntaxError(msg("service.expected_move_score_running"))
    score_text, total_text = toks[-2], toks[-1]
    if not _SCORE.match(score_text):
        raise GcgSyntaxError(msg("service.not_score_n_n", score_text=score_text))
    if not _SCORE.match(total_text):
        raise GcgSyntaxError(msg("service.not_running_total", total_text=total_text))
    score, total = int(score_text), int(total_text)
    mid = toks[:-2]
    if not mid:
        raise GcgSyntaxError(msg("service.no_move_between_nick"))
    move = mid[-1]
    n = len(mid)
    if (n == 3 or n == 2) and move[0] not in "(-":  # a play: no other move starts like this
        return PLAY, nick, mid[0] if n == 3 else "", score, total, mid[-2], move, ""
    rack = mid[0] if n >= 2 else ""
    if move == "(challenge)":
        kind, tiles = CHALLENGE_BONUS, ""
    elif move == "(time)":
        kind, tiles = TIME_PENALTY, ""
    elif move.startswith("(") and move.endswith(")") and len(move) > 2:
        kind, tiles = END_PENALTY if score_text[0] == "-" else END_POINTS, move[1:-1]
    elif move == "--":
        kind, tiles = WITHDRAWN, ""
    elif move == "-":
        kind, tiles = PASS, ""
    elif move.startswith("-"):
        kind, tiles = EXCHANGE, move[1:]
    elif n == 3 or n == 2:
        return PLAY, nick, mid[0] if n == 3 else "", score, total, mid[-2], move, ""
    else:
        raise GcgSyntaxError(msg("service.cannot_tell_what_move", mid=' '.join(mid)))
    if n > 2:
        raise GcgSyntaxError(msg("service.too_many_fields_before", move=move))
    return kind, nick, rack, score, total, "", "", tiles
