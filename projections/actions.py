"""What a game waits for, on whom, and the commands that may come next.

The next commands are the Game's own answer (``Game.next_actions()``: ``{"type", "seat", "role"}``),
stored as they are so every client shows the same list. ``waiting_for`` names the wait in one
word, finer than the status (``in_progress``, ``ended``, ``closed``), with the seats it waits on.
"""

from __future__ import annotations

from typing import Any

RACK = 7


def next_actions(game: Any) -> list[dict[str, Any]]:
    """The commands the game accepts now, each with the seat (or None) and the role that sends it."""
    return [dict(a) for a in game.next_actions()]


def waiting_for(game: Any) -> tuple[str | None, list[int]]:
    """What the game waits for, and which seats, if any, it waits on.

    ``starter`` (the draw or the pairing list, FILE 4), ``deal`` (FISC I.5), ``play`` (the player
    on turn), ``draw`` (the player on turn must draw back to seven first, FILE 32), ``acceptance``
    (FILE 37), ``centre_choice`` (FILE 20), ``ruling`` (a challenge, FILE 39), ``appeal_ruling``,
    ``exchange`` (announced, FILE 25), ``overdraw`` (the extra tiles go back, FILE 28), ``end_racks``,
    ``settlement``, ``sanction_appeal`` (the tribunal, FILE 47), ``signatures`` (FILE 43); None once closed.
    ``arbiter`` before all of these while a player's call for the arbiter is open (FILE 33.5), on the seat
    that called.
    """
    phase, pending = game.phase, game.pending or {}
    call = getattr(game, "arbiter_call", None)
    if call is not None and phase != "closed":
        return "arbiter", [call["seat"]]
    kind = pending.get("kind")
    seats = range(len(game.players))
    if phase == "starting":
        return "starter", []
    if phase == "dealing":
        order = [(game.starter + k) % len(game.players) for k in seats]
        return "deal", [next(s for s in order if game.rack_counts[s] < RACK)]
    if phase == "playing":
        if game.overdraw is not None:  # the extra tiles go back first (FILE 28, FISC I.7.3, Molins 11)
            fixing = {"correct_overdraw", "choose_overdraw_return"}
            return "overdraw", sorted({a["seat"] for a in game.next_actions() if a["type"] in fixing
                                       and a["seat"] is not None})
        if kind in ("acceptance", "centre_choice"):
            return kind, [s for s in seats if s != pending.get("seat")]
        if kind == "ruling":
            return "ruling", _ruling_seats(game)
        if kind == "exchange":
            return "exchange", [pending["seat"]]
        ruling = game.last_ruling
        if ruling and ruling["appealed"] and not ruling["final"]:
            return "appeal_ruling", _ruling_seats(game)
        if game.rack_counts[game.turn] < RACK and game.bag_count():
            return "draw", [game.turn]
        return "play", [game.turn]
    if phase == "ended":
        if kind == "end_racks":
            return "end_racks", list(pending["seats"])
        if game.settlement is None:
            return "settlement", []
        if game.appeals_pending():  # the tribunal's ruling may change the sheet (FILE 47, FISE 49)
            return "sanction_appeal", []
        return "signatures", [s for s in seats if str(s) not in game.signatures]
    return None, []


def _ruling_seats(game: Any) -> list[int]:
    """The players a ruling waits on where they rule it themselves (FILE 41.1); none when the arbiter rules."""
    ruling = {"rule_challenge", "rule_appeal", "confirm_ruling"}
    return sorted({a["seat"] for a in game.next_actions() if a["type"] in ruling and a["seat"] is not None})
