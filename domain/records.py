"""``Record``: a plain class whose named fields are compared and shown as a dataclass's would be.

For the classes on ``planilla gcg verify``'s path (``domain.tiles.TileSet``, ``service.gcg.report``): that command
is timed with its start-up, and importing ``dataclasses`` (with ``inspect``) is about a tenth of it.
"""

from __future__ import annotations


class Record:
    """Equal when of the same class with equal ``FIELDS``; shown as ``Name(field=value, ...)``."""

    __slots__ = ()
    #: The fields compared and shown, in order.
    FIELDS: tuple[str, ...] = ()

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # a mutable record has none; an immutable one says its own

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({fields})"
