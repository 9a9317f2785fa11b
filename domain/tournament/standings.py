"""Standings from results: points, then each tie-break in the rules' order, every figure with its inputs.

Pure and order-free: the same results give the same table whatever order they arrive in, and the
table after round N reads only the results of rounds 1..N. Each tie-break is a ``Figure``: its
value and the inputs it was computed from (which opponents, which points, what was dropped), so a
player or a director can open any number in the table and check it by hand.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from domain.errors import msg
from domain.tournament.results import Kind, Result
from domain.tournament.rules import StandingsRules, TieBreak, Unplayed


@dataclass(frozen=True)
class Figure:
    """A tie-break's value and what it was made of: ``(label, amount)`` pairs, and those dropped."""

    value: float
    inputs: tuple[tuple[str, float], ...] = ()
    dropped: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class Round:
    """One round of one player's tournament, from their side of the board."""

    round: int
    opponent: str | None
    kind: Kind
    points: float  #: tournament points earned: 1, 1/2, 0 (or the bye's worth)
    scored: int
    conceded: int
    scrabbles: int

    @property
    def outcome(self) -> str:
        """'win', 'draw' or 'loss' as the points say."""
        return "win" if self.points > 0.5 else "draw" if self.points == 0.5 else "loss"


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    rank: int
    player: str
    points: float
    rounds: tuple[Round, ...]
    tiebreaks: dict[TieBreak, Figure] = field(default_factory=dict)


def rounds_of(results: Iterable[Result], rules: StandingsRules, *, at: int | None = None) -> dict[str, list[Round]]:
    """Each player's rounds up to round ``at`` (all when None), in round order."""
    table: dict[str, list[Round]] = {}
    for result in results:
        if at is not None and result.round > at:
            continue
        for player in result.players:
            table.setdefault(player, []).append(_round(result, player, rules))
    for rows in table.values():
        rows.sort(key=lambda r: r.round)
    return table


def _round(result: Result, player: str, rules: StandingsRules) -> Round:
    side = result.side(player)
    scores = result.scores or {Kind.BYE: rules.bye_scores, Kind.FORFEIT: rules.forfeit_scores,
                               Kind.BOTH_ABSENT: (0, 0)}.get(result.kind, (0, 0))
    mine, theirs = scores[side], scores[1 - side]
    if result.kind is Kind.BYE:
        points = rules.bye_points
    elif result.kind is Kind.FORFEIT:
        points = rules.win if side == 0 else 0.0
    elif result.kind is Kind.BOTH_ABSENT:
        points = 0.0  # AJS 4.1.11.1: «sin puntos de victoria para ninguno»
    elif result.outcome is not None:
        points = {"win": rules.win, "draw": rules.draw}.get(result.outcome[side], 0.0)
    else:
        points = rules.win if mine > theirs else rules.draw if mine == theirs else 0.0
    return Round(result.round, result.opponent(player), result.kind, points, mine, theirs, result.scrabbles[side])


def standings(players: Iterable[str], results: Iterable[Result], rules: StandingsRules, *, rounds: int,
              at: int | None = None, seed: str = "", bonus: Mapping[str, float] | None = None) -> list[Row]:
    """The table after round ``at`` (all rounds when None) of a tournament of ``rounds`` rounds.

    ``bonus`` adds points for pairing only (late entries: AJS 4.1.9, FISC's P/2): the final
    standings are computed without it. ``seed`` is the recorded seed of the drawing of lots.
    """
    table = rounds_of(results, rules, at=at)
    everyone = list(dict.fromkeys([*players, *table]))
    bonus = bonus or {}
    points = {p: sum(r.points for r in table.get(p, [])) + bonus.get(p, 0.0) for p in everyone}
    rows = []
    for player in everyone:
        mine = table.get(player, [])
        figures = {tb: _figure(tb, player, mine, points, rules, rounds, seed) for tb in rules.order}
        rows.append(Row(0, player, points[player], tuple(mine), figures))
    keyed = sorted(((_key(row, rules), row) for row in rows), key=lambda pair: pair[0])  # stable: entry order on ties
    ranked: list[Row] = []
    previous = None
    for i, (key, row) in enumerate(keyed):
        tied = ranked and previous == key
        ranked.append(Row(ranked[-1].rank if tied else i + 1, row.player, row.points, row.rounds, row.tiebreaks))
        previous = key
    return ranked


def _key(row: Row, rules: StandingsRules) -> tuple[float, ...]:
    return (-row.points, *(-row.tiebreaks[tb].value for tb in rules.order))


def _figure(tb: TieBreak, player: str, mine: list[Round], points: dict[str, float], rules: StandingsRules,
            rounds: int, seed: str) -> Figure:
    if tb is TieBreak.MEDIAN_BUCHHOLZ:
        inputs = sorted((_opponent_points(r, points, rules) for r in mine), key=lambda pair: pair[1])
        drop = min(rules.dropped(rounds), len(inputs))
        kept = inputs[drop:]
        return Figure(sum(v for _, v in kept), tuple(kept), tuple(inputs[:drop]))
    if tb is TieBreak.BERGER:
        inputs = []
        for r in mine:
            label, worth = _opponent_points(r, points, rules)
            share = 1.0 if r.outcome == "win" else 0.5 if r.outcome == "draw" else 0.0
            if share:
                inputs.append((label, worth * share))
        return Figure(sum(v for _, v in inputs), tuple(inputs))
    if tb is TieBreak.SPREAD:
        inputs = tuple((_label(r), float(r.scored - r.conceded)) for r in mine)
        return Figure(sum(v for _, v in inputs), inputs)
    if tb is TieBreak.POINTS_FOR:
        inputs = tuple((_label(r), float(r.scored)) for r in mine)
        return Figure(sum(v for _, v in inputs), inputs)
    if tb is TieBreak.AVERAGE_POINTS_FOR:
        inputs = tuple((_label(r), float(r.scored)) for r in mine if r.kind is Kind.PLAYED)
        return Figure(sum(v for _, v in inputs) / len(inputs) if inputs else 0.0, inputs)
    if tb is TieBreak.SCRABBLES:
        inputs = tuple((_label(r), float(r.scrabbles)) for r in mine if r.scrabbles)
        return Figure(sum(v for _, v in inputs), inputs)
    if tb is TieBreak.LOTS:
        digest = hashlib.sha256(f"{seed}\x00{player}".encode()).digest()
        return Figure(int.from_bytes(digest[:6], "big") / 2**48, (("seed", 0.0),))
    raise ValueError(msg("tournament.unknown_tie_break", tb=tb))


def _opponent_points(r: Round, points: dict[str, float], rules: StandingsRules) -> tuple[str, float]:
    """What a round adds to Buchholz and Berger: the opponent's points, or nothing when unplayed."""
    if r.opponent is None or (r.kind is not Kind.PLAYED and rules.unplayed is Unplayed.ZERO):
        return _label(r), 0.0
    return r.opponent, points.get(r.opponent, 0.0)


def _label(r: Round) -> str:
    if r.opponent is not None and r.kind is Kind.PLAYED:
        return r.opponent
    return f"{r.kind.value} (round {r.round})"  # .value: formatting the enum itself costs several times more
