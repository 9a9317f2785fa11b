"""The games application as the HTTP service runs it: tokens, idempotency and live listeners added.

``ServiceApplication`` keeps every use case of ``GamesApplication`` and stores its own aggregates
(tokens, idempotency records, the bootstrap marker) in the same event store, under the same
application name, so nothing needs a table or a migration of its own. What a request wants saved
with the game's new events (the idempotency record, a new game's player tokens) is handed over
through ``saving_with``: the builder runs after the command and before the one ``save()``.
"""

from __future__ import annotations

import contextvars
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.game import Game
from domain.game import events as ev
from domain.game.chain import ChainRecord, record_of
from service.access.idempotency import IdempotentCommand
from service.access.tokens import AccessToken, Bootstrap, Principal, new_token, token_id
from service.application import Actor, GameNotFound, GamesApplication, deferred_save

Builder = Callable[[Game], list[Any]]
Listener = Callable[[UUID, int], None]
_ALSO: contextvars.ContextVar[Builder | None] = contextvars.ContextVar("planilla_also_save", default=None)
#: Seconds a looked-up token is trusted before the store is asked again. A revocation made through
#: this process applies at once; one made by another process within this many seconds.
TOKEN_CACHE_SECONDS = 2.0
#: The token refresher (``start_token_refresher``): how often it looks, how long before expiry it
#: reads a token again, and after how long unused a token is left to expire.
REFRESH_EVERY, REFRESH_AHEAD, REFRESH_IDLE = 0.25, 0.75, 30.0


class ServiceApplication(GamesApplication):
    """Games, plus the access tokens and idempotency records the HTTP service needs."""

    name = "Planilla"  # the same tables as GamesApplication (the library names them after this)

    def __init__(self, env: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(env, **kwargs)
        self.listeners: list[Listener] = []
        self._principals: dict[UUID, tuple[float, Principal | None]] = {}
        self._principals_lock = threading.Lock()
        self._used: dict[UUID, float] = {}  # when each cached token was last used
        self._revoked_here: set[UUID] = set()
        self._refresher: threading.Thread | None = None
        self._refresher_stop = threading.Event()

    # ---- saving other aggregates with a game's events -------------------------------------------
    @contextmanager
    def saving_with(self, builder: Builder) -> Iterator[None]:
        """While inside, every game saved in this thread is saved with ``builder(game)``'s aggregates."""
        reset = _ALSO.set(builder)
        try:
            yield
        finally:
            _ALSO.reset(reset)

    def _also_save(self, game: Game) -> list[Any]:
        builder = _ALSO.get()
        return list(builder(game)) if builder is not None else []

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
                raise ValueError(f"seat must be from 0 to {len(game.players) - 1}")
        raw = new_token()
        self.save(AccessToken.issue(raw, role, label, issued_by, self.clock(), game_id=game_id, seat=seat))
        return raw, token_id(raw)

    def revoke_token(self, ident: UUID, reason: str, by: str) -> None:
        """Revoke a token by its id; LookupError when no token has that id."""
        token = self._token(ident)
        if token is None:
            raise LookupError(f"no token {ident}")
        token.revoke(reason, by, self.clock())
        self.save(token)
        with self._principals_lock:
            self._revoked_here.add(ident)  # a refresh that read the token just before cannot bring it back
            self._principals.pop(ident, None)

    def cached_principal(self, raw: str) -> Principal | None | bool:
        """The principal for a token looked up in the last seconds (None if refused), or False: not cached."""
        ident = token_id(raw)
        cached = self._principals.get(ident)
        now = time.monotonic()
        if cached is not None and cached[0] > now:
            self._used[ident] = now
            return cached[1]
        return False

    # ---- keeping the tokens in use fresh, off the requests' path --------------------------------
    def start_token_refresher(self) -> None:
        """Read again, in the background, the tokens used lately whose cached answer is about to expire,
        so a tablet's request finds its token fresh instead of waiting for the store. The bound on
        another process's revocation stays the same: no answer is older than ``TOKEN_CACHE_SECONDS``."""
        if self._refresher is not None and self._refresher.is_alive():
            return
        self._refresher_stop.clear()
        self._refresher = threading.Thread(target=self._refresh_tokens, name="planilla-tokens", daemon=True)
        self._refresher.start()

    def stop_token_refresher(self) -> None:
        self._refresher_stop.set()
        if self._refresher is not None:
            self._refresher.join(5)
            self._refresher = None

    def _refresh_tokens(self) -> None:
        while not self._refresher_stop.wait(REFRESH_EVERY):
            now = time.monotonic()
            for ident, last in list(self._used.items()):
                if now - last > REFRESH_IDLE:
                    self._used.pop(ident, None)  # not used lately: let it expire
                    continue
                cached = self._principals.get(ident)
                if cached is None or cached[0] - now < REFRESH_AHEAD:
                    try:
                        found = self._look_up(ident)
                    except Exception:  # noqa: BLE001 - the store hiccuped: the request path will look it up
                        continue
                    self._remember(ident, found)

    def principal(self, raw: str) -> Principal | None:
        """Who a bearer token speaks for, or None when it is unknown or revoked."""
        ident = token_id(raw)
        now = time.monotonic()
        cached = self._principals.get(ident)
        if cached is not None and cached[0] > now:
            return cached[1]
        found = self._look_up(ident)
        self._remember(ident, found)
        return found

    def _look_up(self, ident: UUID) -> Principal | None:
        """The store's answer for a token id: who it speaks for, or None when unknown or revoked."""
        token = self._token(ident)
        return Principal.of(token) if token is not None and token.revoked is None else None

    def _remember(self, ident: UUID, found: Principal | None) -> None:
        with self._principals_lock:
            if ident in self._revoked_here:
                found = None
            if len(self._principals) > 10_000:
                self._principals.clear()
            # Spread over the last quarter of the period, so tokens first seen together (a round's
            # games, created at once) are not all looked up again at the same moment.
            self._principals[ident] = (time.monotonic() + TOKEN_CACHE_SECONDS * random.uniform(0.75, 1.0), found)

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

    # ---- idempotency ------------------------------------------------------------------------------
    def answered(self, ident: UUID) -> IdempotentCommand | None:
        """The remembered answer with this id, or None."""
        try:
            found = self.repository.get(ident)
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, IdempotentCommand) else None

    # ---- live listeners (the event stream) --------------------------------------------------------
    def _notify(self, recordings: list[Any]) -> None:
        """After each save: tell every listener which aggregates moved on, and to which version."""
        latest: dict[UUID, int] = {}
        for recording in recordings:
            event = recording.domain_event
            latest[event.originator_id] = max(latest.get(event.originator_id, 0), event.originator_version)
        for listener in list(self.listeners):
            for ident, version in latest.items():
                listener(ident, version)
