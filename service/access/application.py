"""The games application as the HTTP service runs it: tokens, idempotency and live listeners added.

``ServiceApplication`` keeps every use case of ``GamesApplication`` and stores its own aggregates
(tokens, idempotency records, the bootstrap marker) in the same event store, under the same
application name, so nothing needs a table or a migration of its own. What a request wants saved
with the game's new events (the idempotency record, a new game's player tokens) is handed over
through ``saving_with``: the builder runs after the command and before the one ``save()``.
"""

from __future__ import annotations

import contextvars
import math
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from domain.errors import msg
from domain.game import Game
from domain.game import events as ev
from domain.game.chain import ChainRecord, record_of
from domain.seal.records import HeadSignature, head_message
from service.access.binding import Binding
from service.access import store_watch
from service.access.officials import OfficialKeys
from service.access.store_watch import StoreWatch
from service.trust.keys import ServiceKey
from service.access.idempotency import IdempotentCommand, record_id
from service.access.tokens import AccessToken, Bootstrap, new_token, token_id
from service.principal import Principal
from service.game.application import Actor, GameNotFound, GamesApplication, deferred_save
from service.hall.process_end import Stop

Builder = Callable[[Game], list[Any]]
Listener = Callable[[UUID, int], None]
#: The package of the Game aggregate and its events (``domain.game``, where ``Game.Created`` lives, and its
#: modules): what ``game_listeners`` are told of.
GAME_EVENTS = "domain.game"
_ALSO: contextvars.ContextVar[Builder | None] = contextvars.ContextVar("planilla_also_save", default=None)


class ServiceApplication(Binding, OfficialKeys, StoreWatch, GamesApplication):
    """Games, plus the access tokens and idempotency records the HTTP service needs."""

    name = "Planilla"  # the same tables as GamesApplication (the library names them after this)

    def __init__(self, env: dict[str, str] | None = None, *, service_key: ServiceKey | None = None,
                 **kwargs: Any) -> None:
        super().__init__(env, **kwargs)
        #: The service's Ed25519 key (``service.trust.keys``): signs each game's head when it closes, and round
        #: seals. None: nothing is signed by the service (a store opened only to read or export).
        self.service_key = service_key
        self.listeners: list[Listener] = []
        #: Like ``listeners``, told only of games (the public board's fan-out: ``service.api.streams.fanout``).
        self.game_listeners: list[Listener] = []
        #: Told once after each transaction of saves (a group commit's batch), once every save in it was told to
        #: ``listeners``: who needs to know only that something was saved (the projector process's wake-up: one write
        #: to its pipe a batch, not one a save, each a turn of the interpreter's lock taken back from the event loop).
        self.batch_listeners: list[Callable[[], None]] = []
        self._principals: dict[UUID, tuple[float, Principal | None]] = {}
        self._principals_lock = threading.Lock()
        self._revoked: set[UUID] = set()  # revoked here or seen revoked by the watch: never cached as good
        #: Told ``(aggregate, version)`` for each aggregate another process saved, within ``WATCH_EVERY`` seconds
        #: (the store watch: ``start_token_watch``, ``service.access.store_watch``): the streams' hub, the projector
        #: process.
        self.store_listeners: list[Listener] = []
        self._own: set[int] = set()  # notification ids of this process's saves the watch has not passed yet
        self._own_lock = threading.Lock()
        self._watch: threading.Thread | None = None
        self._watch_stop = Stop()
        #: Until when the watch vouches for the good tokens cached (it read every revocation up to then).
        self._watched_until = -math.inf

    # ---- saving other aggregates with a game's events -------------------------------------------
    @contextmanager
    def saving_with(self, builder: Builder) -> Iterator[None]:
        """While inside, every game saved in this thread is saved with ``builder(game)``'s aggregates (and an
        enclosing ``saving_with``'s)."""
        outer = _ALSO.get()  # nested (a release inside a command with a key): both builders' aggregates
        reset = _ALSO.set(builder if outer is None else lambda game: [*outer(game), *builder(game)])
        try:
            yield
        finally:
            _ALSO.reset(reset)

    def _also_save(self, game: Game) -> list[Any]:
        builder = _ALSO.get()
        return [*(builder(game) if builder is not None else []), *self._head_signatures(game)]

    def _head_signatures(self, game: Game) -> list[Any]:
        """The service's signature of the head at each closing among the game's new events, saved with them."""
        if self.service_key is None:
            return []
        key = self.service_key
        return [HeadSignature.make(str(game.id), e.originator_version, e.hash, key.public_key, key.fingerprint,
                                   key.sign(head_message(str(game.id), e.originator_version, e.hash)), e.at)
                for e in game.pending_events if isinstance(e, ev.GameClosed)]

    # ---- games: only Game aggregates answer to a game id ----------------------------------------
    def get_game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game, refusing ids of the service's own aggregates (tokens, idempotency records)."""
        game = super().get_game(game_id, version)
        if not isinstance(game, Game):
            raise GameNotFound(game_id)
        return game

    def _cached(self, game_id: UUID, expected_version: int) -> Game:
        game = super()._cached(game_id, expected_version)
        if not isinstance(game, Game):
            raise GameNotFound(game_id)
        return game

    def history(self, game_id: UUID, after: int = 0) -> list[ChainRecord]:
        """The game's events after version ``after`` as chain records (all of them by default)."""
        events = list(self.repository.event_store.get(game_id, gt=after or None))
        if after == 0:
            if not events or not isinstance(events[0], ev.Created):
                raise GameNotFound(game_id)
        elif not events or not isinstance(events[0], ev.GameEvent):
            self.get_game(game_id)  # 404 for an unknown game; an empty tail for a known one
            return []
        return [record_of(e) for e in events]

    def create_game_with_tokens(self, profile: str, players: list[str], by: Actor, *, bag_mode: str,
                                details: dict[str, Any], issued_by: str) -> tuple[UUID, int, list[str]]:
        """Create a game and, in the same save, one player token per seat; returns id, version, tokens."""
        tokens = [new_token() for _ in players]

        issued: list[AccessToken] = []

        def player_tokens(game: Game) -> list[Any]:
            issued[:] = [AccessToken.issue(t, "player", name, issued_by, self.clock(), game_id=game.id, seat=seat)
                         for seat, (t, name) in enumerate(zip(tokens, game.players))]
            return issued

        with self.saving_with(player_tokens):
            game_id = self.create_game(profile, players, by, bag_mode=bag_mode, details=details)

        def remember() -> None:  # the players' first commands need no look-up: they come at once, all together
            for token in issued:
                self._remember(token.id, Principal.of(token))

        deferred = deferred_save()
        if deferred is not None:
            deferred.after_commit(remember)  # not before the tokens are durable
        else:
            remember()
        return game_id, 1, tokens

    # ---- tokens -----------------------------------------------------------------------------------
    def issue_token(self, role: str, label: str, issued_by: str, *, game_id: UUID | None = None,
                    seat: int | None = None) -> tuple[str, UUID]:
        """A new token; returns it (shown once, never stored) and its id."""
        if game_id is not None:
            game = self.get_game(game_id)
            if seat is not None and not 0 <= seat < len(game.players):
                raise ValueError(msg("access.seat_must_from", n_players=len(game.players) - 1))
        raw = new_token()
        self.save(AccessToken.issue(raw, role, label, issued_by, self.clock(), game_id=game_id, seat=seat))
        return raw, token_id(raw)

    def _trusted(self, cached: tuple[float, Principal | None], now: float) -> bool:
        """A cached answer holds for its own few seconds; a good token's for as long as the watch reads on."""
        return cached[0] > now or (cached[1] is not None and self._watched_until > now)

    def principal(self, raw: str) -> Principal | None:
        """Who a bearer token speaks for, or None when it is unknown or revoked: from memory while the cached
        answer is trusted (``_trusted``), else read from the store (one indexed read) and remembered."""
        known, found = self.remembered(raw)
        if known:
            return found
        ident = token_id(raw)
        token = self._token(ident)
        found = Principal.of(token) if token is not None and token.revoked is None else None
        self._remember(ident, found)
        return found

    def remembered(self, raw: str) -> tuple[bool, Principal | None]:
        """``(True, who)`` when memory may answer for the token now (``principal`` would not read the store),
        else ``(False, None)``: the HTTP service then reads the store off its event loop, within a bound."""
        cached = self._principals.get(token_id(raw))
        if cached is not None and self._trusted(cached, time.monotonic()):
            return True, cached[1]
        return False, None

    def last_known(self, raw: str) -> Principal | None:
        """The good answer last remembered for the token, however old (None if none, or revoked since): what
        the HTTP service uses when the store does not answer in time. A revocation is itself a write to
        the store, so while the store cannot be read it cannot have been recorded either (revocations
        made here are refused at once, ``_revoked``)."""
        ident = token_id(raw)
        with self._principals_lock:
            cached = self._principals.get(ident)
            if ident in self._revoked or cached is None:
                return None
            return cached[1]

    def _remember(self, ident: UUID, found: Principal | None) -> None:
        with self._principals_lock:
            if ident in self._revoked:
                found = None
            if len(self._principals) > 10_000:
                self._principals.clear()
            # Spread over the last quarter of the period, so tokens first seen together (a round's
            # games, created at once) are not all looked up again at the same moment.
            self._principals[ident] = (time.monotonic() + store_watch.TOKEN_CACHE_SECONDS * random.uniform(0.75, 1.0), found)

    def token_revoked(self, ident: UUID) -> bool:
        """True once the token is revoked, by this process or another: read from the store, not from memory, so a
        stream that asks after each read of what it is about to send never sends anything recorded after the
        revocation (a revocation is committed before anything recorded after it)."""
        if ident in self._revoked:
            return True
        revoked = get_topic(AccessToken.Revoked)
        return any(e.topic == revoked for e in self.recorder.select_events(ident, gt=1))

    def token(self, ident: UUID) -> AccessToken | None:
        """The stored token with this id, or None."""
        return self._token(ident)

    def _token(self, ident: UUID) -> AccessToken | None:
        try:
            token = self.repository.get(ident)
        except AggregateNotFoundError:
            return None
        return token if isinstance(token, AccessToken) else None

    def bootstrap_director(self, label: str = "first") -> str | None:
        """On a store where no first director token was issued yet, issue one and return it (else None)."""
        try:
            self.repository.get(Bootstrap.ID)
            return None
        except AggregateNotFoundError:
            pass
        raw = new_token()
        token = AccessToken.issue(raw, "director", label, "planilla serve (first start)", self.clock())
        try:
            self.save(token, Bootstrap.done(token.id, self.clock()))
        except IntegrityError:  # another process started on the same store at the same moment
            return None
        return raw

    def has_director(self) -> bool:
        """True when the store holds a director token for every game that is not revoked (one read of the
        token events; ``planilla serve`` asks at start, to say how to make one when there is none)."""
        issued, revoked = get_topic(AccessToken.Issued), get_topic(AccessToken.Revoked)
        directors: set[UUID] = set()
        gone: set[UUID] = set()
        for note in self.recorder.select_notifications(1, 10_000_000, topics=(issued, revoked)):
            if note.topic == revoked:
                gone.add(note.originator_id)
                continue
            event = self.mapper.to_domain_event(note)
            if event.role == "director" and event.game_id is None:
                directors.add(note.originator_id)
        return bool(directors - gone)

    # ---- tokens and answers made for the other contexts (a context never imports access) ----------
    def player_token(self, label: str, issued_by: str, at: str, *, game_id: UUID,
                     seat: int) -> tuple[str, AccessToken]:
        """A new player token for ``seat`` of ``game_id`` (a game or a duplicate), not yet saved: the raw
        token (shown once) and the aggregate to save with the caller's own in one save."""
        raw = new_token()
        return raw, AccessToken.issue(raw, "player", label, issued_by, at, game_id=game_id, seat=seat)

    def remember_tokens(self, tokens: list[AccessToken]) -> None:
        """Tokens just saved need no look-up on their first request."""
        for token in tokens:
            self._remember(token.id, Principal.of(token))

    @staticmethod
    def answer_id(aggregate_id: UUID, key: str) -> UUID:
        """The id of the remembered answer to ``key`` on ``aggregate_id``."""
        return record_id(aggregate_id, key)

    @staticmethod
    def answer_record(aggregate_id: UUID, key: str, digest: str | None, status: int, response: dict[str, Any],
                      at: str) -> IdempotentCommand:
        """The answer to ``key`` as a record to save with the command's own events."""
        return IdempotentCommand.answer(aggregate_id, key, digest, status, response, at)

    # ---- idempotency ------------------------------------------------------------------------------
    def answered(self, ident: UUID) -> IdempotentCommand | None:
        """The remembered answer with this id, or None."""
        try:
            found = self.repository.get(ident)
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, IdempotentCommand) else None

    # ---- live listeners (the event stream) --------------------------------------------------------
    def _after_batch(self) -> None:
        """After a batch of saves (the group commit's writer): each of ``batch_listeners`` told once."""
        for listener in list(self.batch_listeners):
            listener()

    def _notify(self, recordings: list[Any]) -> None:
        """After each save: tell every listener which aggregates moved on, and to which version."""
        latest: dict[UUID, int] = {}
        games: set[UUID] = set()
        if self._watch is not None:  # the store watch passes over these: they are this process's own
            ids = [r.notification.id for r in recordings if r.notification.id is not None]
            with self._own_lock:
                if len(self._own) < store_watch.OWN_KEPT:
                    self._own.update(ids)
        for recording in recordings:
            event = recording.domain_event
            latest[event.originator_id] = max(latest.get(event.originator_id, 0), event.originator_version)
            module = type(event).__module__
            if module == GAME_EVENTS or module.startswith(GAME_EVENTS + "."):
                games.add(event.originator_id)
        for listener in list(self.listeners):
            for ident, version in latest.items():
                listener(ident, version)
        for listener in list(self.game_listeners):
            for ident in games:
                listener(ident, latest[ident])
