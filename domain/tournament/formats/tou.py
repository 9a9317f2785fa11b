"""AUPAIR's ``.TOU`` results file (the file WESPA's and several national rating officers take).

No official description was found; the layout here follows a ratings program that reads these
files (a public TOU reader, "coco ratings") and a public writer, which agree on this much:

    *M31.12.2025 Tournament name          the date (dd.mm.yyyy) and the name
    *A                                    a division (its name after the star; each division a
                                          block of its own, its players numbered from 1)
    Mark Nyman           2488  16 2458  +4    a player: the name, then per round the score and
                                              the opponent's number (the player's line number)
    *** END OF FILE ***

A score is written plus 2000 for a win and plus 1000 for a draw (a loss as it is); the opponent
is prefixed ``+`` when the player went first. The sample's columns give the name 20 characters,
then each round a score 5 wide and an opponent 4 wide: a longer name is cut to its 20 columns
(with a note), never allowed to push the cells along; columns are counted in characters (NFC), the
file being UTF-8 (what AUPAIR, a DOS program, made of accents is not known). Lines starting with a
space are skipped by the reader (the writer above puts a high-word line there); this writer adds none. A TOU file
carries no ratings. Uncertain, and said so in docs/tournaments.md: how AUPAIR writes a bye (the
writer above uses the player's own number as the opponent, the reader skips such rounds): here a
bye is the player's own number with a win's prefix, a round not paired the own number with 0; a
forfeit is written with its 300-0 scores (AJS 4.1.11.1), a double absence as two losses 0-0; and
whether AUPAIR itself writes several divisions in one file as blocks (the reader above reads them).
"""

from __future__ import annotations

import re
import unicodedata

from domain.errors import msg
from domain.tournament.formats.sheet import Entry, FormatError, Line, Note, Sheet, joined
from domain.tournament.results import Kind

END = "*** END OF FILE ***"
NAME = 20  #: the name's columns (1-20); every later cell is at a fixed column, so a longer name is cut
_CELL = re.compile(r"^[+-]?\d+$")


def _date(iso: str) -> str:
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", iso or ""):
        y, m, d = iso.split("-")
        return f"{d}.{m}.{y}"
    return "01.01.2000" if not iso else iso


def write_tou(sheet: Sheet, notes: list[Note] | None = None) -> str:
    """The ``.TOU`` file: each division a block (``*A``, ``*B``), its players numbered from 1; a name longer than
    its 20 columns is cut (a note says so), so every later cell stays at its column."""
    said: list[Note] = [] if notes is None else notes
    out = [f"*M{_date(sheet.date)} {sheet.name}"]
    for division in sheet.divisions:
        out.append(f"*{division}")
        out += _block(sheet.division(division) if len(sheet.divisions) > 1 else sheet, said, division)
    out.append(END)
    if any(line.kind is Kind.FORFEIT for line in sheet.lines):
        said.append(Note("tou.forfeit", "a forfeit (AJS 4.1.11.1) is written as a 300-0 game: a TOU file has no "
                         "mark for it, so a reader counts it as played"))
    return "\n".join(out) + "\n"


def _block(sheet: Sheet, notes: list[Note], division: str) -> list[str]:
    out = []
    for e in sheet.players:
        cells = []
        for round_no in range(1, sheet.played_rounds + 1):
            line = sheet.line_of(round_no, e.number)
            if line is None:
                cells.append((0, str(e.number)))
                continue
            side = 0 if line.first == e.number else 1
            scores = line.scores or (0, 0)
            if line.second is None:
                cells.append((2000 + scores[0], str(e.number)))
                continue
            mine, theirs = scores[side], scores[1 - side]
            opponent = line.second if side == 0 else line.first
            if line.kind is Kind.BOTH_ABSENT:
                prefix = 0
            elif line.kind is Kind.FORFEIT:
                prefix = 2000 if side == 0 else 0
            else:
                prefix = 2000 if mine > theirs else 1000 if mine == theirs else 0
            cells.append((prefix + mine, ("+" if side == 0 else "") + str(opponent)))
        name = unicodedata.normalize("NFC", e.name)
        if len(name) > NAME:
            where = f"division {division}, " if len(sheet.divisions) > 1 or division != "A" else ""
            notes.append(Note("tou.name_cut", f"{where}player {e.number}: the name has {len(name)} characters, cut to "
                              f"the {NAME}-column field: {name[:NAME]!r}", (e.number,)))
        out.append(name[:NAME].ljust(NAME) + "".join(f"{score:5d}{opponent:>4}" for score, opponent in cells))
    return out


def read_tou(text: str) -> Sheet:
    """A ``.TOU`` file read back: every division (numbered on through them, each player keeping its division's
    name); every cell checked."""
    raw = text.splitlines()
    if not raw or not raw[0].startswith("*M"):
        raise FormatError(msg("tournament.tou_file_starts_with"), line=1,
                          field="header")
    date_text, _, name = raw[0][2:].partition(" ")
    date = ""
    if re.fullmatch(r"\d{2}\.\d{2}\.\d{4}", date_text):
        d, m, y = date_text.split(".")
        date = f"{y}-{m}-{d}"
    blocks: list[tuple[str, list[tuple[int, str, list[tuple[int, str]]]]]] = []
    rows: list[tuple[int, str, list[tuple[int, str]]]] = []
    for number, line in enumerate(raw[1:], start=2):
        if not line.strip() or line.startswith(" "):
            continue
        if line.strip() == END:
            break
        if line.startswith("*"):
            label = line[1:].strip() or "A"
            if any(label == seen for seen, _ in blocks):
                raise FormatError(msg("tournament.division_comes_twice", label=label), line=number, field="division")
            rows = []
            blocks.append((label, rows))
            continue
        tokens = line.split()
        i = len(tokens)
        while i > 0 and _CELL.match(tokens[i - 1]):
            i -= 1
        if (len(tokens) - i) % 2:
            i += 1  # the cells come in pairs: an odd run of numbers starts with the end of the name ("Jugador 01")
        name_part, cells = " ".join(tokens[:i]), tokens[i:]
        if not name_part:
            raise FormatError(msg("tournament.tou_player_line_starts"), line=number, field="name")
        if not blocks:
            blocks.append(("A", rows))
        rows.append((number, name_part, [(int(cells[k]), cells[k + 1]) for k in range(0, len(cells), 2)]))
    return joined([_division(label, found, name.strip(), date) for label, found in blocks] or
                  [Sheet(name.strip(), 0, (), (), date)])


def _division(label: str, rows: list[tuple[int, str, list[tuple[int, str]]]], name: str, date: str) -> Sheet:
    """One division's block: its players numbered from 1, its tables checked cell by cell."""
    players = tuple(Entry(i + 1, nm, division=label) for i, (_, nm, _) in enumerate(rows))
    lines: list[Line] = []
    count = len(rows)
    for index, (at, _, cells) in enumerate(rows):
        me = index + 1
        for r, (score, opponent_text) in enumerate(cells):
            first = opponent_text.startswith("+")
            opponent = int(opponent_text.lstrip("+"))
            if opponent == me:
                if score >= 2000:
                    lines.append(Line(r + 1, me, None, (score - 2000, 0), Kind.BYE))
                continue
            if not 1 <= opponent <= count:
                raise FormatError(msg("tournament.round_no_player", r=r + 1, opponent=opponent), line=at, field="opponent")
            theirs = rows[opponent - 1][2]
            if len(theirs) <= r or int(theirs[r][1].lstrip("+")) != me:
                raise FormatError(msg("tournament.round_player_meets_whose", r=r + 1, me=me, opponent=opponent),
                                  line=at, field="opponent")
            if first and theirs[r][1].startswith("+"):
                raise FormatError(msg("tournament.round_are_both_marked", r=r + 1, me=me, opponent=opponent), line=at,
                                  field="opponent")
            if not first and not (not theirs[r][1].startswith("+") and me < opponent):
                continue  # the first player's line writes the table (or the lower number when neither is marked)
            decoded = _decode(score, theirs[r][0])
            if decoded is None:
                raise FormatError(msg("tournament.round_scores_agree_on", r=r + 1, score=score, their=theirs[r][0]), line=at, field="score")
            mine, other, kind = decoded
            lines.append(Line(r + 1, me, opponent, (mine, other), kind))
    return Sheet(name, max((len(c) for _, _, c in rows), default=0), players, tuple(lines), date).sorted()


def _decode(mine: int, theirs: int) -> tuple[int, int, Kind] | None:
    """Both players' scores without the result's prefix, found as the one reading the two agree on
    (a score can be negative after the end-of-game deductions, so the prefix is not ``score // 1000``)."""
    if mine == theirs == 0:
        return 0, 0, Kind.BOTH_ABSENT  # two losses 0-0: nobody played
    for a, b in ((2000, 0), (0, 2000), (1000, 1000)):
        x, y = mine - a, theirs - b
        if (a, b) == (2000, 0) and x > y or (a, b) == (0, 2000) and x < y or (a, b) == (1000, 1000) and x == y:
            kind = Kind.FORFEIT if (a, x, y) == (2000, 300, 0) else Kind.PLAYED
            return x, y, kind
    return None
