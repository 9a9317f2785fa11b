"""End-of-game settlement as a pure function (FILE 34, 44, 47; FISE 35, 45, 49; FISC I.5, I.8, I.11;
AJS 3.1.2.1, 4.1.11.1; Molins 19–20, 28d).

Racks, by cause:
- ``out``: the finisher adds every other player's rack; each other player subtracts their own
  (FILE 44, FISE 45.4, FISC I.8 A; Molins 19 generalises it to more players).
- ``passes``, ``scoreless`` and ``nobody_can_play``: each player subtracts their own rack (FILE 44,
  FISE 45.1–45.3, FISC I.8 B, Molins 20).
- any other cause (time, round over, director, abandonment, no-show): racks are not counted
  (FILE 34.2, 44.4, 44.5; FISC I.8 C–F, I.11; AJS 3.1.2.1).

Which causes count racks is the profile's (``counts_racks``): ``ending.stalemate_own_rack`` for
passes, streaks and nobody able to play, ``ending.round_over_racks`` for the round's time,
``overtime.limit_racks`` for the overtime limit, ``conduct.abandon_racks`` for abandonment, and
``ending.out_settlement`` for who gains the racks when a player goes out (``rival_rack``: the
player after the finisher, the finisher's rival at a two-player table; ``all_racks``: every other
player's, Molins 19).

Then each player's time penalty (the profile's points per minute or part of a minute, capped at
its limit) and the sum of the director's standing sanctions are deducted. A player whose
overtime went past the profile's limit ends it without rack deductions where the limit says so,
loses where it says so, and if still ahead or level is put the limit's margin below the best
rival (FILE 34.2). Abandonment (FISC I.8 E–F, AJS 4.1.11.1) and no-shows (FISC I.5, AJS
4.1.11.1, FILE 35.3, FISE 37) decide the winner and may set the score. Every change to a
running score is a named column, so ``final_score = score_before + rack_adjustment -
time_penalty - sanctions + result_adjustment`` for every player.
"""

from __future__ import annotations

from typing import Any

from domain.profiles import Profile
from domain.profiles.kinds import OutSettlement
from domain.tiles import TileSet

RACK_CAUSES = frozenset({"out", "passes", "scoreless", "nobody_can_play"})


def counts_racks(cause: str, profile: Profile | None) -> bool:
    """Whether the racks left count for a game ended by ``cause`` under the profile (see the module's doc)."""
    if profile is None:
        return cause in RACK_CAUSES
    ending = profile.ending
    return {
        "out": True,
        "passes": ending.stalemate_own_rack, "scoreless": ending.stalemate_own_rack,
        "nobody_can_play": ending.stalemate_own_rack,
        "round_time": ending.round_over_racks,
        "time": bool(profile.overtime.limit_racks),
        "abandonment": bool(profile.conduct.abandon_racks),
    }.get(cause, False)


def racks_needed(cause: str, seats: int, finisher: int | None, profile: Profile | None = None) -> list[int]:
    """Which players' end racks the settlement needs for this cause."""
    if not counts_racks(cause, profile):
        return []
    if cause == "out":
        return [s for s in range(seats) if s != finisher]
    return list(range(seats))


def settle(
    cause: str,
    scores: list[int],
    racks: dict[int, list[str]],
    tileset: TileSet,
    finisher: int | None = None,
    *,
    names: list[str] | None = None,
    overtime: list[int] | None = None,
    sanctions: list[int] | None = None,
    profile: Profile | None = None,
    result_rule: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Final scores and their parts, each player's result, the winner (None: nobody won) and spread.

    ``overtime`` is each player's seconds past the clock, ``sanctions`` each player's sanction
    points; ``profile`` prices the overtime. ``result_rule`` is ``{"rule": "abandonment" |
    "no_show", "seats": [...]}`` for the players who left or never came.
    """
    seats = len(scores)
    over = list(overtime or [0] * seats)
    fined = list(sanctions or [0] * seats)
    past = [s for s in range(seats) if profile is not None and profile.overtime_ends_game(over[s])]
    counted = counts_racks(cause, profile) and not (past and not profile.overtime.limit_racks)
    everyone = profile is None or profile.ending.out_settlement == OutSettlement.ALL_RACKS
    adjust = _racks(cause, racks, tileset, finisher, seats, everyone) if counted else [0] * seats
    time = [profile.time_penalty(over[s]) if profile is not None else 0 for s in range(seats)]
    base = [scores[s] + adjust[s] - time[s] - fined[s] for s in range(seats)]
    final = list(base)
    losers: set[int] = set()
    winner: int | None = None
    if past and profile.overtime.limit_loses:
        losers = set(past)
        _below_rivals(final, past, profile.overtime.limit_leader_minus)
    if result_rule is not None:
        winner, losers = _result_rule(result_rule, final, profile)
    winner = winner if winner is not None else _best(final, losers)
    return {
        "cause": cause,
        "finisher": finisher,
        "racks_counted": counted,
        "players": [
            {
                "seat": s,
                "name": names[s] if names else None,
                "score_before": scores[s],
                "rack": list(racks.get(s, [])) if counted else [],
                "rack_adjustment": adjust[s],
                "overtime_seconds": over[s],
                "time_penalty": time[s],
                "sanctions": fined[s],
                "result_adjustment": final[s] - base[s],
                "final_score": final[s],
                "result": "win" if s == winner else "loss" if winner is not None or s in losers else "draw",
            }
            for s in range(seats)
        ],
        "winner": winner,
        "spread": _spread(final, winner),
    }


def _racks(cause: str, racks: dict[int, list[str]], tileset: TileSet, finisher: int | None, seats: int,
           everyone: bool = True) -> list[int]:
    adjust = [0] * seats
    values = {s: tileset.rack_value(racks.get(s, [])) for s in range(seats)}
    if cause == "out":
        rival = (finisher + 1) % seats  # type: ignore[operator]
        for s in range(seats):
            if s != finisher:
                adjust[s] -= values[s]
                if everyone or s == rival:
                    adjust[finisher] += values[s]  # type: ignore[index]
    else:
        for s in range(seats):
            adjust[s] -= values[s]
    return adjust


def _below_rivals(final: list[int], past: list[int], margin: int | None) -> None:
    """FILE 34.2: an offender still ahead or level after the deduction is put ``margin`` below the rival."""
    others = [f for s, f in enumerate(final) if s not in past]
    if margin is None or not others:
        return
    for s in past:
        if final[s] >= max(others):
            final[s] = max(others) - margin


def _result_rule(rule: dict[str, Any], final: list[int], profile: Profile | None) -> tuple[int | None, set[int]]:
    """Abandonment and no-shows: who wins, who loses, and the score where the rulebook sets one."""
    gone = list(rule["seats"])
    stayers = [s for s in range(len(final)) if s not in gone]
    conduct = profile.conduct if profile is not None else None
    if not stayers:  # everybody left or nobody came: 0–0 and nobody wins (FISC I.5, I.8 F; AJS 4.1.11.1)
        fixed = conduct.both_abandon_score if rule["rule"] == "abandonment" else conduct.both_absent_score
        for s in gone:
            final[s] = fixed[0] if fixed else final[s]
        return None, set(gone)
    stayer, leaver = stayers[0], gone[0]
    if conduct is not None and conduct.forfeit_score is not None:  # AJS 4.1.11.1: 300–0 ...
        keep = rule["rule"] == "abandonment" and conduct.forfeit_keeps_larger_spread and \
            final[stayer] - final[leaver] > conduct.forfeit_score[0] - conduct.forfeit_score[1]
        if not keep:  # ... or the score as it stands when its spread is larger
            final[stayer], final[leaver] = conduct.forfeit_score
    elif rule["rule"] == "abandonment" and conduct is not None and conduct.abandon_leader_margin is not None \
            and final[leaver] >= final[stayer]:  # FISC I.8 E: a leader (or level) leaver gets the rival's − 50
        final[leaver] = final[stayer] - conduct.abandon_leader_margin
    return stayer, {leaver}


def _best(final: list[int], losers: set[int]) -> int | None:
    """The one player with the highest score among those who did not lose; None on a tie or if all lost."""
    alive = [s for s in range(len(final)) if s not in losers]
    if not alive:
        return None
    best = max(final[s] for s in alive)
    leaders = [s for s in alive if final[s] == best]
    return leaders[0] if len(leaders) == 1 else None


def _spread(final: list[int], winner: int | None) -> int:
    """The winner's margin over the best other player; with no winner, the top two scores' gap."""
    if winner is not None:
        others = [f for s, f in enumerate(final) if s != winner]
        return final[winner] - max(others) if others else 0
    ordered = sorted(final, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0
