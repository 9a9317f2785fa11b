"""AJS 2012: *Documento de Criterios Técnicos*, season 2011/2012 (seeds/004).

AJS 2 applies the FISE reglamento of 13 April 2009 and lets the DCT prevail where they differ, so
this profile is FISE 2009 with AJS's overrides: every inherited setting cites the FISE article
"(AJS 2)", every override cites the DCT.
"""

from __future__ import annotations

from dataclasses import replace

from domain.profiles.fise_2009 import ARTICLES as FISE_ARTICLES
from domain.profiles.fise_2009 import FISE_2009
from domain.profiles.fise_2009 import NOTES as FISE_NOTES
from domain.profiles.kinds import (
    Adjudicator, Appeal, AppealBy, ClockMode, ClockStop, Closure, Correction, DrawTie, MainWord, Noticer, Reopen,
    Starter, Timing,
)

OVERRIDES = {
    "min_players": "AJS 4.1.1",
    "max_players": "AJS 4.1.1",
    "blank_as_digraph": "AJS 2 (on FISE II.10.2)",
    "start": "AJS 2, 3.1.1, 3.1.2.3",
    "start.starter": "AJS 2 (sets aside FISE I.4.2), 3.1.1",
    "start.blank_beats_a": "AJS 3.1.1",
    "start.draw_tie": "AJS 3.1.1",
    "start.starter_draws_first": "AJS 3.1.2.3 b, c",
    "start.second_starts_clock": "AJS 3.1.2.3 d",
    "challenge": "AJS 4.1.7",
    "challenge.closes": "AJS 4.1.7.1 a",
    "challenge.decision_seconds": "AJS 4.1.7.1",
    "challenge.self_challenge": "AJS 4.1.7.2",
    "challenge.words_together": "AJS 4.1.7",
    "challenge.adjudicator": "AJS 4.1.7.1 b",
    "challenge.appeal": "AJS 4.1.7",
    "challenge.appeal_by": "AJS 4.1.7, 4.1.7.1 d",
    "challenge.appeal_argument_private": "AJS 4.1.7",
    "challenge.placer_may_draw": "AJS 4.1.7.1 f1, 4.1.12",
    "ending.round_minutes": "AJS 4.1.12",
    "ending.round_over": "AJS 4.1.12 (FISE 45.5)",
    "clock": "AJS 3.1.2",
    "clock.timing": "AJS 3.1.2",
    "clock.minutes": "AJS 3.1.2.1",
    "clock.minutes_fixed": "AJS 3.1.2.1",
    "clock.mode": "AJS 3.1.2.1",
    "clock.no_corrido_minutes": "AJS 3.1.2.1",
    "clock.stops": "FISE 34.2-34.5 (AJS 2), AJS 4.1.12",
    "clock.move_seconds": "AJS 3.1.2",
    "clock.move_timeout": "AJS 3.1.2",
    "overtime": "AJS 3.1.2.1",
    "overtime.points_per_minute": "AJS 3.1.2.1",
    "overtime.zero_over_free": "AJS 3.1.2.1",
    "overtime.limit_minutes": "AJS 3.1.2.1, 4.1.11.1",
    "overtime.limit_at_reach": "AJS 3.1.2.1",
    "overtime.limit_penalty": "AJS 3.1.2.1",
    "overtime.limit_loses": "AJS 3.1.2.1",
    "overtime.limit_leader_minus": "AJS 3.1.2.1",
    "overtime.limit_racks": "AJS 3.1.2.1",
    "drawing.underdraw_noticed_by": "AJS 2 (on FISE V.29)",
    "sheet": "AJS 2, 4.1.13, 4.1.14",
    "sheet.main_word": "AJS 2 (on FISE I.5.2, IX.46.6)",
    "sheet.play_correction": "AJS 2 (on FISE 41)",
    "sheet.total_correction": "AJS 2 (on FISE 41)",
    "sheet.closed_by": "AJS 4.1.13",
    "sheet.reopen": "AJS 2 (on FISE VII.44), 4.1.14",
    "conduct": "AJS 4.1.11",
    "conduct.late_tolerance_minutes": "AJS 4.1.12",
    "conduct.absent_loses_on_flag": "AJS 4.1.11.1",
    "conduct.no_show_forfeit_minutes": "AJS 4.1.11.1",
    "conduct.forfeit_score": "AJS 4.1.11.1",
    "conduct.forfeit_keeps_larger_spread": "AJS 4.1.11.1",
    "conduct.both_absent_score": "AJS 4.1.11.1",
    "conduct.abandon_leader_margin": "AJS 4.1.11.1",
    "conduct.abandon_racks": "AJS 4.1.11.1, 3.1.2.1",
    "conduct.both_abandon_score": "AJS 4.1.11.1",
    "conduct.unseen_tiles_shown": "FISE 27, 46.2-46.4 (AJS 2)",
}

ARTICLES = {k: f"{v} (AJS 2)" for k, v in FISE_ARTICLES.items()} | OVERRIDES

NOTES = {k: v for k, v in FISE_NOTES.items() if k not in OVERRIDES} | {
    "overtime.limit_at_reach": "reading: 'Si consume diez minutos extra, perderá la partida': reaching 10:00"
    " over loses (4.1.11.1 counts an absent player's 'sus 40 minutos')",
    "overtime.limit_leader_minus": "gap: director decides — 3.1.2.1 takes 100 points and no racks but says"
    " nothing if the loser still leads; as FILE 34.2, their score becomes the rival's minus 1",
    "conduct.no_show_forfeit_minutes": "reading: the clock of an absent player is started 5 minutes into the"
    " round (4.1.12) and the game is lost when the 40 minutes run out (4.1.11.1); no separate wait",
    "conduct.both_abandon_score": "gap: director decides — 4.1.11.1 covers one player abandoning;"
    " each abandonment is judged on its own",
}

AJS_2012 = replace(
    FISE_2009,
    id="ajs-2012",
    title="Documento de Criterios Técnicos, temporada 2011/2012",
    federation="AJS",
    year=2012,
    base="fise-2009",
    start=replace(
        FISE_2009.start,
        starter=Starter.DRAW,
        blank_beats_a=True,
        draw_tie=DrawTie.SET_ASIDE,
        starter_draws_first=True,
        second_starts_clock=True,
    ),
    challenge=replace(
        FISE_2009.challenge,
        decision_seconds=5,
        self_challenge=False,
        adjudicator=Adjudicator.JUDGES,
        appeal=Appeal.WRITTEN,
        appeal_by=AppealBy.EITHER,
        appeal_argument_private=True,
    ),
    ending=replace(FISE_2009.ending, round_minutes=90),
    clock=replace(
        FISE_2009.clock,
        timing=(Timing.CHESS_CLOCK,),
        minutes=30,
        minutes_fixed=True,
        mode=ClockMode.CORRIDO,
        no_corrido_minutes=None,
        stops=(ClockStop.CHALLENGE, ClockStop.SCORE_DISCREPANCY, ClockStop.OVERDRAW_RETURN, ClockStop.DIRECTOR_CALL),
        move_seconds=None,
        move_timeout=None,
    ),
    overtime=replace(
        FISE_2009.overtime,
        limit_minutes=10,
        limit_at_reach=True,
        limit_penalty=100,
        limit_loses=True,
        limit_leader_minus=1,
        limit_racks=False,
    ),
    drawing=replace(FISE_2009.drawing, underdraw_noticed_by=Noticer.EITHER),
    sheet=replace(
        FISE_2009.sheet,
        main_word=MainWord.REQUIRED,
        play_correction=Correction.WHEN_SHEETS_DIFFER,
        total_correction=Correction.WHEN_SHEETS_DIFFER,
        closed_by=Closure.PLAYERS_SIGN,
        reopen=Reopen.NEVER,
    ),
    conduct=replace(
        FISE_2009.conduct,
        late_tolerance_minutes=5,
        absent_loses_on_flag=True,
        forfeit_score=(300, 0),
        forfeit_keeps_larger_spread=True,
        both_absent_score=(0, 0),
        abandon_racks=False,
    ),
    articles=tuple(ARTICLES.items()),
    notes=tuple(NOTES.items()),
)
