"""Drawing errors and the club's redraw: overdraws (FILE/FISE 28, FISC I.7.3, Molins 11), underdraws
(FILE 29, FISE 29, AJS 2) and "SENYORS" (Molins 16).

The aggregate never draws at random. In a ``virtual`` bag the application makes every random
choice (which extra tiles come out unseen, which X + 2 the opponent sees) and passes the exact
tiles; in a ``physical`` bag the tablet reports counts, and tiles where someone saw them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.errors import msg
from domain.game import incidents as inc
from domain.game.aggregate import RACK
from domain.game.errors import RackError, RuleViolation, WrongPhase
from domain.game.meta import Meta
from domain.profiles.kinds import Noticer, UnseenWhen
from domain.tiles import BLANK


#: The ways an overdraw is corrected (docs/arbiter.md), as ``overdraw_procedure`` names them.
PROCEDURES = ("unseen", "sample", "random", "late")


class DrawingCommands:
    """Overdraws, underdraws and the SENYORS redraw."""

    # ---- overdraw -------------------------------------------------------------------------
    def overdraw_tiles(self, seat: int, meta: Meta, *, count: int | None = None,
                       tiles: list[str] | None = None) -> None:
        """Record a draw that leaves more than 7 tiles on the rack; it must then be corrected (FILE 28)."""
        self._open()
        seat = self._seat(seat)
        if self.phase != "playing":
            raise WrongPhase(msg("game.overdraw_happens_while_game"), field="type")
        if self.overdraw is not None:
            raise WrongPhase(msg("game.overdraw_already_waiting_corrected"), field="type", article="FILE 28")
        count, tiles = self._draw_count(count, tiles)
        excess = self.rack_counts[seat] + count - RACK
        if excess < 1:
            raise RuleViolation(msg("game.tiles_leave_with_fewer", count=count, player=self.players[seat],
                                    rack=RACK - excess), code="not_overdraw", field="count")
        if count > self.bag_count():
            raise RackError(msg("game.only_tiles_left_bag", bag_count=self.bag_count()), field="count", article="FILE 27")
        if self._draw_allowed(seat):
            self._accept(self.pending["seat"], "tiles drawn (FISC I.10)", meta)
        self._record(inc.TilesOverdrawn, meta, seat=seat, count=count, tiles=tiles, excess=excess)

    def overdraw_procedures(self, noticed_by: int, seen: bool, on_rack: bool | None = None) -> list[str]:
        """The procedures the articles allow for the open overdraw, from the facts they name.

        - whether the extra tiles are still unseen: not seen and not on the rack (FILE 28.1.1, FISE
          28.1), not on the rack (FISC I.7.3), not seen (Molins 11); ``on_rack`` left out is ``seen``;
        - whether the offender's next turn has come: FILE 28.1 holds «antes de que sea nuevamente su
          turno», 28.2 «antes de que éste inicie o complete su próxima jugada»;
        - who noticed: 28.2 is the opponent's («advierte que su oponente tiene más de 7 fichas»).

        Unseen tiles noticed before the offender's turn go back unseen whoever noticed (28.1.1). Seen
        tiles the opponent points out before that turn fall under 28.1.2 and 28.2 at once: both are
        listed, and the arbiter rules which applies. Once the offender's turn has come, 28.1 is over:
        the opponent's notice is 28.2; the offender's own is still corrected as 28.1 says (a reading).
        """
        od = self._open_overdraw()
        offender, drawing = od["seat"], self.book.drawing
        racked = bool(seen) if on_rack is None else bool(on_rack)
        known = {UnseenWhen.NOT_SEEN_NOR_RACKED: bool(seen) or racked, UnseenWhen.NOT_RACKED: racked,
                 UnseenWhen.NOT_SEEN: bool(seen)}[drawing.overdraw_unseen_when]
        sample = drawing.overdraw_sample_extra and drawing.overdraw_opponent_chooses
        first = ("sample" if sample else "random") if known else "unseen"
        if not drawing.overdraw_late_loses_turn or noticed_by == offender:
            return [first]
        if self.turn == offender:
            return ["late"]
        return [first, "late"] if known else [first]

    def overdraw_procedure(self, noticed_by: int, seen: bool, on_rack: bool | None = None,
                           ruling: str | None = None) -> dict[str, Any]:
        """Which correction applies to the open overdraw (``overdraw_procedures``, and the arbiter's ``ruling``
        where they leave a choice): ``procedure`` (``unseen``, ``sample``, ``random`` or ``late``), the article,
        which tiles are taken (``field``: ``returned`` or ``sample``), from where (``pool``: the tiles just
        ``drawn`` or the whole ``rack``) and how many (``size``)."""
        od = self._open_overdraw()
        offender, drawing = od["seat"], self.book.drawing
        allowed = self.overdraw_procedures(noticed_by, seen, on_rack)
        if ruling is None and len(allowed) > 1:
            articles = " and ".join(self._overdraw_article(p) for p in allowed)
            raise RuleViolation(msg("game.both_apply_seen_tiles", articles=articles, player=self.players[offender],
                                    allowed=', '.join(allowed)),
                                code="overdraw_ruling", field="procedure", article=self._overdraw_article("late"))
        if ruling is not None and ruling not in allowed:
            raise RuleViolation(msg("game.facts_allow_only_not", allowed=' or '.join(allowed),
                                    items=', '.join(self._overdraw_article(p) for p in allowed),
                                    ruling=ruling),
                                code="overdraw_procedure", field="procedure",
                                article=self._overdraw_article(allowed[0]))
        procedure = ruling or allowed[0]
        extra = self.rack_counts[offender] - RACK
        way = {"procedure": procedure, "article": self._overdraw_article(procedure), "field": "returned",
               "pool": "rack", "size": extra}
        if procedure == "unseen":
            way["pool"] = "drawn"
        elif procedure == "sample":
            way.update(field="sample", size=min(extra + drawing.overdraw_sample_extra, self.rack_counts[offender]))
        return way

    def _overdraw_article(self, procedure: str) -> str:
        """The article a procedure applies: FILE 28.1.1, 28.1.2 or 28.2 and their kin in the other profiles."""
        return self.book.article({"unseen": "drawing.overdraw_unseen_when", "sample": "drawing.overdraw_sample_extra",
                                  "random": "drawing.overdraw_opponent_chooses",
                                  "late": "drawing.overdraw_late_loses_turn"}[procedure])

    def correct_overdraw(self, noticed_by: int, seen: bool, meta: Meta, *, returned: list[str] | None = None,
                         sample: list[str] | None = None, on_rack: bool | None = None,
                         procedure: str | None = None) -> None:
        """Put the extra tiles back as the articles say for the facts (``overdraw_procedure``): unseen extras
        out unseen (FILE 28.1.1, FISC I.7.3); seen extras: the opponent sees X + 2 and then chooses X (FILE
        28.1.2, FISC I.7.3), or one at random per tile (Molins 11); noticed by the opponent once the offender's
        turn has come, or so ruled by the arbiter: the affected player picks and sees them and the offender
        loses the next turn (FILE 28.2). ``procedure`` is the arbiter's ruling where two articles apply."""
        self._expect("playing")
        od = self._open_overdraw()
        if od["sample"] is not None:
            raise WrongPhase(msg("game.opponent_has_seen_sample"), field="type")
        if procedure is not None and procedure not in PROCEDURES:
            raise RuleViolation(msg("game.overdraw_procedure_one", procedures=', '.join(PROCEDURES)), code="overdraw_procedure",
                                field="procedure")
        offender, noticed_by = od["seat"], self._seat(noticed_by, "noticed_by")
        others = [s for s in range(len(self.players)) if s != offender]
        way = self.overdraw_procedure(noticed_by, bool(seen), on_rack, procedure)
        size, chosen, article = way["size"], way["procedure"], way["article"]
        facts = {"on_rack": None if on_rack is None else bool(on_rack), "ruling": procedure}
        if chosen == "late":
            return self._late_overdraw(offender, noticed_by, size, returned, meta, facts)
        if chosen == "sample":
            shown = self._picked(offender, sample, size, None, "sample")
            self._record(inc.OverdrawSampled, meta, seat=offender, noticed_by=noticed_by, count=size, sample=shown,
                         seen_by=others, **facts)
            return
        pool = od["drawn"] if chosen == "unseen" else None
        self._overdraw_done(offender, chosen, noticed_by, chosen == "random",
                            self._picked(offender, returned, size, pool), others if chosen == "random" else [],
                            None, article, meta, facts=facts)

    def choose_overdraw_return(self, seat: int, returned: list[str] | None, meta: Meta) -> None:
        """The opponent chooses, among the X + 2 tiles seen, the X that go back; 2 go back to the offender."""
        self._expect("playing")
        od = self._open_overdraw()
        sampled = od["sample"]
        if sampled is None:
            raise WrongPhase(msg("game.no_sample_has_been"), field="type")
        if self._seat(seat) == od["seat"]:
            raise WrongPhase(msg("game.opponent_chooses_tiles_that"), field="seat",
                             article=self.book.article("drawing.overdraw_opponent_chooses"))
        extra = self.rack_counts[od["seat"]] - RACK
        chosen = self._picked(od["seat"], returned, extra, sampled["tiles"])
        kept = None
        if sampled["tiles"] is not None and chosen is not None:
            kept = list((Counter(sampled["tiles"]) - Counter(chosen)).elements())
        self._overdraw_done(od["seat"], "sample", sampled["noticed_by"], True, chosen, sampled["seen_by"], kept,
                            self._overdraw_article("sample"), meta,
                            facts={"on_rack": sampled.get("on_rack"), "ruling": sampled.get("ruling")})

    def _late_overdraw(self, offender: int, noticed_by: int, extra: int, returned: list[str] | None,
                       meta: Meta, facts: dict[str, Any]) -> None:
        drawing = self.book.drawing
        number = 1 + sum(1 for i in self.incidents if i["seat"] == offender and i["kind"] == "overdraw")
        limit = drawing.overdraw_expulsion_game
        self._overdraw_done(offender, "late", noticed_by, True, self._picked(offender, returned, extra, None),
                            [noticed_by], None, self._overdraw_article("late"), meta,
                            incident=number, expulsion=limit is not None and number >= limit, facts=facts)

    def _overdraw_done(self, offender: int, procedure: str, noticed_by: int, seen: bool, returned: list[str] | None,
                       seen_by: list[int], kept: list[str] | None, article: str, meta: Meta, *,
                       incident: int | None = None, expulsion: bool = False, facts: dict[str, Any]) -> None:
        extra = self.rack_counts[offender] - RACK
        rack_after = self._take_from_rack(offender, returned, "returned") if returned else list(self.racks[offender])
        self._record(inc.OverdrawCorrected, meta, seat=offender, procedure=procedure, noticed_by=noticed_by,
                     seen=seen, count=extra, returned=returned, rack_after=rack_after, seen_by=list(seen_by),
                     kept=kept, lost_turn=procedure == "late", incident=incident, expulsion=expulsion,
                     article=article, **facts)
        self._after_turn(meta)  # a late notice may cost the offender the turn now; a deferred end may follow

    def _open_overdraw(self) -> dict[str, Any]:
        if self.overdraw is None:
            raise WrongPhase(msg("game.there_no_overdraw_correct"), field="type")
        return self.overdraw

    def _picked(self, seat: int, tiles: list[str] | None, size: int, pool: list[str] | None,
                field: str = "returned") -> list[str] | None:
        """Check tiles taken from a rack (or from ``pool``, the tiles they must come from)."""
        if tiles is None:
            known_left = len(self.racks[seat])
            if self.bag_mode != "physical" or known_left > self.rack_counts[seat] - size:
                raise RuleViolation(msg("game.name_tiles_rack_tiles", field=field, size=size), code="tiles_required",
                                    field=field)
            return None
        tiles = list(tiles)
        if len(tiles) != size:
            raise RuleViolation(msg("game.tiles_not", field=field, size=size, n_tiles=len(tiles)), code="draw_count", field=field)
        if pool is not None and Counter(tiles) - Counter(pool):
            raise RackError(msg("game.are_not_among", field=field, tiles=' '.join(tiles), pool=' '.join(pool)), field=field)
        self._take_from_rack(seat, tiles, field)
        return tiles

    def _draw_count(self, count: int | None, tiles: list[str] | None) -> tuple[int, list[str] | None]:
        if tiles is not None:
            tiles = self._check_tiles(list(tiles), "tiles")
            if count is not None and count != len(tiles):
                raise RuleViolation(msg("game.count_does_not_match", count=count, n_tiles=len(tiles)), code="draw_count", field="count")
            count = len(tiles)
        if count is None or isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RuleViolation(msg("game.draw_at_least_one"), code="draw_count", field="count")
        if tiles is None and self.bag_mode != "physical":
            raise RuleViolation(msg("game.bag_records_exact_tiles", bag_mode=self.bag_mode), code="tiles_required",
                                field="tiles")
        return count, tiles

    # ---- underdraw ------------------------------------------------------------------------
    def correct_underdraw(self, seat: int, noticed_by: int, seen: bool, meta: Meta, *,
                          tiles: list[str] | None = None) -> None:
        """The player who drew too few draws the missing tiles (FILE 29); shown to the opponents if the
        rack had been seen (FISE 29.2); either player may point it out where the profile says so (AJS 2)."""
        self._expect("playing")
        seat, noticed_by = self._seat(seat), self._seat(noticed_by, "noticed_by")
        drawing = self.book.drawing
        missing = min(RACK - self.rack_counts[seat], self.bag_count())
        if missing < 1:
            raise RuleViolation(msg("game.not_short_tiles_nothing", player=self.players[seat]), code="not_underdraw",
                                field="seat")
        if drawing.underdraw_noticed_by == Noticer.SELF and noticed_by != seat:
            raise self._not_in_profile("drawing.underdraw_noticed_by", msg("game.only_player_who_drew"), field="noticed_by")
        shown = bool(seen) and drawing.underdraw_shown
        if tiles is None and (self.bag_mode != "physical" or shown):
            raise RuleViolation(msg("game.tiles_name_drawn_shown" if shown else "game.tiles_name_drawn", missing=missing),
                                code="tiles_required", field="tiles")
        count, tiles = self._draw_count(missing if tiles is None else None, tiles)
        if count != missing:
            raise RuleViolation(msg("game.short_not", player=self.players[seat], missing=missing, count=count), code="draw_count",
                                field="tiles", article=self.book.article("drawing.underdraw_noticed_by"))
        self._record(inc.UnderdrawCorrected, meta, seat=seat, count=count, tiles=tiles, noticed_by=noticed_by,
                     seen=bool(seen), shown_to=[s for s in range(len(self.players)) if s != seat] if shown else [],
                     article=self.book.article("drawing.underdraw_shown" if shown else "drawing.underdraw_noticed_by"))

    # ---- SENYORS --------------------------------------------------------------------------
    def redraw_senyors(self, seat: int, shown: list[str], meta: Meta, *, drawn: list[str] | None = None) -> None:
        """"SENYORS": seven vowels or seven consonants shown to all, put back, seven redrawn; the turn is
        kept. Six and a blank do not qualify (Molins 16)."""
        if not self.book.exchange.senyors_redraw:
            raise self._not_in_profile("exchange.senyors_redraw", msg("game.there_no_senyors_redraw"))
        self._expect("playing")
        seat = self._on_turn(seat)
        article = self.book.article("exchange.senyors_redraw")
        shown = list(shown)
        if self.rack_counts[seat] != RACK or len(shown) != RACK:
            raise RuleViolation(msg("game.senyors_shows_whole_rack", rack=RACK), code="senyors", field="shown",
                                article=article)
        self._take_from_rack(seat, shown, "shown")
        tileset = self.tileset
        if BLANK in shown or not (set(shown) <= tileset.vowels or set(shown) <= tileset.consonants):
            raise RuleViolation(msg("game.senyors_needs_seven_vowels", article=article), code="senyors", field="shown", article=article)
        if drawn is None and self.bag_mode != "physical":
            raise RuleViolation(msg("game.bag_records_seven_tiles", bag_mode=self.bag_mode), code="tiles_required",
                                field="drawn")
        if drawn is not None:
            drawn = list(drawn)
            if len(drawn) != RACK or Counter(drawn) - (self.unseen() + Counter(shown)):
                raise RackError(msg("game.tiles_from_bag_with", rack=RACK), field="drawn")
        self._record(inc.SenyorsRedrawn, meta, seat=seat, shown=shown, drawn=drawn)
