"""The store watch: a mixin of ``ServiceApplication`` that follows, off the requests' path, what the store holds
that this process did not write itself.

Every ``WATCH_EVERY`` seconds, or on SQLite under Linux when a file of the store's folder has changed (at most as
often, and at least every ``QUIET_LOOK`` seconds: an idle hall's watch sleeps), one thread (``planilla-tokens``)
reads the token events recorded since it last looked:
a revocation, from any process, makes the token refused at once; a token issued elsewhere after it was refused here
is looked up again. While it reads on, a good token once looked up is answered from memory until it is revoked
(``ServiceApplication._trusted``); when it cannot read, a cached answer falls back to its own ``TOKEN_CACHE_SECONDS``.
The same pass tells ``store_listeners`` of each aggregate another process saved (the streams' hub, the projector),
reading the events only when some notification in the range is not one of this process's own.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

from service.access.tokens import AccessToken
from service.game.folder_changes import FolderChanges, folder_changes
from service.hall.process_end import Stop
from service.principal import Principal

log = logging.getLogger("planilla.tokens")

#: Seconds a looked-up token is trusted on its own before the store is asked again. While the
#: revocation watch runs (``start_token_watch``, as ``planilla serve`` does), a token known to be good
#: stays trusted until a revocation of it is seen, which is within ``WATCH_EVERY`` seconds of its commit
#: in any process; if the watch cannot read the store, trust falls back to this bound.
TOKEN_CACHE_SECONDS = 2.0
#: How often the store watch looks for what other processes wrote: their token events (issued, revoked) and
#: the aggregates they saved (told to ``store_listeners``). One small query when nothing was written; on SQLite not
#: even that: its ``data_version`` unchanged since the last look says nobody committed (``CheckpointedRecorder``).
WATCH_EVERY = 0.5
#: On a store whose folder's changes the system tells (SQLite on Linux: ``service.game.folder_changes``), the watch
#: sleeps until a file of it changes instead of looking every ``WATCH_EVERY`` seconds, and looks anyway after this
#: many seconds of quiet (a change the system did not tell: a folder on a network share).
QUIET_LOOK = 30.0
#: Notification ids of this process's own saves kept for the watch at most (it forgets them as it passes).
OWN_KEPT = 100_000


class StoreWatch:
    """Following the store's token events and other processes' saves, for ``ServiceApplication``."""

    recorder: Any
    store_listeners: list[Any]
    _principals: dict[UUID, tuple[float, Principal | None]]
    _principals_lock: threading.Lock
    _revoked: set[UUID]
    _own: set[int]
    _own_lock: threading.Lock
    _watch: threading.Thread | None
    _watch_stop: Stop  # an event a ``select`` can wait on: the folder's changes and a stop in one sleep
    _watched_until: float
    #: SQLite's ``data_version`` when the watch last read everything up to its position (None: read at each look).
    _seen_version: int | None = None

    # ---- following revocations, off the requests' path --------------------------------------------
    def start_token_watch(self) -> None:
        """Follow the store's token events in the background, so a good token, once looked up, is answered
        from memory until it is revoked: no request waits for the store to read it again, and a revocation
        made by another process (``planilla token revoke``) applies within ``WATCH_EVERY`` seconds. A
        token issued elsewhere after it was refused here is looked up again at once."""
        if self._watch is not None and self._watch.is_alive():
            return
        self._watch_stop.clear()
        position = self.recorder.max_notification_id() or 0
        self._watch = threading.Thread(target=self._follow_tokens, args=(position,), name="planilla-tokens",
                                       daemon=True)
        self._watch.start()

    def stop_token_watch(self) -> None:
        self._watch_stop.set()
        if self._watch is not None:
            self._watch.join(5)
            self._watch = None
        self._watched_until = -math.inf

    def _follow_tokens(self, position: int) -> None:
        topics = (get_topic(AccessToken.Revoked), get_topic(AccessToken.Issued))
        folder = getattr(self.recorder, "folder", lambda: None)()
        changes = folder_changes(folder) if folder is not None else None
        try:
            while True:
                started = time.monotonic()
                try:
                    position = self._read_token_events(position, topics)
                except Exception:  # noqa: BLE001 - the store hiccuped: cached answers fall back to their own bound
                    log.warning("reading the token events failed; cached tokens expire on their own", exc_info=True)
                    if self._watch_stop.wait(WATCH_EVERY):
                        return
                    continue
                self._watched_until = started + TOKEN_CACHE_SECONDS
                if changes is None:
                    if self._watch_stop.wait(WATCH_EVERY):
                        return
                    continue
                if self._quiet_until_changed(changes, started):
                    return
        finally:
            if changes is not None:
                changes.close()

    def _quiet_until_changed(self, changes: FolderChanges, looked: float) -> bool:
        """Sleep until a file of the store's folder changes (a commit, from any process) or ``QUIET_LOOK`` seconds
        pass; True when the watch is to stop. Till a change nothing was committed, so the good tokens cached stay
        vouched for meanwhile; from a change, as on a timer, until ``TOKEN_CACHE_SECONDS`` after the last look (the
        look that follows, at most ``WATCH_EVERY`` later, vouches again: under load the requests never find the
        cached tokens unvouched, which sent each to the store and cost a busy hall a tenth of its commands). The
        looks stay ``WATCH_EVERY`` seconds apart, as on a timer, when the changes come one after another."""
        self._watched_until = math.inf
        changed = changes.wait(QUIET_LOOK, self._watch_stop)  # a stop set before the wait ends it at once
        if self._watch_stop.is_set():  # ``stop_token_watch`` leaves nothing vouched for
            return True
        now = time.monotonic()
        self._watched_until = looked + TOKEN_CACHE_SECONDS if changed else now + TOKEN_CACHE_SECONDS
        rest = looked + WATCH_EVERY - now
        return changed and rest > 0 and self._watch_stop.wait(rest)

    def _read_token_events(self, position: int, topics: tuple[str, str]) -> int:
        """Forget what the token events after ``position`` change, and tell ``store_listeners`` of what other
        processes saved after it; returns the new position."""
        pulse = getattr(self.recorder, "data_version", None)  # SQLite: whether anyone committed since the last look
        version = pulse() if pulse is not None else None
        if version is not None and version == self._seen_version:
            return position
        last = self.recorder.max_notification_id() or 0  # inserts are serialised: no gap appears below it
        if last <= position:
            self._seen_version = version
            return position
        for note in self.recorder.select_notifications(position, 10_000_000, stop=last, topics=topics,
                                                        inclusive_of_start=False):
            with self._principals_lock:
                if note.topic == topics[0]:  # revoked: refused from now on
                    self._revoked.add(note.originator_id)
                    self._principals.pop(note.originator_id, None)
                elif (cached := self._principals.get(note.originator_id)) is not None and cached[1] is None:
                    del self._principals[note.originator_id]  # issued after it was refused here: look again
        self._tell_foreign(position, last)
        self._seen_version = version  # read before the query: a commit after it changes the version again
        return last

    def _tell_foreign(self, position: int, last: int) -> None:
        """``store_listeners`` told of each aggregate saved by another process between ``position`` and ``last``.

        This process's own saves are known by their notification ids (``_notify``), so the events are read only
        when some id in the range is not one of them: never in a hall with one server. An own save whose ids
        were not noted yet makes the range look foreign: read, and told again (harmless: a stream reads and
        finds nothing new); a foreign one is never missed."""
        with self._own_lock:
            own = {i for i in self._own if i <= last}
            self._own -= own
        if not self.store_listeners or last - position <= sum(1 for i in own if i > position):
            return
        latest: dict[UUID, int] = {}
        for note in self.recorder.select_notifications(position, 10_000_000, stop=last, inclusive_of_start=False):
            if note.id not in own:
                latest[note.originator_id] = max(latest.get(note.originator_id, 0), note.originator_version)
        for listener in list(self.store_listeners):
            for ident, version in latest.items():
                listener(ident, version)
