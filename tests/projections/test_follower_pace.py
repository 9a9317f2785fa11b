"""A projector that falls behind a burst of commands paces itself (``projections/follower.py``, ``BEHIND``).

Under a closed loop of 64 tablets the projector child caught up at every wake, 28 events at a time, and took half a
core from the server's commands (bench/README.md). A catch-up of ``BEHIND`` events or more now rests ``REST`` times as
long as it took (at most ``REST_MAX``) before the next one; a hall's catch-ups, an event or two, never rest.

The follower's loop is driven by hand on a clock of the test's: catch-ups advance it, waits are recorded and advance it.
"""

from __future__ import annotations

from typing import Any

import pytest

import projections.follower as follower_module
from projections.follower import BEHIND, REST, REST_MAX, Follower
from tests.projections.test_follower_backoff import Waits as RecordedWaits


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Waits(RecordedWaits):
    """The follower's ``_stopping`` as the backoff's tests stand it in, each wait also passed on the test's clock."""

    def __init__(self, clock: Clock) -> None:
        super().__init__()
        self.clock = clock

    def wait(self, seconds: float | None = None) -> bool:
        self.clock.now += seconds or 0.0
        return super().wait(round(seconds or 0.0, 6))


class Scripted(Follower):
    """Catch-ups of the given (events, seconds) in turn; each start time is kept."""

    def __init__(self, clock: Clock, script: list[tuple[int, float]]) -> None:
        self.clock, self.script, self.started = clock, list(script), []
        self._stopping = Waits(clock)
        self.native = False

    def catch_up(self, limit: int | None = None) -> int:
        events, seconds = self.script.pop(0)
        self.started.append(round(self.clock.now, 6))
        self.clock.now += seconds
        return events


def drive(monkeypatch: Any, script: list[tuple[int, float]]) -> Scripted:
    clock = Clock()
    monkeypatch.setattr(follower_module, "_now", clock)
    follower = Scripted(clock, script)
    for _ in script:
        follower._paced_catch_up()
    return follower


def test_catch_ups_of_a_halls_pace_follow_at_once(monkeypatch):
    follower = drive(monkeypatch, [(1, 0.002), (2, 0.003), (BEHIND - 1, 0.01), (1, 0.002)])
    assert follower._stopping.seconds == []
    assert follower.started == [100.0, 100.002, 100.005, 100.015]


def test_a_catch_up_of_a_burst_rests_three_times_as_long_as_it_took_before_the_next(monkeypatch):
    follower = drive(monkeypatch, [(40, 0.01), (200, 0.02), (3, 0.001), (1, 0.001)])
    assert follower._stopping.seconds == [pytest.approx(REST * 0.01), pytest.approx(REST * 0.02)]
    assert follower.started[1] == pytest.approx(100.0 + 0.01 + REST * 0.01)
    assert follower.started[2] == pytest.approx(follower.started[1] + 0.02 + REST * 0.02)
    assert follower.started[3] == pytest.approx(follower.started[2] + 0.001)  # a small one: no rest after it


def test_the_rest_is_bounded_and_counts_from_the_end_of_the_catch_up(monkeypatch):
    """A long catch-up (a restarted server's backlog) rests ``REST_MAX``; a wake that comes late rests only what is left."""
    follower = drive(monkeypatch, [(5000, 2.0), (500, 0.05)])
    assert follower._stopping.seconds == [REST_MAX]
    clock = follower.clock
    follower.script = [(1, 0.001)]
    clock.now += 0.1  # the next wake came 0.1 s after the second catch-up ended: 0.05 s of its rest remain
    follower._paced_catch_up()
    assert follower._stopping.seconds[-1] == pytest.approx(REST * 0.05 - 0.1)


def test_stopping_during_a_rest_skips_the_catch_up(monkeypatch):
    follower = drive(monkeypatch, [(100, 0.01)])
    follower._stopping.stop = True
    follower.script = [(1, 0.001)]
    follower._paced_catch_up()
    assert len(follower.started) == 1 and follower.script == [(1, 0.001)]

