"""Drawing errors and the club's redraw: overdraws (FILE/FISE 28, FISC I.7.3, Molins 11), underdraws
(FILE 29, FISE 29, AJS 2) and "SENYORS" (Molins 16).

The aggregate never draws at random. In a ``virtual`` bag the application makes every random
choice (which extra tiles come out unseen, which X + 2 the opponent sees) and passes the exact
tiles; in a ``physical`` bag the tablet reports counts, and tiles where someone saw them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.game import incidents as inc
from domain.game.aggregate import RACK
from domain.game.errors import RackError, RuleViolation, WrongPhase
from domain.game.meta import Meta
from domain.profiles.kinds import Noticer
from domain.tiles import BLANK


class DrawingCommands:
    """Overdraws, underdraws and the SENYORS redraw."""

    # ---- overdraw -------------------------------------------------------------------------
    def overdraw_tiles(self, seat: int, meta: Meta, *, count: int | None = None,
                       tiles: list[str] | None = None) -> None:
        """Record a draw that leaves more than 7 tiles on the rack; it must then be corrected (FILE 28)."""
        self._open()
        seat = self._seat(seat)
        if self.phase != "playing":
            raise WrongPhase("an overdraw happens while the game is played (FILE 28)", field="type")
        if self.overdraw is not None:
            raise WrongPhase("an overdraw is already waiting to be corrected", field="type", article="FILE 28")
        count, tiles = self._draw_count(count, tiles)
        excess = self.rack_counts[seat] + count - RACK
        if excess < 1:
            raise RuleViolation(f"count: {count} tiles leave {self.players[seat]} with {RACK - excess} or fewer: "
                                "that is an ordinary draw", code="not_overdraw", field="count")
        if count > self.bag_count():
            raise RackError(f"count: only {self.bag_count()} tiles left in the bag", field="count", article="FILE 27")
        if self._draw_allowed(seat):
            self._accept(self.pending["seat"], "tiles drawn (FISC I.10)", meta)
        self._record(inc.TilesOverdrawn, meta, seat=seat, count=count, tiles=tiles, excess=excess)

    def overdraw_procedure(self, noticed_by: int, seen: bool) -> dict[str, Any]:
        """Which correction the profile prescribes for the open overdraw: ``procedure`` (``unseen``, ``sample``,
        ``random`` or ``late``), which tiles are taken (``field``: ``returned`` or ``sample``), from where
        (``pool``: the tiles just ``drawn`` or the whole ``rack``) and how many (``size``)."""
        od = self._open_overdraw()
        offender, drawing = od["seat"], self.book.drawing
        extra = self.rack_counts[offender] - RACK
        if noticed_by != offender and drawing.overdraw_late_loses_turn:
            return {"procedure": "late", "field": "returned", "pool": "rack", "size": extra}
        if not seen:
            return {"procedure": "unseen", "field": "returned", "pool": "drawn", "size": extra}
        if drawing.overdraw_sample_extra and drawing.overdraw_opponent_chooses:
            size = min(extra + drawing.overdraw_sample_extra, self.rack_counts[offender])
            return {"procedure": "sample", "field": "sample", "pool": "rack", "size": size}
        return {"procedure": "random", "field": "returned", "pool": "rack", "size": extra}

    def correct_overdraw(self, noticed_by: int, seen: bool, meta: Meta, *, returned: list[str] | None = None,
                         sample: list[str] | None = None) -> None:
        """Put the extra tiles back as the profile says: unseen extras out unseen (FILE 28.1.1, FISC I.7.3);
        seen extras: the opponent sees X + 2 and then chooses X (FILE 28.1.2, FISC I.7.3), or one at random
        per tile (Molins 11); noticed late by the opponent: the affected player picks and sees them and the
        offender loses the next turn (FILE 28.2)."""
        self._expect("playing")
        od = self._open_overdraw()
        if od["sample"] is not None:
            raise WrongPhase("the opponent has seen the sample and now chooses the tiles to return", field="type")
        offender, noticed_by = od["seat"], self._seat(noticed_by, "noticed_by")
        others = [s for s in range(len(self.players)) if s != offender]
        way = self.overdraw_procedure(noticed_by, bool(seen))
        size, procedure = way["size"], way["procedure"]
        if procedure == "late":
            return self._late_overdraw(offender, noticed_by, size, returned, meta)
        if procedure == "sample":
            shown = self._picked(offender, sample, size, None, "sample")
            self._record(inc.OverdrawSampled, meta, seat=offender, noticed_by=noticed_by, count=size, sample=shown,
                         seen_by=others)
            return
        pool = od["drawn"] if procedure == "unseen" else None
        article = self.book.article("drawing" if procedure == "unseen" else "drawing.overdraw_sample_extra")
        self._overdraw_done(offender, procedure, noticed_by, procedure == "random",
                            self._picked(offender, returned, size, pool), others if procedure == "random" else [],
                            None, article, meta)

    def choose_overdraw_return(self, seat: int, returned: list[str] | None, meta: Meta) -> None:
        """The opponent chooses, among the X + 2 tiles seen, the X that go back; 2 go back to the offender."""
        self._expect("playing")
        od = self._open_overdraw()
        sampled = od["sample"]
        if sampled is None:
            raise WrongPhase("no sample has been drawn for the opponent to choose from", field="type")
        if self._seat(seat) == od["seat"]:
            raise WrongPhase("the opponent chooses the tiles that go back (FILE 28.1.2)", field="seat",
                             article=self.book.article("drawing.overdraw_opponent_chooses"))
        extra = self.rack_counts[od["seat"]] - RACK
        chosen = self._picked(od["seat"], returned, extra, sampled["tiles"])
        kept = None
        if sampled["tiles"] is not None and chosen is not None:
            kept = list((Counter(sampled["tiles"]) - Counter(chosen)).elements())
        self._overdraw_done(od["seat"], "sample", sampled["noticed_by"], True, chosen, sampled["seen_by"], kept,
                            self.book.article("drawing.overdraw_sample_extra"), meta)

    def _late_overdraw(self, offender: int, noticed_by: int, extra: int, returned: list[str] | None,
                       meta: Meta) -> None:
        drawing = self.book.drawing
        number = 1 + sum(1 for i in self.incidents if i["seat"] == offender and i["kind"] == "overdraw")
        limit = drawing.overdraw_expulsion_game
        self._overdraw_done(offender, "late", noticed_by, True, self._picked(offender, returned, extra, None),
                            [noticed_by], None, self.book.article("drawing.overdraw_late_loses_turn"), meta,
                            incident=number, expulsion=limit is not None and number >= limit)

    def _overdraw_done(self, offender: int, procedure: str, noticed_by: int, seen: bool, returned: list[str] | None,
                       seen_by: list[int], kept: list[str] | None, article: str, meta: Meta, *,
                       incident: int | None = None, expulsion: bool = False) -> None:
        extra = self.rack_counts[offender] - RACK
        rack_after = self._take_from_rack(offender, returned, "returned") if returned else list(self.racks[offender])
        self._record(inc.OverdrawCorrected, meta, seat=offender, procedure=procedure, noticed_by=noticed_by,
                     seen=seen, count=extra, returned=returned, rack_after=rack_after, seen_by=list(seen_by),
                     kept=kept, lost_turn=procedure == "late", incident=incident, expulsion=expulsion,
                     article=article)
        self._after_turn(meta)  # a late notice may cost the offender the turn now; a deferred end may follow

    def _open_overdraw(self) -> dict[str, Any]:
        if self.overdraw is None:
            raise WrongPhase("there is no overdraw to correct", field="type")
        return self.overdraw

    def _picked(self, seat: int, tiles: list[str] | None, size: int, pool: list[str] | None,
                field: str = "returned") -> list[str] | None:
        """Check tiles taken from a rack (or from ``pool``, the tiles they must come from)."""
        if tiles is None:
            known_left = len(self.racks[seat])
            if self.bag_mode != "physical" or known_left > self.rack_counts[seat] - size:
                raise RuleViolation(f"{field}: name the {size} tiles: the rack's tiles are known", code="tiles_required",
                                    field=field)
            return None
        tiles = list(tiles)
        if len(tiles) != size:
            raise RuleViolation(f"{field}: {size} tiles, not {len(tiles)}", code="draw_count", field=field)
        if pool is not None and Counter(tiles) - Counter(pool):
            raise RackError(f"{field}: {' '.join(tiles)} are not among {' '.join(pool)}", field=field)
        self._take_from_rack(seat, tiles, field)
        return tiles

    def _draw_count(self, count: int | None, tiles: list[str] | None) -> tuple[int, list[str] | None]:
        if tiles is not None:
            tiles = self._check_tiles(list(tiles), "tiles")
            if count is not None and count != len(tiles):
                raise RuleViolation(f"count {count} does not match {len(tiles)} tiles", code="draw_count", field="count")
            count = len(tiles)
        if count is None or isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RuleViolation("count: draw at least one tile", code="draw_count", field="count")
        if tiles is None and self.bag_mode != "physical":
            raise RuleViolation(f"tiles: a {self.bag_mode} bag records the exact tiles drawn", code="tiles_required",
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
            raise RuleViolation(f"{self.players[seat]} is not short of tiles: nothing to draw", code="not_underdraw",
                                field="seat")
        if drawing.underdraw_noticed_by == Noticer.SELF and noticed_by != seat:
            raise self._not_in_profile("drawing.underdraw_noticed_by", "only the player who drew too few points "
                                       "it out", field="noticed_by")
        shown = bool(seen) and drawing.underdraw_shown
        if tiles is None and (self.bag_mode != "physical" or shown):
            raise RuleViolation(f"tiles: name the {missing} tiles drawn" + (" (they are shown)" if shown else ""),
                                code="tiles_required", field="tiles")
        count, tiles = self._draw_count(missing if tiles is None else None, tiles)
        if count != missing:
            raise RuleViolation(f"tiles: {self.players[seat]} is {missing} short, not {count}", code="draw_count",
                                field="tiles", article=self.book.article("drawing.underdraw_noticed_by"))
        self._record(inc.UnderdrawCorrected, meta, seat=seat, count=count, tiles=tiles, noticed_by=noticed_by,
                     seen=bool(seen), shown_to=[s for s in range(len(self.players)) if s != seat] if shown else [],
                     article=self.book.article("drawing.underdraw_shown" if shown else "drawing.underdraw_noticed_by"))

    # ---- SENYORS --------------------------------------------------------------------------
    def redraw_senyors(self, seat: int, shown: list[str], meta: Meta, *, drawn: list[str] | None = None) -> None:
        """"SENYORS": seven vowels or seven consonants shown to all, put back, seven redrawn; the turn is
        kept. Six and a blank do not qualify (Molins 16)."""
        if not self.book.exchange.senyors_redraw:
            raise self._not_in_profile("exchange.senyors_redraw", "there is no SENYORS redraw: exchange instead")
        self._expect("playing")
        seat = self._on_turn(seat)
        article = self.book.article("exchange.senyors_redraw")
        shown = list(shown)
        if self.rack_counts[seat] != RACK or len(shown) != RACK:
            raise RuleViolation(f"shown: SENYORS shows a whole rack of {RACK} tiles", code="senyors", field="shown",
                                article=article)
        self._take_from_rack(seat, shown, "shown")
        tileset = self.tileset
        if BLANK in shown or not (set(shown) <= tileset.vowels or set(shown) <= tileset.consonants):
            raise RuleViolation("shown: SENYORS needs seven vowels or seven consonants; six and a blank do not "
                                f"qualify ({article})", code="senyors", field="shown", article=article)
        if drawn is None and self.bag_mode != "physical":
            raise RuleViolation(f"drawn: a {self.bag_mode} bag records the seven tiles redrawn", code="tiles_required",
                                field="drawn")
        if drawn is not None:
            drawn = list(drawn)
            if len(drawn) != RACK or Counter(drawn) - (self.unseen() + Counter(shown)):
                raise RackError(f"drawn: {RACK} tiles from the bag with the shown rack back in it", field="drawn")
        self._record(inc.SenyorsRedrawn, meta, seat=seat, shown=shown, drawn=drawn)
