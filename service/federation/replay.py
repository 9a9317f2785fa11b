"""An archived game replayed (issue 29, "every game's replay"): the board, the scores and the sheet after any
event of its history, worked out from the archived export with the hall's own code.

The export's event lines (``planilla-audit/2``, as the archive verified them on arrival) are turned back into
the Game's events (the inverse of ``domain.game.chain.record_of``: same class, same payload, same chain
fields), written into an in-memory ``GamesApplication`` (the hall's application, nothing kept after the
request), and the frame after event ``at`` is ``projections.replay.state_at`` on it: the very function behind
the hall's ``GET /v1/games/{id}/state?at=N``. The sheet at that event is the projector's
(``projections.views.GameView``, the code that writes the hall's sheet lines) fed the events up to it.

What a page may show of it is the public's: ``public_frame`` keeps the board, the names, the scores, each rack's
*count* (never its tiles: the hall's public board and a spectator's replay never show a rack, closed game or
not), the bag, the phase and who is on turn.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from datetime import datetime, timezone
from functools import cache
from typing import Any, Callable

from domain.game.chain import ChainRecord

#: The frame's fields a public page may show (``service.hall.public_board``'s rule: no rack, ever).
PUBLIC = ("version", "event", "at", "phase", "tileset", "seat_on_turn", "board", "cells", "bag", "scores")


class NotReplayable(ValueError):
    """The archived history holds an event this version of Planilla does not know (a newer hall's)."""


@cache
def event_classes() -> dict[str, type]:
    """Every Game event class by the type name an export records (``Created`` and each ``GameEvent`` of the Game's
    own modules, ``domain.game.*``: the duplicate's and the tournament's events build on ``GameEvent`` too, and
    some share a name with the Game's)."""
    import domain.game  # noqa: F401  (imports every module of the Game's events)
    from domain.game.events import Created, GameEvent

    found: dict[str, type] = {"Created": Created}
    todo = [GameEvent]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("domain.game."):
                assert found.setdefault(sub.__name__, sub) is sub, f"two Game events named {sub.__name__}"
                todo.append(sub)
    return found


def _stamp(at: str) -> datetime:
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00"))
    except (AttributeError, ValueError):
        return datetime(1970, 1, 1, tzinfo=timezone.utc)


def domain_events(records: list[ChainRecord]) -> list[Any]:
    """The Game's events of an export's records, as the hall stored them."""
    from eventsourcing.utils import get_topic

    from domain.game import Game

    classes = event_classes()
    out = []
    for r in records:
        cls = classes.get(r.type)
        if cls is None:
            raise NotReplayable(r.type)
        envelope: dict[str, Any] = {"originator_id": uuid.UUID(r.game), "originator_version": r.version,
                                    "timestamp": _stamp(r.at)}
        if r.type == "Created":
            envelope["originator_topic"] = get_topic(Game)
        try:
            out.append(cls(**envelope, **r.payload, previous_hash=r.previous_hash, hash=r.hash, actor=r.actor,
                           device=r.device, at=r.at))
        except TypeError as err:  # a field this version does not have
            raise NotReplayable(f"{r.type}: {err}") from None
    return out


class Replay:
    """One archived history, ready to be shown at any of its events. Kept by ``Replays`` and shared by the
    requests of a process: each event's frame and sheet are worked out once, and are read, never changed."""

    def __init__(self, records: list[ChainRecord]) -> None:
        from service.game.application import GamesApplication

        self.records = records
        self.game_id = uuid.UUID(records[0].game)
        self.events = domain_events(records)
        self.app = GamesApplication({"PERSISTENCE_MODULE": "eventsourcing.popo"})
        self.app.repository.event_store.put(self.events)
        self.guard = threading.Lock()
        self.frames: dict[int, dict[str, Any]] = {}
        self.sheets: dict[int, tuple[list[list[dict[str, Any]]], list[int] | None]] = {}

    @property
    def last(self) -> int:
        return self.records[-1].version

    def frame(self, at: int) -> dict[str, Any]:
        """The hall's frame after event ``at`` (``projections.replay.state_at``), racks and all."""
        from projections.replay import state_at

        with self.guard:
            if at not in self.frames:
                self.frames[at] = state_at(self.app, self.game_id, at)
            return self.frames[at]

    def sheet(self, at: int) -> tuple[list[list[dict[str, Any]]], list[int] | None]:
        """Each player's sheet lines as they stood after event ``at`` (the projector's ``GameView``), and each
        player's final score once the game was settled by then (None before)."""
        from projections.views import GameView

        with self.guard:
            if at not in self.sheets:
                view = GameView(self.game_id)
                for event in self.events[:at]:
                    view.apply(event, frame=False)
                settled = view.game.settlement
                finals = ([p["final_score"] for p in sorted(settled["players"], key=lambda p: p["seat"])]
                          if settled else None)
                self.sheets[at] = ([list(rows) for rows in view.rows], finals)
            return self.sheets[at]

    def last_play(self, at: int, board: list[list[Any]]) -> set[tuple[int, int]]:
        """The squares the last play up to ``at`` filled, those still holding its tiles (the hall's highlight)."""
        placed = next((r for r in reversed(self.records[:at]) if r.type == "TilesPlaced"), None)
        if placed is None:
            return set()
        return {(row, col) for row, col, _ in placed.payload.get("placements", []) if board[row][col] is not None}


class Replays:
    """The replays a process worked out, by (game, head hash of the history shown): a game viewed again, event
    after event, is neither read from the store nor replayed again; only the row saying which history is shown
    is read per request. The head hash is the history's digest, so a pushed update (a reopen) is a new key and
    the replay of the history it superseded is never shown again (it leaves as the least recently viewed);
    ``size`` replays are kept. Each process keeps its own: the store stays the only truth."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self.kept: OrderedDict[tuple[str, str], Replay] = OrderedDict()
        self.guard = threading.Lock()
        self.built = 0

    def get(self, game: str, head_hash: str, records: Callable[[], list[ChainRecord]]) -> Replay:
        """The replay of ``game``'s history ending at ``head_hash``, ``records`` read and replayed only if
        it is not kept."""
        key = (game, head_hash)
        with self.guard:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
        made = Replay(records())  # outside the lock (tens of ms): another game's viewers do not wait
        with self.guard:
            self.built += 1
            replay = self.kept.setdefault(key, made)
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
            return replay


def public_frame(frame: dict[str, Any]) -> dict[str, Any]:
    """What the public sees of a frame: its ``PUBLIC`` fields, and each player's name, score and rack count."""
    shown = {k: frame[k] for k in PUBLIC if k in frame}
    shown["players"] = [{"seat": r["seat"], "name": r["name"], "score": frame["scores"][r["seat"]],
                         "rack_count": r["count"]} for r in frame["racks"]]
    return shown
