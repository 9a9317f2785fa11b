"""The Duplicate aggregate: every player plays the same rack on their own board, round after round.

A round (FISC II.1–II.5, AJS 3.2.1–3.2.6) is: the rack (``start_round``: drawn from a seed the service
gives, or entered by the judge), the slips (``submit_slip``, each read and scored by the engine on the
round's board), «¡Tiempo!» (``close_round``: later slips are recorded late and null), the judge's
rulings on words (``rule_word``), the master move (``choose_master``: a slip, one the judge enters, or
one the move generator found, as the service hands it over), and the results (``publish``), which put
the master on the board and leave its unused tiles as the next round's remainder. The game ends when
the bag cannot give a valid rack, when every vowel or consonant is used (checked as each round starts),
or when the judge says so (FISC II.6, AJS 3.2.7).

The aggregate never draws at random, reads a clock or a lexicon: the service passes the seed, the
time (``Meta``) and the generator's plays.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.domain import Aggregate

from domain.duplicate import events as ev
from domain.duplicate import racks
from domain.duplicate.master import MasterCommands
from domain.duplicate.rules import DUPLICATE_RULES, DuplicateRules, NullCause
from domain.duplicate.slips import Reading, read_slip
from domain.errors import DomainError, msg
from domain.game.chain import GENESIS, event_hash
from domain.game.meta import Meta
from domain.tiles import BLANK, TileSet, full_bag, get_tileset

END_CAUSES = ("no_play", "force_majeure")


class DuplicateError(DomainError):
    """Raised when a duplicate command breaks a rule (code, article, field)."""

    code = "duplicate"


class Duplicate(MasterCommands, Aggregate):
    """One duplicate game: its players, its rounds, the rulings and the masters."""

    Created = ev.Created

    def __init__(self, profile: str, players: list[str], settings: dict[str, Any], bag: list[str], hash: str,
                 **_: Any) -> None:
        self.profile = profile
        self.players = list(players)
        self.settings = dict(settings)
        self.bag = list(bag)
        self.last_hash = hash
        self.board: list[Any] = [None] * 225
        self.rack: list[str] = []
        self.rounds: list[dict[str, Any]] = []
        self.rulings: dict[str, dict[str, Any]] = {}
        self.sanctions: list[dict[str, Any]] = []
        self.out: dict[str, dict[str, Any]] = {}
        self.ended: dict[str, Any] | None = None
        self.phase = "waiting"

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def create(cls, profile: str, players: list[str], meta: Meta, *, draw: str = "service", seed: str | None = None,
               rounds: int | None = None, sudden_death: bool = False, pairs: list[list[int]] | None = None,
               bonus: bool = True, round_seconds: int | None = None, duplicate_id: UUID | None = None,
               slip_score: bool = False, event: str | None = None) -> "Duplicate":
        """A duplicate under ``profile``'s rules for ``players`` (table order); ``slip_score``: the organiser asks
        the players to write their play's score on the slip (FISC II.2, AJS 3.2.2); ``event``: the event it is
        played in, as the federation enrolled it (the hall pushes the finished game under that name)."""
        if profile not in DUPLICATE_RULES:
            raise DuplicateError(msg("duplicate.profile_must_one_for", duplicate_rules=', '.join(DUPLICATE_RULES),
                                     profile=profile), code="profile", field="profile")
        rules = DUPLICATE_RULES[profile]
        names = [p.strip() for p in players]
        if any(not n for n in names) or len(set(names)) != len(names):
            raise DuplicateError(msg("duplicate.every_player_needs_name"), code="players", field="players")
        if len(names) < rules.min_players:
            raise DuplicateError(msg("duplicate.duplicate_needs_players_more", profile=profile,
                                     min_players=rules.min_players,
                                     n_names=len(names)), code="min_players", field="players",
                                 article=rules.article("min_players"))
        if draw not in ("service", "judge"):
            raise DuplicateError(msg("duplicate.service_judge"), code="draw", field="draw")
        if sudden_death and not rules.sudden_death:
            raise DuplicateError(msg("duplicate.defines_no_sudden_death", profile=profile), code="sudden_death",
                                 field="sudden_death", article=rules.article("sudden_death"))
        if pairs:
            if not rules.vis_a_vis:
                raise DuplicateError(msg("duplicate.defines_no_vis_vis", profile=profile), code="vis_a_vis", field="pairs",
                                     article=rules.article("vis_a_vis"))
            seats = [s for pair in pairs for s in pair]
            if any(len(p) != 2 for p in pairs) or len(set(seats)) != len(seats) or \
                    any(not 0 <= s < len(names) for s in seats):
                raise DuplicateError(msg("duplicate.each_pair_two_different"),
                                     code="pairs", field="pairs")
        settings = {"draw": draw, "seed": seed, "rounds": rounds, "sudden_death": sudden_death,
                    "pairs": [list(p) for p in pairs or []], "bonus": bool(bonus),
                    "round_seconds": round_seconds or rules.round_seconds, "tileset": rules.tileset}
        if slip_score:
            settings["slip_score"] = True  # absent (a game created before the setting, or not asked): False
        if event is not None and event.strip():
            settings["event"] = event.strip()  # absent: played in no named event (nothing pushed)
        did = duplicate_id or uuid4()
        payload = {"profile": profile, "players": names, "settings": settings,
                   "bag": full_bag(get_tileset(rules.tileset))}
        chain = {"previous_hash": GENESIS, **meta.as_dict()}
        digest = event_hash(str(did), "Created", 1, payload, chain)
        return cls._create(cls.Created, id=did, hash=digest, **payload, **chain)

    def _record(self, event_class: type, meta: Meta, **payload: Any) -> None:
        chain = {"previous_hash": self.last_hash, **meta.as_dict()}
        digest = event_hash(str(self.id), event_class.__name__, self.version + 1, payload, chain)
        self.trigger_event(event_class, hash=digest, **chain, **payload)

    # ---- views ----------------------------------------------------------------------------
    @property
    def rules(self) -> DuplicateRules:
        return DUPLICATE_RULES[self.profile]

    @property
    def tileset(self) -> TileSet:
        return get_tileset(self.settings["tileset"])

    @property
    def round_no(self) -> int:
        return len(self.rounds)

    @property
    def current(self) -> dict[str, Any] | None:
        return self.rounds[-1] if self.rounds else None

    def active(self, seat: int) -> bool:
        return str(seat) not in self.out

    def _err(self, message: str, code: str, field: str | None = None, key: str | None = None) -> DuplicateError:
        return DuplicateError(message, code=code, field=field, article=self.rules.article(key) if key else None)

    def _not_ended(self) -> None:
        if self.ended is not None:
            raise self._err(msg("duplicate.game_ended", ended=self.ended['cause']), "game_ended", key="end")

    def _seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.players):
            raise self._err(msg("duplicate.no_player", seat=seat), "no_player", "seat")

    # ---- the rack -------------------------------------------------------------------------
    def start_round(self, meta: Meta, *, seed: str | None = None, rack: list[str] | None = None,
                    rejected: list[list[str]] | None = None) -> str | None:
        """The next round's rack: ``rack`` entered by the judge (with the invalid racks they drew and returned
        first, ``rejected``, each checked invalid), else drawn from ``seed``. When the bag cannot
        give a valid rack, or every vowel or consonant is used, or the preset rounds are played, the game ends
        instead and the cause is returned (FISC II.6, AJS 3.2.7)."""
        self._not_ended()
        if self.phase not in ("waiting", "published"):
            raise self._err(msg("duplicate.round_not_finished_its", round_no=self.round_no), "round_open",
                            "round")
        n, rules, ts = self.round_no + 1, self.rules, self.tileset
        pool = [*self.bag, *self.rack]
        if self.settings["rounds"] and n > self.settings["rounds"]:
            self._record(ev.GameEnded, meta, cause="rounds", reason=f"{self.settings['rounds']} rounds were set",
                         article=rules.article("rounds"))
            return "rounds"
        used = racks.exhausted(pool, ts)
        if used:
            self._record(ev.GameEnded, meta, cause=used, reason="", article=rules.article("end"))
            return used
        minimum = rules.minimum(n, racks.scarce(pool, ts))
        if rack is not None:
            if not racks.fits(self.bag, self.rack, rack):
                raise self._err(msg("duplicate.cannot_come_from_bag", rack=' '.join(rack),
                                    value=' '.join(self.rack) or '(none)'), "rack_not_in_bag", "rack")
            if len(rack) != min(racks.RACK, len(pool)):
                raise self._err(msg("duplicate.tiles_rack_completed", n_rack=len(rack),
                                    min=min(racks.RACK, len(pool))), "rack_size", "rack", "rack")
            if not racks.is_valid(rack, minimum, ts):
                if not racks.can_give(pool, minimum, ts):
                    self._record(ev.GameEnded, meta, cause="no_valid_rack", reason="",
                                 article=rules.article("no_valid_rack"))
                    return "no_valid_rack"
                raise self._err(msg("duplicate.round_needs_at_least", n=n, minimum=minimum), "invalid_rack",
                                "rack", "rack")
            for i, back in enumerate(rejected or []):
                if not racks.fits(self.bag, self.rack, back) or racks.is_valid(back, minimum, ts):
                    raise self._err(msg("duplicate.rejected_not_invalid_rack", i=i, back=' '.join(back)), "not_rejected", "rejected", "rack")
            self._check_refill(rack, rejected or [])
            kept = list(self.rack) if not rejected else []
            drawn = sorted((Counter(rack) - Counter(kept)).elements())
            bag = sorted((Counter(pool) - Counter(rack)).elements())
            self._record(ev.RoundStarted, meta, round=n, rack=list(rack), remainder=list(self.rack), drawn=drawn,
                         rejected=[list(b) for b in rejected or []], method="entered", seed=None, minimum=minimum,
                         bag=bag)
            return None
        if not seed:
            raise self._err(msg("duplicate.service_draws_from_seed"), "seed", "seed")
        found = racks.draw(self.bag, self.rack, minimum, ts, seed, n)
        if found is None:
            self._record(ev.GameEnded, meta, cause="no_valid_rack", reason="", article=rules.article("no_valid_rack"))
            return "no_valid_rack"
        bag = sorted((Counter(pool) - Counter(found.rack)).elements())
        self._record(ev.RoundStarted, meta, round=n, rack=list(found.rack), remainder=list(self.rack),
                     drawn=list(found.drawn), rejected=[list(r) for r in found.rejected], method="drawn",
                     seed=seed, minimum=minimum, bag=bag)
        return None

    def _check_refill(self, rack: list[str], rejected: list[list[str]]) -> None:
        """FISC II.3, AJS 3.2.4: the judge adds tiles from the bag to the previous round's remainder. A judge's rack
        holds the remainder unless an invalid rack holding it was drawn first and returned (``rejected``, which
        puts the whole rack back in the bag: ``Redraw.WHOLE_RACK``); the first rack returned holds it."""
        if not self.rack:
            return
        left = " ".join(self.rack)
        if rejected:
            if not racks.holds(rejected[0], self.rack):
                raise self._err(msg("duplicate.rejected_does_not_hold", rejected=' '.join(rejected[0]), left=left),
                                "rejected_without_remainder", "rejected", "refill")
            return
        if not racks.holds(rack, self.rack):
            raise self._err(msg("duplicate.does_not_hold_previous", rack=' '.join(rack), left=left), "rack_without_remainder", "rack", "refill")

    # ---- slips ----------------------------------------------------------------------------
    def read(self, word: str | None, coordinates: str | None, round_no: int | None = None) -> Reading:
        r = self.rounds[(round_no or self.round_no) - 1]
        return read_slip(r["board"], r["rack"], word, coordinates, self.tileset)

    def _declared(self, score: int | None) -> None:
        """A score on the slip only where the organiser asked for it (FISC II.2, AJS 3.2.2)."""
        if score is not None and not self.settings.get("slip_score"):
            raise self._err(msg("duplicate.this_game_does_not"), "slip_score_not_asked", "score",
                            "slip_score")

    def submit_slip(self, seat: int, word: str | None, coordinates: str | None, meta: Meta, *,
                    score: int | None = None) -> dict[str, Any]:
        """A player's slip for the current round; the last one before «¡Tiempo!» counts. After it, a player
        with no slip yet is recorded late, null (FISC II.7, AJS 3.2.8); one with a slip is refused. ``score``:
        the player's own, where the organiser asks for it, kept beside the engine's (a difference is flagged)."""
        self._not_ended()
        self._seat(seat)
        self._declared(score)
        if not self.rounds:
            raise self._err(msg("duplicate.no_round_has_started"), "no_round", "round")
        if not self.active(seat):
            raise self._err(msg("duplicate.out_game", player=self.players[seat], out=self.out[str(seat)]['why']),
                            "player_out", "seat")
        r = self.current
        reading = self.read(word, coordinates)
        causes = list(reading.causes)
        if self.phase != "playing":
            if str(seat) in r["slips"]:
                raise self._err(msg("duplicate.round_closed_tiempo_slip", r=r['round']),
                                "round_closed", "round", "late")
            causes.append(NullCause.LATE)
        self._record(ev.SlipSubmitted, meta, round=r["round"], seat=seat, word=word or "",
                     coordinates=coordinates or "", score=reading.score, placements=reading.placements,
                     words=reading.words, causes=[str(c) for c in causes], detail=reading.detail, bingo=reading.bingo,
                     declared=score)
        return self.current["slips"][str(seat)]

    def correct_slip(self, round_no: int, seat: int, word: str | None, coordinates: str | None, reason: str,
                     meta: Meta, *, score: int | None = None) -> dict[str, Any]:
        """The judge corrects a slip's transcription (FISC II.9: results checked and corrected); a late slip
        stays late; ``score`` corrects the player's own score as typed (where it is asked for)."""
        self._seat(seat)
        self._declared(score)
        if not 1 <= round_no <= self.round_no or str(seat) not in self.rounds[round_no - 1]["slips"]:
            raise self._err(msg("duplicate.round_has_no_slip", round_no=round_no, seat=seat), "no_slip", "seat")
        if not reason.strip():
            raise self._err(msg("duplicate.correction_says_why"), "reason", "reason")
        before = self.rounds[round_no - 1]["slips"][str(seat)]
        reading = self.read(word, coordinates, round_no)
        causes = [str(c) for c in reading.causes]
        if NullCause.LATE in before["causes"]:
            causes.append(NullCause.LATE)
        self._record(ev.SlipCorrected, meta, round=round_no, seat=seat, word=word or "", coordinates=coordinates or "",
                     score=reading.score, placements=reading.placements, words=reading.words, causes=causes,
                     detail=reading.detail, bingo=reading.bingo, reason=reason, declared=score)
        return self.rounds[round_no - 1]["slips"][str(seat)]

    def close_round(self, meta: Meta) -> list[int]:
        """«¡Tiempo!» (FISC II.5, AJS 3.2.6): no more slips; the players in the game without one are named."""
        self._not_ended()
        if self.phase != "playing":
            raise self._err(msg("duplicate.no_round_being_played"), "round_not_playing", "round")
        missing = [s for s in range(len(self.players)) if self.active(s) and str(s) not in self.current["slips"]]
        self._record(ev.RoundClosed, meta, round=self.round_no, missing=missing)
        return missing

    # ---- results --------------------------------------------------------------------------
    def _results(self, r: dict[str, Any]) -> dict[str, dict[str, Any]]:
        zeroed = {s["seat"] for s in self.sanctions if s["round"] == r["round"] and s["kind"] == "zero"}
        out: dict[str, dict[str, Any]] = {}
        for seat in range(len(self.players)):
            gone = self.out.get(str(seat))
            if gone is not None and gone["round"] < r["round"]:
                continue
            slip = r["slips"].get(str(seat))
            if slip is None:
                out[str(seat)] = {"score": 0, "causes": [str(NullCause.LATE)], "slip": False}
                continue
            valid = self.slip_valid(slip)
            if valid is None:
                raise self._err(msg("duplicate.rule_first_on_seat", unruled=', '.join(self.unruled(slip['words'])),
                                    seat=seat),
                                "words_not_ruled", "word", "word")
            causes = list(slip["causes"])
            if not causes and not valid:
                causes.append(str(NullCause.WORD))
            if seat in zeroed:
                causes.append(str(NullCause.CONDUCT))
            out[str(seat)] = {"score": 0 if causes else slip["score"], "causes": causes, "slip": True}
            if slip.get("score_check") is not None:  # FISC II.2, AJS 3.2.2: flagged, the engine's score counts
                out[str(seat)].update(declared=slip.get("declared"), score_check=slip["score_check"])
        return out

    def publish(self, meta: Meta, *, round_no: int | None = None, reason: str = "") -> dict[str, Any]:
        """The round's results (FISC II.9): scores, nulls, the solo top and its bonus (AJS 3.2.11), the
        eliminations of a sudden-death game (AJS 3.3); the master goes on the board. A round published
        already is published again (after a correction) with a reason."""
        n = round_no or self.round_no
        if not 1 <= n <= self.round_no:
            raise self._err(msg("duplicate.round_has_not_been", n=n), "no_round", "round")
        r = self.rounds[n - 1]
        again = r["results"] is not None
        if again and not reason.strip():
            raise self._err(msg("duplicate.publishing_round_again_says"), "reason", "reason")
        if not again and (n != self.round_no or self.phase != "mastered"):
            raise self._err(msg("duplicate.round_results_are_published"), "no_master", "round",
                            "master")
        results = self._results(r)
        scores = {int(s): x["score"] for s, x in results.items()}
        top = max(scores.values(), default=0)
        solo, bonus = None, 0.0
        at_top = [s for s, v in scores.items() if v == top]
        value = self.rules.bonus(len(self.players))
        if self.settings["bonus"] and value and top > 0 and len(at_top) == 1:
            solo, bonus = at_top[0], value
        used = Counter(BLANK if blank else letter for _, _, letter, blank in r["master"]["placements"])
        remainder = r["rack"] if again else sorted((Counter(r["rack"]) - used).elements(),
                                                   key=lambda t: r["rack"].index(t))
        self._record(ev.RoundPublished, meta, round=n, results=results, master_score=r["master"]["score"],
                     solo_top=solo, bonus=bonus, remainder=list(remainder) if not again else list(self.rack))
        if self.settings["sudden_death"] and not again:
            for seat, score in scores.items():
                if score < top and self.active(seat):
                    self._record(ev.PlayerEliminated, meta, round=n, seat=seat, score=score, best=top)
        return self.rounds[n - 1]

    def sanction(self, seat: int, reason: str, meta: Meta) -> str:
        """A sanction for conduct, by the profile's ladder (AJS 3.2.8: warning, zero for the round, expelled)."""
        self._not_ended()
        self._seat(seat)
        ladder = self.rules.conduct
        if not ladder:
            raise self._err(msg("duplicate.has_no_sanction_for", profile=self.profile), "no_sanction", "seat",
                            "conduct")
        if not self.rounds:
            raise self._err(msg("duplicate.no_round_has_started"), "no_round", "round")
        if not reason.strip():
            raise self._err(msg("duplicate.sanction_says_why"), "reason", "reason")
        count = sum(1 for s in self.sanctions if s["seat"] == seat)
        kind = ladder[min(count, len(ladder) - 1)]
        if kind == "zero" and self.current["results"] is not None:
            raise self._err(msg("duplicate.round_results_are_published_2"),
                            "round_published", "round", "conduct")
        self._record(ev.Sanctioned, meta, round=self.round_no, seat=seat, kind=kind, reason=reason)
        return kind

    def end(self, cause: str, reason: str, meta: Meta) -> None:
        """The judge ends the game: no valid play remains, or force majeure with the players (FISC II.6,
        AJS 3.2.7); between rounds."""
        self._not_ended()
        if cause not in END_CAUSES:
            raise self._err(msg("duplicate.one", end_causes=', '.join(END_CAUSES)), "cause", "cause", "end")
        if self.phase not in ("waiting", "published") and not (cause == "no_play" and self.phase == "closed"):
            raise self._err(msg("duplicate.game_ends_between_rounds"),
                            "round_open", "round", "end")
        if cause == "force_majeure" and not reason.strip():
            raise self._err(msg("duplicate.force_majeure_says_what"), "reason", "reason", "end")
        self._record(ev.GameEnded, meta, cause=cause, reason=reason, article=self.rules.article("end"))
