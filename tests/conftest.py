"""Suite-wide hooks that keep a long run's memory flat (and so its garbage collections short).

FastAPI keeps, in module-level ``lru_cache``s of up to 4,096 entries (``fastapi.dependencies.models``: is
this callable a generator, an async generator, a coroutine), every endpoint and dependency it has
classified, keyed by the callable itself. ``create_app`` makes some of them as closures over the app, so
every app a test builds stayed reachable from those caches after its test ended: its application, its
routers, its pydantic validators, its in-memory store (about 3,500 objects and 2 MB an app). Over the
1,500 apps of the permission matrix a worker grew to 1.7 GB and millions of objects; every full
collection walked them all, and pytest's five collections at exit (``gc_collect_harder``) took minutes.

After each test the caches are emptied: the next app's callables are classified again (a few
microseconds each), and the apps of finished tests are freed. What a test checks is unchanged.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable

import pytest


def _fastapi_caches() -> list[Callable[[], None]]:
    try:
        from fastapi.dependencies import models
    except ImportError:  # pragma: no cover - FastAPI is a dependency
        return []
    return [f.cache_clear for f in vars(models).values() if isinstance(f, functools._lru_cache_wrapper)]


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the test's own fixtures are torn down: let go of the apps it built."""
    for clear in _fastapi_caches():
        clear()


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (the modules, the 3,600 items and their parameters) lives to the end of the
    session: moved out of the collector's sight, it is not walked again by every full collection."""
    gc.collect()
    gc.freeze()
