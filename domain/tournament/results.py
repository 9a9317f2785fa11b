"""A tournament's results as facts: who met whom in which round, the scores, and how it ended.

A result exists because a game's sheet was signed or because a director recorded why (a bye, a
forfeit, a no-show): ``kind`` says which. What each kind is worth is the tournament's rules
(``domain.tournament.rules``), not the result's: the same facts are ranked under FISC or AJS.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from domain.errors import msg


class Kind(StrEnum):
    """How a round's pairing ended."""

    PLAYED = "played"  #: a game was played and signed (or ended by the rules: time, abandonment)
    BYE = "bye"  #: the first player had no opponent this round (FISC I.1 C; AJS 4.1.6)
    FORFEIT = "forfeit"  #: the second player did not play (no-show, AJS 4.1.11.1: 300-0 to the first)
    BOTH_ABSENT = "both_absent"  #: neither came: 0-0, no win for either (AJS 4.1.11.1)


@dataclass(frozen=True)
class Result:
    """One pairing of one round. ``second`` is None for a bye; for a forfeit the first player is the
    one present. ``scores`` and ``scrabbles`` are in the players' order; a bye's, a forfeit's and a
    double absence's scores come from the rules unless given."""

    round: int
    first: str
    second: str | None
    scores: tuple[int, int] | None = None  #: required for a played game; the rules give the others'
    kind: Kind = Kind.PLAYED
    scrabbles: tuple[int, int] = (0, 0)
    #: The game's own verdict ('win', 'loss', 'draw' per side) when its rules decide it apart from the
    #: scores (AJS: 10 minutes over loses the game whatever the score); None: the scores decide.
    outcome: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if self.round < 1:
            raise ValueError(msg("tournament.round_must_more_not", round=self.round))
        if (self.second is None) != (self.kind is Kind.BYE):
            raise ValueError(msg("tournament.bye_has_no_second"))
        if self.kind is Kind.PLAYED and self.scores is None:
            raise ValueError(msg("tournament.played_game_needs_its"))
        if self.second == self.first:
            raise ValueError(msg("tournament.cannot_meet_themself", first=self.first))

    @property
    def players(self) -> tuple[str, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    def side(self, player: str) -> int:
        """0 for the first player, 1 for the second."""
        if player == self.first:
            return 0
        if player == self.second:
            return 1
        raise KeyError(player)

    def opponent(self, player: str) -> str | None:
        return self.second if self.side(player) == 0 else self.first

    def played(self) -> bool:
        """True when a game was played over the board (not a bye, forfeit or double absence)."""
        return self.kind is Kind.PLAYED
