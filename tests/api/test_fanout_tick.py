"""The public board's tick (``service.api.streams.fanout``) sleeps on an idle hall server (issue 25): it runs only
while a frame waits to be shown or a public stream is open (keep-alives), and a frame or a stream wakes it."""

from __future__ import annotations

import asyncio
import concurrent.futures

from service.api.streams.fanout import Fanout


def test_the_tick_sleeps_until_a_frame_waits_or_a_stream_opens_and_sleeps_again_after():
    async def main() -> None:
        fan = Fanout(None, lambda event: 0, tick=0.01)
        fan._loop, fan._wake = asyncio.get_running_loop(), asyncio.Event()
        ticks: list[float] = []
        deliver = fan.deliver_due
        fan.deliver_due = lambda now: (ticks.append(now), deliver(now))  # type: ignore[method-assign]
        ticker = asyncio.create_task(fan._tick_forever())
        try:
            await asyncio.sleep(0.2)
            assert ticks == [], "the tick ran with nothing to show and nobody following"

            fan._queue_due((0.0, 1, "g", 1, ["wall:E:1"], b"event: table\ndata: {}\n\n", {"version": 1}))
            await asyncio.sleep(0.1)
            assert ticks and not fan._due and fan.latest["g"][0] == 1  # woken: the frame shown at its time
            await asyncio.sleep(0.05)
            settled = len(ticks)
            await asyncio.sleep(0.2)
            assert len(ticks) == settled, "the tick went on after the last frame was shown"

            channel, sub = fan.subscribe("wall:E:1")
            await asyncio.sleep(0.1)
            assert len(ticks) > settled + 3, "an open stream's keep-alives need the tick"
            fan._end(channel, sub, "gone")
            await asyncio.sleep(0.05)
            settled = len(ticks)
            await asyncio.sleep(0.2)
            assert len(ticks) == settled, "the tick went on after the last stream closed"
        finally:
            ticker.cancel()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own (Playwright may hold this thread's)
        pool.submit(asyncio.run, main()).result()
