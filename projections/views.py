"""One game as the projector holds it between batches: the Game itself, its sheet, and what changed.

``GameView.apply(event)`` moves the Game on with the event's own ``mutate`` (the same code the
repository runs, so the state never drifts from the aggregate) and then lets the event's handler
write the sheet: a new line for a play, exchange or pass; a withdrawn play turned into the
invalid mark; a reversal on appeal kept as a correction (old value, new value, who, why) instead
of overwriting the line. An event type with no handler changes only what the Game itself shows
(status, replay), so new events never break the projector. The row builders at the bottom give
each read model's rows for the state reached; the projector writes them.
"""

from __future__ import annotations

import uuid
from typing import Any

from domain.move import Coordinate
from domain.notation import format_word, parse_word
from domain.tiles import Tile
from projections.actions import next_actions, waiting_for
from projections.frames import bag_count, board_row, board_rows, frame_of
from projections.sheet import SheetRules, sheet_rules

#: Events that put tiles on the board or take them off, naming the squares in ``placements``.
PLACES = frozenset({"TilesPlaced", "PlayWithdrawn", "PlayRestored"})
#: Events after which the board looks the same (anything unknown is assumed to change it).
KEEPS_BOARD = frozenset({
    "StartingTilesDrawn", "StarterGiven", "TilesDrawn", "OffCentreAccepted", "PlayAccepted",
    "PlayChallenged", "ChallengeRuled", "RulingAppealed", "ExchangeAnnounced", "TilesExchanged", "TurnPassed",
    "GameEnded", "EndRackDeclared", "GameSettled", "SheetSigned", "GameClosed", "GameReopened",
    "TilesOverdrawn", "OverdrawSampled", "OverdrawCorrected", "UnderdrawCorrected", "SenyorsRedrawn", "ClockRead",
    "OvertimeDeclared", "ClockStopped", "ClockRestarted", "LateArrivalRecorded", "TurnLost", "RoundTimeCalled",
    "SheetEntryWritten", "ScoreCorrected", "SanctionImposed", "SanctionAppealed", "SanctionAppealRuled",
    "GameAbandoned", "NoShowRecorded", "RulingProposed", "RulingDisputed", "ReopenConsented",
    "DeviceBound", "DeviceRevoked", "SeatReleased", "DeviceReported", "ArbiterCalled", "CallAnswered",
    "KeyRegistered",
})


def status_of(phase: str) -> str:
    """The coarse status directors filter on: in_progress, ended or closed."""
    return {"closed": "closed", "ended": "ended"}.get(phase, "in_progress")


def _ruling(game: Any) -> dict[str, Any] | None:
    """The last ruling, the line it is about numbered as the printed sheet numbers it (player, turn from 1)."""
    ruling = game.last_ruling
    if ruling is None:
        return None
    index = ruling.get("turn")
    found = {k: v for k, v in ruling.items() if k != "turn"}
    if isinstance(index, int) and 0 <= index < len(game.turns):
        player, number = game.sheet_line(index)
        found.update(player=player, turn=number, game_turn=index + 1)
    return found


class GameView:
    """The projector's working copy of one game and of its sheet; ``clean()`` after each write."""

    def __init__(self, game_id: uuid.UUID) -> None:
        self.game_id = game_id
        self.game: Any = None
        self.rules: SheetRules | None = None
        self.rows: list[list[dict[str, Any]]] = []
        self.signatures: list[dict[str, Any]] = []
        self.reopenings: list[dict[str, Any]] = []
        self.created_at = ""
        self.closed_at: str | None = None
        self.last_event = ""
        self.updated_at = ""
        self.settled: dict[str, Any] | None = None
        self.turn_rows: dict[int, tuple[int, int]] = {}  # the game's turn index -> (seat, line)
        self._board: list[str] | None = None
        self.clean()

    @property
    def version(self) -> int:
        """The version of the last event applied (0 before the first)."""
        return self.game.version if self.game is not None else 0

    def clean(self) -> None:
        """Forget what changed: everything so far is written."""
        self.dirty_rows: set[tuple[int, int]] = set()
        self.frames: list[tuple[int, dict[str, Any]]] = []
        self.new_players = False
        self.settlement_changed = False

    # ---- applying events ------------------------------------------------------------------
    def apply(self, event: Any, position: int | None = None, *, frame: bool = True) -> None:
        """Apply one event: the Game moves on, the event's handler (if any) writes the sheet."""
        self.game = event.mutate(self.game)
        name = type(event).__name__
        if name in PLACES and self._board is not None:  # only the rows the play touched are written again
            board = list(self._board)
            for row in {r for r, _, _ in event.placements}:
                board[row] = board_row(self.game, row)
            self._board = board
        elif name not in KEEPS_BOARD:
            self._board = None
        handler = getattr(self, f"_on_{name}", None)
        if handler is not None:
            handler(event)
        self.last_event = name
        self.updated_at = getattr(event, "at", None) or self.updated_at
        if frame:
            if self._board is None:
                self._board = board_rows(self.game)
            self.frames.append((position or 0, frame_of(self.game, name, getattr(event, "at", None), self._board)))

    def skip(self, version: int, name: str, position: int | None = None, *, frame: bool = True) -> None:
        """Step over an event whose class is unknown here: the Game's state stays as it was, its version moves."""
        self.game.version = version
        self.last_event = name
        if frame:
            if self._board is None:
                self._board = board_rows(self.game)
            self.frames.append((position or 0, dict(frame_of(self.game, name, None, self._board), hash=None)))

    def _on_Created(self, e: Any) -> None:
        self.rules = sheet_rules(e.profile)
        self.rows = [[] for _ in e.players]
        self.created_at = e.at
        self.new_players = True

    def _new_row(self, e: Any, kind: str, **values: Any) -> None:
        rows = self.rows[e.seat]
        row = {
            "line": len(rows), "turn": len(rows) + 1, "game_turn": len(self.game.turns), "kind": kind,
            "notation": self.rules.mark(kind, values.pop("count", None)), "word": None, "word_notation": None,
            "coordinates": None, "score": 0, "total": self.game.scores[e.seat], "entered": None,
            "announced_total": None,
            "scrabble": False, "tiles": 0, "state": "accepted", "challenge": None, "corrections": [],
            "written": {}, "reason": None,
            "version": e.originator_version, "at": e.at, "actor": e.actor, "device": e.device,
        }
        row.update(values)
        # the running total as the player entered it: the one announced (FILE 32), else summed from the
        # announced scores; the Game's own reading, so the sheet and correct_score(field="total") agree
        row["entered_total"] = self.game.entered_total(row["game_turn"] - 1)
        rows.append(row)
        self.turn_rows[row["game_turn"] - 1] = (e.seat, row["line"])
        self.dirty_rows.add((e.seat, row["line"]))

    def _last_row(self, seat: int) -> dict[str, Any]:
        row = self.rows[seat][-1]
        self.dirty_rows.add((seat, row["line"]))
        return row

    def _played_row(self) -> dict[str, Any]:
        """The line of the last turn (the play a challenge, ruling or appeal is about)."""
        return self._last_row(self.game.turns[-1]["seat"])

    def _on_TilesPlaced(self, e: Any) -> None:
        self._new_row(e, "play", word=self.rules.word(e.word), word_notation=e.word, coordinates=e.coordinates,
                      score=e.score, total=e.total, entered=e.announced, announced_total=e.announced_total,
                      scrabble=e.bingo,
                      tiles=len(e.placements), state="centre_choice" if e.off_centre else "pending")

    def _on_OffCentreAccepted(self, e: Any) -> None:
        self._played_row()["state"] = "pending"

    def _on_PlayAccepted(self, e: Any) -> None:
        self._last_row(e.seat)["state"] = "accepted"

    def _on_PlayChallenged(self, e: Any) -> None:
        row = self._played_row()
        row["state"] = "challenged"
        row["challenge"] = {"challenger": e.challenger, "words": list(e.words), "at": e.at, "rulings": []}

    def _on_ChallengeRuled(self, e: Any) -> None:
        row = self._played_row()
        challenge = dict(row["challenge"] or {"challenger": e.challenger, "words": list(e.words), "rulings": []})
        challenge["rulings"] = challenge["rulings"] + [
            {"valid": e.valid, "authority": e.authority, "appeal": e.appeal, "final": e.final,
             "by": e.actor, "at": e.at, "version": e.originator_version,
             "proposed_by": e.proposed_by, "confirmed_by": e.confirmed_by}]
        row["challenge"] = challenge
        if e.valid and not e.appeal:
            row["state"] = "pending"

    def _on_RulingDisputed(self, e: Any) -> None:
        """The players disagreed on the answer they consulted (FILE 41.1): kept on the line; the arbiter rules."""
        row = self._played_row()
        challenge = dict(row["challenge"] or {})
        challenge["disputes"] = challenge.get("disputes", []) + [
            {"seat": e.seat, "reason": e.reason, "appeal": e.appeal, "proposed": e.proposed, "by": e.actor,
             "at": e.at, "version": e.originator_version}]
        row["challenge"] = challenge

    def _on_RulingAppealed(self, e: Any) -> None:
        row = self._played_row()
        # The argument itself stays off the sheet: FISE 42.4 lets the appellant keep it from the rival.
        row["challenge"] = dict(row["challenge"] or {}, appeal={"seat": e.seat, "at": e.at, "by": e.actor})

    def _on_PlayWithdrawn(self, e: Any) -> None:
        row = self._last_row(e.seat)
        before = {"score": row["score"], "notation": row["notation"], "total": row["total"]}
        accepted = row["state"] == "accepted"
        row.update(kind="invalid", notation=self.rules.mark("invalid"), score=0, total=e.total, state="withdrawn")
        row["challenge"] = dict(row["challenge"] or {}, withdrawn={"score": before["score"], "reason": e.reason,
                                                                   "at": e.at, "by": e.actor})
        self._refresh_entered(e.seat)
        if accepted:  # the play had been written down as accepted: the change is a correction
            self._correct(row, e, before, e.reason)

    def _on_PlayRestored(self, e: Any) -> None:
        row = self._last_row(e.seat)
        before = {"score": row["score"], "notation": row["notation"], "total": row["total"]}
        score = self.game.turns[-1]["score"]
        rulings = (row["challenge"] or {}).get("rulings") or [{}]
        authority = rulings[-1].get("authority")
        row.update(kind="play", notation=None, score=score, total=e.total, state="accepted")
        self._refresh_entered(e.seat)
        self._correct(row, e, before, f"found valid on appeal ({authority})" if authority else "found valid on appeal")

    def _refresh_entered(self, seat: int) -> None:
        """Each of the seat's lines gets the running total as entered, as the Game reads it now."""
        totals = self.game.entered_totals(seat)
        for row in self.rows[seat]:
            total = totals.get(row["game_turn"] - 1, row["entered_total"])
            if row["entered_total"] != total:
                row["entered_total"] = total
                self.dirty_rows.add((seat, row["line"]))

    def _correct(self, row: dict[str, Any], e: Any, before: dict[str, Any], reason: str, field: str = "score",
                 after: dict[str, Any] | None = None, **more: Any) -> None:
        after = after if after is not None else {"score": row["score"], "notation": row["notation"],
                                                 "total": row["total"]}
        row["corrections"] = row["corrections"] + [
            {"field": field, "old": before, "new": after, "by": e.actor, "device": e.device, "at": e.at,
             "reason": reason, "version": e.originator_version, **more}]

    def _on_TilesExchanged(self, e: Any) -> None:
        self._new_row(e, "exchange", count=e.count, tiles=e.count)

    def _on_TurnPassed(self, e: Any) -> None:
        self._new_row(e, "pass")

    def _on_TurnLost(self, e: Any) -> None:
        """A turn lost to a move timer (Molins 27, FISE 33) or to an overdraw (FILE 28.2): 0 points."""
        self._new_row(e, "lost", reason=f"{e.reason} ({e.article})")

    # ---- the players' own sheets and agreed corrections (FILE 10.3, 40; FISE 41; AJS 2; FISC I.9) ----
    def _turn_row(self, turn: int) -> dict[str, Any]:
        seat, line = self.turn_rows[turn]
        self.dirty_rows.add((seat, line))
        return self.rows[seat][line]

    def _entries(self, turn: int) -> None:
        """The line's announced score and each sheet's written score and total, as the Game reads them now."""
        row, game = self._turn_row(turn), self.game
        if row["kind"] == "play":
            row["entered"] = game.announced(turn)
            row["announced_total"] = game.announced_total(turn)
        row["written"] = {seat: {"score": game.written(int(seat), turn, "score"),
                                 "total": game.written(int(seat), turn, "total")}
                          for seat, entries in sorted(game.sheets.items()) if str(turn) in entries}
        self._refresh_entered(self.turn_rows[turn][0])  # the player's own running total, as corrected

    def _on_SheetEntryWritten(self, e: Any) -> None:
        self._entries(e.turn)

    def _on_ScoreCorrected(self, e: Any) -> None:
        self._entries(e.turn)
        self._correct(self._turn_row(e.turn), e, {e.field: e.old}, e.reason or "arithmetic correction",
                      field=e.field, after={e.field: e.new}, article=e.article, asked_by=e.asked_by,
                      agreed_by=e.agreed_by)

    def _on_BlankRuled(self, e: Any) -> None:
        """The letter a blank stands for, ruled from the sheets' notes or by the director: the word is corrected."""
        row = self._turn_row(e.turn)
        start = Coordinate.parse_federation(row["coordinates"])
        offset = e.col - start.col if start.horizontal else e.row - start.row
        tileset = self.rules.tileset
        tiles = [w.tile for w in parse_word(row["word_notation"], tileset)]
        before = {"word": row["word"]}
        if 0 <= offset < len(tiles) and tiles[offset] is not None and tiles[offset].blank:
            tiles[offset] = Tile(e.letter, True)
            row["word_notation"] = format_word(tiles, tileset)
            row["word"] = self.rules.word(row["word_notation"])
        self._correct(row, e, before, f"blank ruled {e.letter} ({e.article})", field="word",
                      after={"word": row["word"]}, article=e.article, notes=list(e.notes))

    def _on_GameSettled(self, e: Any) -> None:
        self.settled = {"version": e.originator_version, "at": e.at}
        self.settlement_changed = True
        self.signatures = []  # a sheet settled again (a late clock, sanction or ruling) is signed again

    def _on_SheetSigned(self, e: Any) -> None:
        self.signatures = self.signatures + [
            {"seat": e.seat, "name": self.game.players[e.seat], "at": e.at, "actor": e.actor, "device": e.device,
             "head_hash": e.head_hash, "version": e.originator_version}]

    def _on_GameClosed(self, e: Any) -> None:
        self.closed_at = e.at

    def _on_GameReopened(self, e: Any) -> None:
        self.reopenings = self.reopenings + [
            {"at": e.at, "by": e.actor, "reason": e.reason, "consent": list(e.consent),
             "version": e.originator_version, "voided_signatures": [s["seat"] for s in self.signatures]}]
        self.signatures = []
        self.closed_at = None

    # ---- rows of each read model ----------------------------------------------------------
    def index_row(self) -> dict[str, Any]:
        """The game's line in the directors' index."""
        game = self.game
        details = game.details
        settlement = game.settlement or {}

        def text(key: str) -> str | None:
            value = details.get(key)
            return None if value is None else str(value)

        return {"game_id": self.game_id, "event": text("event"), "round": text("round"), "table_no": text("table"),
                "profile": game.profile, "tileset": game.tileset_name, "bag_mode": game.bag_mode,
                "players": list(game.players), "status": status_of(game.phase), "phase": game.phase,
                "scores": [p["final_score"] for p in settlement["players"]] if settlement else list(game.scores),
                "winner": settlement.get("winner"), "created_at": self.created_at, "updated_at": self.updated_at,
                "version": game.version}

    def player_rows(self) -> list[dict[str, Any]]:
        """The game's players, for finding games by name."""
        return [{"game_id": self.game_id, "seat": s, "name": name, "name_key": name.casefold()}
                for s, name in enumerate(self.game.players)]

    def status_row(self) -> dict[str, Any]:
        """Where the game stands now."""
        game = self.game
        waiting, seats = waiting_for(game)
        return {"game_id": self.game_id, "status": status_of(game.phase), "phase": game.phase,
                "waiting_for": waiting, "waiting_seats": seats,
                "turn": game.turn if game.phase == "playing" else None, "pending": game.pending,
                "last_ruling": _ruling(game), "ending": game.ending, "signatures": self.signatures,
                "locked": game.phase == "closed", "closed_at": self.closed_at, "reopenings": self.reopenings,
                "next_actions": next_actions(game), "bag": bag_count(game), "scores": list(game.scores),
                "clocks": [dict(c) for c in game.clocks], "clock_stop": game.clock_stop,
                "sanctions": [dict(s, index=i) for i, s in enumerate(game.sanctions)],
                "incidents": list(game.incidents), "round_over": game.round_over, "overdraw": game.overdraw,
                "version": game.version, "last_event": self.last_event, "updated_at": self.updated_at}

    def sheet_rows(self, every: bool = False) -> list[dict[str, Any]]:
        """The sheet lines changed since the last write (``every``: all of them)."""
        keys = ((s, r["line"]) for s, rows in enumerate(self.rows) for r in rows) if every else sorted(self.dirty_rows)
        return [dict(self.rows[s][line], game_id=self.game_id, seat=s) for s, line in keys]

    def settlement_rows(self) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """The settlement and each player's final score and its parts, once the game is settled."""
        result = self.game.settlement
        if result is None or self.settled is None:
            return None
        head = {"game_id": self.game_id, "cause": result["cause"], "detail": (self.game.ending or {}).get("detail"),
                "finisher": result.get("finisher"), "winner": result.get("winner"), "spread": result["spread"],
                "racks_counted": bool(result.get("racks_counted")), **self.settled}
        players = []
        for p in result["players"]:
            seat = p["seat"]
            scrabbles = sum(1 for r in self.rows[seat] if r["kind"] == "play" and r["scrabble"])
            players.append({"game_id": self.game_id, "seat": seat, "name": self.game.players[seat],
                            "score_before": p["score_before"], "rack": list(p.get("rack", [])),
                            "rack_adjustment": p["rack_adjustment"], "overtime_seconds": p.get("overtime_seconds", 0),
                            "time_penalty": p.get("time_penalty", 0), "sanctions": p.get("sanctions", 0),
                            "result_adjustment": p.get("result_adjustment", 0), "final_score": p["final_score"],
                            "result": p.get("result"), "scrabbles": scrabbles})
        return head, players
