"""Who recorded a fact, from which device, and when (the application's clock, never the domain's)."""

from __future__ import annotations

from typing import NamedTuple


class Meta(NamedTuple):
    """The actor (``player:0``, ``director:ana``, ``system``), the device, and an ISO-8601 time."""

    actor: str
    device: str | None
    at: str

    def as_dict(self) -> dict[str, str | None]:
        """The three fields as a dict."""
        return {"actor": self.actor, "device": self.device, "at": self.at}
