"""``planilla serve``: the HTTP service on uvicorn, printing its address (and, once, a director token)."""

from __future__ import annotations

import gc
import socket
import sys
from typing import Any, TextIO

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.settings import in_memory, settings_env


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port), so the address printed is the real one."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    return sock


#: The cyclic garbage collector's thresholds for the server process (Python's defaults: 700, 10, 10).
GC_THRESHOLDS = (10_000, 50, 1_000)


def tune_gc() -> None:
    """Collect less often, and never look again at what start-up made (``gc.freeze``).

    Every request allocates a few hundred objects, so with the defaults a young collection ran
    every few requests and an older one, walking the cached games, every few dozen: under load
    that cost a sixth of the throughput and a third of the 99th-percentile latency (bench/README.md).
    Nothing here relies on cycles being collected promptly; memory is still reclaimed.
    """
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def serve(host: str, port: int, store: str, *, access_log: bool = True, out: TextIO | None = None,
          tls: bool = False, http_port: int = 8080) -> None:
    """Run the service until interrupted; on a store's first start, print a director token once.

    With ``tls``: HTTPS with the hall's certificates (``service.tls``, made once in ``<data>/tls``), and
    on ``http_port`` a plain-HTTP door serving only the authority's page (``service.hall``)."""
    import uvicorn

    out = out or sys.stdout
    hall = None
    if tls:
        from service import tls as tls_module

        hall = tls_module.ensure(tls_module.folder_for(store), (host,))
    games = ServiceApplication(settings_env(store))
    first = games.bootstrap_director()
    # The read models are projected in a child process, off the requests' interpreter lock (a store in
    # memory cannot be shared with one, so there the projector stays a thread).
    projector = "thread" if in_memory(store) else "process"
    settings = ServiceSettings(store=store, projector=projector, tls_dir=None if hall is None else str(hall.folder))
    app = create_app(settings, application=games)
    tune_gc()
    sock = bind(host, port)
    shown = f"[{host}]" if ":" in host else host
    if first is not None:
        out.write("First start on this store: a director token (shown once, keep it; "
                  f"'planilla token create' makes more):\n{first}\n")
    scheme = "https" if hall is not None else "http"
    out.write(f"Planilla listening on {scheme}://{shown}:{sock.getsockname()[1]}\n")
    ssl: dict[str, str] = {}
    if hall is not None:
        from service.hall import PlainDoor

        door = PlainDoor(hall, sock.getsockname()[1], host, http_port).start()
        out.write(hall_notice(hall, host, door.port))
        ssl = {"ssl_certfile": str(hall.server_cert), "ssl_keyfile": str(hall.server_key)}
    out.flush()
    config = uvicorn.Config(app, log_level="info", access_log=access_log, timeout_graceful_shutdown=3, **ssl)
    uvicorn.Server(config).run(sockets=[sock])


def hall_notice(hall: Any, host: str, http_port: int) -> str:
    """What the director reads at start: where tablets install the authority, and its fingerprint."""
    from service import tls as tls_module

    if host in ("0.0.0.0", "::", ""):  # every address: the tablets use the laptop's address on the hall's Wi-Fi
        _, addresses = tls_module.local_names((host,))
        shown = [a for a in addresses if a != "127.0.0.1"] or addresses
    else:
        shown = [f"[{host}]" if ":" in host else host]
    made = "made now" if hall.ca_created else ("server certificate renewed" if hall.server_created else "reused")
    doors = "\n".join(f"  http://{a}:{http_port}/hall/ca" for a in shown)
    return (f"Hall certificates in {hall.folder} ({made}). Tablets install the hall's authority once from:\n"
            f"{doors}\nAuthority fingerprint (SHA-256): {hall.fingerprint()}\n")
