"""The cyclic garbage collector at a long-running process's start (``planilla serve`` and its projector child).

Start-up (the imports, the app or the projector) makes about 145,000 objects and almost no garbage (about a
thousand unreachable ones, measured): the collector, walking them again and again meanwhile, cost about a sixth of
the start's CPU. So it is off while the process starts (``off_while_starting``) and, once started, turned on with
what start-up made frozen (``on_after_start``: never walked again by the collector), at the process's thresholds.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def off_while_starting() -> Iterator[None]:
    """The collector off while the body makes the process's objects; back on when the body fails (the start is
    over), left off when it succeeds, for ``on_after_start``."""
    gc.disable()
    try:
        yield
    except BaseException:
        gc.enable()
        raise


def on_after_start(thresholds: tuple[int, int, int] | None = None) -> None:
    """Freeze what start-up made, set ``thresholds`` (else keep Python's), and turn the collector on."""
    gc.freeze()
    if thresholds is not None:
        gc.set_threshold(*thresholds)
    gc.enable()
