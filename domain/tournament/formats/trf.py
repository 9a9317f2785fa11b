"""FIDE's Tournament Report File, TRF16 (FIDE Handbook C.04 Annex 2), written and read.

The player line (``001``) by column, as the annex gives it: 1-3 ``001``; 5-8 the starting rank;
10 sex; 11-13 title; 15-47 the name; 49-52 the rating; 54-56 the federation; 58-68 the FIDE id;
70-79 the birth date; 81-84 the points; 86-89 the rank; then per round, ten columns from 92: the
opponent's starting rank (4 wide, ``0000`` for none), the colour (``w``, ``b``, ``-``) and the
result (``1`` ``=`` ``0`` a game; ``+`` ``-`` a forfeit won or lost; ``U`` a pairing-allocated
bye; ``Z`` a zero-point bye: not paired). ``XXR`` the number of rounds is JaVaFo's TRF(x)
extension, which pairing engines read.

Header lines: ``012`` the name, ``022`` the city, ``032`` the federation (FIDE's three-letter
code), ``042`` the start date, ``062`` the number of players, ``092`` the type, ``102`` the chief
arbiter (022, 032 and 102 from the tournament's details, ``Tournament.give_details``; written empty,
with a note, when not given: the annex marks them mandatory for rating).

Scrabble in chess's file: white is the first named on the pairing list, who starts (FILE 4.1);
the rating is the federation's (not FIDE's). Columns 58-68 hold the numeric FIDE number only: a
federation id that is not one (``AJS-0004``) is left out (blank) and a note says so. A name longer
than the 33 columns is cut, with a note. Lines end CR LF, as the annex asks. Columns are counted in
characters, not bytes (the file is UTF-8; a name is NFC-normalised first, so ``Ibáñez`` is six
columns whichever way it was typed): PyPI's ``trf`` reader counts so too (it matches columns on
the decoded text). TRF has no game scores: a file read back carries the outcomes (points,
Buchholz, Berger agree) but not the scores, so spread and points-for cannot be compared (a note
says so). A double absence is written as two forfeits lost (``-`` against ``-``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from domain.errors import msg
from domain.tournament.formats.sheet import Entry, FormatError, Line, Note, Sheet
from domain.tournament.results import Kind

NAME = 33  #: columns 15-47
FIDE_ID = re.compile(r"\d{1,11}")  #: columns 58-68: FIDE's own number, digits only
CRLF = "\r\n"
HEADER = {"022": "city", "032": "federation", "102": "chief_arbiter"}


def _points(sheet: Sheet, number: int) -> float:
    total = 0.0
    for line in sheet.lines:
        if number not in (line.first, line.second):
            continue
        side = 0 if line.first == number else 1
        if line.kind is Kind.BYE:
            total += 1.0
        elif line.kind is Kind.FORFEIT:
            total += 1.0 if side == 0 else 0.0
        elif line.kind is Kind.PLAYED and line.scores is not None:
            mine, theirs = line.scores[side], line.scores[1 - side]
            total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return total


def _cell(sheet: Sheet, number: int, round_no: int) -> str:
    line = sheet.line_of(round_no, number)
    if line is None:
        return "0000 - Z"
    if line.second is None:
        return "0000 - U"
    side = 0 if line.first == number else 1
    opponent = line.second if side == 0 else line.first
    colour = "w" if side == 0 else "b"
    if line.kind is Kind.FORFEIT:
        result = "+" if side == 0 else "-"
    elif line.kind is Kind.BOTH_ABSENT:
        result = "-"
    else:
        scores = line.scores or (0, 0)
        mine, theirs = scores[side], scores[1 - side]
        result = "1" if mine > theirs else "=" if mine == theirs else "0"
    return f"{opponent:4d} {colour} {result}"


def fide_id(federation_id: str) -> str:
    """What goes in columns 58-68: the id when it is a FIDE number (digits, at most 11), else nothing."""
    text = federation_id.strip()
    return text if FIDE_ID.fullmatch(text) else ""


def write_trf(sheet: Sheet, notes: list[Note] | None = None) -> str:
    """The TRF16 file, lines ending CR LF; the sheet's ``extra["ranks"]`` (player number to rank) fills columns
    86-89, else blank; ``extra["details"]`` the 022, 032 and 102 lines. What the file leaves out or cuts is
    added to ``notes``."""
    said: list[Note] = [] if notes is None else notes
    ranks = sheet.extra.get("ranks", {})
    details = sheet.extra.get("details") or {}
    out = [f"012 {sheet.name}", f"022 {details.get('city', '')}", f"032 {details.get('federation', '')}"]
    missing = [label for key, label in (("city", "022 (city)"), ("federation", "032 (federation)"),
                                        ("chief_arbiter", "102 (chief arbiter)")) if not details.get(key)]
    if sheet.date:
        out.append(f"042 {sheet.date.replace('-', '/')}")
    out += [f"062 {len(sheet.players)}", "092 Individual: Swiss-System", f"102 {details.get('chief_arbiter', '')}",
            f"XXR {sheet.rounds}"]
    if missing:
        said.append(Note("trf.header", f"{', '.join(missing)} not given for this tournament: written empty "
                         "(the annex asks for them when the event is rated; planilla tournament details sets them)"))
    blanked, cut = [], []
    for e in sheet.players:
        name = unicodedata.normalize("NFC", e.name)
        if len(name) > NAME:
            cut.append(e.number)
            said.append(Note("trf.name_cut", f"player {e.number}: the name has {len(name)} characters, cut to "
                             f"{NAME} (columns 15-47): {name[:NAME]!r}", (e.number,)))
        number = fide_id(e.federation_id)
        if e.federation_id.strip() and not number:
            blanked.append(e.number)
        head = (f"001 {e.number:4d}      {name[:NAME]:<{NAME}} {e.rating:4d}     {number:>11} {'':10} "
                f"{_points(sheet, e.number):4.1f} {ranks[e.number] if e.number in ranks else '':>4}")
        cells = [_cell(sheet, e.number, r) for r in range(1, sheet.played_rounds + 1)]
        out.append((head + "".join(f"  {c}" for c in cells)).rstrip())
    if blanked:
        said.append(Note("trf.fide_id", f"columns 58-68 (FIDE number) left blank for player(s) "
                         f"{', '.join(map(str, blanked))}: their federation ids are not FIDE numbers",
                         tuple(blanked)))
    if any(line.kind is Kind.PLAYED for line in sheet.lines):
        said.append(Note("trf.no_scores", "TRF16 has no game scores: results only (1, = or 0); spread and "
                         "points for are not in the file"))
    if len(sheet.divisions) > 1:
        said.append(Note("trf.divisions", f"TRF16 has no division column: the divisions "
                         f"{', '.join(sheet.divisions)} are written as one field (export one with division=)"))
    return CRLF.join(out) + CRLF


def read_trf(text: str) -> Sheet:
    """A TRF16 file read back: the players, and each round's tables from the two players' cells."""
    name, date, rounds = "", "", None
    details: dict[str, str] = {}
    players: list[Entry] = []
    cells: dict[int, list[tuple[int, str, str]]] = {}
    at: dict[int, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        code = line[:3]
        if code == "012":
            name = line[4:].strip()
        elif code == "042":
            date = line[4:].strip().replace("/", "-")
        elif code in HEADER:
            details[HEADER[code]] = line[4:].strip()
        elif code == "XXR":
            try:
                rounds = int(line[4:].strip())
            except ValueError:
                raise FormatError(msg("tournament.xxr_number_rounds"), line=number, field="XXR") from None
        elif code == "001":
            entry, rounds_of = _player(line, number)
            entry = replace(entry, line=number)
            if entry.number in at:
                raise FormatError(msg("tournament.starting_rank_given_twice", number=entry.number), line=number, field="rank")
            players.append(entry)
            cells[entry.number] = rounds_of
            at[entry.number] = number
    lines: list[Line] = []
    for me, mine in cells.items():
        for r, (opponent, colour, result) in enumerate(mine):
            round_no = r + 1
            if result == "U" or result in ("F", "H") and opponent == 0:
                lines.append(Line(round_no, me, None, (0, 0), Kind.BYE))
                continue
            if opponent == 0 or result in ("Z", " ", ""):
                continue
            if opponent not in cells:
                raise FormatError(msg("tournament.round_no_player_with", round_no=round_no, opponent=opponent), line=at[me],
                                  field="opponent")
            theirs = cells[opponent]
            if len(theirs) <= r or theirs[r][0] != me:
                raise FormatError(msg("tournament.round_meets_whose_line", round_no=round_no, me=me,
                                      opponent=opponent),
                                  line=at[me], field="opponent")
            if colour in "wb" and colour == theirs[r][1]:
                raise FormatError(msg("tournament.round_both_have", round_no=round_no, me=me, opponent=opponent,
                                      colour=colour), line=at[me],
                                  field="colour")
            if colour == "b" or (colour == "-" and me > opponent):
                continue  # white's line writes the table
            other = theirs[r][2]
            if result == "+" or (result == "-" and other == "+"):
                first, second = (me, opponent) if result == "+" else (opponent, me)
                lines.append(Line(round_no, first, second, (300, 0), Kind.FORFEIT))
            elif result == "-" and other == "-":
                lines.append(Line(round_no, me, opponent, (0, 0), Kind.BOTH_ABSENT))
            else:
                score = {"1": (1, 0), "W": (1, 0), "=": (0, 0), "D": (0, 0), "0": (0, 1), "L": (0, 1)}.get(result)
                if score is None:
                    raise FormatError(msg("tournament.round_result_not_trf", round_no=round_no, result=result),
                                      line=at[me], field="result")
                lines.append(Line(round_no, me, opponent, score, Kind.PLAYED))
    played = max((len(c) for c in cells.values()), default=0)
    sheet = Sheet(name, rounds if rounds is not None else played, tuple(sorted(players, key=lambda e: e.number)),
                  tuple(lines), date).sorted()
    if details:
        sheet.extra["details"] = details
    return sheet


def _player(line: str, number: int) -> tuple[Entry, list[tuple[int, str, str]]]:
    padded = line.ljust(91)
    try:
        rank = int(padded[4:8])
    except ValueError:
        raise FormatError(msg("tournament.columns_hold_starting_rank"), line=number, field="rank") from None
    name = padded[14:47].strip()
    if not name:
        raise FormatError(msg("tournament.columns_hold_name"), line=number, field="name")
    rating_text = padded[48:52].strip()
    if rating_text and not rating_text.isdecimal():
        raise FormatError(msg("tournament.columns_hold_rating"), line=number, field="rating")
    rounds = []
    rest = line[91:]
    for k in range(0, len(rest), 10):
        cell = rest[k:k + 8].ljust(8)
        if not cell.strip():
            rounds.append((0, "-", " "))
            continue
        try:
            opponent = int(cell[0:4].strip() or 0)
        except ValueError:
            raise FormatError(msg("tournament.round_columns_hold_opponent", k=k // 10 + 1, value=92 + k,
                                  value2=95 + k),
                              line=number, field="opponent") from None
        colour = cell[5]
        if colour not in "wb-":
            raise FormatError(msg("tournament.round_colour_w_b", k=k // 10 + 1), line=number, field="colour")
        rounds.append((opponent, colour, cell[7]))
    return Entry(rank, name, int(rating_text or 0), padded[57:68].strip()), rounds
