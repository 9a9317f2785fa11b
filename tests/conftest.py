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


#: The suite's slowest modules, slowest first (bench/README.md's ``--durations``): with work stealing each worker
#: is first sent one contiguous share of the collection and idle workers steal from the *end* of a busy one's
#: queue, so a slow module left late in the order makes the run's tail. Each is put at the head of a share, in
#: turn, so that the three workers start on them at once and the quick tests fill in behind.
SLOW_FIRST = (
    "tests/api/test_contract_all_phases.py",
    "tests/reliability/test_crash.py",
    "tests/projections/test_rebuild.py",
    "tests/cli/test_federation_processes.py",
    "tests/pages/test_audit_verifier.py",
    "tests/reliability/test_duplicate_crash.py",
    "tests/api/test_tournament_end_to_end.py",
    "tests/browser/test_tournament_pages.py",
    "tests/browser/test_duplicate_pages.py",
    "tests/browser/test_tablet_screens.py",
    "tests/browser/test_audit_pages.py",
    "tests/browser/test_console_discrepancy.py",
)


def _shares(count: int, workers: int) -> list[int]:
    """The sizes of xdist's first sending (``WorkStealingScheduling.check_schedule``: each idle worker in turn gets
    what is left divided by the workers left)."""
    sizes, left = [], count
    for remaining in range(workers, 0, -1):
        sizes.append(left // remaining)
        left -= sizes[-1]
    return sizes


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``-n N`` (the README's command), the slowest modules first, one at the head of each worker's share;
    every module's tests stay together and in their order. A serial run keeps the collection's order."""
    import os
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
    if workers < 2:
        return
    slow: dict[str, list[pytest.Item]] = {path: [] for path in SLOW_FIRST}
    rest: list[pytest.Item] = []
    for item in items:
        path = item.nodeid.split("::")[0]
        (slow[path] if path in slow else rest).append(item)
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for i, path in enumerate(SLOW_FIRST):
        heads[i % workers].extend(slow[path])
    ordered: list[pytest.Item] = []
    for head, size in zip(heads, _shares(len(items), workers)):
        take = max(0, size - len(head))
        ordered += head + rest[:take]
        rest = rest[take:]
    items[:] = ordered + rest
