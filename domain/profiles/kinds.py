"""The closed choices a profile picks from: small string enums, so a profile stays plain JSON data.

Each member's comment names the rulebook wording it stands for; the profile modules cite the
article that picks it.
"""

from __future__ import annotations

from enum import StrEnum


class Starter(StrEnum):
    """Who makes the first play."""

    PAIRING_LIST = "pairing_list"  # first-named in a Swiss or round-robin pairing; a draw otherwise (FILE 4.1, 4.3)
    DRAW = "draw"  # always a draw: nearest to A starts (FISC I.5, AJS 3.1.1, Molins 2)


class DrawTie(StrEnum):
    """What happens when both players draw the same tile for the start."""

    REDRAW = "redraw"  # draw again (FILE 4.3, FISC I.5)
    SET_ASIDE = "set_aside"  # the tied tiles stay out of the bag, then draw again (AJS 3.1.1)


class MissedCentre(StrEnum):
    """What becomes of a first play that does not cover H8."""

    OPPONENT_CHOOSES = "opponent_chooses"  # invalid, or accepted without the double (FILE 20, FISE 20)
    INVALID = "invalid"  # tiles back, turn lost


class ChallengeCloses(StrEnum):
    """The moment after which a play counts as accepted and can no longer be challenged."""

    SCORE_RECORDED = "score_recorded"  # the opponent writes the score down (FILE 37, FISE 38)
    DRAW_OR_CLOCK = "draw_or_clock"  # drawing has begun, or the clock is pressed with an empty bag (FISC I.10)
    RECORDED_AND_DRAWN = "recorded_and_drawn"  # written down and the tiles replaced (Molins 24)


class Adjudicator(StrEnum):
    """Who answers a challenge."""

    PLAYERS_APP = "players_app"  # the players, on the federation's app in view of both (FILE 41.1)
    JUDGES = "judges"  # a written slip taken to the judges (FISE 42.1-42.2, AJS 4.1.7.1)
    ARBITER = "arbiter"  # the arbiter (FISC I.10)
    ARBITER_OR_PLAYERS = "arbiter_or_players"  # the arbiter, or the players when there is none (Molins 22-23)


class Appeal(StrEnum):
    """The second look a challenge ruling may get."""

    NONE = "none"
    RECHECK_OTHER_DEVICE = "recheck_other_device"  # checked again on another phone (FILE 41.2)
    WRITTEN = "written"  # a written appeal with arguments; the answer is final (FISE 42.4, AJS 4.1.7)
    RECHALLENGE = "rechallenge"  # challenged again with an argument; the answer is final (FISC I.10)


class AppealBy(StrEnum):
    """Who may ask for the second look."""

    NOBODY = "nobody"
    EITHER = "either"  # either player (FILE 41.2, AJS 4.1.7)
    PLACER = "placer"  # the player whose word was ruled out (FISE 42.4)
    CHALLENGER = "challenger"  # the player who challenged (FISC I.10)


class OutSettlement(StrEnum):
    """How racks are settled when a player goes out with the bag empty."""

    RIVAL_RACK = "rival_rack"  # the rival's rack is subtracted from the rival and added to the finisher
    ALL_RACKS = "all_racks"  # every other player subtracts own rack; the finisher adds them all (Molins 19)


class RoundOver(StrEnum):
    """How a game still running when the round's time is up is brought to an end."""

    EQUALISE_TURNS = "equalise_turns"  # the player behind on turns plays once more (FILE 30, FISE 30)
    CURRENT_PLUS_ONE = "current_plus_one"  # finish the move in progress and one more (FISC I.11)


class Timing(StrEnum):
    """How a player's time is measured."""

    CHESS_CLOCK = "chess_clock"  # a total per player for the game
    MOVE_TIMER = "move_timer"  # a fixed time for every move (FISE 31.1, Molins 27)


class ClockMode(StrEnum):
    """Whether the clock keeps running while the score is counted (FISE 32)."""

    CORRIDO = "corrido"
    NO_CORRIDO = "no_corrido"


class ClockStop(StrEnum):
    """A reason the clock is stopped for both players."""

    SCORE_COUNTING = "score_counting"  # only in "no corrido" (FISE 34.1)
    CHALLENGE = "challenge"
    SCORE_DISCREPANCY = "score_discrepancy"
    OVERDRAW_RETURN = "overdraw_return"
    DIRECTOR_CALL = "director_call"
    FORCE_MAJEURE = "force_majeure"  # FISC I.11 D


class MoveTimeout(StrEnum):
    """What happens when a per-move timer runs out."""

    NO_NEW_PLAY = "no_new_play"  # what is on the board is scored; nothing new may be started (FISE 33)
    TURN_LOST = "turn_lost"  # turn lost, no exchange, 0 points (Molins 27)


class UnseenWhen(StrEnum):
    """When an overdraw's extra tiles go back unseen, taken from those just drawn (else the seen procedure)."""

    NOT_SEEN_NOR_RACKED = "not_seen_nor_racked"  # «aún no colocó las fichas en su atril, y no las vio» (FILE 28.1.1)
    NOT_RACKED = "not_racked"  # «sense haver-les posat al faristol» (FISC I.7.3)
    NOT_SEEN = "not_seen"  # seen only «si aquesta ha arribat a estar vista» (Molins 11)


class Noticer(StrEnum):
    """Who may point out a missing tile on a rack."""

    SELF = "self"  # the player who drew too few (FILE 29, FISE 29)
    EITHER = "either"  # either player (AJS 2 on FISE V.29)


class Scorekeepers(StrEnum):
    """Who must keep a scoresheet."""

    ALL = "all"  # every player (FILE 5.1)
    STARTER = "starter"  # the player who starts; others may (Molins 3)


class MainWord(StrEnum):
    """Whether the main word of each play goes on the sheet."""

    RECOMMENDED = "recommended"  # FILE 5.2
    REQUIRED = "required"


class BlankMark(StrEnum):
    """How the letter a blank stands for is marked on the sheet."""

    NOTED = "noted"  # the letter must be written down; the form is not prescribed (FILE 10.2-10.3)
    PARENTHESES_OR_CIRCLE = "parentheses_or_circle"  # FISC I.9


class BlankDispute(StrEnum):
    """Whose note decides the letter a blank stands for when the scoresheets disagree."""

    PLACER_NOTE = "placer_note"  # the placer's note; a single note; else what the placer says (FILE 10.3)
    DIRECTOR = "director"  # no rule: the director rules and the ruling is recorded


class Correction(StrEnum):
    """Until when a recorded score may be corrected."""

    UNTIL_CLOSED = "until_closed"  # any time before the game is closed (FILE 40, FISE 41)
    WHEN_SHEETS_DIFFER = "when_sheets_differ"  # only where the two sheets disagree, before closing (AJS 2)
    SAME_ROUND = "same_round"  # only until that round has passed (FISC I.9)


class Closure(StrEnum):
    """What closes a game to every change."""

    PLAYERS_SIGN = "players_sign"  # both sign the sheet (FILE 43, FISE 44, AJS 4.1.13)
    HANDED_IN = "handed_in"  # signed and handed to the arbiter (FISC I.8)


class Reopen(StrEnum):
    """Whether a closed game may be reopened."""

    DIRECTOR_WITH_CONSENT = "director_with_consent"  # both players ask the director together (FILE 43, FISE 44)
    NEVER = "never"  # AJS 2 on FISE VII.44, FISC I.8
