"""The interchange sheet: what every tournament file format carries, in one neutral shape.

A ``Sheet`` is the tournament as the ecosystem's files see it: players numbered from 1 in entry
order (tsh's, AUPAIR's and TRF's player numbers), each in a division (``A`` unless the tournament
has others: ``division`` gives one division's sheet, numbered from 1 within it, as tsh's and
AUPAIR's division files number them; ``joined`` puts division sheets back together), and one ``Line`` per table of each round with
the two players' numbers in pairing-list order (the first named starts, FILE 4.1: tsh's ``p12``,
AUPAIR's ``+``, TRF's white), the scores, and how the table ended (``Kind``). Each format writes a
sheet and reads one back; ``results_of`` turns a sheet into the domain's ``Result`` facts so the
standings of a file read back can be compared with the tournament's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from collections.abc import Mapping
from typing import Any

from domain.errors import DomainError, msg
from domain.tournament.results import Kind, Result


class FormatError(DomainError):
    """Raised when a file cannot be read: the line, the field and the rule it breaks."""

    code = "format"

    def __init__(self, message: str, *, line: int | None = None, field: str | None = None,
                 article: str | None = None) -> None:
        said = msg("service.gcg_syntax_line", line=line, message=message) if line is not None else message
        super().__init__(said, code="format", field=field, article=article, position=line)
        self.line = line
        self.problems: list[dict[str, object]] = []

    @classmethod
    def of_lines(cls, problems: list[dict[str, object]], article: str | None = None) -> FormatError:
        """One refusal naming every bad line (``problems``: each its ``line``, ``field`` and ``message``); its
        own line and field are the first's."""
        first = problems[0]
        message: object = first["message"]
        for p in problems[1:]:  # "…; line 6: a player needs a name", each part in the reader's language
            message = msg("tournament.and_line", first=message, line=p["line"], message=p["message"])
        err = cls(message, line=int(first["line"]),  # type: ignore[arg-type]
                  field=str(first["field"]), article=article)
        err.problems = [dict(p) for p in problems]
        return err


@dataclass(frozen=True)
class Note:
    """What a file shortens or approximates, said beside it (the export's ``Planilla-Warnings`` header and the
    command line's standard error): a code (``trf.name_cut``), the message, and the players it concerns (their
    numbers in the file; empty when it is the whole file)."""

    code: str
    message: str
    players: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


@dataclass(frozen=True)
class Entry:
    """One player: the number in the file (from 1), name, rating, federation id, club, division; ``line``: the line
    of the file it was read from (0 when not read from one)."""

    number: int
    name: str
    rating: int = 0
    federation_id: str = ""
    club: str = ""
    division: str = "A"
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Line:
    """One table of one round. ``second`` is None for a bye; for a forfeit the first is the one present."""

    round: int
    first: int
    second: int | None
    scores: tuple[int, int] | None
    kind: Kind = Kind.PLAYED
    scrabbles: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Sheet:
    """A tournament as its files carry it."""

    name: str
    rounds: int
    players: tuple[Entry, ...]
    lines: tuple[Line, ...] = ()
    date: str = ""  #: ISO date of the event ('' when unknown)
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def entry(self, number: int) -> Entry:
        for e in self.players:
            if e.number == number:
                return e
        raise KeyError(number)

    @property
    def played_rounds(self) -> int:
        return max((line.round for line in self.lines), default=0)

    def sorted(self) -> Sheet:
        """The same sheet with its lines in (round, first, second) order: two sheets compare equal then."""
        lines = tuple(sorted(self.lines, key=lambda x: (x.round, x.first, x.second or 0)))
        return Sheet(self.name, self.rounds, self.players, lines, self.date, dict(self.extra))

    @property
    def divisions(self) -> list[str]:
        """The divisions, in the order their first player comes (``A`` alone for a sheet without others)."""
        return list(dict.fromkeys(e.division for e in self.players)) or ["A"]

    def division(self, name: str) -> Sheet:
        """One division's sheet: its players numbered from 1 in the sheet's order, its tables (a table of two
        divisions, which the pairer never makes, is in neither); ``extra["ranks"]`` the division's own ranks."""
        if name not in self.divisions:
            raise FormatError(msg("tournament.division_one_not", divisions=', '.join(self.divisions), name=name), field="division")
        inside = [e for e in self.players if e.division == name]
        number = {e.number: i + 1 for i, e in enumerate(inside)}
        players = tuple(replace(e, number=number[e.number]) for e in inside)
        lines = tuple(replace(x, first=number[x.first], second=None if x.second is None else number[x.second])
                      for x in self.lines if x.first in number and (x.second is None or x.second in number))
        ranks = self.extra.get("division_ranks", {}).get(name, {})
        extra: dict[str, Any] = {"ranks": {number[n]: r for n, r in ranks.items() if n in number}}
        if "details" in self.extra:
            extra["details"] = dict(self.extra["details"])
        return Sheet(self.name, self.rounds, players, lines, self.date, extra).sorted()

    def line_of(self, round_no: int, number: int) -> Line | None:
        """The table a player sat at in a round (None: not paired, a late entry or a withdrawal)."""
        for line in self.lines:
            if line.round == round_no and number in (line.first, line.second):
                return line
        return None


def joined(parts: list[Sheet]) -> Sheet:
    """Division sheets as one: the players numbered on through the divisions (the first's, then the next's),
    each keeping its division; the name, the date and the rounds of the first (the rounds: the most)."""
    if len(parts) == 1:
        return parts[0]
    players: list[Entry] = []
    lines: list[Line] = []
    for part in parts:
        offset = len(players)
        players += [replace(e, number=e.number + offset) for e in part.players]
        lines += [replace(x, first=x.first + offset, second=None if x.second is None else x.second + offset)
                  for x in part.lines]
    first = parts[0]
    return Sheet(first.name, max(p.rounds for p in parts), tuple(players), tuple(lines), first.date).sorted()


def player_id(number: int) -> str:
    """The tournament's player id for a file's player number (entry order: p1, p2, ...)."""
    return f"p{number}"


def results_of(sheet: Sheet) -> list[Result]:
    """The domain's results for a sheet: a played game with its scores; a bye, a forfeit and a double absence
    without (the standings rules give their scores, as for the tournament's own results)."""
    out = []
    for line in sheet.lines:
        second = player_id(line.second) if line.second is not None else None
        scores = line.scores if line.kind is Kind.PLAYED else None
        out.append(Result(line.round, player_id(line.first), second, scores, line.kind, line.scrabbles))
    return out


def sheet_of(tournament: Any, *, date: str = "", starters: Mapping[str, int] | None = None) -> Sheet:
    """The sheet of a ``Tournament`` aggregate: its players in entry order, every result recorded.

    Tables published but not yet closed are left out (a file carries results, not pairings to come);
    a bye, a forfeit and a double absence carry the scores the standings rules give them. A game's
    line names first the player who started it: the pairing list's first (FILE 4.1) unless
    ``starters`` (game id to the seat that started) says the second did, as after a draw (FISC I.5).
    A forfeit names first the player present (AJS 4.1.11.1)."""
    rules = tournament.standings_rules
    players = tuple(Entry(int(p[1:]), info["name"], int(info["rating"]), info["federation_id"], info["club"],
                          info.get("division", "A"))
                    for p, info in sorted(tournament.players.items(), key=lambda kv: int(kv[0][1:])))
    tables = {(int(n), t["table"]): t for n, published in tournament.published.items() for t in published}
    lines = []
    for r in tournament.results.values():
        table = tables[(r["round"], r["table"])]
        first = int(table["first"][1:])
        second = int(table["second"][1:]) if table["second"] is not None else None
        kind = Kind(r["kind"])
        scrabbles = tuple(r["scrabbles"])
        if kind is Kind.PLAYED:
            scores = tuple(r["scores"])
        elif kind is Kind.BYE:
            scores = tuple(rules.bye_scores)
        elif kind is Kind.FORFEIT:
            scores = tuple(rules.forfeit_scores)
        else:
            scores = (0, 0)
        if kind is Kind.PLAYED and second is not None and (starters or {}).get(r["game_id"]) == 1:
            first, second, scores, scrabbles = second, first, scores[::-1], scrabbles[::-1]
        lines.append(Line(r["round"], first, second, scores, kind, scrabbles))
    ranks = {int(row.player[1:]): row.rank for row in tournament.standings()}
    extra: dict[str, Any] = {"ranks": ranks, "details": dict(getattr(tournament, "details", {}) or {})}
    if len(tournament.divisions) > 1:
        extra["division_ranks"] = {d: {int(row.player[1:]): row.rank for row in tournament.standings(division=d)}
                                   for d in tournament.divisions}
    return Sheet(tournament.name, tournament.rounds, players, tuple(lines), date, extra).sorted()
