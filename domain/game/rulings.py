"""Who rules a challenge: the players together where the profile says so, an arbiter elsewhere (FILE 41.1-41.2,
Molins 22-23).

FILE 41.1: «uno de los jugadores abre la aplicación "Lexicón de Scrabble" en su teléfono, manteniendo en
todo momento la pantalla a la vista de su rival». One player works the app; the other watches the screen.
So one player records the answer (``rule_challenge`` / ``rule_appeal`` with their seat: ``RulingProposed``)
and the other, who saw the same screen, confirms it (``confirm_ruling``): only then is it the ruling
(``ChallengeRuled`` with ``proposed_by`` and ``confirmed_by`` and the authority consulted). If the other
player disputes it, or the players cannot agree (``dispute_ruling``: ``RulingDisputed``), the arbiter is
called (FILE 33.5) and rules as an official; that ruling decides. FILE 41.2's «verificación en otro
teléfono» (the appeal) goes the same way. Where the judges or the arbiter rule (FISE 42, AJS 4.1.7.1, FISC
I.10), a player's ruling is refused, naming the article.
"""

from __future__ import annotations

from typing import Any

from domain.errors import msg
from domain.game import events as ev
from domain.game.errors import NotYourTurn, RuleViolation, WrongPhase
from domain.game.meta import Meta
from domain.profiles.kinds import Adjudicator


class RulingCommands:
    """The players' own ruling of a challenge, its confirmation and its dispute."""

    def players_rule(self) -> bool:
        """True where the profile lets the players rule a challenge themselves (``challenge.adjudicator``)."""
        return self.book.challenge.adjudicator in (Adjudicator.PLAYERS_APP, Adjudicator.ARBITER_OR_PLAYERS)

    def ruling_parties(self) -> list[int]:
        """The two players a challenge is between: the one whose play is challenged, and the challenger."""
        if self.pending and self.pending.get("kind") == "ruling":
            return [self.pending["seat"], self.pending["challenger"]]
        ruling = self.last_ruling
        return [self.turns[-1]["seat"], ruling["challenger"]] if ruling and self.turns else []

    def confirm_ruling(self, seat: int, meta: Meta) -> None:
        """The other player confirms the answer a player recorded; it is then the ruling (FILE 41.1: the
        screen «a la vista de su rival»; FILE 41.2 for the second check)."""
        proposed = self._players_ruling(seat, msg("game.action_confirm"))
        if seat == proposed["seat"]:
            raise NotYourTurn(msg("game.recorded_this_answer_other", player=self.players[seat],
                                  article=self.book.article('challenge.adjudicator')), field="seat",
                              article=self.book.article("challenge.adjudicator"))
        who = {"proposed_by": proposed["seat"], "confirmed_by": seat}
        if proposed["appeal"]:
            return self._rule_appeal(proposed["valid"], proposed["authority"], meta, **who)
        self._rule_challenge(proposed["valid"], proposed["authority"], meta, **who)

    def dispute_ruling(self, seat: int, reason: str, meta: Meta) -> None:
        """A player disputes the answer recorded (or the players cannot agree on it): the arbiter is called
        and rules with ``rule_challenge`` / ``rule_appeal``; that ruling decides."""
        article = self.book.article("challenge.adjudicator")
        appeal = self._ruling_open()
        if not self.players_rule():
            raise self._not_in_profile("challenge.adjudicator", msg("game.players_do_not_rule"))
        seat = self._seat(seat)
        if seat not in self.ruling_parties():
            raise NotYourTurn(msg("game.only_two_players_challenge"), field="seat",
                              article=article)
        if self.disputed_ruling is not None:
            raise WrongPhase(msg("game.answer_already_disputed_arbiter"), field="type", article=article)
        proposed = self.proposed_ruling
        if proposed is not None and proposed["seat"] == seat:
            raise NotYourTurn(msg("game.recorded_this_answer_other_2", player=self.players[seat]),
                              field="seat", article=article)
        if not str(reason).strip():
            raise RuleViolation(msg("game.say_what_players_disagree"), code="reason", field="reason")
        self._record(ev.RulingDisputed, meta, seat=seat, reason=str(reason), appeal=appeal,
                     proposed=None if proposed is None else dict(proposed))

    def _propose_ruling(self, seat: int, valid: bool, authority: str | None, meta: Meta, *, appeal: bool) -> None:
        article = self.book.article("challenge.adjudicator")
        if not self.players_rule():
            raise self._not_in_profile("challenge.adjudicator", msg("game.rule_challenge_not_players",
                                                                    value=self.book.challenge.adjudicator.value), field="type")
        seat = self._seat(seat)
        if seat not in self.ruling_parties():
            raise NotYourTurn(msg("game.only_two_players_challenge_2"), field="seat",
                              article=article)
        if self.disputed_ruling is not None:
            raise WrongPhase(msg("game.players_disputed_answer_arbiter"), field="type", article=article)
        if self.proposed_ruling is not None:
            raise WrongPhase(msg("game.already_recorded_answer_other",
                                 player=self.players[self.proposed_ruling['seat']]), field="type", article=article)
        said = self.details.get("lexicon") or self.book.challenge.lexicon
        authority = str(authority).strip() if authority is not None and str(authority).strip() else said
        self._record(ev.RulingProposed, meta, seat=seat, valid=bool(valid), authority=authority, appeal=appeal,
                     article=self.book.article("challenge.appeal") if appeal else article)

    def _players_ruling(self, seat: int, action: str) -> dict[str, Any]:
        self._ruling_open()
        seat = self._seat(seat)
        proposed = self.proposed_ruling
        if self.disputed_ruling is not None:
            raise WrongPhase(msg("game.players_disputed_answer_arbiter"), field="type",
                             article=self.book.article("challenge.adjudicator"))
        if proposed is None:
            raise WrongPhase(msg("game.no_answer_recorded_by", action=action), field="type",
                             article=self.book.article("challenge.adjudicator"))
        if seat not in self.ruling_parties():
            raise NotYourTurn(msg("game.only_two_players_challenge_3", action=action), field="seat",
                              article=self.book.article("challenge.adjudicator"))
        return proposed

    def _ruling_open(self) -> bool:
        """Whether a ruling is awaited: True for an appeal (FILE 41.2), False for the challenge itself."""
        self._open()
        ruling = self.last_ruling
        if self.pending and self.pending.get("kind") == "ruling":
            return False
        if ruling and ruling["appealed"] and not ruling["final"]:
            return True
        raise WrongPhase(msg("game.game_no_challenge_appeal", waiting_for=self.waiting_for()), field="type")

    def _authority(self, authority: str | None) -> str:
        if authority is None or not str(authority).strip():
            raise RuleViolation(msg("game.name_lexicon_person_ruling"), code="authority",
                                field="authority")
        return str(authority)
