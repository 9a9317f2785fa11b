"""The judge's rulings on words and the master move (FISC II.1, II.7; AJS 3.2.3, 3.2.8), for ``Duplicate``.

A word is ruled once for the game, by the judge or by a loaded lexicon (advisory unless the organiser
declared it official). The master is chosen once the round is closed: a valid slip, a play the judge
enters, or computed: the equal tops the players found when a valid slip reaches the move generator's best,
else the generator's equal tops as the service hands them over, one taken at random from a recorded seed (AJS
3.2.3). It must score at least as much as every valid slip.
"""

from __future__ import annotations

from random import Random
from typing import Any

from domain.duplicate import events as ev
from domain.duplicate.slips import play_text
from domain.errors import msg
from domain.game.meta import Meta


class MasterCommands:
    """Rulings and the master move; mixed into ``Duplicate`` (which gives ``_err``, ``_record``, ``read``...)."""

    rulings: dict[str, dict[str, Any]]
    rounds: list[dict[str, Any]]

    # ---- rulings and the master -----------------------------------------------------------
    def rule_word(self, word: str, valid: bool, meta: Meta, *, source: str = "judge", advisory: bool = False,
                  reason: str = "", lexicon_sha256: str | None = None) -> None:
        """A word ruled valid or not for the rest of the game (the ruling's spelling: ``slips.word_key``)."""
        key = word.strip().upper()
        if not key:
            raise self._err(msg("duplicate.empty"), "word", "word")
        self._record(ev.WordRuled, meta, word=key, valid=bool(valid), source=source, advisory=advisory, reason=reason,
                     lexicon_sha256=lexicon_sha256)

    def unruled(self, words: list[str]) -> list[str]:
        return [w for w in words if w not in self.rulings]

    def slip_valid(self, slip: dict[str, Any]) -> bool | None:
        """True when the slip scores, False when null, None while a word of it waits for a ruling."""
        if slip["causes"]:
            return False
        if any(w in self.rulings and not self.rulings[w]["valid"] for w in slip["words"]):
            return False
        if self.unruled(slip["words"]):
            return None
        return True

    def best_valid_slip(self) -> int:
        return max((s["score"] for s in self.current["slips"].values() if self.slip_valid(s)), default=0)

    def choose_master(self, meta: Meta, *, seat: int | None = None, word: str | None = None,
                      coordinates: str | None = None, computed: list[tuple[str, str]] | None = None,
                      seed: str | None = None, lexicon: str | None = None, advisory: bool = True,
                      lexicon_sha256: str | None = None) -> dict[str, Any]:
        """The master move (FISC II.1, AJS 3.2.3): the judge takes a valid slip (``seat``), enters a play
        (``word``, ``coordinates``; its words are ruled valid by that), or the service hands the move
        generator's equal tops (``computed``, from ``lexicon``, whose list's SHA-256 is ``lexicon_sha256``): when
        a valid slip scores as much, the players' equal tops (``players_tops``) instead, one taken at random from
        ``seed`` either way (AJS 3.2.3); ``seat`` then records whose slip it was.
        It must score at least as much as every valid slip: it is the highest-scoring valid play."""
        self._not_ended()
        if self.phase != "closed":
            raise self._err(msg("duplicate.master_chosen_once_round"),
                            "round_not_closed", "round", "master")
        unknown = [w for s in self.current["slips"].values() if not s["causes"] for w in self.unruled(s["words"])]
        if unknown:
            raise self._err(msg("duplicate.rule_first_on_every", unknown=', '.join(sorted(set(unknown)))),
                            "words_not_ruled", "word", "word")
        tops, method, chosen_seat = 1, "entered", None
        if seat is not None:
            self._seat(seat)
            slip = self.current["slips"].get(str(seat))
            if slip is None or not self.slip_valid(slip):
                raise self._err(msg("duplicate.slip_seat_not_valid", seat=seat), "master_not_valid", "seat", "master")
            word, coordinates, method, chosen_seat = slip["word"], slip["coordinates"], "slip", seat
        elif computed is not None:
            if not computed:
                raise self._err(msg("duplicate.generator_found_no_play"),
                                "no_play", "computed", "end")
            if not seed:
                raise self._err(msg("duplicate.equal_tops_are_broken"), "seed", "seed")
            method = "computed"
            chance = Random(f"{seed}/master/{self.round_no}")
            found = self.players_tops(self.read(*computed[0]).score)
            if found:  # AJS 3.2.3: among the equal tops the players found, at random
                tops = len(found)
                word, coordinates, chosen_seat = found[chance.randrange(len(found))]
            else:
                tops = len(computed)
                word, coordinates = computed[chance.randrange(len(computed))]
        elif not word or not coordinates:
            raise self._err(msg("duplicate.name_slip_seat_enter"), "master", "word", "master")
        reading = self.read(word, coordinates)
        if reading.causes:
            raise self._err(msg("duplicate.master_not_valid_play", detail=reading.detail), "master_not_valid",
                            str(reading.causes[0]) if method != "slip" else "seat", "master")
        if method != "slip":
            bad = [w for w in reading.words if w in self.rulings and not self.rulings[w]["valid"]]
            if bad:
                raise self._err(msg("duplicate.was_ruled_not_valid", bad=', '.join(bad)), "master_not_valid", "word", "master")
        best = self.best_valid_slip()
        if reading.score < best:
            raise self._err(msg("duplicate.master_scores_less_than", score=reading.score, best=best), "master_not_best", "word", "master")
        if method != "slip":
            source = f"lexicon:{lexicon}" if method == "computed" else "judge"
            for w in reading.words:
                if w not in self.rulings:
                    self._record(ev.WordRuled, meta, word=w, valid=True, source=source,
                                 advisory=advisory if method == "computed" else False,
                                 reason="a word of the master move",
                                 lexicon_sha256=lexicon_sha256 if method == "computed" else None)
        self._record(ev.MasterChosen, meta, round=self.round_no, method=method, seat=chosen_seat, word=word,
                     coordinates=coordinates, score=reading.score, placements=reading.placements, words=reading.words,
                     bingo=reading.bingo, tops=tops, seed=seed if method == "computed" else None,
                     lexicon=lexicon if method == "computed" else None,
                     lexicon_sha256=lexicon_sha256 if method == "computed" else None,
                     advisory=bool(advisory) if method == "computed" else None)
        return self.current["master"]

    def players_tops(self, top: int) -> list[tuple[str, str, int]]:
        """The distinct plays of the valid slips that score the most, when that is at least ``top`` (the move
        generator's best): (word, coordinates, the first seat that wrote it) each, in seat order; empty when no
        valid slip reaches ``top``. AJS 3.2.3: «Si los contrincantes han encontrado dos o más jugadas máximas que
        puntúan igual, se procederá a la elección de una de ellas al azar», and a program's tops are chosen from
        «siguiendo el mismo criterio que en el caso de gestión manual»: the players' tops come first."""
        best = self.best_valid_slip()
        if best < top or best <= 0:
            return []
        found: dict[tuple[tuple[Any, ...], ...], tuple[str, str, int]] = {}
        for key in sorted(self.current["slips"], key=int):
            slip = self.current["slips"][key]
            if slip["score"] == best and self.slip_valid(slip):
                play = tuple(sorted(tuple(p) for p in slip["placements"]))
                found.setdefault(play, (slip["word"], slip["coordinates"], int(key)))
        return list(found.values())

    def master_text(self, placements: list[list[Any]], horizontal: bool) -> tuple[str, str]:
        """A generator's play as a slip writes it (word with blanks in lower case, coordinates)."""
        return play_text(self.current["board"], placements, horizontal, self.tileset)
