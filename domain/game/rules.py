"""What the Game aggregate reads from a profile, in one place, with the article behind each setting."""

from __future__ import annotations

from dataclasses import dataclass

from functools import lru_cache

from domain.profiles import Profile, get_profile
from domain.profiles.kinds import Appeal, ChallengeCloses, DrawTie, MissedCentre, Reopen


@dataclass(frozen=True)
class GameRules:
    """The settings the turn cycle, challenges and end of game depend on."""

    profile: str
    tileset: str
    min_players: int
    max_players: int
    blank_digraph: bool
    start_tie_sets_aside: bool
    off_centre_choice: bool
    acceptance_by_draw: bool
    exchange_min_bag: int
    exchange_capped_by_bag: bool
    passes_per_player: int
    passes_not_at_zero: bool
    lost_is_pass: bool
    scoreless_turns: int | None
    scoreless_not_at_zero: bool
    nobody_can_play: bool
    appeal_allowed: bool
    appeal_by: str
    reopen_allowed: bool
    articles: dict[str, str]

    def article(self, key: str) -> str | None:
        """The article that decides ``key`` under this profile."""
        return self.articles.get(key)


@lru_cache(maxsize=None)
def rules_for(profile_id: str) -> GameRules:
    """The Game's view of a profile (raises ``DomainError`` for an unknown id)."""
    return _from_profile(get_profile(profile_id))


ARTICLE_KEYS = {
    "players": "max_players",
    "blank_digraph": "blank_as_digraph",
    "exchange": "exchange.min_bag",
    "passes": "ending.passes_each",
    "scoreless": "ending.scoreless_turns",
    "lost_is_pass": "ending.lost_is_pass",
    "nobody_can_play": "ending.nobody_can_play",
    "appeal": "challenge.appeal",
    "appeal_by": "challenge.appeal_by",
    "reopen": "sheet.reopen",
    "acceptance": "challenge.closes",
    "start_tie": "start.draw_tie",
    "off_centre": "start.missed_centre",
}


def _from_profile(p: Profile) -> GameRules:
    articles = {}
    for key, setting in ARTICLE_KEYS.items():
        try:
            articles[key] = p.article(setting)
        except KeyError:
            continue
    return GameRules(
        profile=p.id,
        tileset=p.tileset,
        min_players=p.min_players,
        max_players=p.max_players,
        blank_digraph=p.blank_as_digraph,
        start_tie_sets_aside=p.start.draw_tie == DrawTie.SET_ASIDE,
        off_centre_choice=p.start.missed_centre == MissedCentre.OPPONENT_CHOOSES,
        acceptance_by_draw=p.challenge.closes == ChallengeCloses.DRAW_OR_CLOCK,
        exchange_min_bag=p.exchange.min_bag,
        exchange_capped_by_bag=p.exchange.capped_by_bag,
        passes_per_player=p.ending.passes_each,
        passes_not_at_zero=p.ending.passes_suspended_at_zero,
        lost_is_pass=p.ending.lost_is_pass,
        scoreless_turns=p.ending.scoreless_turns,
        scoreless_not_at_zero=p.ending.scoreless_suspended_at_zero,
        nobody_can_play=p.ending.nobody_can_play,
        appeal_allowed=p.challenge.appeal != Appeal.NONE,
        appeal_by=p.challenge.appeal_by.value,
        reopen_allowed=p.sheet.reopen == Reopen.DIRECTOR_WITH_CONSENT,
        articles=articles,
    )
