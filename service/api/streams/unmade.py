"""The saves the public board has not made a frame of: what a save costs the fan-out while nobody follows it.

``Fanout.saved`` (on the writing thread) notes each game's last version saved and when the first save after
its last frame was told; a frame made, delivered or worked out by a read clears the game up to its version.
What is left tells a public read whether memory still answers (``Fanout.shown_now``), and a channel's first
stream which games to catch up (``Fanout._catch_up``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from uuid import UUID


class Unmade:
    """By game: ``[the last version saved, when (epoch seconds) the first save not in a frame was recorded]``."""

    def __init__(self) -> None:
        self._saves: dict[UUID, list[float]] = {}
        self._lock = threading.Lock()

    def __bool__(self) -> bool:
        return bool(self._saves)

    def note(self, ident: UUID, version: int) -> None:
        """A save of ``ident`` up to ``version`` was told now (just after it was written)."""
        with self._lock:
            found = self._saves.get(ident)
            if found is None:
                self._saves[ident] = [version, time.time()]
            elif version > found[0]:
                found[0] = version

    def clear(self, game_id: UUID | str, version: int) -> None:
        """The game's saves up to ``version`` are in a frame now."""
        try:
            ident = game_id if isinstance(game_id, UUID) else UUID(game_id)
        except ValueError:  # not a game's id (a test's frame)
            return
        with self._lock:
            found = self._saves.get(ident)
            if found is not None and found[0] <= version:
                del self._saves[ident]

    def since(self, ident: UUID, version: int) -> float | None:
        """When the first save of ``ident`` after ``version`` not in a frame was recorded (None: there is none)."""
        with self._lock:
            found = self._saves.get(ident)
            return found[1] if found is not None and found[0] > version else None

    def recorded(self, ident: UUID, when: float | None) -> None:
        """The first save not in a frame was recorded at ``when`` (a read worked it out from the store)."""
        if when is None:
            return
        with self._lock:
            found = self._saves.get(ident)
            if found is not None:
                found[1] = when

    def of(self, key: str, keys_of: Callable[[UUID], list[str]]) -> list[tuple[UUID, int]]:
        """Every game with a save not in a frame whose channels (``keys_of``) include ``key``, at its last version."""
        with self._lock:
            return [(ident, int(found[0])) for ident, found in self._saves.items() if key in keys_of(ident)]
