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

Every ``httpx`` client (``httpx.get``/``post``/``request`` make one per call; Starlette's ``TestClient`` is
one) built a TLS context of its own, loading certifi's whole bundle: about 30 ms of CPU each, for
addresses that are all plain ``http://`` here. Thousands of them (a crash test's tablets send a command
per client, a live server's start is polled every 0.05 s) made a minute or more of the suite's CPU.
The default context (verification on, with certifi's bundle or the one ``SSL_CERT_FILE``/``SSL_CERT_DIR``
name) is made once per process and shared, as httpx's documentation advises; every other (a test's own CA,
``verify=False``) is made as before. A client's requests, connections and answers are the same.
"""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Callable
from typing import Any

import pytest

# A machine that sets PYTHONDONTWRITEBYTECODE (this workplace's do) made every worker and every server a test starts
# compile the whole project again: about 30 s of CPU per worker's collection instead of 16, and 0.3-0.5 s per server
# start. The suite keeps compiled files (in __pycache__, ignored by git); what runs is the same code.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    import sys

    sys.dont_write_bytecode = False


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


def _share_the_default_tls_context() -> None:
    try:
        from httpx._transports import default
    except ImportError:  # pragma: no cover - httpx is a dependency
        return
    make = default.create_ssl_context
    if getattr(make, "shared", False):
        return
    made: dict[tuple[Any, ...], Any] = {}

    def create_ssl_context(verify: Any = True, cert: Any = None, trust_env: bool = True) -> Any:
        if verify is not True or cert is not None:
            return make(verify=verify, cert=cert, trust_env=trust_env)
        # httpx's default: certifi's bundle, or the one SSL_CERT_FILE / SSL_CERT_DIR name (when trust_env)
        key = (trust_env and os.environ.get("SSL_CERT_FILE"), trust_env and os.environ.get("SSL_CERT_DIR"))
        if key not in made:
            made[key] = make(verify=True, cert=None, trust_env=trust_env)
        return made[key]

    create_ssl_context.shared = True  # type: ignore[attr-defined]
    default.create_ssl_context = create_ssl_context


_share_the_default_tls_context()


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (the modules, the 3,600 items and their parameters) lives to the end of the
    session: moved out of the collector's sight, it is not walked again by every full collection."""
    gc.collect()
    gc.freeze()
