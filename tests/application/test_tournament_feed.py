"""The live standings' watcher (service/tournament/feed.py): the last games of a round close together, and a game
saved while the watcher records another one's result (the tournament saved by that recording) is recorded at once,
not at the next ``resync``."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from uuid import uuid4

from service.hub import Hub
from service.tournament.feed import TournamentFeed

TID, A, B = uuid4(), uuid4(), uuid4()


class Tournaments:
    """A round of two games; recording A's result saves the tournament, and B closes meanwhile."""

    def __init__(self, hub: Hub) -> None:
        self.hub, self.version, self.calls = hub, 1, []
        self.recorded = asyncio.Event()
        self.loop = asyncio.get_running_loop()

    def view(self, tid: object) -> SimpleNamespace:
        return SimpleNamespace(version=self.version, results={}, last_published=1,
                               published={"1": [{"game_id": str(A)}, {"game_id": str(B)}]})

    def sync(self, tid: object, only: list[str] | None = None) -> int:
        self.calls.append(only)
        if only == [str(A)]:
            self.hub.notify(B, 9)  # B's last signature, while A's result is recorded
            self.version += 1
            self.hub.notify(TID, self.version)
        if only == [str(B)]:
            self.loop.call_soon_threadsafe(self.recorded.set)
        return 1


def test_a_game_closed_while_another_is_recorded_is_recorded_without_waiting_for_the_resync() -> None:
    async def story() -> list[list[str] | None]:
        hub = Hub()
        tournaments = Tournaments(hub)
        feed = TournamentFeed(tournaments, hub, resync=60.0)  # B must not wait for this
        watcher = asyncio.create_task(feed._follow_games(TID))
        while not tournaments.calls:  # the first sync: what closed while nobody watched
            await asyncio.sleep(0.01)
        hub.notify(A, 9)  # A's last signature
        try:
            await asyncio.wait_for(tournaments.recorded.wait(), timeout=5)
        finally:
            watcher.cancel()
        return tournaments.calls

    assert asyncio.run(story()) == [None, [str(A)], [str(B)]]
