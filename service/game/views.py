"""What a caller sees of a game and its events: the same facts, with hidden tiles withheld.

A player sees the known tiles on their own rack; the opponent and spectators see counts only;
arbiters, directors and the tribunal see every rack. The same rule applies to the history: an
event's payload fields that name tiles on a rack (drawn, kept, exchanged) are withheld from a
caller who may not see that seat's rack, and listed in ``redacted``.
"""

from __future__ import annotations

from typing import Any

from domain.cells import board_cells
from domain.game import Game
from domain.game.aggregate import tile_of
from domain.game.aids import unseen_by, unseen_tiles_allowed
from domain.game.chain import ChainRecord
from domain.move import SIZE
from domain.notation import format_word
from projections.actions import waiting_for
from service.principal import Principal

STATUS = {"starting": "in_progress", "dealing": "in_progress", "playing": "in_progress", "ended": "ended",
          "closed": "closed"}
#: Payload fields that show the tiles on a seat's rack, by event type, each with the payload field that
#: names the seats who were shown those tiles anyway (an overdraw's sample, and the two of it the offender
#: kept, FILE 28.1.2 «tendrá derecho a ver X+2 fichas»; an underdraw's tiles).
HIDDEN: dict[str, tuple[tuple[str, str | None], ...]] = {
    "TilesDrawn": (("tiles", None),),
    "TilesPlaced": (("rack_after", None),),
    "TilesExchanged": (("returned", None), ("drawn", None), ("rack_after", None)),
    "PlayWithdrawn": (("rack_after", None),),
    "PlayRestored": (("rack_after", None),),
    "TilesOverdrawn": (("tiles", None),),
    "OverdrawSampled": (("sample", "seen_by"),),
    "OverdrawCorrected": (("returned", "seen_by"), ("rack_after", None), ("kept", "seen_by")),
    "UnderdrawCorrected": (("tiles", "shown_to"),),
    "SenyorsRedrawn": (("drawn", None),),
}
DETAIL_KEYS = ("event", "round", "table")


def status_of(game: Game) -> str:
    """``in_progress``, ``ended`` or ``closed``."""
    return STATUS[game.phase]


def board_rows(game: Game) -> list[str]:
    """The board as 15 strings, row A first, in TILES.md notation (``.`` for an empty square)."""
    tileset = game.tileset
    rows = []
    for r in range(SIZE):
        cells = game.board[r * SIZE:(r + 1) * SIZE]
        rows.append(format_word([None if c is None else tile_of(c) for c in cells], tileset))
    return rows


KEY_FIELDS = ("seat", "device", "fingerprint", "public_key", "registered_at", "replaces", "current", "revoked",
              "countersigned_by", "reason")
PROPOSAL_FIELDS = ("seat", "device", "fingerprint", "replaces", "proposed_at", "by")


def game_state(game: Game, viewer: Principal) -> dict[str, Any]:
    """The game as ``viewer`` may see it (see ``service.api.schemas.game.GameState``)."""
    seats = range(len(game.players))
    visible = [s for s in seats if viewer.sees_rack(s)]
    placed = sum(1 for c in game.board if c is not None)
    hidden_known = sum(len(game.racks[s]) for s in visible)
    playing = game.phase == "playing"
    last = game.turns[-1] if game.turns else None
    details = game.details or {}
    waiting, waiting_seats = waiting_for(game)
    return {
        "id": str(game.id),
        "version": game.version,
        "status": status_of(game),
        "phase": game.phase,
        "profile": game.profile,
        "tileset": game.tileset_name,
        "bag_mode": game.bag_mode,
        **{k: details.get(k) for k in DETAIL_KEYS},
        "players": [
            {"seat": s, "name": game.players[s], "score": game.scores[s], "rack_count": game.rack_counts[s],
             "rack": list(game.racks[s]) if s in visible else None,
             "signed": str(s) in game.signatures}
            for s in seats
        ],
        "seat_on_turn": game.turn if playing else None,
        "name_on_turn": game.players[game.turn] if playing else None,
        "starter": game.starter,
        "pending": _pending(game),
        "overdraw": overdraw_seen_by(game.overdraw, viewer),
        "bag_count": game.bag_count(),
        "unseen_count": game.tileset.total_tiles - placed - len(game.set_aside) - hidden_known,
        "turns_played": len(game.turns),
        "board": board_rows(game),
        "cells": board_cells(game.board, game.tileset),
        "last_turn": None if last is None else _last_turn(game),
        "clock": details.get("clock"),
        "clocks": [dict(c) for c in game.clocks],
        "clock_stop": game.clock_stop,
        "sanctions": [dict(x) for x in game.sanctions],
        "lexicon": details.get("lexicon"),
        "ending": game.ending,
        "settlement": game.settlement,
        "next_actions": next_actions(game),
        "waiting_for": waiting,
        "waiting_seats": waiting_seats,
        "devices": [dict(d) for d in game.devices],
        "warnings": game.device_warnings(),
        "arbiter_call": game.arbiter_call,
        "proposed_ruling": None if game.proposed_ruling is None else dict(game.proposed_ruling),
        "disputed_ruling": None if game.disputed_ruling is None else dict(game.disputed_ruling),
        "head_hash": game.last_hash,
        "keys": [{k: key.get(k) for k in KEY_FIELDS} for key in game.keys],
        "key_proposals": [{k: p[k] for k in PROPOSAL_FIELDS} for p in game.key_proposals],
        "unseen_tiles": _unseen_tiles(game, viewer),
    }


def _last_turn(game: Game) -> dict[str, Any]:
    """The last turn, numbered as the printed sheet numbers it: ``turn`` is its line in that player's column."""
    last = game.turns[-1]
    _, number = game.sheet_line(len(game.turns) - 1)
    found = {k: last.get(k) for k in ("seat", "kind", "word", "coordinates", "score")}
    return dict(found, turn=number, game_turn=len(game.turns))


def _unseen_tiles(game: Game, viewer: Principal) -> list[str] | None:
    """The tiles a player has not seen, only for that player and only where the game allows it
    (``domain.game.aids``: an aid the rulebooks forbid unless the organisers allow it)."""
    if viewer.role != "player" or viewer.seat is None or not unseen_tiles_allowed(game):
        return None
    return unseen_by(game, viewer.seat)


def _pending(game: Game) -> dict[str, Any] | None:
    """What the game waits for; public facts only (the seats, the words challenged)."""
    return None if game.pending is None else dict(game.pending)


def next_actions(game: Game) -> list[dict[str, Any]]:
    """The commands the game accepts now, and who sends each (``Game.next_actions``)."""
    return list(game.next_actions())


def overdraw_seen_by(overdraw: dict[str, Any] | None, viewer: Principal) -> dict[str, Any] | None:
    """An open overdraw as ``viewer`` may see it: the tiles just drawn only to those who see the rack, the
    X + 2 shown also to those they were shown to (FILE 28.1.2)."""
    if overdraw is None or viewer.sees_rack(overdraw["seat"]):
        return overdraw
    seen = dict(overdraw, drawn=None)
    sample = overdraw.get("sample")
    if sample is not None and not (viewer.role == "player" and viewer.seat in (sample.get("seen_by") or ())):
        seen["sample"] = dict(sample, tiles=None)
    return seen


def event_record(record: ChainRecord, viewer: Principal) -> dict[str, Any]:
    """One event in audit form, payload fields showing hidden tiles withheld from ``viewer``."""
    payload = dict(record.payload)
    redacted: list[str] = []
    seat = payload.get("seat")
    if record.type in HIDDEN and isinstance(seat, int) and not viewer.sees_rack(seat):
        for name, witnesses in HIDDEN[record.type]:
            shown = witnesses is not None and viewer.role == "player" and viewer.seat in (payload.get(witnesses) or ())
            if payload.get(name) is not None and not shown:
                payload[name] = None
                redacted.append(name)
    return {
        "sequence": record.version,
        "type": record.type,
        "recorded_at": record.at,
        "actor": record.actor,
        "device": record.device,
        "hash": record.hash,
        "previous_hash": record.previous_hash,
        "payload": payload,
        "redacted": redacted,
    }
