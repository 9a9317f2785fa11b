"""A GCG record as data: pragmas and events in file order, every field kept as written.

The tokens of an event (rack, position, word, tiles) stay text here: which tile set reads them
depends on the whole file (``#lexicon``, ``#tile-distribution``) or on the caller, so they are
parsed with ``domain.notation`` when the game is replayed (``service.gcg.verify``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass(slots=True)
class Pragma:
    """A ``#name value`` line kept as written; a ``#note`` before the first event is one too."""

    name: str
    value: str
    line: int = field(default=0, compare=False)


@dataclass(slots=True)
class Event:
    """One ``>nick:`` line: its kind, its fields as written, and the ``#note`` lines that follow it."""

    kind: str
    nick: str
    rack: str
    score: int
    total: int
    position: str = ""
    word: str = ""
    #: Exchange: the tiles (or the count) after ``-``; end lines: the tiles inside the parentheses.
    tiles: str = ""
    notes: list[str] = field(default_factory=list)
    line: int = field(default=0, compare=False)


@dataclass(slots=True)
class SyntaxIssue:
    """A line that could not be read, with its 1-based number."""

    line: int
    text: str
    message: str


@dataclass
class GcgGame:
    """A whole record: pragmas and events in order; the encoding and unreadable lines are not compared."""

    entries: list[Pragma | Event] = field(default_factory=list)
    encoding: str = field(default="UTF-8", compare=False)
    issues: list[SyntaxIssue] = field(default_factory=list, compare=False)

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
