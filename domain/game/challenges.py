"""Challenges: a play challenged, ruled on, appealed and ruled again; the play withdrawn or restored (FILE 38–41,
FISE 42, AJS 4.1.7, FISC I.10). Where the players rule themselves, ``domain.game.rulings``."""

from __future__ import annotations

from collections import Counter

from domain.errors import NotationError, msg
from domain.game import events as ev
from domain.game.errors import NotAllowedInProfile, NotYourTurn, RuleViolation, WrongPhase
from domain.game.meta import Meta
from domain.notation import format_word, parse_word
from domain.tiles import BLANK


class ChallengeCommands:
    """Commands of a challenge and its appeal (FILE 38–41; FISC I.10)."""

    def challenge(self, seat: int, meta: Meta, words: list[str] | None = None) -> None:
        """Challenge one, several or all words of the last play at once, before it is accepted (FILE 38–39)."""
        self._expect("playing", pending="acceptance")
        placer = self.pending["seat"]
        if seat == placer:
            if not self.book.challenge.self_challenge:
                article = self.book.article("challenge.self_challenge")
                raise NotYourTurn(msg("game.player_may_not_challenge", article=article), field="seat",
                                  article=article)
        else:
            self._opponent(seat, placer, msg("game.action_challenge"))
        formed = [w["word"] for w in self.turns[-1]["words"]]
        chosen = formed if not words else [self._as_recorded(str(w), formed) for w in words]
        if not chosen or Counter(chosen) - Counter(formed):  # a play may form the same word twice
            raise RuleViolation(msg("game.challenge_words_play_formed", formed=', '.join(formed)),
                                code="challenge_words", field="words", article="FILE 39")
        self._record(ev.PlayChallenged, meta, challenger=seat, words=chosen)

    def _as_recorded(self, word: str, formed: list[str]) -> str:
        """A challenged word as the play recorded it, from any spelling of its tiles: ``CHOZA`` or ``chOZA`` is
        the play's ``[CH]OZA`` when the play formed one word of those letters (else it is refused below)."""
        if word in formed:
            return word
        try:
            tiles = [w.tile for w in parse_word(word, self.tileset)]
        except NotationError:
            return word  # refused below, naming the words the play formed
        exact = format_word(tiles, self.tileset)
        if exact in formed:
            return exact

        def letters(text: str) -> str:
            return "".join(w.tile.letter for w in parse_word(text, self.tileset) if w.tile).upper()

        same = {f for f in formed if letters(f) == letters(word)}
        return same.pop() if len(same) == 1 else word

    def rule_challenge(self, valid: bool, authority: str | None, meta: Meta, seat: int | None = None) -> None:
        """One verdict for the set of challenged words (FILE 39); invalid: tiles back, turn lost, ``I`` (FILE 38).

        ``seat`` None: an official rules, and the ruling stands at once. A player's seat: where the profile
        lets the players rule (``challenge.adjudicator``: FILE 41.1 the app in view of both, Molins 23 when
        there is no arbiter) the player records the answer they consulted together (``RulingProposed``),
        which stands once the other player confirms it (``confirm_ruling``) or goes to the arbiter if
        disputed (``dispute_ruling``); elsewhere the players do not rule.
        """
        self._expect("playing", pending="ruling")
        if seat is not None:
            return self._propose_ruling(seat, valid, authority, meta, appeal=False)
        self._rule_challenge(valid, self._authority(authority), meta)

    def _rule_challenge(self, valid: bool, authority: str, meta: Meta, **players: int) -> None:
        words = list(self.pending["words"])
        self._record(ev.ChallengeRuled, meta, valid=bool(valid), words=words,
                     challenger=self.pending["challenger"], authority=authority,
                     appeal=False, final=not self.rules.appeal_allowed,
                     proposed_by=players.get("proposed_by"), confirmed_by=players.get("confirmed_by"))
        if valid:
            self._accept(self.pending["seat"], "challenge ruled valid", meta)
        else:
            self._withdraw("challenged and ruled invalid (FILE 38)", meta)
        self._after_turn(meta)

    def appeal(self, seat: int, argument: str, meta: Meta) -> None:
        """Ask for a second look at the last ruling before the next turn (FILE 41.2, FISE 42.4, FISC I.10, AJS 4.1.7)."""
        self._open()
        self._seat(seat)
        if not self.rules.appeal_allowed:
            raise NotAllowedInProfile(msg("game.has_no_appeal_challenge", profile=self.profile), field="type")
        ruling = self.last_ruling
        if not ruling or ruling["appealed"] or ruling["turn"] != len(self.turns) - 1 or self.phase == "closed":
            raise WrongPhase(msg("game.only_last_ruling_may"), field="type",
                             article=self.rules.article("appeal"))
        if seat not in self.appellants():
            by = self.rules.appeal_by
            who = msg("game.who_ruled_out_placer" if by == "placer" else "game.who_challenger")
            raise NotYourTurn(msg("game.under_only_may_appeal", profile=self.profile, who=who), field="seat",
                              article=self.rules.article("appeal_by"))
        self._record(ev.RulingAppealed, meta, seat=seat, argument=str(argument))

    def appellants(self) -> list[int]:
        """The seats that may still appeal the last ruling: none once it is final, appealed or past.

        FISE 42.4: only the player whose play was ruled out; FISC I.10: only the challenger; FILE
        41.2 and AJS 4.1.7: either player.
        """
        ruling = self.last_ruling
        if (not self.rules.appeal_allowed or not ruling or ruling["appealed"] or ruling["final"]
                or ruling["turn"] != len(self.turns) - 1 or self.phase == "closed"):
            return []
        by = self.rules.appeal_by
        if by == "placer":
            return [] if ruling["valid"] else [self.turns[-1]["seat"]]
        if by == "challenger":
            return [ruling["challenger"]]
        return list(range(len(self.players)))

    def rule_appeal(self, valid: bool, authority: str | None, meta: Meta, seat: int | None = None) -> None:
        """The final answer on appeal; if it reverses the ruling, the play is restored or withdrawn.

        Where the players rule (FILE 41.2: «verificación en otro teléfono»), a player's seat records the
        second check as a proposal the other player confirms, as for the first (``rule_challenge``).
        """
        self._open()
        ruling = self.last_ruling
        if not ruling or not ruling["appealed"] or ruling["final"]:
            raise WrongPhase(msg("game.there_no_appeal_waiting"), field="type")
        if seat is not None:
            return self._propose_ruling(seat, valid, authority, meta, appeal=True)
        self._rule_appeal(valid, self._authority(authority), meta)

    def _rule_appeal(self, valid: bool, authority: str, meta: Meta, **players: int) -> None:
        ruling = self.last_ruling
        self._record(ev.ChallengeRuled, meta, valid=bool(valid), words=list(ruling["words"]),
                     challenger=ruling["challenger"], authority=authority, appeal=True, final=True,
                     proposed_by=players.get("proposed_by"), confirmed_by=players.get("confirmed_by"))
        if bool(valid) == ruling["valid"]:
            return
        turn = self.turns[-1]
        if valid:
            needed = [BLANK if c.islower() else c for _, _, c in turn["placements"]]
            self._record(ev.PlayRestored, meta, seat=turn["seat"], placements=turn["placements"],
                         rack_after=self._take_from_rack(turn["seat"], needed, "word"),
                         total=self.scores[turn["seat"]] + turn["withdrawn_score"])
        else:
            self._withdraw("ruled invalid on appeal", meta, advance=False)
        self._after_turn(meta)

    def _withdraw(self, reason: str, meta: Meta, advance: bool = True) -> None:
        turn = self.turns[-1]
        seat = turn["seat"]
        back = [BLANK if c.islower() else c for _, _, c in turn["placements"]]
        self._record(ev.PlayWithdrawn, meta, seat=seat, reason=reason, placements=turn["placements"],
                     rack_after=list(self.racks[seat]) + back,
                     total=self.scores[seat] - turn["score"],
                     next_turn=self.next_seat(seat) if advance else self.turn)
