"""A GCG record as data: pragmas and events in file order, every field kept as written.

The tokens of an event (rack, position, word, tiles) stay text here: which tile set reads them
depends on the whole file (``#lexicon``, ``#tile-distribution``) or on the caller, so they are
parsed with ``domain.notation`` when the game is replayed (``service.gcg.verify``).
"""

from __future__ import annotations

from domain.records import Record
from service.gcg.kinds import (  # noqa: F401  (the kinds are part of the record's vocabulary)
    CHALLENGE_BONUS,
    END_PENALTY,
    END_POINTS,
    EXCHANGE,
    KINDS,
    PASS,
    PLAY,
    TIME_PENALTY,
    WITHDRAWN,
)

# Plain classes (``domain.records.Record``), not dataclasses: a file that does not add up is replayed the full way,
# with these, by ``planilla gcg verify``, which is timed with its start-up (``dataclasses`` and the ``inspect`` it
# imports cost about 10 ms in each of its processes).


class Pragma(Record):
    """A ``#name value`` line kept as written; a ``#note`` before the first event is one too. ``line`` (1-based, 0
    if not read from a file) is not compared."""

    FIELDS = ("name", "value")
    __slots__ = (*FIELDS, "line")

    def __init__(self, name: str, value: str, line: int = 0) -> None:
        self.name, self.value, self.line = name, value, line


class Event(Record):
    """One ``>nick:`` line: its kind, its fields as written, and the ``#note`` lines that follow it. ``tiles``:
    an exchange's tiles (or their count) after ``-``, an end line's tiles inside the parentheses; ``line`` is not
    compared."""

    FIELDS = ("kind", "nick", "rack", "score", "total", "position", "word", "tiles", "notes")
    __slots__ = (*FIELDS, "line")

    def __init__(self, kind: str, nick: str, rack: str, score: int, total: int, position: str = "", word: str = "",
                 tiles: str = "", notes: list[str] | None = None, line: int = 0) -> None:
        self.kind, self.nick, self.rack, self.score, self.total = kind, nick, rack, score, total
        self.position, self.word, self.tiles, self.line = position, word, tiles, line
        self.notes: list[str] = [] if notes is None else notes


class SyntaxIssue(Record):
    """A line that could not be read, with its 1-based number."""

    __slots__ = FIELDS = ("line", "text", "message")

    def __init__(self, line: int, text: str, message: str) -> None:
        self.line, self.text, self.message = line, text, message


class GcgGame(Record):
    """A whole record: pragmas and events in order; the encoding and unreadable lines are not compared."""

    FIELDS = ("entries",)
    __slots__ = ("entries", "encoding", "issues")

    def __init__(self, entries: list[Pragma | Event] | None = None, encoding: str = "UTF-8",
                 issues: list[SyntaxIssue] | None = None) -> None:
        self.entries: list[Pragma | Event] = [] if entries is None else entries
        self.encoding = encoding
        self.issues: list[SyntaxIssue] = [] if issues is None else issues

    @property
    def events(self) -> list[Event]:
        """The ``>`` lines, in order."""
        return [e for e in self.entries if isinstance(e, Event)]

    @property
    def pragmas(self) -> list[Pragma]:
        """The ``#`` lines not attached to an event, in order."""
        return [e for e in self.entries if isinstance(e, Pragma)]

    def pragma(self, name: str) -> str | None:
        """The value of the first ``#name`` pragma, or None."""
        for e in self.entries:
            if isinstance(e, Pragma) and e.name == name:
                return e.value
        return None

    @property
    def players(self) -> list[tuple[str, str]]:
        """(nick, full name) from ``#player1`` and ``#player2``; nicks first seen in events follow."""
        found: dict[str, str] = {}
        for number in ("player1", "player2"):
            value = self.pragma(number)
            if value:
                nick, *name = value.split(None, 1)
                found[nick] = name[0].strip() if name else nick
        for e in self.entries:
            if isinstance(e, Event) and e.nick not in found:
                found[e.nick] = e.nick
        return list(found.items())

    @property
    def lexicon(self) -> str | None:
        """The ``#lexicon`` named, if any."""
        return self.pragma("lexicon")
