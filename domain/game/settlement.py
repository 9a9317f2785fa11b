"""End-of-game settlement as a pure function (FILE 44, FISE 45, FISC I.8, Molins 19–20).

- ``out``: the finisher adds every other player's rack; each other player subtracts their own
  (FILE 44, FISE 45.4, FISC I.8 A; Molins 20 generalises it to more players).
- ``passes``, ``scoreless`` and ``nobody_can_play``: each player subtracts their own rack (FILE 44,
  FISE 45.1–45.3, FISC I.8 B).
- any other cause (time, round over, director, abandonment): racks are not counted
  (FILE 34.2, 44.4, 44.5; FISC I.8 C–F).
"""

from __future__ import annotations

from typing import Any

from domain.tiles import TileSet

RACK_CAUSES = frozenset({"out", "passes", "scoreless", "nobody_can_play"})


def racks_needed(cause: str, seats: int, finisher: int | None) -> list[int]:
    """Which players' end racks the settlement needs for this cause."""
    if cause == "out":
        return [s for s in range(seats) if s != finisher]
    if cause in RACK_CAUSES:
        return list(range(seats))
    return []


def settle(
    cause: str,
    scores: list[int],
    racks: dict[int, list[str]],
    tileset: TileSet,
    finisher: int | None = None,
) -> dict[str, Any]:
    """Final scores, rack adjustments, winner (None for a draw) and spread."""
    seats = len(scores)
    adjust = [0] * seats
    values = {s: tileset.rack_value(racks.get(s, [])) for s in range(seats)}
    if cause == "out":
        for s in range(seats):
            if s != finisher:
                adjust[s] -= values[s]
                adjust[finisher] += values[s]  # type: ignore[index]
    elif cause in RACK_CAUSES:
        for s in range(seats):
            adjust[s] -= values[s]
    final = [scores[s] + adjust[s] for s in range(seats)]
    best = max(final)
    leaders = [s for s in range(seats) if final[s] == best]
    winner = leaders[0] if len(leaders) == 1 else None
    runner_up = max((f for s, f in enumerate(final) if s != leaders[0]), default=best)
    return {
        "cause": cause,
        "finisher": finisher,
        "racks_counted": cause in RACK_CAUSES,
        "players": [
            {
                "seat": s,
                "score_before": scores[s],
                "rack": list(racks.get(s, [])) if cause in RACK_CAUSES else [],
                "rack_adjustment": adjust[s],
                "final_score": final[s],
            }
            for s in range(seats)
        ],
        "winner": winner,
        "spread": best - runner_up,
    }
