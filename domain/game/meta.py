"""Who recorded a fact, from which device, and when (the application's clock, never the domain's)."""

from __future__ import annotations

from typing import Any, NamedTuple


class Meta(NamedTuple):
    """The actor (``player:0``, ``director:ana``, ``system``), the device, and an ISO-8601 time."""

    actor: str
    device: str | None
    at: str
    #: An official's enrolled key and signature sent with the command (``domain.game.official.OfficialHand``):
    #: it signs the command's official entry. Never part of the chain's meta (``as_dict``).
    official: Any = None
    #: The id of the player token that sent the command (None when no token did: an official's, the service's);
    #: never part of the chain's meta. A seat with a key speaks only from its key's token (``keys.guard_hand``).
    token: str | None = None

    def as_dict(self) -> dict[str, str | None]:
        """The three fields as a dict."""
        return {"actor": self.actor, "device": self.device, "at": self.at}
