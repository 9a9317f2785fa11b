"""The projector child's work: the read models of one store followed until the child is told to stop.

What ``planilla projections follow`` runs (``service.cli.projections``), spawned by ``planilla serve`` or forked by it
(``service.api.projector_fork``), or started by hand beside several servers. Its imports wait for the call: the
command line imports this module at every start, ``gcg verify`` included.
"""

from __future__ import annotations

from collections.abc import Callable


def open_projections(target: str):
    """The application, the migrated read store and a projector for ``target``."""
    from projections.projector import Projector
    from projections.store import ReadStore
    from service.game.application import GamesApplication
    from service.settings import read_model_url, settings_env

    app = GamesApplication(settings_env(target))
    store = ReadStore(read_model_url(target))
    store.migrate()
    return app, store, Projector(app, store)


def follow(target: str, *, poll: float = 0.2, parent: int | None = None, wake: int | None = None) -> int:
    """Project ``target``'s events until SIGTERM or SIGINT, or until the process ``parent`` is gone; with ``wake``
    (a pipe's reading end), each byte read wakes the projector at once, and its end of file stops it."""
    import os
    import signal
    import threading

    from service.api.collector import off_while_starting, on_after_start
    from service.hall.process_end import Stop, until_end

    with off_while_starting():  # as in planilla serve's start (service.api.collector)
        app, store, projector = open_projections(target)
    on_after_start()
    projector.poll_interval = poll
    stop = Stop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    if wake is not None:
        threading.Thread(target=woken, args=(wake, projector.wake, stop.set, lambda: projector.wake_taken(poll)),
                         name="planilla-projector-wake", daemon=True).start()
    projector.listen()  # PostgreSQL: any process's commit wakes it (SQLite: its poll, and the pipe)
    projector.start()
    try:
        if parent is None:
            stop.sleep()
        else:  # the server died (even by SIGKILL): so do we
            until_end(stop, parent, lambda: os.getppid() == parent, every=0.5)
    finally:
        projector.stop()
        store.dispose()
        app.close()
    return 0


def woken(fd: int, wake: Callable[[], None], gone: Callable[[], None], taken: Callable[[], None]) -> None:
    """Read ``fd`` until its end: ``wake()`` after each read (many bytes at once are one wake-up), then ``taken()``
    (until the projector has begun that catch-up: the saves told meanwhile wait in the pipe, and a byte written to a
    pipe nobody waits on costs the server no wake-up of this thread), then ``gone()`` at the end."""
    import os

    while True:
        try:
            data = os.read(fd, 4096)
        except InterruptedError:
            continue
        except OSError:
            data = b""
        if not data:
            gone()
            return
        wake()
        taken()
