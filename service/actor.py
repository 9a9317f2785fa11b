"""Who records a fact, and the clock the service reads when none is injected."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, NamedTuple


def utc_now() -> str:
    """The current time as ISO-8601 UTC with milliseconds (``2025-05-01T10:00:00.000Z``)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


#: The actor of what the service does itself: the virtual bag's refill after an acceptance.
BAG_ACTOR = "service:bag"


class Actor(NamedTuple):
    """Who sends a command (``player:0``, ``director:ana``, ``system``) and from which device."""

    actor: str
    device: str | None = None
    #: The official's enrolled key and signature sent with the command (``domain.game.official.OfficialHand``).
    official: Any = None
    #: The id of the player token that sends the command (None for an official's or the service's own): a seat
    #: with a key speaks only from the token its key was registered under (``domain.game.keys.KeyCommands.guard_hand``).
    token: str | None = None
