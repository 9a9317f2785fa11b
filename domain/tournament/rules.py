"""What a result is worth and how ties are broken: each federation's standings rules as data.

A setting the rulebooks leave open (how a bye or a forfeit counts in Buchholz and Berger, what a
bye scores) is a value here with a note saying so: the director decides, and the tournament
records the choice as an event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from domain.errors import msg


class TieBreak(StrEnum):
    """The tie-breaks the federations name, each computed in ``domain.tournament.standings``."""

    MEDIAN_BUCHHOLZ = "median_buchholz"  #: opponents' points, the lowest one or two dropped
    BERGER = "berger"  #: beaten opponents' points plus half the drawn ones' (FISC I.1; AJS "Sonneborn-Berger")
    SPREAD = "spread"  #: points scored minus points conceded
    POINTS_FOR = "points_for"  #: points scored in all
    AVERAGE_POINTS_FOR = "average_points_for"  #: points scored per game with a score
    SCRABBLES = "scrabbles"  #: plays of seven tiles
    LOTS = "lots"  #: a seeded, recorded drawing of lots


class Unplayed(StrEnum):
    """How a round without a game over the board counts in Buchholz and Berger."""

    ZERO = "zero"  #: as an opponent with no points (a bye, and both sides of a forfeit)
    OPPONENT = "opponent"  #: a forfeit counts the real opponent's points; a bye counts nothing (zero)


@dataclass(frozen=True)
class StandingsRules:
    """Points per result, the tie-breaks in order, and the settings they read."""

    name: str
    win: float = 1.0
    draw: float = 0.5
    bye_points: float = 1.0  #: FISC I.1 C: «rebrà un punt»
    bye_scores: tuple[int, int] = (0, 0)  #: the game score a bye is written with (gap: director decides)
    forfeit_scores: tuple[int, int] = (300, 0)  #: AJS 4.1.11.1: «un resultado de 300-0»
    median_cut: tuple[tuple[int, int], ...] = ((6, 1), (10_000, 2))  #: (up to N rounds, drop this many)
    unplayed: Unplayed = Unplayed.ZERO
    order: tuple[TieBreak, ...] = ()
    articles: dict[str, str] = field(default_factory=dict)

    def dropped(self, rounds: int) -> int:
        """How many of the lowest opponents Median-Buchholz drops in a tournament of ``rounds`` rounds."""
        for up_to, drop in self.median_cut:
            if rounds <= up_to:
                return drop
        return self.median_cut[-1][1]


FISC = StandingsRules(
    name="fisc-2023",
    order=(TieBreak.MEDIAN_BUCHHOLZ, TieBreak.BERGER, TieBreak.SPREAD, TieBreak.POINTS_FOR),
    articles={
        "points": "FISC I.1 (un punt per victòria, mig en cas d'empat, zero per derrota)",
        "bye_points": "FISC I.1 C (l'últim classificat rebrà un punt i no jugarà)",
        "median_cut": "FISC I.1 (el pitjor fins a 6 rondes incloses, els dos pitjors a partir de 7)",
        "order": "FISC I.1 (Median-Buchholz, Berger, diferencial, total de punts)",
        "bye_scores": "gap: FISC I.1 gives the bye a point, not a score; director decides (0-0 by default)",
        "forfeit_scores": "gap: FISC is silent on no-shows; the AJS 4.1.11.1 300-0 by default, director decides",
        "unplayed": "gap: neither rulebook says how a bye or forfeit counts in Buchholz or Berger; director decides",
    },
)

AJS = StandingsRules(
    name="ajs-2012",
    order=(TieBreak.MEDIAN_BUCHHOLZ, TieBreak.BERGER, TieBreak.SPREAD, TieBreak.AVERAGE_POINTS_FOR,
           TieBreak.SCRABBLES, TieBreak.LOTS),
    articles={
        "points": "AJS 4.1.8 (Swiss Perfect's 1 / ½ / 0)",
        "bye_points": "AJS 4.1.6 (a bye is a win; the rulebook assigns it, not its worth: 1 point as Swiss Perfect)",
        "median_cut": "AJS 4.1.8.1 (6 rondas: se quita el más bajo; más de 6: los dos más bajos)",
        "order": "AJS 4.1.8 (Median Buchholz, Sonneborn-Berger, diferencial, promedio de puntos a favor, "
                 "scrabbles, sorteo)",
        "forfeit_scores": "AJS 4.1.11.1 (300-0; both absent 0-0 with no win)",
        "bye_scores": "gap: AJS gives the bye no score; director decides (0-0 by default)",
        "unplayed": "gap: AJS 4.1.3 defers to Swiss Perfect's configuration; director decides",
    },
)

RULES = {rules.name: rules for rules in (FISC, AJS)}

#: The settings a director changes (``Tournament.change_setting``), each with the article it serves and the
#: values it takes. ``unplayed`` fills a gap (the articles that count opponents' points are silent on a round
#: without a game); ``tiebreaks`` orders the federation's tie-breaks; ``koth_rounds`` is AJS 4.1.1's «la última
#: o las 2 últimas rondas».
SETTING_ARTICLES = {
    "unplayed": "FISC I.1; AJS 4.1.8.1 (Buchholz and Berger; how an unplayed round counts is the director's gap)",
    "tiebreaks": "FISC I.1; AJS 4.1.8",
    "koth_rounds": "AJS 4.1.1",
}
#: The most rounds king of the hill may pair: «en la última o las 2 últimas rondas» (AJS 4.1.1).
KOTH_MAX = 2


class SettingRefused(ValueError):
    """A value its setting does not take: ``field`` and ``article`` name what refuses it."""

    def __init__(self, message: str, field: str, article: str | None) -> None:
        super().__init__(message)
        self.field, self.article = field, article


def setting_value(setting: str, value: object) -> object:
    """The value as the tournament records it (``unplayed`` a name, ``tiebreaks`` a list of names, ``koth_rounds``
    a whole number), or SettingRefused naming what the setting takes."""
    article = SETTING_ARTICLES.get(setting) if isinstance(setting, str) else None
    if article is None:
        raise SettingRefused(msg("tournament.no_setting_settings_are", setting=setting,
                                 setting_articles=', '.join(SETTING_ARTICLES)), "setting", None)
    if setting == "unplayed":
        if isinstance(value, str) and value in set(Unplayed):
            return str(Unplayed(value))
        raise SettingRefused(msg("tournament.unplayed_takes_not", items=' or '.join(repr(str(u)) for u in Unplayed),
                                 value=value), "value",
                             article)
    if setting == "tiebreaks":
        names = [str(t) for t in TieBreak]
        if (isinstance(value, (list, tuple)) and value and all(isinstance(v, str) and v in names for v in value)
                and len(set(value)) == len(value)):
            return [str(TieBreak(v)) for v in value]
        raise SettingRefused(msg("tournament.tiebreaks_takes_list_distinct", names=', '.join(names), value=value), "value", article)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= KOTH_MAX:
        return value
    raise SettingRefused(msg("tournament.koth_rounds_takes_whole", koth_max=KOTH_MAX, value=value), "value", article)
