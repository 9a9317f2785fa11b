"""Binding tablets to seats: seat codes, the binding itself, releasing a seat, revoking a bound device.

A mixin of ``ServiceApplication``. Everything a binding changes is saved together, in one
transaction with the game's ``DeviceBound``: the code's ``Used``, and the new player token. A
release saves ``SeatReleased`` with the revocation of the seat's device tokens, and a director's
revocation of a bound device's token saves ``DeviceRevoked`` on the game with it.
"""

from __future__ import annotations

import logging
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.errors import msg
from domain.game import Game, Meta
from domain.game.errors import GameClosed, RuleViolation
from service.access.resume import seal, unseal
from service.access.seat_codes import DEFAULT_MINUTES, MAX_MINUTES, SeatCode, code_id, new_code, normalise
from service.access.tokens import AccessToken, new_token
from service.principal import Principal
from service.game.application import Actor, VersionConflict, deferred_save
from service.trust.keys import ALGORITHM
from service.game.tablets import decoded_key

log = logging.getLogger("planilla.access")

#: Times a binding or a revocation is tried again when another command took the game's version meanwhile.
RETRIES = 5


class CodeNotFound(LookupError):
    """No code like this was ever issued (404)."""


class CodeGone(Exception):
    """The code was issued but works no more: used, or expired (410)."""


class Bound(NamedTuple):
    """What a binding hands the tablet: its token (shown once), the token's id, the game and seat."""

    token: str
    token_id: UUID
    game_id: UUID
    seat: int
    player: str
    language: str
    version: int  #: the game's version after ``DeviceBound``
    second_device: bool  #: another device already held the seat
    key_fingerprint: str | None = None  #: the public key registered with the binding, if one was sent
    replaces_key: str | None = None  #: the seat's key it would supersede (a re-binding), if any
    key_pending: bool = False  #: a re-binding's key waits for the opponent's tablet or an official to confirm it


def _closed() -> GameClosed:
    return GameClosed(msg("access.game_closed_every_player"),
                      article="FILE 43")


class Binding:
    """Seat codes, binding, release, and revocation of a bound device."""

    # ---- codes ------------------------------------------------------------------------------------
    def issue_seat_code(self, game_id: UUID, seat: int, issued_by: str,
                        minutes: int = DEFAULT_MINUTES) -> tuple[str, SeatCode, str]:
        """A new single-use code for a game's seat; returns the code (shown once), its record and the player."""
        game = self.get_game(game_id)
        if game.closed:
            raise _closed()
        game.guard_rebinding(msg("game.what_seat_code"), game._seat(seat))  # after GameEnded no seat is bound again (issue 26)
        if not 1 <= minutes <= MAX_MINUTES:
            raise RuleViolation(msg("access.seat_code_from", max_minutes=MAX_MINUTES), code="seat_code", field="minutes")
        code = new_code()
        record = SeatCode.issue(code, game_id, seat, issued_by, self.clock(), minutes)
        self.save_together(record)
        return code, record, game.players[seat]

    def issue_round_codes(self, game_ids: list[UUID], issued_by: str,
                          minutes: int = DEFAULT_MINUTES) -> tuple[list[tuple[str, SeatCode, Game]], list[Game]]:
        """A new code for every seat of every open game named, saved in one transaction (all or none); the
        closed games are left out (FILE 43) and returned apart. Codes issued before stay good until used or
        expired: re-issuing is a new recorded act, never a rewrite."""
        if not 1 <= minutes <= MAX_MINUTES:
            raise RuleViolation(msg("access.seat_code_from", max_minutes=MAX_MINUTES), code="seat_code", field="minutes")
        issued: list[tuple[str, SeatCode, Game]] = []
        closed: list[Game] = []
        at = self.clock()
        for game_id in game_ids:
            game = self.get_game(game_id)
            if game.closed or game.phase == "ended":
                closed.append(game)
                continue
            for seat in range(len(game.players)):
                code = new_code()
                issued.append((code, SeatCode.issue(code, game_id, seat, issued_by, at, minutes), game))
        if issued:
            self.save_together(*(record for _, record, _ in issued))
        return issued, closed

    def replace_tablet(self, game_id: UUID, seat: int, reason: str, by: Actor,
                       minutes: int = DEFAULT_MINUTES) -> tuple[str, SeatCode, str, list[str], int]:
        """A lost or broken tablet: the seat's bound devices let go (``SeatReleased``, their tokens revoked)
        and a new seat code issued, in one save; with no device bound, only the code. Returns the code, its
        record, the player, the token ids revoked and the game's version."""
        if not 1 <= minutes <= MAX_MINUTES:
            raise RuleViolation(msg("access.seat_code_from", max_minutes=MAX_MINUTES), code="seat_code", field="minutes")
        game = self.get_game(game_id)
        if game.closed:
            raise _closed()
        seat = game._seat(seat)
        game.guard_rebinding(msg("game.what_new_tablet"), seat)  # after GameEnded the arbiter enters the player's acts instead
        code = new_code()
        record = SeatCode.issue(code, game_id, seat, by.actor, self.clock(), minutes)
        if not game.live_devices(seat):
            self.save_together(record)
            return code, record, game.players[seat], [], game.version
        released: list[str] = []
        for attempt in range(RETRIES):
            game = self.get_game(game_id)
            released[:] = [d["token_id"] for d in game.live_devices(seat)]
            try:
                with self.saving_with(lambda _g, also=[record]: also):
                    version = self.release_seat(game_id, seat, reason, by, expected_version=game.version)
                break
            except VersionConflict:
                if attempt == RETRIES - 1:
                    raise
        return code, record, game.players[seat], released, version

    def seat_devices(self, game_id: UUID) -> list[dict[str, Any]]:
        """The game's bound devices not revoked (a copy), read from the cached game without copying it."""
        try:
            with self._settled_stripe(game_id):
                game = self.repository.get(game_id, deepcopy_from_cache=False)
                return [dict(d) for d in game.devices if not d["revoked"]]
        except (AggregateNotFoundError, LookupError):
            return []

    def seat_code(self, code: str) -> SeatCode:
        """The record of a code still usable; ``CodeNotFound`` or ``CodeGone`` otherwise."""
        return self._usable(*self._code_record(code))

    def _usable(self, found: str, record: SeatCode) -> SeatCode:
        """``record`` if its code is neither used nor expired; ``CodeGone`` otherwise."""
        if record.used is not None:
            raise CodeGone(msg("access.seat_code_was_already", found=found, used=record.used['at']))
        if record.expired(self.clock()):
            raise CodeGone(msg("access.seat_code_expired_at", found=found, expires_at=record.expires_at))
        return record

    def _code_record(self, code: str) -> tuple[str, SeatCode]:
        """The code as issued and its record, used or not; ``CodeNotFound`` when there is none."""
        found = normalise(code)
        if found is None:
            raise CodeNotFound(msg("access.not_seat_code_letters", code=code))
        try:
            record = self.repository.get(code_id(found))
        except AggregateNotFoundError:
            raise CodeNotFound(msg("access.no_seat_code_check", found=found)) from None
        if not isinstance(record, SeatCode):
            raise CodeNotFound(msg("access.no_seat_code", found=found))
        return found, record

    # ---- binding ----------------------------------------------------------------------------------
    def bind(self, code: str, device: str, public_key: object | None = None, resume: str | None = None) -> Bound:
        """Bind ``device`` to the code's seat: a new player token, ``DeviceBound`` on the game, the code spent;
        with ``public_key`` (the tablet's P-256 key) also ``KeyRegistered``, in the same save. With ``resume`` (a
        secret of the tablet's), the answer is kept sealed for it, and the same call again, after that answer was
        lost on the way, gets it again (``service.access.resume``) where a spent code is otherwise refused."""
        key = None if public_key is None else decoded_key(public_key)
        fingerprint = None if key is None else key[1]
        for attempt in range(RETRIES):
            found, record = self._code_record(code)  # read once: for the answer kept, then for a binding
            if resume is not None:
                again = self._bound_again(record, device, fingerprint, resume)
                if again is not None:
                    return again
            self._usable(found, record)
            game_id = UUID(record.game_id)
            game = self.get_game(game_id)
            if game.closed:
                raise _closed()
            raw = new_token()
            token = AccessToken.issue(raw, "player", game.players[record.seat], f"seat code ({record.issued_by})",
                                      self.clock(), game_id=game_id, seat=record.seat)
            second = any(d["device"] != device for d in game.live_devices(record.seat))
            replaced = game.last_key(record.seat) if key is not None else None
            replaced_fp = None if replaced is None else replaced["fingerprint"]
            box = None if resume is None else seal(resume, {"token": raw, "second_device": second,
                                                            "replaces_key": replaced_fp}, str(record.id), device,
                                                   fingerprint)
            record.use(device, token.id, self.clock(), box)
            principal = Principal.of(token)

            def act(g: Game, meta: Meta, seat: int = record.seat, issued_by: str = record.issued_by) -> None:
                g.bind_device(seat, str(principal.token_id), issued_by, meta)
                if key is not None:
                    g.register_key(seat, key[0], key[1], str(principal.token_id), issued_by, meta, algorithm=ALGORITHM)

            try:
                with self.saving_with(lambda _g, also=[token, record]: also):
                    version = self._command(game_id, game.version, Actor(principal.actor(game.players), device), act)
            except VersionConflict:
                if attempt == RETRIES - 1:
                    raise
                continue  # another command (or a twin binding with the same code) came first: look again
            self._remember(token.id, principal)
            return Bound(raw, token.id, game_id, record.seat, game.players[record.seat], game.book.language, version,
                         second, fingerprint, replaced_fp, replaced is not None)
        raise AssertionError("unreachable")

    def _bound_again(self, record: SeatCode, device: str, fingerprint: str | None, resume: str) -> Bound | None:
        """The answer of this code's binding, for the tablet that made it and lost the answer; None when the code is
        unused, or was used by another tablet, key or secret, or without one, or when what the answer gave is no
        longer good (the token revoked, the game closed, the code past its expiry): the caller then goes on as
        without ``resume``, and a spent code is refused as ever."""
        used = record.used
        if used is None or not used.get("resume_box") or record.expired(self.clock()):
            return None
        kept = unseal(used["resume_box"], resume, str(record.id), device, fingerprint)
        if kept is None:
            return None
        token = self._token(UUID(used["token_id"]))
        game_id = UUID(record.game_id)
        game = self.get_game(game_id)
        if token is None or token.revoked is not None or game.closed:
            return None
        log.info("bind: the answer of game %s seat %s's binding handed again to the tablet that made it", game_id,
                 record.seat)
        return Bound(kept["token"], token.id, game_id, record.seat, game.players[record.seat], game.book.language,
                     game.version, kept["second_device"], fingerprint, kept["replaces_key"],
                     kept["replaces_key"] is not None)

    # ---- leaving game mode --------------------------------------------------------------------------
    def release_seat(self, game_id: UUID, seat: int, reason: str, by: Actor, *,
                     expected_version: int) -> int:
        """An official releases a seat's tablet before the sheet is signed: ``SeatReleased`` on the game and
        the seat's device tokens revoked, in one save."""
        revoked: list[UUID] = []

        def tokens(game: Game) -> list[Any]:
            ids = next((e.token_ids for e in game.pending_events if type(e).__name__ == "SeatReleased"), [])
            found = [t for t in (self._token(UUID(i)) for i in ids) if t is not None and t.revoked is None]
            for token in found:
                token.revoke(f"seat released: {reason}", by.actor, self.clock())
            revoked[:] = [t.id for t in found]
            return found

        with self.saving_with(tokens):
            version = self._command(game_id, expected_version, by, lambda g, m: g.release_seat(seat, reason, m))
        self._forget(revoked)
        return version

    def revoke_token(self, ident: UUID, reason: str, by: str, device: str | None = None) -> None:
        """Revoke a token by its id (LookupError when there is none); a bound device's token is revoked
        together with ``DeviceRevoked`` on its game, so every tablet and official sees it."""
        for attempt in range(RETRIES):
            token = self._token(ident)
            if token is None:
                raise LookupError(msg("access.no_token", ident=ident))
            game = self._bound_game(token)
            token.revoke(reason, by, self.clock())
            if game is None:
                self.save(token)
                break
            try:
                with self.saving_with(lambda _g, also=[token]: also):
                    self._command(game.id, game.version, Actor(by, device),
                                  lambda g, m: g.note_revoked(str(ident), reason, m))
                break
            except VersionConflict:
                if attempt == RETRIES - 1:
                    raise
        self._forget([ident])

    def _bound_game(self, token: AccessToken) -> Game | None:
        """The open game on which this (unrevoked) player token holds a bound device, if any."""
        if token.role != "player" or token.game_id is None or token.revoked is not None:
            return None
        try:
            game = self.get_game(UUID(str(token.game_id)))
        except LookupError:
            return None
        bound = any(d["token_id"] == str(token.id) and not d["revoked"] for d in game.devices)
        return game if bound and not game.closed else None

    def _forget(self, idents: list[UUID]) -> None:
        """Refuse these tokens from now on in this process (other processes follow the store's events);
        after the write when the command runs on the event loop."""
        def forget() -> None:
            with self._principals_lock:
                for ident in idents:
                    self._revoked.add(ident)
                    self._principals.pop(ident, None)

        deferred = deferred_save()
        if deferred is not None:
            deferred.after_commit(forget)
        else:
            forget()
