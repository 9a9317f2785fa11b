"""``planilla serve``: the HTTP service on uvicorn, printing its address (and, once, a director token).

The port is taken and the store checked before anything is created: a port already in use is answered with one
line naming ``--port``, a store that cannot be used with one line naming what is wrong, and the data folder, the store and the first director token are made only once
the service can listen (a token printed and then lost to a crash is a token nobody holds). uvicorn's
settings live in one place, ``uvicorn_config``.
"""

from __future__ import annotations

import errno
import resource
import socket
import sys
from typing import Any, TextIO

from service.api.collector import off_while_starting, on_after_start
from service.api.middleware.timeouts import BODY_TIMEOUT, HEADER_TIMEOUT, KEEP_ALIVE_TIMEOUT, guarded_protocol


class CannotListen(Exception):
    """The address cannot be listened on; the message is one line for the person starting the service."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port), so the address printed is the real one.

    It listens at once, so no other process can take the port between this check and uvicorn's start.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as err:
        sock.close()
        raise CannotListen(_why(host, port, err)) from None
    return sock


def _why(host: str, port: int, err: OSError) -> str:
    """One line saying why ``host:port`` cannot be listened on, and what to do."""
    if err.errno == errno.EADDRINUSE:
        return (f"port {port} on {host} is already in use (another planilla serve?): "
                f"stop it, or choose another port with --port (e.g. --port {port + 1 if port < 65535 else 8080})")
    if err.errno == errno.EACCES:
        return f"port {port} needs administrator rights on this system: choose one above 1023 with --port"
    if err.errno == errno.EADDRNOTAVAIL or isinstance(err, socket.gaierror):
        return f"{host} is not an address of this computer: choose one with --host (e.g. --host 0.0.0.0)"
    return f"cannot listen on {host}:{port}: {err.strerror or err}"


def raise_open_files(wanted: int) -> int:
    """Raise this process's open-files limit towards ``wanted`` (up to the system's hard limit); the new limit.

    Every viewer of the public board is a socket, held by the server and by its writer process (which
    inherits the limit): a laptop's usual 1,024 would refuse the 1,000th viewer. Only ever raised.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            return target
        except (ValueError, OSError):
            return soft
    return soft


#: The cyclic garbage collector's thresholds for the server process (Python's defaults: 700, 10, 10).
GC_THRESHOLDS = (10_000, 50, 1_000)


def tune_gc() -> None:
    """Collect less often, and never look again at what start-up made (``gc.freeze``).

    Every request allocates a few hundred objects, so with the defaults a young collection ran
    every few requests and an older one, walking the cached games, every few dozen: under load
    that cost a sixth of the throughput and a third of the 99th-percentile latency (bench/README.md).
    Nothing here relies on cycles being collected promptly; memory is still reclaimed.
    """
    on_after_start(GC_THRESHOLDS)  # off while starting (``serve``)


def uvicorn_config(app: Any, *, access_log: bool = True, header_timeout: float = HEADER_TIMEOUT,
                   body_timeout: float = BODY_TIMEOUT, **options: Any) -> Any:
    """uvicorn's settings for the service, in one place: the connection guard (``service.api.middleware.timeouts``:
    headers and bodies that take too long are answered 408), the keep-alive bound, a short graceful
    shutdown. ``options`` go to ``uvicorn.Config`` as they are (TLS certificates, say)."""
    import uvicorn

    settings: dict[str, Any] = {"log_level": "info", "access_log": access_log, "timeout_graceful_shutdown": 3,
                                "timeout_keep_alive": KEEP_ALIVE_TIMEOUT,
                                "http": guarded_protocol(header_timeout, body_timeout)}
    settings.update(options)
    return uvicorn.Config(app, **settings)


def key_notice(key: Any, made: bool) -> str:
    """The start-up line naming the service key: its fingerprint (printed on every sheet too) and where it is."""
    from service.trust.keys import spaced

    where = ("in memory (this store lives in memory: a new key each start)" if key.path is None else
             f"{'made now in' if made else 'kept in'} {key.path}")
    return (f"Service key (Ed25519) fingerprint: {spaced(key.fingerprint)} ({where}; "
            f"GET /v1/keys gives the public key)\n")


def director_hint(store: str) -> str:
    """The command that makes a director token for ``store``."""
    option = "--database-url" if "://" in store else "--data"
    return f"planilla token create --role director {option} {store}"


def serve(host: str, port: int, store: str, *, access_log: bool = True, out: TextIO | None = None,
          err: TextIO | None = None, tls: bool = False, http_port: int = 8080, public_writer: str = "process",
          tls_days: int = 14, federation: str | None = None, federation_every: float = 5.0) -> int:
    """Run the service until interrupted; on a store's first start, print a director token once.

    With ``tls``: HTTPS with the hall's certificates (``service.hall.tls``, made once in ``<data>/tls``, the
    authority name-constrained and valid ``tls_days`` days), and
    on ``http_port`` a plain-HTTP door serving only the authority's page (``service.hall.door``). ``public_writer``:
    who writes the public board's plain-HTTP streams (``ServiceSettings.public_writer``).
    Returns the exit code: 0 after a clean stop, 1 when the address cannot be listened on or the store cannot be
    used as given (``service.store_check``: a PostgreSQL server not answering, a database or a user it does not
    have, a schema name it would have to quote, a read-only data folder): one line on ``err``, nothing created.
    """
    from service.store_check import StoreRefused, check

    out, err = out or sys.stdout, err or sys.stderr
    try:
        sock = bind(host, port)
    except CannotListen as refusal:
        err.write(f"planilla: {refusal}\n")
        return 1
    try:
        store_line = check(store)  # a store that cannot be used: one line, before anything is created
    except StoreRefused as refusal:
        sock.close()
        err.write(f"planilla: {refusal}\n")
        return 1
    from service.api.quiet_server import QuietServer  # the service only once the port and store are usable

    preforked = None
    try:
        with off_while_starting():  # until tune_gc (service.api.collector); the child's imports too
            preforked = _prefork_projector(store)  # before anything is built: the child has its modules for nothing
            app, games, settings, hall, service_key, made, first = _service(host, store, tls, tls_days,
                                                                            public_writer, preforked)
    except BaseException:
        if preforked is not None:
            preforked.abandon()
        raise
    files = raise_open_files(settings.public_streams_max + 1024)
    if files < settings.public_streams_max + 1024:
        out.write(f"Open files limited to {files} by the system: about {max(files - 1024, 0)} public-board viewers at "
                  "most (raise it with 'ulimit -n')\n")
    tune_gc()
    shown = f"[{host}]" if ":" in host else host
    if first is not None:
        out.write("First start on this store: a director token (shown once, keep it; "
                  f"'{director_hint(store)}' makes more):\n{first}\n")
    elif not games.has_director():
        out.write(f"No director token can be used on this store: make one with '{director_hint(store)}'\n")
    else:
        out.write(f"Director token lost? '{director_hint(store)}' makes another.\n")
    scheme = "https" if hall is not None else "http"
    address = f"{scheme}://{shown}:{sock.getsockname()[1]}"
    out.write(f"Pages: {address}/ (bind a tablet: {address}/tablet; the contract: {address}/docs)\n")
    out.write(key_notice(service_key, made))
    out.write(f"{store_line}\n")
    out.write(f"Planilla listening on {address}\n")
    ssl: dict[str, str] = {}
    if hall is not None:
        from service.hall.door import PlainDoor

        door = PlainDoor(hall, sock.getsockname()[1], host, http_port).start()
        out.write(hall_notice(hall, host, door.port))
        ssl = {"ssl_certfile": str(hall.server_cert), "ssl_keyfile": str(hall.server_key)}
    pusher = None
    if federation:  # issue 29: closed games and round seals to the federation, through the hall's outbox
        from service.federation.outbox import start_pusher

        pusher = start_pusher(games, store, federation, federation_every)
        app.state.federation_outbox = pusher.outbox_at
        out.write(f"Pushing closed games and round seals to the federation at {federation}\n")
    out.flush()
    try:
        QuietServer(uvicorn_config(app, access_log=access_log, **ssl)).run(sockets=[sock])
    finally:
        if pusher is not None:
            pusher.stop()
    return 0


def _prefork_projector(store: str) -> Any:
    """The projector child forked now (``service.api.projector_fork``), or None: an in-memory store projects in a
    thread, and where there is no fork the child is spawned when the service starts."""
    from service.settings import in_memory

    if in_memory(store):
        return None
    from service.api.config import ServiceSettings
    from service.api.projector_fork import prefork
    from service.api.projector_process import ProjectorProcess

    poll = ServiceSettings.projector_poll_seconds  # what _service's settings hold
    return prefork(store, poll, ProjectorProcess(store, poll).command)


def _service(host: str, store: str, tls: bool, tls_days: int, public_writer: str,
             preforked: Any = None) -> tuple[Any, ...]:
    """The app on ``store`` and what ``serve`` prints about it: (app, application, settings, hall certificates
    or None, service key, whether the key was made now, the first director token or None)."""
    from service.access.application import ServiceApplication
    from service.api.app import create_app
    from service.api.config import ServiceSettings
    from service.settings import in_memory, settings_env
    from service.trust.keys import ServiceKey

    hall = None
    if tls:  # cryptography is imported only for a hall served over HTTPS
        from service.hall import tls as tls_module

        hall = tls_module.ensure(tls_module.folder_for(store), (host,), days=tls_days)
    service_key, made = ServiceKey.for_store(store)
    games = ServiceApplication(settings_env(store), service_key=service_key)
    first = games.bootstrap_director()
    # The read models are projected in a child process, off the requests' interpreter lock (a store in
    # memory cannot be shared with one, so there the projector stays a thread).
    projector = "thread" if in_memory(store) else "process"
    settings = ServiceSettings(store=store, projector=projector, tls_dir=None if hall is None else str(hall.folder),
                               public_writer=public_writer)
    app = create_app(settings, application=games, preforked=preforked)
    return app, games, settings, hall, service_key, made, first


def hall_notice(hall: Any, host: str, http_port: int) -> str:
    """What the director reads at start: where tablets install the authority, and its fingerprint."""
    from service.hall import tls as tls_module

    if host in ("0.0.0.0", "::", ""):  # every address: the tablets use the laptop's address on the hall's Wi-Fi
        _, addresses = tls_module.local_names((host,))
        shown = [a for a in addresses if a != "127.0.0.1"] or addresses
    else:
        shown = [f"[{host}]" if ":" in host else host]
    made = "made now" if hall.ca_created else ("server certificate renewed" if hall.server_created else "reused")
    if hall.ca_created and hall.replaced:
        made += f"; it replaces the authority {hall.replaced}: tablets remove that one (the install page says how)"
    _, _, until = hall.trusts()
    doors = "\n".join(f"  http://{a}:{http_port}/hall/ca" for a in shown)
    return (f"Hall certificates in {hall.folder} ({made}). Tablets install the hall's authority once from:\n"
            f"{doors}\nThe authority is valid until {until:%Y-%m-%d %H:%M} UTC (--tls-days), only for the hall's "
            f".local name and private addresses.\nAuthority fingerprint (SHA-256): {hall.fingerprint()}\n")
