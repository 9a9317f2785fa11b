"""The Game aggregate: one tournament game, every state change an explicit, hash-linked event.

Commands are public methods in the imperative mood. Each one checks the rules first (raising a
``DomainError`` with code and article before anything is recorded), computes the outcome with
the rules engine, and records it in an event whose ``apply`` only assigns. State is JSON-native
(lists, dicts with string keys, str/int/bool/None) so a snapshot comes back unchanged.

Board cells and tiles are strings: ``"A"``, ``"CH"``, ``"L·L"``; a blank on the board is the
lowercase letter it stands for (``"ch"``); a blank on a rack is ``"?"``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import lru_cache
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.domain import Aggregate

from domain.board import Board
from domain.errors import msg, word
from domain.game import events as ev
from domain.game import official
from domain.game.chain import ENVELOPE, GENESIS, event_hash
from domain.game.errors import GameClosed, NotAllowedInProfile, RackError, RuleViolation, WrongPhase
from domain.game.meta import Meta
from domain.game.rules import GameRules, rules_for
from domain.game.settings import game_settings
from domain.notation import tile_message
from domain.profiles import Profile, get_profile
from domain.tiles import BLANK, Tile, TileSet, full_bag, get_tileset

BAG_MODES = ("physical", "virtual", "replay")
#: What each pending step waits for, in words (error messages and ``waiting_for``).
WAITS = {
    "acceptance": "the opponent to accept or challenge the last play",
    "centre_choice": "the opponent's choice on a first play off the centre (FILE 20)",
    "ruling": "the ruling on a challenge",
    "exchange": "the announced exchange",
    "end_racks": "the end racks",
}
RACK = 7


def _either(phases: tuple[str, ...]) -> str:
    """Phases named in words, said in the reader's language (``playing``; ``starting or playing``)."""
    said = word("phase", phases[0])
    for phase in phases[1:]:
        said = msg("game.phase_or", one=said, other=word("phase", phase))
    return said


def _waits(kind: str) -> str:
    """What a pending step waits for, in words (WAITS) said in the reader's language."""
    return msg(f"game.waits_{kind}") if kind in WAITS else kind


def cell_of(tile: Tile) -> str:
    """A placed tile as a board cell string (lowercase for a blank)."""
    return tile.letter.lower() if tile.blank else tile.letter


def tile_of(cell: str) -> Tile:
    """A board cell string back to a Tile."""
    return Tile(cell.upper(), True) if cell.islower() else Tile(cell, False)


@lru_cache(maxsize=None)
def _bag_counts(tileset_name: str) -> dict[str, int]:
    """How many of each tile a fresh bag of the set holds."""
    return dict(Counter(full_bag(get_tileset(tileset_name))))


@lru_cache(maxsize=None)
def _defaulted(event_class: type) -> tuple[Any, ...]:
    """An event class's payload fields that have a (immutable) default value."""
    return tuple(f for f in dataclasses.fields(event_class)
                 if f.default is not dataclasses.MISSING and f.name not in ENVELOPE)


class GameBase(Aggregate):
    """State, recording and derived views shared by the command mixins."""

    Created = ev.Created
    # State added after games were stored: class defaults, so an older snapshot (whose state lacks them)
    # still loads; events only ever assign new values, never mutate these.
    # (Not annotated: the library would take annotated class attributes for the constructor's fields.)
    proposed_ruling = None  #: a players' ruling awaiting the other's confirmation (FILE 41.1)
    disputed_ruling = None  #: the players disagreed: the arbiter rules
    reopen_consents = {}  # noqa: RUF012 - replaced, never mutated

    def __init__(
        self, profile: str, tileset: str, players: list[str], details: dict[str, Any], bag_mode: str,
        hash: str, **_: Any,
    ) -> None:
        self.profile = profile
        self.tileset_name = tileset
        self.players = list(players)
        self.details = dict(details)
        self.bag_mode = bag_mode
        self.last_hash = hash
        self.phase = "starting"
        self.starter: int | None = None
        self.turn = 0
        self.start_draws: list[list[str]] = []
        self.set_aside: list[str] = []
        self.board: list[str | None] = [None] * 225
        self.racks: list[list[str]] = [[] for _ in players]
        self.rack_counts = [0 for _ in players]
        self.scores = [0 for _ in players]
        self.turns: list[dict[str, Any]] = []
        self.pending: dict[str, Any] | None = None
        self.last_ruling: dict[str, Any] | None = None
        self.ending: dict[str, Any] | None = None
        self.end_racks: dict[str, list[str]] = {}
        self.settlement: dict[str, Any] | None = None
        self.signatures: dict[str, dict[str, str]] = {}
        # the arbiter's toolbox (domain.game.drawing, clock, sheet, conduct)
        self.overdraw: dict[str, Any] | None = None
        self.owed_turns: list[int] = []
        self.incidents: list[dict[str, Any]] = []
        self.clocks: list[dict[str, Any]] = [{"remaining": None, "overtime": 0} for _ in players]
        self.clock_stop: dict[str, Any] | None = None
        self.round_over: dict[str, Any] | None = None
        self.sheets: dict[str, dict[str, dict[str, Any]]] = {}
        self.corrections: list[dict[str, Any]] = []
        self.blank_rulings: list[dict[str, Any]] = []
        self.sanctions: list[dict[str, Any]] = []
        self.result_rule: dict[str, Any] | None = None
        self.proposed_ruling = None
        self.disputed_ruling = None
        self.reopen_consents = {}

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def create(
        cls, profile: str, players: list[str], meta: Meta, *, bag_mode: str = "virtual",
        details: dict[str, Any] | None = None, game_id: UUID | None = None,
    ) -> "GameBase":
        """Create a game under a profile, with players in seat order (FILE 4; Molins allows more than 2).

        ``details`` holds the event, round, table, clock and lexicon (see ``domain.game.settings``).
        """
        rules = rules_for(profile)
        names = [str(p).strip() for p in players]
        if not rules.min_players <= len(names) <= rules.max_players:
            raise RuleViolation(
                msg("game.games_have_players_not", profile=profile, min_players=rules.min_players,
                    max_players=rules.max_players, n_names=len(names)),
                code="player_count", article=rules.article("players"), field="players",
            )
        if any(not n for n in names) or len(set(names)) != len(names):
            raise RuleViolation(msg("game.player_names_must_non"), code="player_names", field="players")
        if bag_mode not in BAG_MODES:
            raise RuleViolation(msg("game.bag_mode_must_one", bag_modes=', '.join(BAG_MODES)), code="bag_mode", field="bag_mode")
        game_id = game_id or uuid4()
        payload = {"profile": profile, "tileset": rules.tileset, "players": names,
                   "details": game_settings(details, get_profile(profile)), "bag_mode": bag_mode}
        chain = {"previous_hash": GENESIS, **meta.as_dict()}
        digest = event_hash(str(game_id), "Created", 1, payload, chain)
        return cls._create(cls.Created, id=game_id, hash=digest, **payload, **chain)

    # ---- recording ------------------------------------------------------------------------
    def _record(self, event_class: type, meta: Meta, **payload: Any) -> None:
        chain = {"previous_hash": self.last_hash, **meta.as_dict()}
        name = event_class.__name__
        self.guard_hand(name, payload, meta)
        if name in official.ACTS:
            payload.update(self._official_fields(name, meta))
        for field in _defaulted(event_class):  # a field added later with a default is hashed as it is stored
            payload.setdefault(field.name, field.default)
        digest = event_hash(str(self.id), name, self.version + 1, payload, chain)
        self.trigger_event(event_class, hash=digest, **chain, **payload)

    def _official_fields(self, name: str, meta: Meta) -> dict[str, Any]:
        """An official entry's key and signature (``domain.game.official``): on the command's first act only."""
        hand = meta.official
        if hand is not None and (hand.actor != meta.actor or any(
                getattr(e, "official_signature", None) for e in self.pending_events)):
            hand = None
        return official.entry_fields(name, str(self.id), self.last_hash, hand)

    # ---- derived views --------------------------------------------------------------------
    @property
    def rules(self) -> GameRules:
        """The profile's settings this game runs under."""
        return rules_for(self.profile)

    @property
    def book(self) -> Profile:
        """The game's whole rulebook profile: every setting and the article it comes from."""
        return get_profile(self.profile)

    @property
    def tileset(self) -> TileSet:
        """The game's tile set."""
        return get_tileset(self.tileset_name)

    @property
    def closed(self) -> bool:
        """True once every player has signed and no director has reopened it."""
        return self.phase == "closed"

    def engine_board(self) -> Board:
        """The board as the rules engine sees it."""
        return Board(None if c is None else tile_of(c) for c in self.board)

    def board_tiles(self) -> Counter:
        """Tiles on the board, blanks counted as ``?``."""
        return Counter(BLANK if c.islower() else c for c in self.board if c is not None)

    def bag_count(self) -> int:
        """Tiles in the bag: 100 less the board, every rack and any tiles set aside (FILE 27)."""
        placed = sum(1 for c in self.board if c is not None)
        return self.tileset.total_tiles - placed - sum(self.rack_counts) - len(self.set_aside)

    def unseen(self) -> Counter:
        """Tiles not on the board, not known on a rack and not set aside: the bag plus unknown rack tiles."""
        pool = Counter(_bag_counts(self.tileset_name))
        for cell in self.board:
            if cell is not None:
                pool[BLANK if cell.islower() else cell] -= 1
        for tile in self.set_aside:
            pool[tile] -= 1
        for rack in self.racks:
            for tile in rack:
                pool[tile] -= 1
        return +pool  # only tiles with a positive count

    def rack_known(self, seat: int) -> bool:
        """True when every tile on this player's rack is known."""
        return len(self.racks[seat]) == self.rack_counts[seat]

    def racks_known(self) -> bool:
        """True when every tile on every rack is known (virtual and replay bags; physical when entered)."""
        return all(self.rack_known(s) for s in range(len(self.players)))

    def next_seat(self, seat: int) -> int:
        """The player after ``seat`` in seat order."""
        return (seat + 1) % len(self.players)

    # ---- guards ---------------------------------------------------------------------------
    def _open(self) -> None:
        if self.phase == "closed":
            raise GameClosed(
                msg("game.game_closed_every_player"), article="FILE 43",
            )

    def _seat(self, seat: int, field: str = "seat") -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.players):
            raise RuleViolation(msg("game.must_seat_number_from", field=field, n_players=len(self.players) - 1),
                                code="bad_seat", field=field)
        return seat

    def _expect(self, *phases: str, pending: str | None = None) -> None:
        self._open()
        if self.phase not in phases:
            raise WrongPhase(msg("game.game_this_needs", phase=word("phase", self.phase), phases=_either(phases)),
                             field="type")
        kind = self.pending["kind"] if self.pending else None
        if kind != pending:
            want = (msg("game.want_waiting_for", what=_waits(pending)) if pending
                    else msg("game.want_nothing_pending"))
            have = self.waiting_for()
            if kind == "exchange":
                raise WrongPhase(msg("game.announced_exchange_cannot_withdrawn",
                                     player=self.players[self.pending['seat']]),
                                 field="type", article="FILE 25")
            raise WrongPhase(msg("game.game_this_command_needs", have=have, want=want), field="type",
                             article="FILE 41.3" if kind == "ruling" else None)

    def waiting_for(self) -> str:
        """What the game waits for now, in words: the pending step, else whose move it is."""
        pending = self.pending
        kind = pending["kind"] if pending else None
        if kind in ("acceptance", "centre_choice", "ruling"):
            return msg("game.waiting_pending", what=_waits(kind), player=self.players[pending['seat']])
        if kind == "exchange":
            return msg("game.waiting_exchange", player=self.players[pending['seat']])
        if kind == "end_racks":
            return msg("game.waiting_end_racks", players=", ".join(self.players[s] for s in pending["seats"]))
        if kind:
            return msg("game.waiting_kind", kind=kind)
        if self.phase == "playing":
            return msg("game.waiting_move", player=self.players[self.turn])
        if self.phase in ("starting", "dealing", "ended"):
            return msg(f"game.waiting_{self.phase}")
        return f"{self.phase}"

    def _not_in_profile(self, setting: str, message: str, field: str = "type") -> NotAllowedInProfile:
        """The refusal for a command the profile does not have, naming the profile and the article."""
        article = self.book.article(setting)
        return NotAllowedInProfile(msg("game.under", profile=self.profile, message=message, article=article), article=article, field=field)

    def _check_tiles(self, tiles: list[str], field: str) -> list[str]:
        known = set(self.tileset.letters) | {BLANK}
        for i, t in enumerate(tiles):
            if t not in known:
                raise RackError(msg("game.refused", field=field, i=i, tile_message=tile_message(t, self.tileset)), field=field)
        short = Counter(tiles) - self.unseen()
        if short:
            raise RackError(msg("game.cannot_come_from_bag", field=field, short=', '.join(sorted(short))),
                            field=field)
        return list(tiles)

    def _take_from_rack(self, seat: int, needed: list[str], field: str) -> list[str]:
        """The rack after removing ``needed``; unknown rack tiles may cover what is not known."""
        rack = Counter(self.racks[seat])
        missing = Counter(needed) - rack
        unknown = self.rack_counts[seat] - len(self.racks[seat])
        if sum(missing.values()) > unknown:
            digraphs = sorted(t for t in missing if t in self.tileset.lookalike_pairs)
            why = msg("game.why_digraph_one_tile", digraphs=' and '.join(digraphs)) if digraphs else ""
            raise RackError(
                msg("game.rack_does_not_hold", field=field, player=self.players[seat],
                    elements=' '.join(sorted(missing.elements())), why=why),
                field=field, article="FILE 11" if digraphs else None,
            )
        if missing and missing - self.unseen():
            raise RackError(msg("game.cannot_on_rack_all", field=field, missing=' '.join(sorted(missing))),
                            field=field)
        left = list(self.racks[seat])
        for t in needed:
            if t in left:
                left.remove(t)
        return left

