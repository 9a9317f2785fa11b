"""The HTTP service's settings: where the events live, and how the live stream polls."""

from __future__ import annotations

from dataclasses import dataclass

from service.settings import in_memory

#: FastAPI's own OpenTelemetry hooks, off: the service exports no telemetry (a hall has no collector to send it
#: to), and with them on every request asked OpenTelemetry for its three providers (a sixtieth of a command's time
#: on the event loop under load; bench/README.md).
NO_TELEMETRY = {"tracing": False, "metrics": False, "logs": False}


@dataclass(frozen=True)
class ServiceSettings:
    """One typed settings object, handed to ``create_app``; nothing here reads the environment.

    ``store`` is what ``service.settings.settings_env`` reads: a data folder (SQLite inside),
    ``sqlite:///path``, ``postgresql://user@host:port/db`` or ``memory``.
    """

    store: str = "data"
    #: Seconds between a hall stream's reads of the versions the read models hold (``GET /v1/tables/stream``). A game's
    #: or a duplicate's stream reads the store only when woken (a save here, or another process's, seen by the
    #: application's store watch within half a second) and, as a safety net, at each keep-alive.
    stream_poll_seconds: float = 0.5
    #: Seconds of silence after which a stream sends a comment line, so proxies keep it open.
    stream_keepalive_seconds: float = 15.0
    #: Seconds a read of one game's read models waits for them to reach the game's current version.
    read_wait_seconds: float = 1.0
    #: Where the read models are projected: ``thread`` (in this process), ``process`` (a child process,
    #: ``planilla projections follow``, off this process's interpreter lock: what ``planilla serve``
    #: uses), or ``off`` (another process projects, e.g. one ``planilla projections follow`` beside
    #: several servers).
    projector: str = "thread"
    #: Seconds between a child projector's reads of a store that has no notifications (SQLite), for what other
    #: processes write: this server's own saves wake it at once (``service.api.projector_process``), and the store
    #: watch wakes it within half a second of another process's save (``ServiceApplication.store_listeners``), so
    #: this read is a safety net only, and an idle hall's child wakes for it twice a minute (each wake-up after a
    #: long sleep costs a slow virtual machine some 10-30 ms of CPU: bench/README.md, "A nineteenth machine").
    projector_poll_seconds: float = 30.0
    #: Answer well-formed commands without the framework's per-request machinery
    #: (``service.api.fast_path``); the answers are the same either way (a test compares them).
    command_fast_path: bool = True
    #: The folder of the hall's certificates when the service serves TLS (``planilla serve --tls``):
    #: ``/hall/ca`` serves its authority from there; None: no TLS, those pages answer 404.
    tls_dir: str | None = None
    #: The data folder whose ``lexicons/`` a duplicate's computed master reads (``planilla lexicon load``);
    #: None: the store's own data folder when it is one, else no lexicon.
    lexicon_data: str | None = None
    #: Open public-board streams this server holds at most (``/v1/public/.../stream``); one more: 503.
    public_streams_max: int = 5000
    #: Seconds between the public board's deliveries (``service.api.streams.fanout``): frames due within one tick
    #: go out as one write per stream.
    public_tick_seconds: float = 0.1
    #: Who writes the plain-HTTP public streams: ``loop`` (this process's event loop) or ``process`` (a writer
    #: process beside it, ``service.api.streams.link``, at ``public_writer_nice`` below it: what ``planilla serve``
    #: uses, so 2,000 viewers never stand between a tablet and its answer).
    public_writer: str = "loop"
    #: How much lower the writer process's CPU priority is (``nice``: 0-19).
    public_writer_nice: int = 10
    #: Seconds between a hall stream's reads when nothing was saved (``GET /v1/tables/stream``: what changes with
    #: time alone, a tablet going silent or connecting).
    hall_refresh_seconds: float = 5.0
    #: Open hall streams (the officials' consoles) this server holds at most; one more: 503.
    hall_streams_max: int = 20

    def __post_init__(self) -> None:
        if not str(self.store).strip():
            raise ValueError("store: a data folder, sqlite:///…, postgresql://… or memory")
        if self.projector not in ("thread", "process", "off"):
            raise ValueError("projector: thread, process or off")
        if self.public_writer not in ("loop", "process"):
            raise ValueError("public_writer: loop or process")
        if not 0 <= self.public_writer_nice <= 19:
            raise ValueError("public_writer_nice: 0 to 19")
        if self.projector == "process" and in_memory(self.store):
            raise ValueError("projector: a process cannot see an in-memory store; use thread")
        if not 0 < self.projector_poll_seconds <= 60:
            raise ValueError("projector_poll_seconds must be positive, at most 60")
        if not 0 < self.stream_poll_seconds <= 60 or not 0 < self.stream_keepalive_seconds <= 3600:
            raise ValueError("stream_poll_seconds and stream_keepalive_seconds must be positive")
        if not 0 < self.hall_refresh_seconds <= 3600:
            raise ValueError("hall_refresh_seconds must be positive, at most 3600")
