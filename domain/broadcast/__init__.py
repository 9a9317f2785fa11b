"""The public broadcast of an event: how long the public board waits before it shows each fact."""

from domain.broadcast.aggregate import MAX_DELAY, Broadcast, broadcast_id

__all__ = ["MAX_DELAY", "Broadcast", "broadcast_id"]
