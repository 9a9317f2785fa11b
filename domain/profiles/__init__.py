"""Rulebook profiles: five rulebooks as data for one engine (RULES.md, seeds/000-004).

A profile holds every setting in which the rulebooks differ, grouped (``start``, ``exchange``,
``challenge``, ``ending``, ``clock``, ``overtime``, ``drawing``, ``sheet``, ``conduct``), with the
article each comes from (``profile.article("exchange.min_bag")`` -> ``"Molins 16"``) and a note
wherever the rulebook is silent and a director's default fills the gap.
"""

from __future__ import annotations

from domain.errors import DomainError, msg
from domain.profiles.ajs_2012 import AJS_2012
from domain.profiles.file_2024 import FILE_2024
from domain.profiles.fisc_2023 import FISC_2023
from domain.profiles.fise_2009 import FISE_2009
from domain.profiles.model import (
    GROUPS, Challenge, Clock, Conduct, Drawing, Ending, Exchange, Overtime, Profile, Sheet, Start,
)
from domain.profiles.molins_club import MOLINS_CLUB

PROFILES: dict[str, Profile] = {p.id: p for p in (FILE_2024, FISE_2009, AJS_2012, FISC_2023, MOLINS_CLUB)}


def get_profile(profile_id: str) -> Profile:
    """The profile called ``profile_id``; refuses an unknown id, naming the valid ones."""
    try:
        return PROFILES[profile_id]
    except KeyError:
        raise DomainError(
            msg("profiles.unknown_profile_expected_one", profile_id=profile_id, profiles=', '.join(PROFILES)),
            code="unknown_profile",
            field="profile",
        ) from None


__all__ = [
    "GROUPS", "PROFILES", "Challenge", "Clock", "Conduct", "Drawing", "Ending", "Exchange", "Overtime",
    "Profile", "Sheet", "Start", "get_profile",
]
