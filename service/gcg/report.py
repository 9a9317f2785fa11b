"""What ``planilla gcg verify`` says of a file: its ``FileReport`` and each ``Problem`` in it.

Plain classes (``domain.records.Record``), not dataclasses: ``verify`` is timed with its start-up.
"""

from __future__ import annotations

from domain.records import Record


class Problem(Record):
    """One disagreement: its line, kind (score, total, shape, end, syntax), what was written and what is right."""

    __slots__ = FIELDS = ("line", "kind", "recorded", "expected", "message")

    def __init__(self, line: int | None, kind: str, recorded: object, expected: object, message: str) -> None:
        self.line, self.kind, self.recorded, self.expected, self.message = line, kind, recorded, expected, message

    def to_dict(self) -> dict[str, object]:
        """The problem as the ``--json`` output shows it."""
        return dict(zip(self.FIELDS, self._key()))


class FileReport(Record):
    """The verdict on one file; ``error`` is set when it could not be read at all."""

    __slots__ = FIELDS = ("path", "tiles", "plays", "problems", "error")

    def __init__(self, path: str, tiles: str | None, plays: int = 0, problems: list[Problem] | None = None,
                 error: str | None = None) -> None:
        self.path, self.tiles, self.plays, self.error = path, tiles, plays, error
        self.problems: list[Problem] = [] if problems is None else problems

    def to_dict(self) -> dict[str, object]:
        """The report as one element of the ``--json`` ``files`` list."""
        out: dict[str, object] = {
            "path": self.path,
            "tiles": self.tiles,
            "plays": self.plays,
            "problems": [p.to_dict() for p in self.problems],
        }
        if self.error is not None:
            out["error"] = self.error
        return out
