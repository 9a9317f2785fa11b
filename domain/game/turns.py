"""The turn cycle: starting draw, draws, plays, acceptance, exchanges and passes (a play's challenge and appeal:
``domain.game.challenges``)."""

from __future__ import annotations

from typing import Any

from domain.errors import NotationError, PlacementError, msg, word
from domain.game import events as ev
from domain.game.aggregate import RACK, cell_of
from domain.game.errors import NotAllowedInProfile, NotYourTurn, RackError, RuleViolation, WrongPhase
from domain.game.keys import Verify
from domain.game.meta import Meta
from domain.move import Coordinate
from domain.notation import dot_reading, format_word, parse_word
from domain.scoring import evaluate_play
from domain.tiles import BLANK


class TurnCommands:
    """Commands of the turn cycle (FILE 4–7, 20–26, 32, 37–41; FISC I.5–I.10)."""

    # ---- who starts -----------------------------------------------------------------------
    def draw_for_start(self, tiles: list[str], meta: Meta) -> None:
        """Record one tile drawn by each player; nearest to A starts, the blank beats A (FILE 4.3, FISC I.5)."""
        self._expect("starting")
        if len(tiles) != len(self.players):
            raise RuleViolation(msg("game.one_tile_per_player", n_players=len(self.players), n_tiles=len(tiles)),
                                code="start_draw", article="FILE 4.3", field="tiles")
        self._check_tiles(list(tiles), "tiles")
        ranks = [self._draw_rank(t) for t in tiles]
        best = min(ranks)
        leaders = [s for s, r in enumerate(ranks) if r == best]
        starter = leaders[0] if len(leaders) == 1 else None
        set_aside = list(self.set_aside)
        if starter is None and self.rules.start_tie_sets_aside:
            set_aside += [tiles[s] for s in leaders]  # AJS 3.1.1: tied tiles stay out of the bag
        if starter is not None:
            set_aside = []  # once decided, every drawn tile goes back into the bag
        self._record(ev.StartingTilesDrawn, meta, tiles=list(tiles), starter=starter, set_aside=set_aside)

    def _draw_rank(self, tile: str) -> int:
        """The tile's place in the starting draw: the blank first where ``start.blank_beats_a`` (FILE 4.3), else last."""
        rank = self.tileset.draw_rank(tile)
        return rank if tile != BLANK or self.book.start.blank_beats_a else len(self.tileset.order) + 1

    def give_starter(self, seat: int, meta: Meta, reason: str = "pairing list") -> None:
        """The pairing list names the starter in Swiss and round-robin events (FILE 4.1)."""
        self._expect("starting")
        self._record(ev.StarterGiven, meta, seat=self._seat(seat), reason=str(reason))

    # ---- drawing --------------------------------------------------------------------------
    def draw_tiles(self, seat: int, meta: Meta, *, count: int | None = None, tiles: list[str] | None = None) -> None:
        """Record a draw from the bag; the tiles are required unless the bag is physical (FILE 7, 32)."""
        self._open()
        seat = self._seat(seat)
        count, tiles = self._draw_count(count, tiles)  # domain/game/drawing.py
        accepted = self._draw_allowed(seat)
        if count > self.bag_count():
            raise RackError(msg("game.only_tiles_left_bag", bag_count=self.bag_count()), field="count",
                            article="FILE 27")
        if self.rack_counts[seat] + count > RACK:
            raise RackError(
                msg("game.would_hold_tiles_rack", player=self.players[seat], rack_count=self.rack_counts[seat] + count,
                    rack=RACK), field="count", article="FILE 28",
            )
        if accepted:
            self._accept(self.pending["seat"], "tiles drawn (FISC I.10)", meta)
        self._record(ev.TilesDrawn, meta, seat=seat, count=count, tiles=tiles, accepted_play=accepted)
        if accepted:
            self._after_turn(meta)  # the turn is complete: the round's time or an owed lost turn may follow

    def _draw_allowed(self, seat: int) -> bool:
        """Check the draw fits the moment; True when the draw itself accepts a pending play (FISC I.10)."""
        if self.phase == "dealing":
            order = [(self.starter + k) % len(self.players) for k in range(len(self.players))]
            due = next(s for s in order if self.rack_counts[s] < RACK)
            if seat != due and self.book.start.starter_draws_first:
                article = self.book.article("start.starter_draws_first")
                raise NotYourTurn(msg("game.draws_first_first_player", player=self.players[due], article=article), field="seat", article=article)
            return False
        if self.phase != "playing":
            raise WrongPhase(msg("game.game_no_draws_now", phase=word("phase", self.phase)), field="type")
        kind = self.pending["kind"] if self.pending else None
        ruling = self.last_ruling
        if (ruling and ruling["appealed"] and not ruling["final"] and self.turns[-1]["seat"] == seat
                and not self.book.challenge.placer_may_draw):
            article = self.book.article("challenge.placer_may_draw")
            raise WrongPhase(msg("game.challenged_player_may_not", article=article),
                             article=article, field="type")
        if kind == "ruling" and self.pending["seat"] == seat and not self.book.challenge.placer_may_draw:
            article = self.book.article("challenge.placer_may_draw")
            raise WrongPhase(msg("game.challenged_player_may_not_2", article=article),
                             article=article, field="type")
        if kind == "acceptance" and self.pending["seat"] == seat:
            if self.rules.acceptance_by_draw:
                return True
            raise WrongPhase(msg("game.opponent_has_not_yet"), article="FILE 32", field="type")
        return False

    # ---- playing --------------------------------------------------------------------------
    def place_tiles(self, seat: int, coordinates: str, word: str, meta: Meta, *, announced: int | None = None,
                    announced_total: int | None = None, key_signature: str | None = None,
                    seen_head: str | None = None, verify: Verify | None = None) -> None:
        """Record a play in federation notation; the true score is computed, the announced one kept beside it,
        and the running total announced with it when given (FILE 32: «junto con la suma total acumulada»).
        From the player's own token, a seat with a key signs it over the head it saw (``entry_key``)."""
        self._expect("playing")
        seat = self._on_turn(seat)
        coord = Coordinate.parse_federation(coordinates)
        tileset = self.tileset
        try:
            result, off_centre = self._evaluate(coord, word)
        except PlacementError as err:
            # L.L: in a word '.' is a tile already on the board; where that square is empty the player
            # meant the L·L tile (FISC I.6), and the board leaves no other reading.
            other = dot_reading(word, tileset) if err.code == "through_on_empty" else None
            if other is None:
                raise
            try:
                result, off_centre = self._evaluate(coord, other)
            except (PlacementError, NotationError):
                raise PlacementError(msg("game.for_l_l_tile", message=err.message), code=err.code,
                                     article=err.article, field=err.field, position=err.position) from None
        needed = [BLANK if p.tile.blank else p.tile.letter for p in result.placements]
        rack_after = self._take_from_rack(seat, needed, "word")
        if announced is not None and (isinstance(announced, bool) or not isinstance(announced, int)):
            raise RuleViolation(msg("game.whole_number_points_2"), code="announced", field="announced")
        if announced_total is not None and (isinstance(announced_total, bool) or not isinstance(announced_total, int)):
            raise RuleViolation(msg("game.whole_number_points_file"), code="announced",
                                field="announced_total", article="FILE 32")
        key = self.entry_key("place_tiles", seat, meta, key_signature, seen_head, verify)
        self._record(
            ev.TilesPlaced, meta, seat=seat, coordinates=coord.federation(),
            word=format_word(result.words[0].tiles, tileset),
            placements=[[p.row, p.col, cell_of(p.tile)] for p in result.placements],
            words=[{"word": format_word(w.tiles, tileset), "score": w.score} for w in result.words],
            score=result.score, announced=announced, bingo=result.bingo,
            total=self.scores[seat] + result.score, rack_after=rack_after, off_centre=off_centre,
            announced_total=announced_total, key=key,
        )

    def _evaluate(self, coord: Coordinate, word: str) -> tuple[Any, bool]:
        """The play's placements, words and score, and whether it missed the centre where FILE 20 lets the
        opponent choose."""
        tileset = self.tileset
        written = parse_word(word, tileset, strict_lookalikes=True)
        if not self.rules.blank_digraph and any(
            w.tile and w.tile.blank and len(w.tile.letter) > 1 for w in written
        ):
            raise NotAllowedInProfile(msg("game.under_blank_cannot_stand", profile=self.profile),
                                      field="word", article=self.rules.article("blank_digraph"))
        board = self.engine_board()
        try:
            return evaluate_play(board, coord, written, tileset), False
        except PlacementError as err:
            if err.code != "first_play_off_centre" or not self.rules.off_centre_choice:
                raise
            return evaluate_play(board, coord, written, tileset, centre_required=False), True  # FILE 20

    def decide_off_centre(self, seat: int, accept: bool, meta: Meta) -> None:
        """The opponent's choice on a first play that missed H8: accept undoubled or declare invalid (FILE 20)."""
        self._expect("playing", pending="centre_choice")
        placer = self.pending["seat"]
        self._opponent(seat, placer, msg("game.action_decide_first_play"))
        if accept:
            self._record(ev.OffCentreAccepted, meta, seat=seat)
        else:
            self._withdraw("first play off the centre declared invalid (FILE 20.1)", meta)
            self._after_turn(meta)

    def accept(self, seat: int, meta: Meta, how: str = "score written", *, key_signature: str | None = None,
               seen_head: str | None = None, verify: Verify | None = None) -> None:
        """The opponent writes the score down: the play is accepted, and no one may challenge it (FILE 37).

        From the player's own token, a seat with a registered key signs the acceptance with it
        (``key_signature`` over ``seen_head``: ``domain.game.keys``); an official accepting for the seat
        is recorded unsigned by key."""
        self._expect("playing", pending="acceptance")
        placer = self.pending["seat"]
        if seat == placer:
            if not (self.rules.acceptance_by_draw and self.bag_count() == 0):
                raise NotYourTurn(msg("game.only_opponent_accepts_play"),
                                  field="seat", article="FILE 37")
            how = "clock pressed with an empty bag (FISC I.10)"
        else:
            self._opponent(seat, placer, msg("game.action_accept"))
        key = None
        if key_signature is not None or meta.actor.startswith("player:"):
            key = self.check_key_signature("accept", seat, seen_head or self.last_hash, key_signature, verify)
        self._accept(placer, how, meta, None if key is None else {"seat": seat, **key})
        self._after_turn(meta)

    def _accept(self, placer: int, how: str, meta: Meta, key: dict[str, Any] | None = None) -> None:
        self._record(ev.PlayAccepted, meta, seat=placer, how=how, next_turn=self.next_seat(placer), key=key)

    # ---- exchange and pass ----------------------------------------------------------------
    def announce_exchange(self, seat: int, meta: Meta, count: int | None = None) -> None:
        """The player says "cambio": from now on the turn can only be this exchange (FILE 25).

        The count may still change when the exchange is made; the exchange cannot be withdrawn,
        nor turned into a play or a pass.
        """
        self._expect("playing")
        seat = self._on_turn(seat)
        if count is not None:
            self._check_exchange_count(seat, count)
        else:
            self._check_exchange_bag(1)
        self._record(ev.ExchangeAnnounced, meta, seat=seat, count=count)

    def exchange_tiles(
        self, seat: int, meta: Meta, *, count: int | None = None, tiles: list[str] | None = None,
        drawn: list[str] | None = None, key_signature: str | None = None, seen_head: str | None = None,
        verify: Verify | None = None,
    ) -> None:
        """Exchange 1–7 tiles: 0 points, ``C-x``; limited by the bag as the profile says (FILE 25, FISC I.7, Molins 16).
        From the player's own token, a seat with a key signs it over the head it saw (``entry_key``)."""
        announced = self.pending is not None and self.pending.get("kind") == "exchange"
        self._expect("playing", pending="exchange" if announced else None)
        seat = self._on_turn(seat)
        if tiles is not None:
            count = len(tiles)
        if count is None and announced:
            count = self.pending["count"]
        self._check_exchange_count(seat, count)
        if self.bag_mode != "physical" and (tiles is None or drawn is None):
            raise RuleViolation(msg("game.tiles_drawn_bag_records", bag_mode=self.bag_mode),
                                code="tiles_required", field="tiles")
        rack_after = self._take_from_rack(seat, list(tiles), "tiles") if tiles is not None else list(self.racks[seat])
        if drawn is not None:
            if len(drawn) != count:
                raise RuleViolation(msg("game.tiles_not_2", count=count, n_drawn=len(drawn)), code="draw_count", field="drawn")
            rack_after += self._check_tiles(list(drawn), "drawn")
        key = self.entry_key("exchange_tiles", seat, meta, key_signature, seen_head, verify)
        self._record(ev.TilesExchanged, meta, seat=seat, count=count, returned=tiles, drawn=drawn,
                     rack_after=rack_after, next_turn=self.next_seat(seat), key=key)
        self._after_turn(meta)

    def _check_exchange_count(self, seat: int, count: Any) -> None:
        if count is None or isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= RACK:
            raise RuleViolation(msg("game.exchange_between_tiles_file"), code="exchange_count",
                                field="count", article="FILE 25")
        self._check_exchange_bag(count)
        if count > self.rack_counts[seat]:
            raise RackError(msg("game.rack_holds_only_tiles", rack_count=self.rack_counts[seat]), field="count")

    def _check_exchange_bag(self, count: int) -> None:
        rules = self.rules
        in_bag = self.bag_count()
        if in_bag < rules.exchange_min_bag:
            raise RuleViolation(
                msg("game.bag_holds_allows_exchange", in_bag=in_bag, profile=self.profile,
                    exchange_min_bag=rules.exchange_min_bag), code="exchange_bag", field="count", article=rules.article("exchange"),
            )
        if rules.exchange_capped_by_bag and count > in_bag:
            raise RuleViolation(msg("game.at_most_as_many", in_bag=in_bag), code="exchange_bag",
                                field="count", article=rules.article("exchange"))

    def pass_turn(self, seat: int, meta: Meta, *, key_signature: str | None = None, seen_head: str | None = None,
                  verify: Verify | None = None) -> None:
        """Pass: 0 points, written ``P`` (FILE 26). From the player's own token, a seat with a key signs it."""
        self._expect("playing")
        seat = self._on_turn(seat)
        key = self.entry_key("pass_turn", seat, meta, key_signature, seen_head, verify)
        self._record(ev.TurnPassed, meta, seat=seat, next_turn=self.next_seat(seat), key=key)
        self._after_turn(meta)

    # ---- guards ---------------------------------------------------------------------------
    def _on_turn(self, seat: int) -> int:
        seat = self._seat(seat)
        if seat != self.turn:
            raise NotYourTurn(msg("game.turn_not", player=self.players[self.turn], player2=self.players[seat]), field="seat")
        if self.rack_counts[seat] > RACK:
            raise RackError(msg("game.holds_tiles_overdraw_corrected", player=self.players[seat],
                                rack_count=self.rack_counts[seat],
                                article=self.book.article('drawing')), field="seat", article=self.book.article("drawing"))
        if self.rack_counts[seat] < RACK and self.bag_count() > 0:
            raise RackError(
                msg("game.holds_tiles_draw_back", player=self.players[seat], rack_count=self.rack_counts[seat]), field="seat", article="FILE 32",
            )
        return seat

    def _opponent(self, seat: int, placer: int, action: str) -> None:
        seat = self._seat(seat)
        if seat == placer:
            raise NotYourTurn(msg("game.only_opponent_may", action=action), field="seat", article="FILE 41.5")

