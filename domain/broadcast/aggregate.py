"""One event's public broadcast, as an aggregate: its delay, every change of it, who made it and why.

The public board (``/board``, ``/wall``, ``docs/public-board.md``) shows each fact of an event's games
only ``delay_seconds`` after it was recorded, so that nobody outside can help a player with what the
audience sees. The director sets the delay; each setting is an event of this aggregate (who, when,
the reason), so the trail shows what the public could see at any moment. One aggregate per event
name: its id is ``uuid5`` of the name, so it is found without an index.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

from domain.errors import msg

#: Namespace of the broadcasts' ids (uuid5 over the event's name).
BROADCAST_NAMESPACE = UUID("b7c0e0a2-5d1e-4f3a-9c61-3e2f8a7d4b15")
#: The longest delay a director may set: one hour (a round's clock is at most 2 × 25 minutes).
MAX_DELAY = 3600


def broadcast_id(event: str) -> UUID:
    """The id of the broadcast of the event named ``event``."""
    return uuid5(BROADCAST_NAMESPACE, event)


def checked(seconds: int) -> int:
    """A delay in whole seconds, 0 to ``MAX_DELAY``; ValueError naming the field otherwise."""
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 <= seconds <= MAX_DELAY:
        raise ValueError(msg("service.delay_seconds_must_whole", max_delay=MAX_DELAY))
    return seconds


class Broadcast(Aggregate):
    """The public board's delay for one event, and its history."""

    @dataclass(frozen=True)
    class Started(Aggregate.Created):
        """The event's broadcast was first configured."""

        event: str
        delay_seconds: int
        reason: str
        by: str
        at: str

    @dataclass(frozen=True)
    class DelaySet(Aggregate.Event):
        """The delay was changed."""

        delay_seconds: int
        reason: str
        by: str
        at: str

        def apply(self, aggregate: Any) -> None:
            aggregate.delay_seconds = self.delay_seconds
            aggregate.history = [*aggregate.history, {"delay_seconds": self.delay_seconds, "reason": self.reason,
                                                      "by": self.by, "at": self.at}]

    def __init__(self, event: str, delay_seconds: int, reason: str, by: str, at: str, **_: Any) -> None:
        self.event, self.delay_seconds = event, delay_seconds
        self.history = [{"delay_seconds": delay_seconds, "reason": reason, "by": by, "at": at}]

    @classmethod
    def start(cls, event: str, delay_seconds: int, reason: str, by: str, at: str) -> "Broadcast":
        """The first setting of ``event``'s delay."""
        return cls._create(cls.Started, id=broadcast_id(event), event=event, delay_seconds=checked(delay_seconds),
                           reason=reason, by=by, at=at)

    def set_delay(self, delay_seconds: int, reason: str, by: str, at: str) -> None:
        """A new delay (the same delay again is recorded too: the director said it, with a reason)."""
        self.trigger_event(self.DelaySet, delay_seconds=checked(delay_seconds), reason=reason, by=by, at=at)
