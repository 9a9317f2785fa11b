"""Pairings behind one interface: Swiss (FISC I.1, AJS 4.1), king of the hill (AJS 4.1.1), round robin
(Berger tables). Each pairing comes with the reason it was made, and is a pure function of the
standings and history it is given, so a checker can derive any published round again.

Who starts: the first player named starts (FILE 4.1: «la salida corresponde al primer jugador
indicado en el cuadro de pareos»); the pairer names first the player who has started fewer games,
the higher-ranked on equal counts: the Scrabble counterpart of chess colours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from string import Formatter
from typing import Any

from domain.errors import msg

#: Every reason a table can be given, by code: the English wording (``why``), its parameters in braces. A page
#: words the same code in its reader's language (``rounds.reason.<code>`` in the catalogues); player parameters
#: (``player``, ``opponent``) hold the players' ids, for a page to show their names.
REASONS: dict[str, str] = {
    "round1.halves": "round 1: no. {n} of the top half against no. {n} of the bottom half (FISC I.1)",
    "round1.bye": "round 1: the last of an odd field has the bye (FISC I.1 C)",
    "swiss.nearest": "{player} meets {opponent}: the first in order of standing not yet met (FISC I.1 A, B)",
    "swiss.halves": "{player} meets {opponent}: the first not yet met in the Dutch order (a score group's top "
                    "half against its bottom half, AJS 4.1.3)",
    "swiss.skipped": "{player} meets {opponent}: a nearer opponent not yet met would leave the rest unpairable",
    "swiss.rematch": "{player} meets {opponent} again: no pairing of the rest of the field avoids it (FISC I.1 A)",
    "swiss.bye": "the lowest-ranked player without a bye (FISC I.1 C)",
    "swiss.bye_again": "every player has had a bye: the lowest-ranked (FISC I.1 C)",
    "koth.table": "king of the hill: no. {n} against no. {m} (AJS 4.1.1)",
    "koth.bye": "king of the hill: the lowest without a bye (AJS 4.1.1)",
    "robin.table": "round robin: Berger table, round {round}",
    "robin.bye": "round robin: the bye (Berger, round {round})",
    "manual.table": "paired by the director: {reason}",
    "manual.bye": "the bye given by the director: {reason}",
}
#: A division's table: the reason inside, the division named first (``division`` among the parameters).
DIVISION_REASON = "division {division}: {reason}"


def placeholders(template: str) -> set[str]:
    """The parameters a reason's wording names."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


class Within(StrEnum):
    """How a Swiss round pairs players down the ranking."""

    NEAREST = "nearest"  #: FISC I.1 B: «la distància en la classificació ... ha de ser mínima»
    HALVES = "halves"  #: each score group's top half against its bottom half (the Dutch system, Swiss Perfect)


@dataclass(frozen=True)
class Pairing:
    """One table: ``first`` starts; ``second`` is None for a bye. ``why`` says how it was chosen, in English;
    ``code`` and ``params`` say the same for a page to word (``REASONS``; ``why`` is made from them)."""

    table: int
    first: str
    second: str | None
    why: str
    code: str = field(default="", compare=False)
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def because(cls, table: int, first: str, second: str | None, code: str, **params: Any) -> Pairing:
        """A table with the reason ``code`` (one of ``REASONS``), worded in English from its parameters."""
        return cls(table, first, second, REASONS[code].format(**params), code, params)

    def in_division(self, table: int, division: str) -> Pairing:
        """This table numbered ``table`` among every division's, its reason naming ``division``."""
        return Pairing(table, self.first, self.second, DIVISION_REASON.format(division=division, reason=self.why),
                       self.code, {**self.params, "division": division})

    def as_dict(self) -> dict[str, Any]:
        """As a round's events store it (``reason_code``, ``reason_params``: the structured ``why``)."""
        return {"table": self.table, "first": self.first, "second": self.second, "why": self.why,
                "reason_code": self.code, "reason_params": dict(self.params)}


@dataclass(frozen=True)
class History:
    """What earlier rounds say: who met whom, who had a bye, how many games each started."""

    met: Mapping[str, frozenset[str]]
    byes: Mapping[str, int]
    starts: Mapping[str, int]

    @classmethod
    def of(cls, rounds: Sequence[Sequence[Pairing]]) -> History:
        met: dict[str, set[str]] = {}
        byes: dict[str, int] = {}
        starts: dict[str, int] = {}
        for pairings in rounds:
            for p in pairings:
                if p.second is None:
                    byes[p.first] = byes.get(p.first, 0) + 1
                    continue
                met.setdefault(p.first, set()).add(p.second)
                met.setdefault(p.second, set()).add(p.first)
                starts[p.first] = starts.get(p.first, 0) + 1
        return cls({k: frozenset(v) for k, v in met.items()}, byes, starts)

    def have_met(self, a: str, b: str) -> bool:
        return b in self.met.get(a, frozenset())


class NoPairing(ValueError):
    """Raised when no pairing avoids every rematch (a round robin's end, or a tiny field)."""


def first_round(ranked: Sequence[str]) -> list[Pairing]:
    """FISC I.1: the first half of the list (by rating) against the second half; an odd field's last
    player gets the bye (FISC I.1 C)."""
    players = list(ranked)
    bye = players.pop() if len(players) % 2 else None
    half = len(players) // 2
    tables = [Pairing.because(i + 1, players[i], players[half + i], "round1.halves", n=i + 1) for i in range(half)]
    if bye is not None:
        tables.append(Pairing.because(half + 1, bye, None, "round1.bye"))
    return tables


def swiss(ranked: Sequence[str], points: Mapping[str, float], history: History,
          within: Within = Within.NEAREST) -> list[Pairing]:
    """A Swiss round: no rematch unless unavoidable (FISC I.1 A), the bye to the lowest-ranked player
    without one (FISC I.1 C), then down the ranking as ``within`` says, backtracking when the rest of
    the field could not otherwise be paired."""
    players = list(ranked)
    tables: list[Pairing] = []
    if len(players) % 2:
        bye = next((p for p in reversed(players) if not history.byes.get(p)), players[-1])
        players.remove(bye)
        why = "swiss.bye" if not history.byes.get(bye) else "swiss.bye_again"
    order = _candidates(players, points, within)
    pairs = _pair(players, order, history, allow_rematch=False, within=within)
    if pairs is None:
        pairs = _pair(players, order, history, allow_rematch=True, within=within)
    assert pairs is not None
    for i, (a, b, code) in enumerate(pairs):
        first, second = _starter(a, b, players, history)
        tables.append(Pairing.because(i + 1, first, second, code, player=a, opponent=b))
    if len(ranked) % 2:
        tables.append(Pairing.because(len(tables) + 1, bye, None, why))
    return tables


def king_of_the_hill(ranked: Sequence[str], history: History) -> list[Pairing]:
    """AJS 4.1.1: 1st against 2nd, 3rd against 4th ... in the last standings; no player gets a second bye."""
    players = list(ranked)
    tables = []
    bye = None
    if len(players) % 2:
        bye = next((p for p in reversed(players) if not history.byes.get(p)), players[-1])
        players.remove(bye)
    for i in range(0, len(players), 2):
        first, second = _starter(players[i], players[i + 1], players, history)
        tables.append(Pairing.because(i // 2 + 1, first, second, "koth.table", n=i + 1, m=i + 2))
    if bye is not None:
        tables.append(Pairing.because(len(tables) + 1, bye, None, "koth.bye"))
    return tables


def round_robin(players: Sequence[str], round_no: int) -> list[Pairing]:
    """Berger tables: round ``round_no`` (1-based) of an all-play-all; an odd field adds a bye seat."""
    field: list[str | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(field)
    if not 1 <= round_no <= n - 1:
        raise NoPairing(msg("tournament.round_robin_players_has", n_players=len(players), n=n - 1, round_no=round_no))
    # the circle method: the last seat stays, the others turn one place per round
    fixed, rest = field[-1], field[:-1]
    shift = (round_no - 1) * (n // 2 - 1 if n > 2 else 0)
    turned = rest[shift % (n - 1):] + rest[:shift % (n - 1)]
    ring = turned + [fixed]
    tables = []
    for i in range(n // 2):
        a, b = ring[i], ring[n - 1 - i]
        if i == 0 and round_no % 2 == 0:
            a, b = b, a  # the fixed seat starts every other round
        if a is None or b is None:
            tables.append(Pairing.because(i + 1, b if a is None else a, None, "robin.bye", round=round_no))
        else:
            tables.append(Pairing.because(i + 1, a, b, "robin.table", round=round_no))
    return sorted(tables, key=lambda t: t.second is None)


def _candidates(players: list[str], points: Mapping[str, float], within: Within) -> dict[str, list[str]]:
    """For each player, the opponents to try, best first."""
    index = {p: i for i, p in enumerate(players)}
    order = {}
    groups: dict[float, list[str]] = {}
    for p in players:
        groups.setdefault(points.get(p, 0), []).append(p)
    for p in players:
        i = index[p]
        # nearest first: i+1, i-1, i+2, i-2 ... (ties go to the higher-ranked, the one above)
        nearest = [players[j] for d in range(1, len(players)) for j in (i - d, i + d) if 0 <= j < len(players)]
        if within is Within.HALVES:
            group = groups[points.get(p, 0)]
            half, mine = len(group) // 2, group.index(p)
            target = group[mine + half] if mine < half and mine + half < len(group) else None
            members = set(group)
            same = [q for q in nearest if q in members]
            nearest = ([target] if target else []) + [q for q in same if q != target] + \
                [q for q in nearest if points.get(q, 0) != points.get(p, 0)]
        order[p] = nearest
    return order


def _pair(players: list[str], order: dict[str, list[str]], history: History, *,
          allow_rematch: bool, within: Within = Within.NEAREST) -> list[tuple[str, str, str]] | None:
    """The first pairing, trying the highest-ranked unpaired player's candidates in order; each pair with the
    code of its reason."""
    if not players:
        return []
    top, rest = players[0], players[1:]
    available = set(rest)
    for other in order[top]:
        if other not in available:
            continue
        rematch = history.have_met(top, other)
        if rematch and not allow_rematch:
            continue
        remaining = [p for p in rest if p != other]
        later = _pair(remaining, order, history, allow_rematch=allow_rematch, within=within)
        if later is not None:
            if rematch:
                code = "swiss.rematch"
            elif _skipped(top, other, order, rest, history):
                code = "swiss.skipped"
            else:
                code = "swiss.halves" if within is Within.HALVES else "swiss.nearest"
            return [(top, other, code), *later]
    return None


def _skipped(top: str, other: str, order: dict[str, list[str]], rest: list[str], history: History) -> bool:
    """True when a nearer, unmet candidate was passed over so that the rest could be paired."""
    for q in order[top]:
        if q == other:
            return False
        if q in rest and not history.have_met(top, q):
            return True
    return False


def _starter(a: str, b: str, ranked: Sequence[str], history: History) -> tuple[str, str]:
    """Who is named first (and so starts, FILE 4.1): fewer games started, then the higher-ranked."""
    sa, sb = history.starts.get(a, 0), history.starts.get(b, 0)
    if sa != sb:
        return (a, b) if sa < sb else (b, a)
    return (a, b) if ranked.index(a) < ranked.index(b) else (b, a)
