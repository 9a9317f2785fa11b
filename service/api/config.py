"""The HTTP service's settings: where the events live, and how the live stream polls."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServiceSettings:
    """One typed settings object, handed to ``create_app``; nothing here reads the environment.

    ``store`` is what ``service.settings.settings_env`` reads: a data folder (SQLite inside),
    ``sqlite:///path``, ``postgresql://user@host:port/db`` or ``memory``.
    """

    store: str = "data"
    #: Seconds between a stream's reads of the store, for events another process wrote.
    stream_poll_seconds: float = 0.5
    #: Seconds of silence after which a stream sends a comment line, so proxies keep it open.
    stream_keepalive_seconds: float = 15.0
    #: Commands run at once (the others queue, first come first served). Writes to one store are
    #: serialised by the store anyway; more threads only contend for its lock (bench/README.md).
    command_concurrency: int = 4
    #: Seconds a read of one game's read models waits for them to reach the game's current version.
    read_wait_seconds: float = 1.0

    def __post_init__(self) -> None:
        if not str(self.store).strip():
            raise ValueError("store: a data folder, sqlite:///…, postgresql://… or memory")
        if not 1 <= self.command_concurrency <= 64:
            raise ValueError("command_concurrency: from 1 to 64")
        if not 0 < self.stream_poll_seconds <= 60 or not 0 < self.stream_keepalive_seconds <= 3600:
            raise ValueError("stream_poll_seconds and stream_keepalive_seconds must be positive")
