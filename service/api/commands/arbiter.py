"""The arbiter's toolbox as commands (docs/arbiter.md): drawing errors, clocks, sheets, sanctions, abandonment.

Who sends what: a player's own tablet records its own draws, clock, sheet, SENYORS redraw and
sanction appeal, and the opponent's part in a drawing correction (``noticed_by``) or a score
correction (``asked_by``); everything else is for arbiters and directors, who may also send any of
these for any seat. The tribunal's ruling on a sanction appeal is recorded by a director or
arbiter naming the tribunal as its authority (tribunal tokens write nothing).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from service.api.commands.base import (KeySignature, Nfc, OfficialSigned, Row, Seat, Text, Tile, Tiles, Version, Whole,
                                       cfg, v)

Count = Annotated[Whole, Field(ge=1, le=14)]
Seconds = Annotated[Whole, Field(ge=0, le=36_000)]
Points = Annotated[Whole, Field(ge=-10_000, le=10_000)]
Turn = Annotated[Whole, Field(ge=1, le=1000, description=(
    "The line's number in that player's column of the printed sheet, from 1 (the sheet's `Nº`, and `turn` in "
    "the scoresheet JSON): with `player`, the line aimed at."))]
LinePlayer = Annotated[Whole, Field(ge=0, le=7, description=(
    "Whose line it is: the seat of the player who played that turn (the column of the printed sheet)."))]
LineWord = Annotated[str, Nfc, Field(min_length=1, max_length=40, description=(
    "Optional: the word on that line as read on the sheet, checked against it (422 `wrong_line` if the line "
    "holds another), so a line miscounted is refused rather than corrected."))]
Seats = Annotated[list[Annotated[Whole, Field(ge=0, le=7)]], Field(min_length=1, max_length=8)]


class OverdrawTiles(BaseModel):
    """A draw that overfills the rack (FILE 28, FISC I.7.3, Molins 11); a virtual bag draws the tiles."""

    model_config = cfg({"type": "overdraw_tiles", "expected_version": 12, "seat": 0, "count": 2})
    type: Literal["overdraw_tiles"]
    expected_version: Version
    seat: Seat = None
    count: Count
    tiles: Tiles | None = None


class CorrectOverdraw(BaseModel):
    """The overdraw corrected as the articles say for the facts: the extra tiles seen or not, on the rack or
    not, and whether the offender's turn has come (FILE 28.1.1, 28.1.2, 28.2; FISC I.7.3; Molins 11)."""

    model_config = cfg({"type": "correct_overdraw", "expected_version": 13, "noticed_by": 1, "seen": False,
                        "on_rack": False})
    type: Literal["correct_overdraw"]
    expected_version: Version
    noticed_by: Seat = None
    seen: bool = Field(description="Whether the offender had seen the extra tiles.")
    on_rack: bool | None = Field(None, description="Whether the offender had put the extra tiles on the rack "
                                 "(FILE 28.1.1, FISC I.7.3); left out, `seen` stands for it.")
    procedure: Literal["unseen", "sample", "random", "late"] | None = Field(
        None, description="Arbiters and directors only: the procedure ruled where two articles apply (seen tiles "
        "the opponent points out before the offender's turn: FILE 28.1.2 `sample` or 28.2 `late`); refused "
        "when the facts allow only another.")
    returned: Tiles | None = None
    sample: Annotated[list[Tile], Field(max_length=16)] | None = None


class ChooseOverdrawReturn(BaseModel):
    """The opponent chooses which of the tiles shown go back to the bag (FILE 28.1.2)."""

    model_config = cfg({"type": "choose_overdraw_return", "expected_version": 14, "seat": 1, "returned": ["E"]})
    type: Literal["choose_overdraw_return"]
    expected_version: Version
    seat: Seat = None
    returned: Tiles | None = None


class CorrectUnderdraw(BaseModel):
    """A player who drew too few draws the missing tiles (FILE 29, FISE 29.2)."""

    model_config = cfg({"type": "correct_underdraw", "expected_version": 15, "seat": 0, "noticed_by": 1,
                        "seen": False})
    type: Literal["correct_underdraw"]
    expected_version: Version
    seat: Seat = None
    noticed_by: Whole = Field(ge=0, le=7)
    seen: bool
    tiles: Tiles | None = None


class RedrawSenyors(BaseModel):
    """SENYORS (Molins 16): a rack of seven vowels or seven consonants shown and redrawn."""

    model_config = cfg({"type": "redraw_senyors", "expected_version": 8, "seat": 0})
    type: Literal["redraw_senyors"]
    expected_version: Version
    seat: Seat = None
    shown: Tiles | None = None
    drawn: Tiles | None = None


class RecordClock(BaseModel):
    """A player's chess clock as the device shows it (seconds remaining or used)."""

    model_config = cfg({"type": "record_clock", "expected_version": 20, "seat": 0, "remaining": 1320})
    type: Literal["record_clock"]
    expected_version: Version
    seat: Seat = None
    remaining: Seconds | None = None
    used: Seconds | None = None


class DeclareOvertime(BaseModel):
    """An official states a player's overtime in seconds (FILE 34, FISE 35, FISC I.11)."""

    model_config = cfg({"type": "declare_overtime", "expected_version": 40, "seat": 1, "seconds": 75})
    type: Literal["declare_overtime"]
    expected_version: Version
    seat: Whole = Field(ge=0, le=7)
    seconds: Seconds


class StopClock(BaseModel):
    """Both clocks stop, for a reason the profile allows (FILE 33, FISC I.11)."""

    model_config = cfg({"type": "stop_clock", "expected_version": 21, "reason": "challenge"})
    type: Literal["stop_clock"]
    expected_version: Version
    reason: Literal["score_counting", "challenge", "score_discrepancy", "overdraw_return", "director_call",
                    "force_majeure"]


class RestartClock(BaseModel):
    """The clocks run again."""

    model_config = cfg({"type": "restart_clock", "expected_version": 22})
    type: Literal["restart_clock"]
    expected_version: Version


class RecordLateArrival(BaseModel):
    """A late player arrives, their clock already running (FILE 35, FISE 36)."""

    model_config = cfg({"type": "record_late_arrival", "expected_version": 2, "seat": 1, "minutes_late": 6})
    type: Literal["record_late_arrival"]
    expected_version: Version
    seat: Whole = Field(ge=0, le=7)
    minutes_late: Annotated[Whole, Field(ge=0, le=600)]


class TimeOut(BaseModel):
    """The per-move timer ran out: the turn is lost (FISE 31.1, Molins 27)."""

    model_config = cfg({"type": "time_out", "expected_version": 30, "seat": 0})
    type: Literal["time_out"]
    expected_version: Version
    seat: Whole = Field(ge=0, le=7)


class CallRoundTime(BaseModel):
    """The round's time is over: the last turns are played, then the game ends as the sheet stands (FILE 30, 44.4;
    FISC I.11). A whole round at once: `POST /v1/rounds/round-time`."""

    model_config = cfg({"type": "call_round_time", "expected_version": 50})
    type: Literal["call_round_time"]
    expected_version: Version
    reason: Annotated[str, Nfc, Field(max_length=500)] = Field("", description=(
        "Optional: what the official says with it (the round, the hour), kept with `RoundTimeCalled`."))


class WriteSheetEntry(OfficialSigned):
    """What a player wrote on their own sheet for a turn (score and/or running total)."""

    model_config = cfg({"type": "write_sheet_entry", "expected_version": 9, "sheet": 0, "player": 1, "turn": 2,
                        "score": 23, "total": 57})
    type: Literal["write_sheet_entry"]
    expected_version: Version
    sheet: Seat = None
    player: LinePlayer
    turn: Turn
    score: Points | None = None
    total: Points | None = None
    key_signature: KeySignature | None = Field(None, description=(
        "The sheet's seat's key signature, as for `sign`, with action `write_sheet_entry` (FILE 32), over the head "
        "hash at `expected_version`: checked and kept when sent (422 `key_signature` when it does not verify), "
        "never required (docs/reliability.md, \"Players' keys\")."))


class CorrectScore(BaseModel):
    """An agreed arithmetic correction of a score or running total (FILE 40, FISE 41, FISC I.9)."""

    model_config = cfg({"type": "correct_score", "expected_version": 33, "player": 0, "turn": 4, "field": "total",
                        "old": 57, "new": 75, "asked_by": 0, "agreed_by": 1, "reason": "sum slip"})
    type: Literal["correct_score"]
    expected_version: Version
    player: LinePlayer
    turn: Turn
    word: LineWord | None = None
    field: Literal["score", "total"]
    old: Points
    new: Points
    asked_by: Seat = None
    agreed_by: Whole = Field(ge=0, le=7)
    reason: Annotated[str, Nfc, Field(max_length=500)] = ""


class RuleBlank(BaseModel):
    """The letter a blank stands for when the two sheets disagree (FILE 10.3)."""

    model_config = cfg({"type": "rule_blank", "expected_version": 18, "player": 1, "turn": 3, "blank": 0,
                        "notes": ["O", None], "placer_says": "O"})
    type: Literal["rule_blank"]
    expected_version: Version
    player: LinePlayer
    turn: Turn
    word: LineWord | None = None
    blank: Annotated[Whole, Field(ge=0, le=1)]
    notes: list[Annotated[str, Nfc, Field(min_length=1, max_length=12)] | None] = Field(
        min_length=1, max_length=8, description="Each sheet's note of the blank's letter, in seat order (null: none); "
                                                "a letter in any case, brackets or not (ch, [CH], l·l, Ŀl).")
    placer_says: Annotated[str, Nfc, Field(min_length=1, max_length=12)] | None = None
    letter: Annotated[str, Nfc, Field(min_length=1, max_length=12)] | None = None


class Sanction(BaseModel):
    """A director's sanction: points (at least 25 where the rulebook says so) or expulsion (FILE 47, FISE 49)."""

    model_config = cfg({"type": "sanction", "expected_version": 28, "seat": 1, "points": 25,
                        "reason": "repeated talk at the table"})
    type: Literal["sanction"]
    expected_version: Version
    seat: Whole = Field(ge=0, le=7)
    points: Annotated[Whole, Field(ge=0, le=10_000)]
    reason: Text
    expulsion: bool = False


class AppealSanction(BaseModel):
    """The sanctioned player appeals to the tribunal (FILE 48, FISE 50)."""

    model_config = cfg({"type": "appeal_sanction", "expected_version": 29, "seat": 1, "index": 0,
                        "argument": "the talk was the director's question"})
    type: Literal["appeal_sanction"]
    expected_version: Version
    seat: Seat = None
    index: Annotated[Whole, Field(ge=0, le=100)]
    argument: Text


class RuleSanctionAppeal(BaseModel):
    """The tribunal's final ruling on a sanction, recorded by an official."""

    model_config = cfg({"type": "rule_sanction_appeal", "expected_version": 30, "index": 0, "decision": "reduced",
                        "authority": "tribunal of the Open", "points": 10})
    type: Literal["rule_sanction_appeal"]
    expected_version: Version
    index: Annotated[Whole, Field(ge=0, le=100)]
    decision: Literal["upheld", "reduced", "annulled"]
    authority: Text
    points: Annotated[Whole, Field(ge=0, le=10_000)] | None = None


class Abandon(BaseModel):
    """One or both players left the game (FISC I.8 E, F; AJS 4.1.11)."""

    model_config = cfg({"type": "abandon", "expected_version": 35, "seats": [1], "detail": "left at turn 14"})
    type: Literal["abandon"]
    expected_version: Version
    seats: Seats
    detail: Annotated[str, Nfc, Field(max_length=500)] = ""


class RecordNoShow(BaseModel):
    """A player, or both, never came to the table (AJS 4.1.11, FILE 35.2)."""

    model_config = cfg({"type": "record_no_show", "expected_version": 1, "absent": [1], "minutes_waited": 30})
    type: Literal["record_no_show"]
    expected_version: Version
    absent: Seats
    minutes_waited: Annotated[Whole, Field(ge=0, le=600)]


MODELS = (OverdrawTiles, CorrectOverdraw, ChooseOverdrawReturn, CorrectUnderdraw, RedrawSenyors, RecordClock,
          DeclareOvertime, StopClock, RestartClock, RecordLateArrival, TimeOut, CallRoundTime, WriteSheetEntry,
          CorrectScore, RuleBlank, Sanction, AppealSanction, RuleSanctionAppeal, Abandon, RecordNoShow)

ROWS: dict[str, Row] = {
    "overdraw_tiles": Row("seat", lambda a, g, c, by, s: a.overdraw_tiles(g, s, c.count, by, **v(c), tiles=c.tiles)),
    "correct_overdraw": Row("seat", lambda a, g, c, by, s: a.correct_overdraw(
        g, s, c.seen, by, **v(c), returned=c.returned, sample=c.sample, on_rack=c.on_rack, procedure=c.procedure),
        "noticed_by", ("procedure",)),
    "choose_overdraw_return": Row("seat", lambda a, g, c, by, s: a.choose_overdraw_return(g, s, c.returned, by,
                                                                                        **v(c))),
    "correct_underdraw": Row("seat", lambda a, g, c, by, s: a.correct_underdraw(g, s, c.noticed_by, c.seen, by, **v(c),
                                                                              tiles=c.tiles)),
    "redraw_senyors": Row("seat", lambda a, g, c, by, s: a.redraw_senyors(g, s, by, **v(c), shown=c.shown,
                                                                        drawn=c.drawn)),
    "record_clock": Row("seat", lambda a, g, c, by, s: a.record_clock(g, s, by, **v(c), remaining=c.remaining,
                                                                    used=c.used)),
    "declare_overtime": Row("officials", lambda a, g, c, by, s: a.declare_overtime(g, c.seat, c.seconds, by, **v(c))),
    "stop_clock": Row("officials", lambda a, g, c, by, s: a.stop_clock(g, c.reason, by, **v(c))),
    "restart_clock": Row("officials", lambda a, g, c, by, s: a.restart_clock(g, by, **v(c))),
    "record_late_arrival": Row("officials", lambda a, g, c, by, s: a.record_late_arrival(g, c.seat, c.minutes_late,
                                                                                        by, **v(c))),
    "time_out": Row("officials", lambda a, g, c, by, s: a.time_out(g, c.seat, by, **v(c))),
    "call_round_time": Row("officials", lambda a, g, c, by, s: a.call_round_time(g, by, **v(c), reason=c.reason)),
    "write_sheet_entry": Row("seat", lambda a, g, c, by, s: a.write_sheet_entry(
        g, s, c.player, c.turn, by, **v(c), score=c.score, total=c.total, key_signature=c.key_signature), "sheet"),
    "correct_score": Row("seat", lambda a, g, c, by, s: a.correct_score(
        g, c.player, c.turn, c.field, c.old, c.new, s, c.agreed_by, by, **v(c), reason=c.reason, word=c.word),
        "asked_by"),
    "rule_blank": Row("officials", lambda a, g, c, by, s: a.rule_blank(
        g, c.player, c.turn, c.blank, c.notes, by, **v(c), placer_says=c.placer_says, letter=c.letter, word=c.word)),
    "sanction": Row("officials", lambda a, g, c, by, s: a.sanction(g, c.seat, c.points, c.reason, by, **v(c),
                                                                  expulsion=c.expulsion)),
    "appeal_sanction": Row("seat", lambda a, g, c, by, s: a.appeal_sanction(g, s, c.index, c.argument, by, **v(c))),
    "rule_sanction_appeal": Row("officials", lambda a, g, c, by, s: a.rule_sanction_appeal(
        g, c.index, c.decision, c.authority, by, **v(c), points=c.points)),
    "abandon": Row("officials", lambda a, g, c, by, s: a.abandon(g, c.seats, by, **v(c), detail=c.detail)),
    "record_no_show": Row("officials", lambda a, g, c, by, s: a.record_no_show(g, c.absent, c.minutes_waited, by,
                                                                              **v(c))),
}
