"""CSV: the player list and the results, for Swiss Perfect (AJS 4.1.4) and spreadsheets; the rating officer's file.

Players: ``number,name,federation_id,club,rating``, and ``division`` last when the tournament has
more than one. Reading a player list accepts the headers in Spanish, Catalan and English
(``nombre``/``nom``/``name``, ``elo``/``rating``, ``id``/``licencia``, ``club``,
``división``/``divisió``/``division``) and any order; only the name is required. Swiss Perfect's own import layout was not
found: the columns are plain, one header line, comma-separated, UTF-8.

Results: one row per table and round, ``round,kind,number1,name1,score1,number2,name2,score2,
scrabbles1,scrabbles2`` (the first named starts; a bye has no second), and ``division`` last when the
tournament has more than one. The ABSP's rating CSV is ``Division,Round,Player1,Score1,Player2,Score2``
(tsh2csv's README): the same facts, fewer columns.

Ratings (``write_ratings``): every game with both players' federation ids, names, scores and
ratings before the event, for a rating officer. The AJS Elo and EloD formulas are in annexes our
copy of the rulebook lacks: ``RatingSystem`` is the interface a computation will implement, and
none is implemented here.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from typing import Protocol

from domain.errors import Message, msg
from domain.tournament.formats.sheet import Entry, FormatError, Line, Note, Sheet
from domain.tournament.results import Kind

PLAYER_COLUMNS = ["number", "name", "federation_id", "club", "rating"]
RESULT_COLUMNS = ["round", "kind", "number1", "name1", "score1", "number2", "name2", "score2", "scrabbles1",
                  "scrabbles2"]
RATING_COLUMNS = ["round", "kind", "number1", "federation_id1", "name1", "rating1", "score1", "number2",
                  "federation_id2", "name2", "rating2", "score2"]
ALIASES = {
    "name": {"name", "nombre", "nom", "jugador", "jugadora", "player"},
    "federation_id": {"federation_id", "id", "licencia", "llicència", "llicencia", "fed_id", "federation id"},
    "club": {"club"},
    "rating": {"rating", "elo", "ranking", "rat"},
    "number": {"number", "no", "núm", "num", "número", "nº", "#"},
    "division": {"division", "división", "divisió", "divisio", "grupo", "grup"},
}


class _Lines:
    """A list ``csv.writer`` writes into (the domain does no I/O)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)


def _write(header: list[str], rows: list[list[object]]) -> str:
    out = _Lines()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.text()


def _rows(text: str) -> list[list[str]]:
    try:
        return [row for row in csv.reader(text.lstrip("\ufeff").splitlines()) if any(c.strip() for c in row)]
    except csv.Error as err:
        raise FormatError(msg("tournament.not_csv", err=err), field="csv") from None


# ---- players -----------------------------------------------------------------------------------
def write_players(sheet: Sheet, notes: list[Note] | None = None) -> str:
    divided = len(sheet.divisions) > 1
    return _write(PLAYER_COLUMNS + ["division"] * divided,
                  [[e.number, e.name, e.federation_id, e.club, e.rating] + [e.division] * divided for e in sheet.players])


def read_players(text: str) -> list[Entry]:
    """A player list: a header line naming the columns, then one player a line; every line checked, and every bad
    line named at once (its number in the file, blank lines counted) in one refusal: nothing is entered from it."""
    try:
        numbered = [(n, row) for n, row in enumerate(csv.reader(text.lstrip("\ufeff").splitlines()), start=1)
                    if any(c.strip() for c in row)]
    except csv.Error as err:
        raise FormatError(msg("tournament.not_csv", err=err), field="csv") from None
    if not numbered:
        raise FormatError(msg("tournament.player_list_empty"), line=1, field="name")
    first, header_row = numbered[0]
    header = [c.strip().lower() for c in header_row]
    where: dict[str, int] = {}
    for key, names in ALIASES.items():
        for i, col in enumerate(header):
            if col in names:
                where.setdefault(key, i)
    if "name" not in where:
        raise FormatError(msg("tournament.first_line_names_columns"), line=first,
                          field="name")
    entries, problems = [], []
    for n, row in numbered[1:]:
        def cell(key: str) -> str:
            i = where.get(key)
            return row[i].strip() if i is not None and i < len(row) else ""
        problem = _player_problem(cell)
        if problem is not None:
            problems.append({"line": n, "field": problem[0], "message": problem[1]})
            continue
        entries.append(Entry(len(entries) + 1, cell("name"), int(float(cell("rating") or "0")), cell("federation_id"),
                             cell("club"), cell("division") or "A", line=n))
    if problems:
        raise FormatError.of_lines(problems)
    return entries


def _player_problem(cell: Callable[[str], str]) -> tuple[str, Message] | None:
    """What is wrong with one player's line (the field and why), or None."""
    if not cell("name"):
        return "name", msg("tournament.player_needs_name")
    rating_text = cell("rating") or "0"
    try:
        rating = int(float(rating_text))
    except (ValueError, OverflowError):  # "fort", "nan", "inf", "1e400"
        return "rating", msg("tournament.rating_whole_number_not", rating_text=rating_text)
    if not 0 <= rating <= 4000:
        return "rating", msg("tournament.rating_between_not", rating=rating)
    if len(cell("division")) > 20:
        return "division", msg("tournament.division_named_characters")
    return None


# ---- results -----------------------------------------------------------------------------------
def write_results(sheet: Sheet, notes: list[Note] | None = None) -> str:
    divided = len(sheet.divisions) > 1
    rows: list[list[object]] = []
    for line in sheet.lines:
        first = sheet.entry(line.first)
        scores = line.scores or (0, 0)
        if line.second is None:
            rows.append([line.round, str(line.kind), first.number, first.name, scores[0], "", "", "",
                         line.scrabbles[0], ""] + [first.division] * divided)
            continue
        second = sheet.entry(line.second)
        rows.append([line.round, str(line.kind), first.number, first.name, scores[0], second.number, second.name,
                     scores[1], line.scrabbles[0], line.scrabbles[1]] + [first.division] * divided)
    return _write(RESULT_COLUMNS + ["division"] * divided, rows)


def read_results(text: str, players: list[Entry] | tuple[Entry, ...], *, name: str = "",
                 rounds: int | None = None) -> Sheet:
    """The results CSV read back against the player list it was written with (a ``division`` column, when there
    is one, must name the division the list gives the table's players)."""
    rows = _rows(text)
    columns = [c.strip() for c in rows[0]] if rows else []
    if columns not in (RESULT_COLUMNS, RESULT_COLUMNS + ["division"]):
        raise FormatError(msg("tournament.results_header", columns=",".join(RESULT_COLUMNS)), line=1, field="header")
    numbers = {e.number for e in players}
    divisions = {e.number: e.division for e in players}
    lines = []
    for n, row in enumerate(rows[1:], start=2):
        cells = dict(zip(columns, [c.strip() for c in row] + [""] * (len(columns) - len(row))))
        try:
            kind = Kind(cells["kind"])
        except ValueError:
            raise FormatError(msg("tournament.kind_one", items=', '.join(k.value for k in Kind)), line=n, field="kind") from None
        values = {}
        for key in ("round", "number1", "score1", "scrabbles1") + (
                () if kind is Kind.BYE else ("number2", "score2", "scrabbles2")):
            try:
                values[key] = int(cells[key] or 0)
            except ValueError:
                raise FormatError(msg("tournament.whole_number_not", key=key, cell=cells[key]), line=n, field=key) from None
        if values["round"] < 1:
            raise FormatError(msg("tournament.round_more_not", value=values['round']), line=n, field="round")
        for key in ("number1",) + (() if kind is Kind.BYE else ("number2",)):
            if values[key] not in numbers:
                raise FormatError(msg("tournament.no_player_number", value=values[key]), line=n, field=key)
            if "division" in cells and cells["division"] != divisions[values[key]]:
                raise FormatError(msg("tournament.player_division_not", value=values[key],
                                      division=divisions[values[key]],
                                      cell=cells['division']), line=n, field="division")
        if kind is Kind.BYE:
            lines.append(Line(values["round"], values["number1"], None, (values["score1"], 0), kind,
                              (values["scrabbles1"], 0)))
        else:
            lines.append(Line(values["round"], values["number1"], values["number2"],
                              (values["score1"], values["score2"]), kind, (values["scrabbles1"], values["scrabbles2"])))
    played = max((line.round for line in lines), default=0)
    return Sheet(name, rounds if rounds is not None else played, tuple(players), tuple(lines)).sorted()


# ---- ratings -----------------------------------------------------------------------------------
def write_ratings(sheet: Sheet, notes: list[Note] | None = None) -> str:
    """Every game with a result between two players (played, or a forfeit, which the officer may leave out):
    both players' federation ids, names, ratings before the event, and scores."""
    rows: list[list[object]] = []
    for line in sheet.lines:
        if line.second is None:
            continue
        a, b = sheet.entry(line.first), sheet.entry(line.second)
        scores = line.scores or (0, 0)
        rows.append([line.round, str(line.kind), a.number, a.federation_id, a.name, a.rating, scores[0], b.number,
                     b.federation_id, b.name, b.rating, scores[1]])
    return _write(RATING_COLUMNS, rows)


class RatingSystem(Protocol):
    """A federation's rating computation: new ratings from the ratings before and the games.

    Not implemented: the AJS Elo and EloD formulas are in annexes of the AJS rulebook our copy
    lacks, and FISC's rating rules are not in ours either. An implementation takes the players
    (with their ratings before) and the games ``write_ratings`` lists, and returns each player's
    rating after, by federation id."""

    name: str

    def rate(self, players: tuple[Entry, ...], games: tuple[Line, ...]) -> dict[str, int]: ...
