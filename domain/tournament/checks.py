"""What a round's pairing breaks: the checker's warnings, each with its rule's article, for the director to
read before publishing (a hand pairing above all; the pairer's own rounds give one only where the rules
themselves could not be kept, a rematch no pairing avoids).

A warning is a code, the table, its parameters and the article; ``message`` words it in English from
``WARNINGS`` (a page words the code in its reader's language: ``rounds.warning.<code>``). Player
parameters (``player``, ``opponent``, ``expected``) hold the players' ids. Pure: it is given what the
tournament knows (earlier rounds, the standings for pairing, the pairing the system would give).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.tournament.pairing import Pairing

#: Every warning the checker gives, by code: the English wording, its parameters in braces.
WARNINGS: dict[str, str] = {
    "rematch": "{player} and {opponent} met already in round {met_in}: no two players meet twice",
    "second_bye": "{player} had a bye in round {had_in}: no player has a second bye",
    "bye_not_lowest": "the bye goes to {player}; the rule gives it to {expected}, the lowest-ranked without one",
    "extra_bye": "{player} has a bye though the field is even: a bye is only for the odd one out",
    "start_order": "{player} is named first and so starts, with {started} games started so far against "
                   "{opponent}'s {opponent_started}: the first named should be the one who has started fewer",
    "points_apart": "{player} ({points} points) meets {opponent} ({opponent_points}): {apart} apart, where the "
                    "pairer pairs no one more than {widest} apart; the distance in the standings must be minimal",
    "divisions": "{player} (division {division}) meets {opponent} (division {opponent_division}): each division is "
                 "paired on its own",
}

#: Each warning's article, per standings rules (``fisc-2023``, ``ajs-2012``); ``start_order`` is the profile's.
ARTICLES: dict[str, dict[str, str]] = {
    "fisc-2023": {"rematch": "FISC I.1 A", "second_bye": "FISC I.1 C", "bye_not_lowest": "FISC I.1 C",
                  "extra_bye": "FISC I.1 C", "points_apart": "FISC I.1 B", "divisions": ""},
    "ajs-2012": {"rematch": "AJS 4.1.1, 4.1.3 (sistema suizo)", "second_bye": "AJS 4.1.1",
                 "bye_not_lowest": "AJS 4.1.6", "extra_bye": "AJS 4.1.6", "points_apart": "AJS 4.1.3 (sistema suizo)",
                 "divisions": ""},
}


@dataclass(frozen=True)
class PairingWarning:
    """One thing a table breaks: ``code`` (one of ``WARNINGS``), the ``table``, ``params``, the ``article``."""

    code: str
    table: int
    article: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return WARNINGS[self.code].format(**self.params)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "table": self.table, "article": self.article, "params": dict(self.params),
                "message": self.message}


@dataclass(frozen=True)
class Context:
    """What the checker is given: earlier rounds, the points for pairing (none before round 2), each player's
    division, the system's own pairing of the round (None when it has none), and the article by which the
    pairing list decides who starts (None when the players draw: FISC I.5)."""

    rules: str
    earlier: Sequence[Sequence[Pairing]]
    points: Mapping[str, float]
    divisions: Mapping[str, str]
    system: Sequence[Pairing] | None
    starts_by_list: str | None = None
    round_robin: bool = False


def review(pairings: Sequence[Pairing], c: Context) -> list[PairingWarning]:
    """The warnings of a round's ``pairings``, table by table, in the order of the tables."""
    articles = ARTICLES.get(c.rules, ARTICLES["fisc-2023"])
    met: dict[frozenset[str], int] = {}
    byes: dict[str, int] = {}
    starts: dict[str, int] = {}
    for number, tables in enumerate(c.earlier, start=1):
        for p in tables:
            if p.second is None:
                byes.setdefault(p.first, number)
                continue
            met.setdefault(frozenset((p.first, p.second)), number)
            starts[p.first] = starts.get(p.first, 0) + 1
    system = list(c.system or [])
    system_byes = {c.divisions.get(p.first, "A"): p.first for p in system if p.second is None}
    widest = max((abs(c.points.get(p.first, 0) - c.points.get(p.second, 0)) for p in system if p.second), default=0)
    out: list[PairingWarning] = []

    def warn(code: str, table: int, **params: Any) -> None:
        article = c.starts_by_list if code == "start_order" else articles[code]
        out.append(PairingWarning(code, table, article or "", params))

    for p in pairings:
        a, b = p.first, p.second
        if b is None:
            if a in byes:
                warn("second_bye", p.table, player=a, had_in=byes[a])
            expected = system_byes.get(c.divisions.get(a, "A"))
            if c.system is not None and expected is None:
                warn("extra_bye", p.table, player=a)
            elif expected is not None and expected != a and not c.round_robin:
                warn("bye_not_lowest", p.table, player=a, expected=expected)
            continue
        if frozenset((a, b)) in met:
            warn("rematch", p.table, player=a, opponent=b, met_in=met[frozenset((a, b))])
        da, db = c.divisions.get(a, "A"), c.divisions.get(b, "A")
        if da != db:
            warn("divisions", p.table, player=a, division=da, opponent=b, opponent_division=db)
        if c.starts_by_list and starts.get(a, 0) > starts.get(b, 0):
            warn("start_order", p.table, player=a, started=starts.get(a, 0), opponent=b,
                 opponent_started=starts.get(b, 0))
        apart = abs(c.points.get(a, 0) - c.points.get(b, 0))
        if c.points and not c.round_robin and c.system is not None and apart > widest:
            warn("points_apart", p.table, player=a, points=_figure(c.points.get(a, 0)), opponent=b,
                 opponent_points=_figure(c.points.get(b, 0)), apart=_figure(apart), widest=_figure(widest))
    return out


def _figure(x: float) -> int | float:
    """1.0 as 1, 1.5 as 1.5 (points are halves)."""
    return int(x) if float(x).is_integer() else x
