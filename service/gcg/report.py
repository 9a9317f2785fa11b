"""What ``planilla gcg verify`` says of a file: its ``FileReport`` and each ``Problem`` in it.

Plain classes, not dataclasses: ``verify`` is timed with its start-up, and ``dataclasses`` (with ``inspect``,
which it imports) is about a tenth of that start-up; nothing on the quick path needs it.
"""

from __future__ import annotations


class _Record:
    """Fields by name, compared and shown as a dataclass's would be."""

    __slots__ = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclasses were

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Problem(_Record):
    """One disagreement: its line, kind (score, total, shape, end, syntax), what was written and what is right."""

    __slots__ = ("line", "kind", "recorded", "expected", "message")

    def __init__(self, line: int | None, kind: str, recorded: object, expected: object, message: str) -> None:
        self.line, self.kind, self.recorded, self.expected, self.message = line, kind, recorded, expected, message

    def to_dict(self) -> dict[str, object]:
        """The problem as the ``--json`` output shows it."""
        return {name: getattr(self, name) for name in self.__slots__}


class FileReport(_Record):
    """The verdict on one file; ``error`` is set when it could not be read at all."""

    __slots__ = ("path", "tiles", "plays", "problems", "error")

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
