"""Store reads a request must not wait on for ever: run on threads, within a bound.

Most requests are answered from memory (the tokens looked up before, the cached games) or from the
read models. What does read the event store on the event loop's behalf (a token not seen before,
``/health``'s probe) is handed to ``READS``, a small pool of threads of its own, and awaited at most
a few seconds (``within``); the reads of a game's state and of the read models run on the
framework's thread pool and are awaited at most ``ROUTE_READ_BOUND`` seconds (``bounded``). A disk
that stalls then holds threads, not the event loop nor the client: every other request (the
contract, ``/health``, what memory can answer) is still answered, and the one that waited gets 503
``store_stalled``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from fastapi.concurrency import run_in_threadpool

from domain.errors import msg
from service.store_health import StoreUnavailable

T = TypeVar("T")
#: Seconds a request waits for a read of the event store before it is answered 503 ``store_stalled``.
#: (3 s until issue 14's last session: a first look-up of a token on PostgreSQL, on a CI machine loaded by
#: the whole suite, once took longer and a permission test got 503; the same bound as a game's read now.)
READ_BOUND = 5.0
#: Seconds a request waits for a read of a game or of the read models before it is answered 503.
ROUTE_READ_BOUND = 5.0
#: The threads that read the store for requests (a stalled read holds one; the rest go on).
READS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="planilla-reads")


async def within(seconds: float, read: Callable[..., T], *args: object) -> T:
    """``read(*args)`` on a reading thread; StoreUnavailable("stalled") when it takes over ``seconds``."""
    loop = asyncio.get_running_loop()
    try:
        return await asyncio.wait_for(loop.run_in_executor(READS, read, *args), seconds)
    except asyncio.TimeoutError:
        raise StoreUnavailable("stalled", msg("store.read_took_over", seconds=seconds), reading=True) from None


async def bounded(read: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``read(*args, **kwargs)`` on the framework's thread pool; StoreUnavailable("stalled") when it takes
    over ``ROUTE_READ_BOUND`` seconds (the thread finishes on its own; nobody waits for it)."""
    task = asyncio.ensure_future(run_in_threadpool(read, *args, **kwargs))
    try:
        return await asyncio.wait_for(asyncio.shield(task), ROUTE_READ_BOUND)
    except asyncio.TimeoutError:
        task.add_done_callback(_quiet)
        raise StoreUnavailable("stalled", msg("store.read_took_over", seconds=ROUTE_READ_BOUND), reading=True) from None


def _quiet(task: asyncio.Future[Any]) -> None:
    """A read given up on: its outcome (or error) is nobody's now."""
    if not task.cancelled():
        task.exception()
