"""A game's settings at creation: where it is played, its clock and its word authority.

``details`` given to ``Game.create`` is checked here and comes back complete, so the ``Created``
event (and its hash) holds what the game was actually set up with:

- ``event`` (text), ``round`` (a whole number from 1), ``table`` (a number from 1 or a short label);
- ``clock``: ``{"timing", "minutes", "mode"}``. Timing is one the profile allows (the profile's
  usual one by default); minutes default to the profile's (``None`` where the rulebook leaves them
  to each event, FILE 33); a profile that fixes the minutes refuses others; ``no_corrido`` only
  where the rulebook has it (FISE 32), with its own default minutes;
- ``lexicon``: the authority challenges are ruled on; the profile's by default (FILE 41.1,
  FISE XI, FISC I.2, Molins 25–26);
- ``notes``: free text;
- ``unseen_tiles``: true when the organisers allow the players' tablets to show the tiles each has
  not seen (FISC I.5 lets them allow devices); the profile's ``conduct.unseen_tiles_shown`` (off in
  every profile: FILE 5.4-5.5, FISC I.5) otherwise. Kept only when given.

Anything else is refused, naming the field, so a typo never passes as a setting.
"""

from __future__ import annotations

from typing import Any

from domain.errors import msg
from domain.game.errors import RuleViolation
from domain.profiles import Profile
from domain.profiles.kinds import ClockMode, Timing

KEYS = ("event", "round", "table", "clock", "lexicon", "notes", "unseen_tiles")
CLOCK_KEYS = ("timing", "minutes", "mode")
MAX_TEXT = 200
MAX_MINUTES = 180


def game_settings(details: dict[str, Any] | None, profile: Profile) -> dict[str, Any]:
    """The checked, completed settings of a new game under ``profile``."""
    if details is None:
        details = {}
    if not isinstance(details, dict):
        raise RuleViolation(msg("game.object_settings"), code="details", field="details")
    unknown = sorted(set(details) - set(KEYS))
    if unknown:
        raise RuleViolation(msg("game.details_not_game_setting", unknown=unknown[0], keys=', '.join(KEYS)),
                            code="details", field=f"details.{unknown[0]}")
    settings: dict[str, Any] = {
        "event": _text(details.get("event"), "event"),
        "round": _number(details.get("round"), "round"),
        "table": _table(details.get("table")),
        "clock": _clock(details.get("clock"), profile),
        "lexicon": _text(details.get("lexicon"), "lexicon") or profile.challenge.lexicon,
    }
    if details.get("notes") is not None:
        settings["notes"] = _text(details["notes"], "notes", limit=2000)
    if details.get("unseen_tiles") is not None:
        if not isinstance(details["unseen_tiles"], bool):
            raise RuleViolation(msg("game.true_false"), code="details", field="details.unseen_tiles",
                                article=profile.article("conduct.unseen_tiles_shown"))
        settings["unseen_tiles"] = details["unseen_tiles"]
    return settings


def _text(value: Any, name: str, limit: int = MAX_TEXT) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise RuleViolation(msg("game.details_text_at_most", name=name, limit=limit), code="details",
                            field=f"details.{name}")
    return value.strip() or None


def _number(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RuleViolation(msg("game.details_whole_number_from", name=name), code="details", field=f"details.{name}")
    return value


def _table(value: Any) -> int | str | None:
    if isinstance(value, str):
        return _text(value, "table", limit=20)
    return _number(value, "table")


def _clock(value: Any, profile: Profile) -> dict[str, Any]:
    given = {} if value is None else value
    if not isinstance(given, dict):
        raise RuleViolation(msg("game.object_with_timing_minutes"), code="clock",
                            field="details.clock")
    unknown = sorted(set(given) - set(CLOCK_KEYS))
    if unknown:
        raise RuleViolation(msg("game.details_clock_not_clock", unknown=unknown[0], clock_keys=', '.join(CLOCK_KEYS)),
                            code="clock", field=f"details.clock.{unknown[0]}")
    clock = profile.clock
    timing = given.get("timing", clock.timing[0].value)
    if timing not in {t.value for t in clock.timing}:
        raise RuleViolation(
            msg("game.keeps_time_by", id=profile.id, items=', '.join(t.value for t in clock.timing)),
            code="clock", field="details.clock.timing", article=profile.article("clock.timing"),
        )
    mode = given.get("mode", clock.mode.value)
    modes = {clock.mode.value} | ({ClockMode.NO_CORRIDO.value} if clock.no_corrido_minutes else set())
    if mode not in modes:
        raise RuleViolation(msg("game.clock_plays", id=profile.id, modes=' or '.join(sorted(modes))),
                            code="clock", field="details.clock.mode", article=profile.article("clock.mode"))
    usual = clock.no_corrido_minutes if mode == ClockMode.NO_CORRIDO.value else clock.minutes
    minutes = given.get("minutes", usual)
    if minutes is not None:
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_MINUTES:
            raise RuleViolation(msg("game.whole_number_from", max_minutes=MAX_MINUTES), code="clock",
                                field="details.clock.minutes")
        if clock.minutes_fixed and usual is not None and minutes != usual and timing == Timing.CHESS_CLOCK:
            raise RuleViolation(
                msg("game.gives_each_player_minutes", id=profile.id, usual=usual),
                code="clock", field="details.clock.minutes", article=profile.article("clock.minutes"),
            )
    return {"timing": timing, "minutes": minutes, "mode": mode}
