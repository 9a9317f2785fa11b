"""The commands a game accepts over HTTP: one model per command, tagged by ``type``, and one table.

``type`` is the name of the application's use case (``place_tiles``, ``accept``, ...). Each row
of ``COMMANDS`` says who may send the command and how it calls the application; adding a command
(the arbiter's toolbox, issue 4) is one model here and one row in the table.

Who may send what:

- ``seat``: a player for their own seat (the seat defaults to the token's), an official for any;
  that covers the opponent's acceptance, challenge and off-centre choice, which the rules give to
  the opponent, who sends them with their own seat;
- ``players``: any player of the game, or an official (the draw for the start);
- ``officials``: arbiters and directors only (the starter from the pairing list, ending, reopening);
- ``either``: a player for their own seat, or an official as an official: ``rule_challenge`` and
  ``rule_appeal``, which the players record themselves where the profile says so (FILE 41.1-41.2);
- ``own``: only the seat's own player token: ``consent_reopen`` and ``confirm_ruling``, which say what
  the player themself agreed to (FILE 43, 41.1).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from service.api.commands import arbiter as arb
from service.api.commands import tablet as tab
from service.api.commands.base import (KeySignature, Nfc, OfficialSigned, Row, Seat, Text, Tiles, Version, Whole, cfg,
                                       v)

class DrawForStart(BaseModel):
    """Each player draws one tile to decide who starts (FILE 4.3); a virtual bag draws them itself."""

    model_config = cfg({"type": "draw_for_start", "expected_version": 1})
    type: Literal["draw_for_start"]
    expected_version: Version
    tiles: Tiles | None = Field(None, description="One tile per player, outside a virtual bag.")


class GiveStarter(BaseModel):
    """The pairing list names who starts (FILE 4.1)."""

    model_config = cfg({"type": "give_starter", "expected_version": 1, "seat": 0, "reason": "pairing list"})
    type: Literal["give_starter"]
    expected_version: Version
    seat: Whole = Field(ge=0, le=7)
    reason: Text = "pairing list"


class DrawTiles(BaseModel):
    """A player draws; a virtual bag draws back to seven itself (FILE 7, 32)."""

    model_config = cfg({"type": "draw_tiles", "expected_version": 2, "seat": 0})
    type: Literal["draw_tiles"]
    expected_version: Version
    seat: Seat = None
    count: Whole | None = Field(None, ge=1, le=7)
    tiles: Tiles | None = Field(None, description="The tiles drawn, outside a virtual bag, when known.")


class PlaceTiles(OfficialSigned):
    """A play in federation notation: ``H8`` horizontal, ``8H`` vertical; ``.`` for tiles on the board."""

    model_config = cfg({"type": "place_tiles", "expected_version": 4, "seat": 0, "coordinates": "H7",
                         "word": "[CH]OZA", "announced": 34})
    type: Literal["place_tiles"]
    expected_version: Version
    seat: Seat = None
    coordinates: str = Field(pattern=r"^([A-Oa-o](1[0-5]|[1-9])|(1[0-5]|[1-9])[A-Oa-o])$")
    word: Annotated[str, Nfc] = Field(min_length=1, max_length=60, description=(
        "The word in TILES.md notation (README \"Notation\"): upper case a tile, lower case a blank, Spanish "
        "digraphs in brackets ([CH]), Catalan ones bare or bracketed (L·L, also Ŀl; NY; QU or Q); tiles already "
        "on the board as '.', in parentheses or repeated. Any Unicode form (a decomposed Ñ is read as Ñ)."))
    announced: Whole | None = Field(None, ge=0, le=10_000, description="The score the player announced.")
    announced_total: Whole | None = Field(
        None, ge=-10_000, le=10_000, description="The running total announced with the score (FILE 32: «junto con "
        "la suma total acumulada»), when the player gave one; the sheet shows it as written.")
    key_signature: KeySignature | None = Field(None, description=(
        "As for `sign`, with action `place_tiles` (FILE 32), over the head hash at `expected_version`: required from the "
        "player's own token when the seat has a registered key; an official entering it for the seat is recorded "
        "unsigned by key."))


class DecideOffCentre(BaseModel):
    """The opponent accepts or refuses a first play that missed H8 (FILE 20)."""

    model_config = cfg({"type": "decide_off_centre", "expected_version": 5, "seat": 1, "accept": True})
    type: Literal["decide_off_centre"]
    expected_version: Version
    seat: Seat = None
    accept: bool


class Accept(OfficialSigned):
    """The opponent writes the score: the play is accepted and can no longer be challenged (FILE 37)."""

    model_config = cfg({"type": "accept", "expected_version": 5, "seat": 1})
    type: Literal["accept"]
    expected_version: Version
    seat: Seat = None
    how: Text = "score written"
    key_signature: KeySignature | None = Field(None, description=(
        "As for `sign`, with action `accept` (FILE 37): required from the player's own token when the seat has "
        "a registered key; an official accepting for the seat is recorded unsigned by key."))


class Challenge(OfficialSigned):
    """The opponent challenges words of the last play, all at once (FILE 38–39)."""

    model_config = cfg({"type": "challenge", "expected_version": 5, "seat": 1, "words": ["[CH]OZA"]})
    type: Literal["challenge"]
    expected_version: Version
    seat: Seat = None
    words: list[Annotated[str, Nfc, Field(min_length=1, max_length=60)]] | None = Field(
        None, max_length=8, description="Words of the play to challenge (default: all of them).")


AUTHORITY = ("The word authority or person the ruling rests on. An official must name it; a player recording "
             "the answer the players consulted (FILE 41.1) may leave it out: the game's lexicon.")


class RuleChallenge(BaseModel):
    """The ruling: one verdict for the challenged words, and the authority it rests on (FILE 39).

    From an arbiter or director: the ruling. From a player, where the profile lets the players rule
    (``challenge.adjudicator``: FILE 41.1, Molins 23): the answer they consulted together, which stands
    once the other player sends ``confirm_ruling`` (or goes to the arbiter with ``dispute_ruling``);
    elsewhere a player's ruling is refused (422 ``not_in_profile``, naming the article)."""

    model_config = cfg({"type": "rule_challenge", "expected_version": 6, "valid": False, "authority": "DRAE"})
    type: Literal["rule_challenge"]
    expected_version: Version
    valid: bool
    authority: Text | None = Field(None, description=AUTHORITY)


class ConfirmRuling(BaseModel):
    """The other player confirms the answer a player recorded: it is then the ruling (FILE 41.1, 41.2)."""

    model_config = cfg({"type": "confirm_ruling", "expected_version": 7, "seat": 1})
    type: Literal["confirm_ruling"]
    expected_version: Version
    seat: Seat = None


class DisputeRuling(BaseModel):
    """A player disputes the answer recorded (or the players cannot agree): the arbiter rules, and that decides."""

    model_config = cfg({"type": "dispute_ruling", "expected_version": 7, "seat": 1,
                        "reason": "the screen said the word is not valid"})
    type: Literal["dispute_ruling"]
    expected_version: Version
    seat: Seat = None
    reason: Text


class Appeal(BaseModel):
    """Ask for a second look at the last ruling (FILE 41.2, FISE 42.4, FISC I.10, AJS 4.1.7)."""

    model_config = cfg({"type": "appeal", "expected_version": 7, "seat": 0, "argument": "it is in the DRAE"})
    type: Literal["appeal"]
    expected_version: Version
    seat: Seat = None
    argument: Text


class RuleAppeal(BaseModel):
    """The final answer on appeal; where the players rule, a player records the check on another phone for the
    other to confirm (FILE 41.2)."""

    model_config = cfg({"type": "rule_appeal", "expected_version": 8, "valid": True, "authority": "tribunal"})
    type: Literal["rule_appeal"]
    expected_version: Version
    valid: bool
    authority: Text | None = Field(None, description=AUTHORITY)


class ExchangeTiles(OfficialSigned):
    """Exchange 1–7 tiles (FILE 25); a virtual bag draws the replacements."""

    model_config = cfg({"type": "exchange_tiles", "expected_version": 9, "seat": 0, "tiles": ["U", "U"]})
    type: Literal["exchange_tiles"]
    expected_version: Version
    seat: Seat = None
    count: Whole | None = Field(None, ge=1, le=7)
    tiles: Tiles | None = Field(None, description="The tiles put back (required unless the bag is physical).")
    drawn: Tiles | None = Field(None, description="The tiles drawn, in a replay bag.")
    key_signature: KeySignature | None = Field(None, description=(
        "As for `sign`, with action `exchange_tiles` (FILE 25), over the head hash at `expected_version`: required from the "
        "player's own token when the seat has a registered key; an official entering it for the seat is recorded "
        "unsigned by key."))


class AnnounceExchange(BaseModel):
    """The player announces an exchange: it can no longer become a play or a pass, only its count change (FILE 25)."""

    model_config = cfg({"type": "announce_exchange", "expected_version": 9, "seat": 0, "count": 2})
    type: Literal["announce_exchange"]
    expected_version: Version
    seat: Seat = None
    count: Whole | None = Field(None, ge=1, le=7)


class PassTurn(OfficialSigned):
    """Pass: 0 points, ``P`` (FILE 26)."""

    model_config = cfg({"type": "pass_turn", "expected_version": 10, "seat": 1})
    type: Literal["pass_turn"]
    expected_version: Version
    seat: Seat = None
    key_signature: KeySignature | None = Field(None, description=(
        "As for `sign`, with action `pass_turn` (FILE 26), over the head hash at `expected_version`: required from the "
        "player's own token when the seat has a registered key; an official entering it for the seat is recorded "
        "unsigned by key."))


class EndGame(BaseModel):
    """An official ends the game: round time, director's decision, time (FILE 44.4, 44.5, 34.2)."""

    model_config = cfg({"type": "end_game", "expected_version": 30, "cause": "round_time", "detail": "round over"})
    type: Literal["end_game"]
    expected_version: Version
    cause: Literal["director", "round_time", "time", "nobody_can_play"] = Field(
        description="nobody_can_play: the director's finding under FISE 45.1, settled like passes.")
    detail: Annotated[str, Nfc, Field(max_length=500)] = ""


class DeclareEndRack(OfficialSigned):
    """A player's tiles left at the end, where the service does not already know them."""

    model_config = cfg({"type": "declare_end_rack", "expected_version": 31, "seat": 1, "tiles": ["A", "V"]})
    type: Literal["declare_end_rack"]
    expected_version: Version
    seat: Seat = None
    tiles: Tiles


class Sign(OfficialSigned):
    """A player signs the settled sheet; the last signature closes the game (FILE 43)."""

    model_config = cfg({"type": "sign", "expected_version": 32, "seat": 0, "signature": "Ana García"})
    type: Literal["sign"]
    expected_version: Version
    seat: Seat = None
    signature: Text
    key_signature: KeySignature | None = None


class ConsentReopen(BaseModel):
    """A player asks, from their own tablet, that the closed game be reopened to correct an error (FILE 43)."""

    model_config = cfg({"type": "consent_reopen", "expected_version": 33, "seat": 0,
                        "reason": "score of turn 12 written wrongly"})
    type: Literal["consent_reopen"]
    expected_version: Version
    seat: Seat = None
    reason: Text


class Reopen(BaseModel):
    """An official reopens a closed game once every player asked for it with ``consent_reopen`` (FILE 43, FISE 44);
    422 ``consent`` naming the seats still missing otherwise."""

    model_config = cfg({"type": "reopen", "expected_version": 35, "reason": "score of turn 12 written wrongly"})
    type: Literal["reopen"]
    expected_version: Version
    reason: Text


TURN_MODELS = (DrawForStart, GiveStarter, DrawTiles, PlaceTiles, DecideOffCentre, Accept, Challenge, RuleChallenge,
               ConfirmRuling, DisputeRuling, Appeal, RuleAppeal, ExchangeTiles, AnnounceExchange, PassTurn, EndGame,
               DeclareEndRack, Sign, ConsentReopen, Reopen)
MODELS = TURN_MODELS + arb.MODELS + tab.MODELS
Command = Annotated[Union[MODELS], Field(discriminator="type")]  # type: ignore[valid-type]
COMMANDS: dict[str, Row] = {
    "draw_for_start": Row("players", lambda a, g, c, by, s: a.draw_for_start(g, by, **v(c), tiles=c.tiles)),
    "give_starter": Row("officials", lambda a, g, c, by, s: a.give_starter(g, c.seat, by, **v(c), reason=c.reason)),
    "draw_tiles": Row("seat", lambda a, g, c, by, s: a.draw_tiles(g, s, by, **v(c), count=c.count, tiles=c.tiles)),
    "place_tiles": Row("seat", lambda a, g, c, by, s: a.place_tiles(g, s, c.coordinates, c.word, by, **v(c),
                                                                    announced=c.announced,
                                                                    announced_total=c.announced_total,
                                                                    key_signature=c.key_signature)),
    "decide_off_centre": Row("seat", lambda a, g, c, by, s: a.decide_off_centre(g, s, c.accept, by, **v(c))),
    "accept": Row("seat", lambda a, g, c, by, s: a.accept(g, s, by, **v(c), how=c.how, key_signature=c.key_signature)),
    "challenge": Row("seat", lambda a, g, c, by, s: a.challenge(g, s, by, **v(c), words=c.words)),
    "rule_challenge": Row("either", lambda a, g, c, by, s: a.rule_challenge(g, c.valid, c.authority, by, **v(c),
                                                                            seat=s)),
    "confirm_ruling": Row("own", lambda a, g, c, by, s: a.confirm_ruling(g, s, by, **v(c))),
    "dispute_ruling": Row("seat", lambda a, g, c, by, s: a.dispute_ruling(g, s, c.reason, by, **v(c))),
    "appeal": Row("seat", lambda a, g, c, by, s: a.appeal(g, s, c.argument, by, **v(c))),
    "rule_appeal": Row("either", lambda a, g, c, by, s: a.rule_appeal(g, c.valid, c.authority, by, **v(c), seat=s)),
    "exchange_tiles": Row("seat", lambda a, g, c, by, s: a.exchange_tiles(g, s, by, **v(c), count=c.count,
                                                                          tiles=c.tiles, drawn=c.drawn,
                                                                          key_signature=c.key_signature)),
    "announce_exchange": Row("seat", lambda a, g, c, by, s: a.announce_exchange(g, s, by, **v(c), count=c.count)),
    "pass_turn": Row("seat", lambda a, g, c, by, s: a.pass_turn(g, s, by, **v(c), key_signature=c.key_signature)),
    "end_game": Row("officials", lambda a, g, c, by, s: a.end_game(g, c.cause, by, **v(c), detail=c.detail)),
    "declare_end_rack": Row("seat", lambda a, g, c, by, s: a.declare_end_rack(g, s, c.tiles, by, **v(c))),
    "sign": Row("seat", lambda a, g, c, by, s: a.sign(g, s, c.signature, by, **v(c), key_signature=c.key_signature)),
    "consent_reopen": Row("own", lambda a, g, c, by, s: a.consent_reopen(g, s, c.reason, by, **v(c))),
    "reopen": Row("officials", lambda a, g, c, by, s: a.reopen(g, c.reason, by, **v(c))),
    **arb.ROWS,
    **tab.ROWS,
}
