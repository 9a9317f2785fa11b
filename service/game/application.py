"""The use cases: an eventsourcing ``Application`` whose methods load a Game, run one command, save.

Every command names the version the caller last saw (``expected_version``): a stale caller gets
``VersionConflict`` with the current version, and so does the loser of two writers racing on the
same version (the store refuses the second event with that version). The time of every fact comes
from the injected ``clock``; in a ``virtual`` bag the application is the bag, drawing with a
cryptographically secure generator from the tiles the game has not seen, and hands the exact
tiles to the aggregate, which never draws by itself. How games are cached, locked, written and
snapshotted is ``service.game.store``; commands prepared on an event loop, ``service.game.deferred``.
Storage is whatever the constructor ``env`` says (see ``service.settings``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from random import Random
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.game import Game, Meta
from domain.game.chain import ChainBreak, ChainRecord, record_of, verify_chain
from service.game import bag
from service.actor import BAG_ACTOR, Actor, utc_now
from service.game.arbiter import ArbiterCommands
from service.game.deferred import Deferred, Turn, deferred_save
from projections.errors import ApplicationError, GameNotFound, VersionConflict
from service.trust.keys import verify_p256
from service.game.store import CACHE_GAMES, LOCK_STRIPES, SNAPSHOT_EVERY, WRITE_WAIT, Action, GameStore
from service.game.tablets import TabletCommands

#: Names other modules import from here (the use cases' module), defined beside it.
__all__ = ["BAG_ACTOR", "CACHE_GAMES", "LOCK_STRIPES", "SNAPSHOT_EVERY", "WRITE_WAIT", "Action", "Actor",
           "ApplicationError", "Deferred", "GameNotFound", "GamesApplication", "Turn", "VersionConflict",
           "deferred_save", "utc_now"]


class GamesApplication(ArbiterCommands, TabletCommands, GameStore):
    """Recording tournament games: one Game aggregate per game, every command a use case."""

    #: The library names each subclass after itself unless it says otherwise, and names the store's tables
    #: after that (PostgreSQL's ``planilla_events``): every application on the store says "Planilla".
    name = "Planilla"

    def __init__(self, env: dict[str, str] | None = None, *, clock: Callable[[], str] = utc_now,
                 rng: Random | None = None) -> None:
        super().__init__(env, clock=clock)
        self.rng = rng or secrets.SystemRandom()

    # ---- creation and queries ---------------------------------------------------------------
    def create_game(self, profile: str, players: list[str], by: Actor, *, bag_mode: str = "virtual",
                    details: dict[str, Any] | None = None) -> UUID:
        """Create a game under a profile, players in seat order; returns its id."""
        game = Game.create(profile, players, self._meta(by), bag_mode=bag_mode, details=details)
        self._save(game)
        if self.repository.cache is not None:
            self.repository.cache.put(game.id, game)  # deferred: readers wait until it is written
        return game.id

    def get_game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game as it is now, or as it was at ``version``: a copy of its own for the caller."""
        try:
            if version is None and self.repository.cache is not None:
                return self._from_cache(game_id)
            return self.repository.get(game_id, version=version)
        except AggregateNotFoundError:
            raise GameNotFound(game_id) from None

    def history(self, game_id: UUID) -> list[ChainRecord]:
        """Every stored event of the game as a chain record, oldest first."""
        records = [record_of(event) for event in self.repository.event_store.get(game_id)]
        if not records:
            raise GameNotFound(game_id)
        return records

    def verify(self, game_id: UUID) -> ChainBreak | None:
        """Check the stored hash chain; the first event that does not fit, or None when intact."""
        return verify_chain(self.history(game_id))

    # ---- the turn cycle ---------------------------------------------------------------------
    def draw_for_start(self, game_id: UUID, by: Actor, *, expected_version: int,
                       tiles: list[str] | None = None) -> int:
        """Each player draws one tile to decide who starts; a virtual bag draws them."""
        def act(game: Game, meta: Meta) -> None:
            game.draw_for_start(self._tiles(game, len(game.players), tiles), meta)
        return self._command(game_id, expected_version, by, act)

    def give_starter(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                     reason: str = "pairing list") -> int:
        """The pairing list names who starts."""
        return self._command(game_id, expected_version, by, lambda g, m: g.give_starter(seat, m, reason))

    def draw_tiles(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                   count: int | None = None, tiles: list[str] | None = None) -> int:
        """A player draws; a virtual bag draws ``count`` tiles (default: back to seven) itself."""
        def act(game: Game, meta: Meta) -> None:
            if game.bag_mode != "virtual":
                return game.draw_tiles(seat, meta, count=count, tiles=tiles)
            wanted = bag.refill_count(game, seat) if count is None else count
            game.draw_tiles(seat, meta, tiles=self._tiles(game, wanted, tiles))
        return self._command(game_id, expected_version, by, act)

    def place_tiles(self, game_id: UUID, seat: int, coordinates: str, word: str, by: Actor, *,
                    expected_version: int, announced: int | None = None, announced_total: int | None = None,
                    key_signature: str | None = None) -> int:
        """Record a play in federation notation (``H8``, ``8H``), with the score and total announced (FILE 32).
        From the player's own token, a seat with a registered key signs it (``key_signature`` over the head hash
        at ``expected_version``: ``domain.game.keys``)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.place_tiles(
            seat, coordinates, word, m, announced=announced, announced_total=announced_total,
            **self._signed(g, expected_version, key_signature)))

    def decide_off_centre(self, game_id: UUID, seat: int, accept: bool, by: Actor, *, expected_version: int) -> int:
        """The opponent accepts or refuses a first play that missed the centre."""
        return self._command(game_id, expected_version, by, lambda g, m: g.decide_off_centre(seat, accept, m))

    def accept(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int, how: str = "score written",
               auto_draw: bool = True, key_signature: str | None = None) -> int:
        """The opponent accepts the play; a virtual bag then refills the player's rack in the same save. From the
        player's own token, a seat with a registered key signs it (``key_signature``, FILE 37)."""
        def act(game: Game, meta: Meta) -> None:
            placer = (game.pending or {}).get("seat")
            game.accept(seat, meta, how, key_signature=key_signature, seen_head=self.head_at(game, expected_version),
                        verify=verify_p256)
            self._auto_draw(game, placer, meta, auto_draw)
        return self._command(game_id, expected_version, by, act)

    def challenge(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                  words: list[str] | None = None) -> int:
        """Challenge words of the last play (all of them by default)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.challenge(seat, m, words))

    def rule_challenge(self, game_id: UUID, valid: bool, authority: str | None, by: Actor, *, expected_version: int,
                       auto_draw: bool | None = None, seat: int | None = None) -> int:
        """The ruling on a challenge; a valid play in a virtual bag is refilled in the same save.

        By default (``auto_draw=None``) the refill waits while someone may still appeal the ruling,
        because drawing closes the appeal (FISC I.10: the challenger's rechallenge; FILE 41.2):
        the player then draws with ``draw_tiles`` once the appeal is given up or decided. With a
        ``seat`` a player records the answer the players consulted (FILE 41.1), for the other to confirm.
        """
        def act(game: Game, meta: Meta) -> None:
            placer = (game.pending or {}).get("seat")
            game.rule_challenge(valid, authority, meta, seat=seat)
            self._after_ruling(game, placer, meta, auto_draw)
        return self._command(game_id, expected_version, by, act)

    def confirm_ruling(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                       auto_draw: bool | None = None) -> int:
        """The other player confirms the answer a player recorded: it is the ruling (FILE 41.1-41.2)."""
        def act(game: Game, meta: Meta) -> None:
            appeal = bool(game.proposed_ruling and game.proposed_ruling["appeal"])
            placer = game.ruling_parties()[0] if game.ruling_parties() else None
            game.confirm_ruling(seat, meta)
            if appeal:
                return self._after_appeal(game, meta, True if auto_draw is None else auto_draw)
            self._after_ruling(game, placer, meta, auto_draw)
        return self._command(game_id, expected_version, by, act)

    def dispute_ruling(self, game_id: UUID, seat: int, reason: str, by: Actor, *, expected_version: int) -> int:
        """A player disputes the answer recorded: the arbiter rules (FILE 41.1, 33.5)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.dispute_ruling(seat, reason, m))

    def _after_ruling(self, game: Game, placer: int | None, meta: Meta, auto_draw: bool | None) -> None:
        if game.pending and game.pending["kind"] == "ruling":
            return  # only proposed: no ruling yet, the challenged player may not draw (FILE 41.3)
        self._auto_draw(game, placer, meta, not game.appellants() if auto_draw is None else auto_draw)

    def _after_appeal(self, game: Game, meta: Meta, auto_draw: bool) -> None:
        turn = game.turns[-1] if game.turns else None
        final = game.last_ruling is None or game.last_ruling["final"]
        if final and turn and turn["kind"] == "play" and not game.pending:
            self._auto_draw(game, turn["seat"], meta, auto_draw)

    def appeal(self, game_id: UUID, seat: int, argument: str, by: Actor, *, expected_version: int) -> int:
        """Ask for a second look at the last ruling."""
        return self._command(game_id, expected_version, by, lambda g, m: g.appeal(seat, argument, m))

    def rule_appeal(self, game_id: UUID, valid: bool, authority: str | None, by: Actor, *, expected_version: int,
                    auto_draw: bool = True, seat: int | None = None) -> int:
        """The final answer on appeal; a play that stands is refilled in the same save in a virtual bag. With a
        ``seat``, a player records the second check on another phone for the other to confirm (FILE 41.2)."""
        def act(game: Game, meta: Meta) -> None:
            game.rule_appeal(valid, authority, meta, seat=seat)
            self._after_appeal(game, meta, auto_draw)
        return self._command(game_id, expected_version, by, act)

    def exchange_tiles(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                       count: int | None = None, tiles: list[str] | None = None,
                       drawn: list[str] | None = None, key_signature: str | None = None) -> int:
        """Exchange tiles; a virtual bag draws the replacements (before the returned tiles go in). Key-signed as a
        play is."""
        def act(game: Game, meta: Meta) -> None:
            signed = self._signed(game, expected_version, key_signature)
            if game.bag_mode == "virtual":
                new = self._tiles(game, len(tiles or ()), drawn, cap=True)
                return game.exchange_tiles(seat, meta, tiles=tiles, drawn=new, **signed)
            game.exchange_tiles(seat, meta, count=count, tiles=tiles, drawn=drawn, **signed)
        return self._command(game_id, expected_version, by, act)

    def announce_exchange(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                          count: int | None = None) -> int:
        """The player announces an exchange; it can no longer become a play or a pass (FILE 25)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.announce_exchange(seat, m, count))

    def pass_turn(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                  key_signature: str | None = None) -> int:
        """Pass. Key-signed as a play is."""
        return self._command(game_id, expected_version, by, lambda g, m: g.pass_turn(
            seat, m, **self._signed(g, expected_version, key_signature)))

    # ---- the end ----------------------------------------------------------------------------
    def end_game(self, game_id: UUID, cause: str, by: Actor, *, expected_version: int, detail: str = "") -> int:
        """A director ends the game (round time, director's decision, time)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.end_game(cause, m, detail))

    def declare_end_rack(self, game_id: UUID, seat: int, tiles: list[str], by: Actor, *,
                         expected_version: int) -> int:
        """Record a player's tiles left at the end."""
        return self._command(game_id, expected_version, by, lambda g, m: g.declare_end_rack(seat, tiles, m))

    def sign(self, game_id: UUID, seat: int, signature: str, by: Actor, *, expected_version: int,
             key_signature: str | None = None) -> int:
        """A player signs the final sheet; the last signature closes the game. A seat with a registered key
        signs with it too (``key_signature`` over the head hash at ``expected_version``: ``domain.game.keys``)."""
        def act(game: Game, meta: Meta) -> None:
            seen = self.head_at(game, expected_version)
            game.sign(seat, signature, meta, key_signature=key_signature, seen_head=seen, verify=verify_p256)
        return self._command(game_id, expected_version, by, act)

    def _signed(self, game: Game, expected_version: int, key_signature: str | None) -> dict[str, Any]:
        """The keyword arguments of a command a player's key may sign: the signature, the head hash at the version
        the caller saw, and how to check it (``domain.game.keys``)."""
        return {"key_signature": key_signature, "seen_head": self.head_at(game, expected_version),
                "verify": verify_p256}

    def head_at(self, game: Game, version: int) -> str:
        """The hash of the game's event ``version`` (the head a caller at that version saw)."""
        if version == game.version:
            return game.last_hash
        [found] = self.repository.event_store.get(game.id, gt=version - 1, lte=version)
        return found.hash

    def consent_reopen(self, game_id: UUID, seat: int, reason: str, by: Actor, *, expected_version: int) -> int:
        """A player asks, from their own tablet, that the closed game be reopened (FILE 43, FISE 44)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.consent_reopen(seat, reason, m))

    def reopen(self, game_id: UUID, reason: str, by: Actor, *, expected_version: int) -> int:
        """A director reopens a closed game once every player's own request is recorded, where the profile allows it."""
        return self._command(game_id, expected_version, by, lambda g, m: g.reopen(reason, m))

    # ---- the virtual bag --------------------------------------------------------------------
    def _tiles(self, game: Game, count: int, given: list[str] | None, *, cap: bool = False) -> list[str]:
        return bag.draw(game, count, given, self.rng, cap=cap)

    def _auto_draw(self, game: Game, seat: int | None, meta: Meta, enabled: bool) -> None:
        """After an acceptance in a virtual bag, the player's rack is refilled to seven (FILE 32).

        The draw is the service's (``BAG_ACTOR``), in the same save as the acceptance it follows and
        from the same device's request: the acceptance stays the opponent's, and nobody reading the
        trail sees the opponent drawing the player's tiles.
        """
        if not enabled or seat is None or game.bag_mode != "virtual" or game.phase != "playing":
            return
        count = bag.refill_count(game, seat)
        if count:
            game.draw_tiles(seat, Meta(BAG_ACTOR, meta.device, meta.at), tiles=self._tiles(game, count, None))
