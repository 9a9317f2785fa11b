"""The projector's supervised thread: it follows the store until stopped.

``start()`` runs a background thread: on PostgreSQL it catches up, then follows the
library's LISTEN/NOTIFY subscription (``recorder.subscribe``); SQLite has no subscription, so
there (and in memory) it polls every ``poll_interval`` seconds, and ``wake()`` (``wait_for``, or the server's own
saves told through a pipe: ``service/api/projector_process.py``, or, with ``listen()``, a PostgreSQL store's NOTIFY
from any process: ``projections/listener.py``) wakes it at once. A failure (the read store cannot
be written: a full disk, a read-only file; or a bug) is retried with backoff, 0.1 s doubling to 30 s
and reset only once a catch-up succeeds again; it is logged in one line when the projector starts
failing and in one when it has recovered (how many attempts, for how long), the traceback and each
retry at DEBUG only (issue 27: not a traceback every 0.1 s). The thread never ends until ``stop()``.
Only one projector thread runs per read store (a PostgreSQL advisory lock, an ``flock`` beside a
SQLite file).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

log = logging.getLogger("planilla.projections")

BACKOFF_FIRST, BACKOFF_MAX = 0.1, 30.0
#: Pacing. A catch-up of at least ``BEHIND`` events means the projector is behind a burst of commands: it then rests
#: ``REST`` times as long as that catch-up took (at most ``REST_MAX`` seconds) before the next, so it takes the
#: events of the burst in larger batches, each game's rows written once for several of its events, and uses at most
#: about a quarter of a core while the server's commands need both (bench/README.md: with the projector catching up
#: at every save, 64 tablets' commands ran 12% slower than with it stopped). A hall's pace gives catch-ups of an
#: event or two, which follow their wake at once.
BEHIND = 16
REST = 3.0
REST_MAX = 0.25
_now = time.monotonic  # the pacing's clock (a test's own)
LOCK_RETRY = 0.25  # seconds between looks at a read store's projector lock another projector holds


def has_subscription(app: Any) -> bool:
    """True for a recorder with a native subscription worth following (PostgreSQL's LISTEN/NOTIFY)."""
    return type(app.recorder).__module__.startswith("eventsourcing.postgres")


class Follower:
    """The thread of a ``projections.projector.Projector``: it runs ``catch_up()`` whenever the store has more.

    The projector holds the state it uses: ``app``, ``store``, ``native``, ``poll_interval``, the events
    ``_wake``, ``_taken`` and ``_stopping``, ``_thread``, ``_subscription``, ``_listener``, ``_done``, ``failures``
    and ``last_error``.
    """

    @property
    def running(self) -> bool:
        """True while the background thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    def wake(self) -> None:
        """Read the store now (something was saved): thread-safe, and cheap enough to call on every save."""
        self._wake.set()

    def wake_taken(self, timeout: float) -> None:
        """Return once the thread has taken a wake since the last call (begun the catch-up it asks for), or after
        ``timeout`` seconds. A waker that waits for this before waking again wakes once per catch-up, however many
        saves came meanwhile (the server's wake pipe: ``service.cli.projections``); whatever it wakes late, the
        next catch-up reads, as it reads the store from its last position."""
        self._taken.wait(timeout)
        self._taken.clear()

    def listen(self) -> bool:
        """On a PostgreSQL store followed by polling, also wake at every ``NOTIFY`` of the events table, whichever
        process wrote (``projections.listener``); True if it listens. A process of its own only (``planilla
        projections follow``): the listener holds a connection of the store's pool for as long as it runs."""
        from projections.listener import NotifyListener, notify_channel

        channel = None if self.native else notify_channel(self.app.recorder)
        if channel is None:
            return False
        if self._listener is None:
            self._listener = NotifyListener(self.app.recorder.datastore, channel, self.wake)
            self._listener.start()
        return True

    def start(self) -> None:
        """Start the background thread (no-op if it runs)."""
        if self.running:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="planilla-projector", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the background thread and wait for it."""
        self._stopping.set()
        self._wake.set()
        listener = self._listener
        if listener is not None:
            listener.stop()
            self._listener = None
        subscription = self._subscription
        if subscription is not None:
            subscription.stop()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _run(self) -> None:
        self._backoff = BACKOFF_FIRST
        while not self._stopping.is_set():
            try:
                with self.store.projector_lock() as mine:
                    if not mine:
                        # Most often the projector of a server that just died, ending within half a second: look
                        # again soon at a fixed pace (a doubling wait once left a restarted server's read models
                        # 5 s behind, an index without the games just played).
                        if not getattr(self, "_lock_waiting", False):
                            log.info("another projector holds the read store's lock; waiting")
                        self._lock_waiting = True
                        self._stopping.wait(LOCK_RETRY)
                        continue
                    self._lock_waiting = False
                    self._follow()
            except Exception as error:  # supervised: log (once), back off, try again
                self._failed(error)
                self._stopping.wait(self._backoff)
                self._backoff = min(self._backoff * 2, BACKOFF_MAX)

    def _failed(self, error: Exception) -> None:
        """A failed attempt: counted and kept for /health; said in one line only when the failing starts."""
        self.failures += 1
        self.last_error = f"{type(error).__name__}: {error}"
        first_line = (str(error).strip().splitlines() or [""])[0][:300]
        if getattr(self, "_failing_since", None) is None:
            self._failing_since, self._failed_attempts = time.monotonic(), 0
            log.warning("read models cannot be brought up to date (%s: %s); retrying with backoff up to %.0f s, "
                        "quietly until it recovers", type(error).__name__, first_line, BACKOFF_MAX)
        self._failed_attempts += 1
        log.debug("projector attempt failed; next in %.1f s", self._backoff, exc_info=error)

    def _recovered(self) -> None:
        """A catch-up succeeded: said in one line if it had been failing; the backoff starts again from its first."""
        self.last_error = None
        self._backoff = BACKOFF_FIRST
        since = getattr(self, "_failing_since", None)
        if since is not None:
            self._failing_since = None
            log.warning("read models up to date again after %s failed attempts over %.1f s",
                        self._failed_attempts, time.monotonic() - since)

    def _follow(self) -> None:
        """Catch up, then keep up: the subscription on PostgreSQL, polling elsewhere."""
        while not self._stopping.is_set():
            self._paced_catch_up()
            self._recovered()
            if self.native:
                self._subscribe()
            else:
                self._wake.wait(self.poll_interval)
                self._wake.clear()
                self._taken.set()

    def _paced_catch_up(self) -> None:
        """``catch_up()``, after the rest its last one asked for (``BEHIND``)."""
        rest = getattr(self, "_rest_until", 0.0) - _now()
        if rest > 0 and self._stopping.wait(rest):
            return
        started = _now()
        done = self.catch_up() or 0
        took = _now() - started
        self._rest_until = started + took + min(REST_MAX, REST * took) if done >= BEHIND else 0.0

    def _subscribe(self) -> None:
        with self.app.recorder.subscribe(gt=min(self.positions().values())) as subscription:
            self._subscription = subscription
            try:
                if self._stopping.is_set():
                    return
                for notification in subscription:
                    # One notification wakes a catch-up in batches: under load, the events that came
                    # meanwhile are projected in one transaction instead of one each; the notifications
                    # they cover are then passed over without a query.
                    if notification.id > self._done:
                        self._paced_catch_up()
                    if self._stopping.is_set():
                        return
            finally:
                self._subscription = None
