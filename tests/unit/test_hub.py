"""The hub's lock and the collector (``service/hub.py``): a stream's wake-up left unclosed (a ``watch`` or
``subscribe`` whose generator is only freed by the cyclic collector) is closed by the collector wherever it runs,
and its cleanup takes the hub's lock. A clean-clone CI run hung on it: the collector ran inside another stream's
``watch`` registration, which holds that lock, and the leaked generator's cleanup waited for it on the same thread
forever (tests/api/test_permissions.py, a game stream of the permission matrix)."""

from __future__ import annotations

import asyncio
import gc
import threading
from uuid import uuid4

from service.hub import Hub


class CollectingDict(dict):
    """The hub's table, running the cyclic collector inside the hub's lock, as an allocation there may."""

    def setdefault(self, key, default=None):  # type: ignore[override]
        gc.collect()
        return super().setdefault(key, default)


def leak(context) -> None:
    """Enter ``context`` and drop it inside a reference cycle: only the collector frees (and closes) it."""
    context.__enter__()
    cycle: list = [context]
    cycle.append(cycle)


def test_a_leaked_watch_closed_by_the_collector_inside_the_hub_lock_does_not_deadlock():
    hub = Hub()
    first, second, third = uuid4(), uuid4(), uuid4()
    outcome: dict[str, object] = {}

    async def streams() -> None:
        leak(hub.watch([first, second]))
        leak(hub.subscribe(second))
        hub._waiters = CollectingDict(hub._waiters)
        with hub.watch([third]) as (event, woken):
            hub.notify(third, 2)
            await asyncio.wait_for(event.wait(), 5)
            outcome["woken"] = set(woken)
        outcome["left"] = dict(hub._waiters)

    was_enabled = gc.isenabled()
    gc.disable()  # only the collector's run inside the lock frees the leaked ones
    try:
        runner = threading.Thread(target=lambda: asyncio.run(streams()), daemon=True)
        runner.start()
        runner.join(10)
        assert not runner.is_alive(), "the stream's registration deadlocked on the hub's own lock"
    finally:
        if was_enabled:
            gc.enable()
    assert outcome["woken"] == {third}
    assert outcome["left"] == {}  # the leaked waiters were taken out by their cleanup, and the live one by its own
