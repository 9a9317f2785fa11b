"""What a game waits for, and the commands that may come next, for whom.

Every entry is ``{"type": <application command>, "seat": int | None, "role": "player" | "director"}``.
When the Game aggregate offers ``next_actions()`` itself, that answer is used as it is; until
then the list is worked out here from the game's state with the same guards the commands check
(``domain/game/turns.py``, ``ending.py``), so it never offers a command the game would refuse
for being out of phase or out of turn.
"""

from __future__ import annotations

from typing import Any

RACK = 7


def _action(kind: str, seat: int | None, role: str = "player") -> dict[str, Any]:
    return {"type": kind, "seat": seat, "role": role}


def next_actions(game: Any) -> list[dict[str, Any]]:
    """The commands the game accepts now, each with the seat (or None) and the role that sends it."""
    own = getattr(game, "next_actions", None)
    if callable(own):
        return [dict(a) for a in own()]
    return derived_actions(game)


def derived_actions(game: Any) -> list[dict[str, Any]]:
    """The same list worked out from the game's state (phase, pending, turn, racks, bag, ruling)."""
    seats = range(len(game.players))
    phase = game.phase
    if phase == "starting":
        return [_action("draw_for_start", None), _action("give_starter", None, "director")]
    if phase == "dealing":
        order = [(game.starter + k) % len(game.players) for k in seats]
        due = next(s for s in order if game.rack_counts[s] < RACK)
        return [_action("draw_tiles", due), _action("end_game", None, "director")]
    if phase == "playing":
        return _playing(game) + _appeal(game) + [_action("end_game", None, "director")]
    if phase == "ended":
        pending = game.pending or {}
        if pending.get("kind") == "end_racks":
            return [_action("declare_end_rack", s) for s in pending["seats"]]
        if game.settlement is not None:
            return [_action("sign", s) for s in seats if str(s) not in game.signatures]
        return []
    if phase == "closed" and game.rules.reopen_allowed:
        return [_action("reopen", None, "director")]
    return []


def _playing(game: Any) -> list[dict[str, Any]]:
    pending = game.pending or {}
    kind = pending.get("kind")
    others = [s for s in range(len(game.players)) if s != pending.get("seat")]
    if kind == "acceptance":
        out = [_action(a, s) for s in others for a in ("accept", "challenge")]
        if game.rules.acceptance_by_draw:  # FISC I.10: drawing (or the clock on an empty bag) accepts
            placer = pending["seat"]
            out.append(_action("draw_tiles" if game.bag_count() else "accept", placer))
        return out
    if kind == "centre_choice":
        return [_action("decide_off_centre", s) for s in others]
    if kind == "ruling":
        return [_action("rule_challenge", None, "director")]
    bag = game.bag_count()
    short = [s for s in range(len(game.players)) if game.rack_counts[s] < RACK and bag]
    ruling = game.last_ruling
    appeal_open = bool(ruling and ruling["appealed"] and not ruling["final"])
    placer = game.turns[-1]["seat"] if game.turns else None
    # FILE 41.3: the challenged player may not draw while the appeal is resolved
    draws = [_action("draw_tiles", s) for s in short if not (appeal_open and s == placer)]
    seat = game.turn
    if seat in short:
        return draws
    moves = [_action("place_tiles", seat), _action("pass_turn", seat)]
    rules = game.rules
    if bag >= max(1, rules.exchange_min_bag) and game.rack_counts[seat]:
        moves.insert(1, _action("exchange_tiles", seat))
    return draws + moves


def _appeal(game: Any) -> list[dict[str, Any]]:
    ruling = game.last_ruling
    if not ruling or not game.rules.appeal_allowed:
        return []
    if ruling["appealed"]:
        return [] if ruling["final"] else [_action("rule_appeal", None, "director")]
    if ruling["turn"] != len(game.turns) - 1:
        return []
    by = game.rules.appeal_by
    if by == "placer":
        seats = [game.turns[-1]["seat"]]
    elif by == "challenger":
        seats = [ruling["challenger"]]
    else:
        seats = list(range(len(game.players)))
    return [_action("appeal", s) for s in seats]


def waiting_for(game: Any) -> tuple[str | None, list[int]]:
    """What the game waits for (finer than its status) and which seats, if any, it waits on."""
    phase, pending = game.phase, game.pending or {}
    kind = pending.get("kind")
    if phase == "starting":
        return "starter", []
    if phase == "dealing":
        return "deal", [a["seat"] for a in derived_actions(game) if a["type"] == "draw_tiles"]
    if phase == "playing":
        others = [s for s in range(len(game.players)) if s != pending.get("seat")]
        if kind in ("acceptance", "centre_choice"):
            return kind, others
        if kind == "ruling":
            return "ruling", []
        ruling = game.last_ruling
        if ruling and ruling["appealed"] and not ruling["final"]:
            return "appeal_ruling", []
        short = [s for s in range(len(game.players)) if game.rack_counts[s] < RACK and game.bag_count()]
        if game.turn in short:  # the player on turn must draw back to seven first (FILE 32)
            return "draw", short
        return "play", [game.turn]
    if phase == "ended":
        if kind == "end_racks":
            return "end_racks", list(pending["seats"])
        if game.settlement is None:
            return "settlement", []
        return "signatures", [s for s in range(len(game.players)) if str(s) not in game.signatures]
    return None, []
