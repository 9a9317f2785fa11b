"""One GCG line read into fields, and a file's bytes into text: all ``planilla gcg verify``'s quick path reads with.

A line that cannot be read raises ``GcgSyntaxError`` saying why; ``service.gcg.reader`` turns that into a
``SyntaxIssue`` on the game and reads on.
"""

from __future__ import annotations

import codecs
import re

from domain.errors import msg
from service.gcg.kinds import CHALLENGE_BONUS, END_PENALTY, END_POINTS, EXCHANGE, PASS, PLAY, TIME_PENALTY, WITHDRAWN

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
