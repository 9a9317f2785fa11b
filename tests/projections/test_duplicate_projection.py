"""The duplicate games' read models: hand-worked sheet and ranking figures, the same answers as the views computed
from the aggregate, and a rebuild equal to what incremental processing wrote (games and duplicates interleaved)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.duplicate import Duplicate
from domain.game.meta import Meta
from projections import duplicate_queries as dq
from projections.duplicate_views import ranking_view, sheet
from projections.projector import Projector
from tests.duplicate_world import TEN, correction_commands, hand_worked_commands
from tests.factories import play_random_game
from tests.projections.compare import contents


def recorded(commands: list, d: Duplicate | None = None) -> tuple[Duplicate, list[list[Any]]]:
    """The duplicate after ``commands`` and its events in the chunks the commands recorded (one save each)."""
    clock = iter(range(10_000))
    if d is None:
        d = Duplicate.create("ajs-2012", list(TEN), Meta("director:test", None, "2026-03-01T10:00:00Z"))
    chunks = [d.collect_events()]
    for command in commands:
        n = next(clock)
        command(d, Meta("director:test", "desk", f"2026-03-01T10:{n // 60:02d}:{n % 60:02d}Z"))
        chunks.append(d.collect_events())
    return d, chunks


def by_seat(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {row["seat"]: row for row in view["rows"]}


def test_the_hand_worked_game_ranks_by_total_with_the_solo_top_bonus(memory_stack):
    """AJS 3.2.11: «N/2 puntos para 10 ≤ N ≤ 50» (ten players: 5) to the only player with the round's top,
    counted in the total; AJS 3.2.10: equal totals ranked by the highest play, then the next: equal all the way,
    the same rank (1, 2, 2, 4); % of the master of the plays' points (bonuses apart).

    Round 1 (master CASAR H4, 20): P0 20 + 5 solo top; P1 and P2 12; P3 null (coordinates); the rest 0.
    Round 2 (master OCAS 4G, 6): P5 6 + 5 solo top; P0 and P3 5; P1 late (null).
    After round 2: P0 20 + 5 (bonus) + 5 = 30 (25 of 26: 96.15 %), P1 and P2 12 (46.15 %), P5 11, P3 5, the rest 0."""
    app, projector, store = memory_stack.app, memory_stack.projector, memory_stack.store
    d, chunks = recorded(hand_worked_commands())
    for chunk in chunks:
        app.save(*chunk)
    projector.catch_up()

    after_1 = dq.ranking(store, d.id, 1)
    assert after_1["round"] == 1 and after_1["master_total"] == 20
    assert [(r["seat"], r["rank"], r["total"]) for r in after_1["rows"][:4]] == [(0, 1, 25), (1, 2, 12), (2, 2, 12),
                                                                                 (3, 4, 0)]
    final = dq.ranking(store, d.id)
    rows = by_seat(final)
    assert final["round"] == 2 and final["master_total"] == 26
    assert [(r["seat"], r["rank"]) for r in final["rows"][:5]] == [(0, 1), (1, 2), (2, 2), (5, 4), (3, 5)]
    assert (rows[0]["total"], rows[0]["points"], rows[0]["bonus"], rows[0]["percent"]) == (30, 25, 5, 96.15)
    assert (rows[1]["total"], rows[1]["plays"], rows[1]["percent"]) == (12, [12, 0], 46.15)
    assert (rows[5]["total"], rows[5]["bonus"], rows[5]["percent"]) == (11, 5, 23.08)
    assert {r["rank"] for s, r in rows.items() if s in (4, 6, 7, 8, 9)} == {6}

    mine = dq.sheet(store, d.id, 0)
    assert [(r["score"], r["bonus"], r["percent"], r["total"]) for r in mine["rows"]] == [(20, 5, 100.0, 25),
                                                                                         (5, 0, 83.33, 30)]
    assert mine["total"] == 30 and mine["master_total"] == 26
    assert [r["master"]["word"] for r in mine["rows"]] == ["CASAR", "OCAS"]
    assert dq.sheet(store, d.id, 3)["rows"][0]["causes"] == ["coordinates"]
    assert dq.sheet(store, d.id, 1)["rows"][1]["causes"] == ["late"]
    assert dq.sheet(store, d.id, 10) is None

    # the same answers as the views computed from the aggregate, at every round
    stored = app.repository.get(d.id)
    for at in (None, 1, 2, 5):
        assert dq.ranking(store, d.id, at) == ranking_view(stored, at)
    for seat in range(10):
        assert dq.sheet(store, d.id, seat) == sheet(stored, seat)


def test_a_correction_republished_moves_every_later_total(memory_stack):
    """FISC II.9 (results checked and corrected): seat 3's round-1 slip corrected to CASA H5 (12) and round 1
    published again: its sheet, the ranking after round 1 and after round 2 all move (12 + 5 = 17, second)."""
    app, projector, store = memory_stack.app, memory_stack.projector, memory_stack.store
    d, chunks = recorded(hand_worked_commands())
    for chunk in chunks:
        app.save(*chunk)
    projector.catch_up()
    d, more = recorded(correction_commands(), app.repository.get(d.id))
    for chunk in more[1:]:
        app.save(*chunk)
    projector.catch_up()
    assert [r["total"] for r in dq.sheet(store, d.id, 3)["rows"]] == [12, 17]
    assert by_seat(dq.ranking(store, d.id, 1))[3]["rank"] == 2
    assert [(r["seat"], r["rank"]) for r in dq.ranking(store, d.id)["rows"][:2]] == [(0, 1), (3, 2)]
    stored = app.repository.get(d.id)
    assert dq.ranking(store, d.id) == ranking_view(stored) and dq.sheet(store, d.id, 3) == sheet(stored, 3)
    assert dq.one_round(store, d.id, 1)["corrections"][0]["before"] == {"word": "CASA", "coordinates": ""}


@pytest.mark.parametrize("seed", [3])
def test_rebuild_equals_incremental_with_games_interleaved(stack, seed):
    """Two duplicates and two classic games saved in a random interleaving, caught up a few events at a time
    (the cache of duplicates kept small, so they are rebuilt from the store mid-way); a rebuild from nothing
    writes the same rows."""
    rng = random.Random(seed)
    queues = [recorded(hand_worked_commands() + correction_commands())[1] for _ in range(2)]
    for n in range(2):
        chunks: list[list] = []
        game = play_random_game("fisc-2023", seed + n, max_turns=12, check=lambda g, c=chunks: c.append(g.collect_events()))
        queues.append([c for c in [*chunks, game.collect_events()] if c])
    projector = Projector(stack.app, stack.store, batch_size=7)
    projector._duplicates.cache = 1
    while queues:
        queue = rng.choice(queues)
        stack.app.save(*queue.pop(0))
        if not queue:
            queues.remove(queue)
        if rng.random() < 0.4:
            projector.catch_up(limit=rng.randint(1, 9))
    projector.catch_up()
    before = contents(stack.store)
    assert len(before["duplicate_game"]) == 2 and len(before["duplicate_standing"]) == 2 * 3 * 10
    projector.rebuild()
    assert contents(stack.store) == before


def test_an_event_of_a_type_unknown_here_is_stepped_over(memory_stack):
    """A duplicate's event of a class this code cannot import (a newer writer): the projector passes it over (the
    version moves, nothing else), goes on with the next events, and a rebuild does the same."""
    from eventsourcing.persistence import StoredEvent

    app, projector, store = memory_stack.app, memory_stack.projector, memory_stack.store
    d, chunks = recorded(hand_worked_commands()[:3])
    for chunk in chunks:
        app.save(*chunk)
    state = app.mapper.transcoder.encode({"previous_hash": "x", "hash": "y", "actor": "judge", "device": None,
                                          "at": "2026-03-01T11:00:00Z", "timestamp": None})
    app.recorder.insert_events([StoredEvent(d.id, d.version + 1, "planilla.future.events:TimerShown", state)])
    projector.catch_up()
    assert dq.game(store, d.id)["version"] == d.version + 1
    assert [s["word"] for s in dq.one_round(store, d.id, 1)["slips"].values()] == ["CASAR", "CASA"]
    before = contents(store)
    memory_stack.new_projector().rebuild()
    assert contents(store) == before
