"""Scores, the ranking and its tie-breaks, sudden death and vis-à-vis: pure functions of the published rounds.

- Total (FISC II.8, AJS 3.2.10): the sum of the round scores, plus the solo-top bonuses (AJS 3.2.11:
  «se suman a la puntuación de los jugadores al final de la duplicada, teniéndose en cuenta para la
  clasificación final»); the percentage of the master is of the plays' points, bonuses apart.
- Ties (AJS 3.2.10): the highest single play, then the next, and so on; FISC II.8 ranks by total
  alone, so equal totals share a place.
- Sudden death (AJS 3.3): first the rounds played, then the score of the last round played.
- Vis-à-vis (AJS 3.4): each round's difference Δ gives 1–1 (0, both valid), 0–0 (0, both invalid),
  1–0 (1–9), 2–0 (10–29), 3–0 (30 or more), and the mirror.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from domain.duplicate.rules import TieBreak


@dataclass
class Line:
    """One player's line in the ranking."""

    seat: int
    name: str
    plays: list[int] = field(default_factory=list)  #: the round scores, in round order
    bonus: float = 0.0
    master: int = 0  #: the masters' points over the same rounds
    rounds_played: int = 0
    last_score: int = 0
    out: str | None = None
    rank: int = 0

    @property
    def points(self) -> int:
        return sum(self.plays)

    @property
    def total(self) -> float:
        return self.points + self.bonus

    @property
    def percent(self) -> float:
        return round(100 * self.points / self.master, 2) if self.master else 0.0

    def tiebreak(self) -> tuple[int, ...]:
        return tuple(sorted(self.plays, reverse=True))


def lines(players: Sequence[str], rounds: Sequence[dict[str, Any]], out: dict[str, dict[str, Any]],
          at: int | None = None) -> list[Line]:
    """Each player's plays, bonus and the masters' total over the published rounds (through ``at``)."""
    table = [Line(seat, name, out=(out.get(str(seat)) or {}).get("why")) for seat, name in enumerate(players)]
    for r in rounds:
        if r["results"] is None or (at is not None and r["round"] > at):
            continue
        for line in table:
            result = r["results"].get(str(line.seat))
            if result is None:
                continue
            line.plays.append(result["score"])
            line.master += r["master"]["score"]
            line.rounds_played += 1
            line.last_score = result["score"]
            if r.get("solo_top") == line.seat:
                line.bonus += r.get("bonus", 0.0)
    return table


def rank(table: list[Line], tiebreak: TieBreak, *, sudden_death: bool = False) -> list[Line]:
    """The ranking, best first; equal keys share a rank (the next rank skips, 1, 1, 3)."""
    if sudden_death:
        def key(line: Line) -> tuple:
            return (-line.rounds_played, -line.last_score)
    elif tiebreak is TieBreak.PLAYS:
        def key(line: Line) -> tuple:
            return (-line.total, tuple(-p for p in line.tiebreak()))
    else:
        def key(line: Line) -> tuple:
            return (-line.total,)
    ordered = sorted(table, key=lambda line: (key(line), line.seat))
    for i, line in enumerate(ordered):
        line.rank = ordered[i - 1].rank if i and key(ordered[i - 1]) == key(line) else i + 1
    return ordered


def vis_a_vis(a: int, b: int, a_valid: bool, b_valid: bool) -> tuple[int, int]:
    """A round's result between two players from their scores (AJS 3.4's table)."""
    delta = a - b
    if delta == 0:
        return (1, 1) if a_valid and b_valid else (0, 0)  # a valid play scores 2 or more: Δ 0 is both or neither
    points = 1 if abs(delta) <= 9 else 2 if abs(delta) <= 29 else 3
    return (points, 0) if delta > 0 else (0, points)


def vis_a_vis_table(pairs: Sequence[Sequence[int]], rounds: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each pair's running result over the published rounds (AJS 3.4: «se suma al resultado total anterior»)."""
    out = []
    for a, b in pairs:
        total = [0, 0]
        by_round = []
        for r in rounds:
            if r["results"] is None:
                continue
            ra, rb = r["results"].get(str(a)), r["results"].get(str(b))
            if ra is None or rb is None:
                continue
            got = vis_a_vis(ra["score"], rb["score"], not ra["causes"], not rb["causes"])
            total = [total[0] + got[0], total[1] + got[1]]
            by_round.append({"round": r["round"], "scores": [ra["score"], rb["score"]], "points": list(got)})
        out.append({"seats": [a, b], "points": total, "rounds": by_round})
    return out
