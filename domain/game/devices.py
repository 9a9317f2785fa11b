"""Tablets at the table: which device holds which seat, what the device reports, and calling the arbiter.

The conditions a federation sets for an electronic scoresheet (``docs/tablet-conformity.md``) are
facts on the game's record, like everything else:

- ``DeviceBound``: a tablet was bound to a seat with a single-use code an official issued; a second
  device on a seat that already has a live one is still bound, and the event says so (one writer
  per seat: ``device_warnings`` then warns both tablets and the officials until one is revoked);
- ``DeviceRevoked`` / ``SeatReleased``: a bound device's token was revoked; an official released the
  seat (leaving game mode before the sheet is signed needs an official's token);
- ``DeviceReported``: the conformity log (focus lost or back, page left, reconnected); it changes
  nothing else;
- ``ArbiterCalled`` / ``CallAnswered``: a player called the arbiter; both clocks stop as for any
  consultation of the director (FILE 33.5, FISE 34.5, FISC I.11, Molins 28b), through the same
  ``ClockStopped`` the arbiter's ``stop_clock`` records, and the answer restarts them.

Device ids, token ids and who issued a code come from the application; the aggregate never reads
a clock or a store. ``LOG_ONLY`` names the events that change nothing another command depends on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.errors import msg
from domain.game.errors import RuleViolation, WrongPhase
from domain.game.events import GameEvent
from domain.game.keys import mark_keys_revoked
from domain.game.meta import Meta
from domain.profiles.kinds import ClockStop, Timing

#: What a tablet reports about itself: the conformity log (``docs/tablet-conformity.md``).
REPORT_KINDS = ("focus_lost", "focus_back", "page_left", "reconnected")
#: Events that change nothing a game command depends on: a command sent at the version before them is
#: still checked against the same game (``service.game.application``), so a tablet's focus report or a
#: second tablet's binding never makes the opponent's pending acceptance stale.
LOG_ONLY = frozenset({"DeviceBound", "DeviceReported", "DeviceRevoked", "KeyRegistered", "KeyReplacementProposed"})


def _mark_revoked(game: Any, token_ids: list[str]) -> None:
    game.devices = [dict(d, revoked=True) if d["token_id"] in token_ids else d for d in game.devices]
    mark_keys_revoked(game, token_ids)  # a revoked device's key signs nothing after


@dataclass(frozen=True)
class DeviceBound(GameEvent):
    """A device (the event's ``device``) was bound to a seat with a code an official issued; its token's id.

    ``second`` is true when other devices (``others``) already held live tokens for the seat."""

    seat: int
    token_id: str
    issued_by: str
    second: bool
    others: list[str]

    def assign(self, game: Any) -> None:
        earlier = [dict(d, current=False) if d["seat"] == self.seat else d for d in game.devices]
        game.devices = earlier + [{"seat": self.seat, "device": self.device, "bound_at": self.at,
                                   "token_id": self.token_id, "issued_by": self.issued_by, "current": True,
                                   "revoked": False}]


@dataclass(frozen=True)
class DeviceRevoked(GameEvent):
    """A bound device's token was revoked by an official (``POST /v1/tokens/{id}/revoke``)."""

    seat: int
    token_id: str
    reason: str

    def assign(self, game: Any) -> None:
        _mark_revoked(game, [self.token_id])


@dataclass(frozen=True)
class SeatReleased(GameEvent):
    """An official let a seat's tablet leave game mode before the sheet was signed; its tokens revoked."""

    seat: int
    reason: str
    token_ids: list[str]

    def assign(self, game: Any) -> None:
        _mark_revoked(game, list(self.token_ids))


@dataclass(frozen=True)
class DeviceReported(GameEvent):
    """A tablet reported what happened to it (``REPORT_KINDS``): recorded, nothing else changes."""

    seat: int
    kind: str
    detail: str | None


@dataclass(frozen=True)
class ArbiterCalled(GameEvent):
    """A player called the arbiter; ``clock_stopped`` when this call stopped both clocks (the
    ``ClockStopped`` that follows it)."""

    seat: int
    reason: str | None
    clock_stopped: bool
    article: str

    def assign(self, game: Any) -> None:
        game.arbiter_call = {"seat": self.seat, "reason": self.reason, "at": self.at, "by": self.actor,
                             "clock_stopped": self.clock_stopped, "article": self.article}


@dataclass(frozen=True)
class CallAnswered(GameEvent):
    """An official answered the open call (the clocks restart after it when the call stopped them)."""

    seat: int
    note: str | None

    def assign(self, game: Any) -> None:
        game.arbiter_call = None


class DeviceCommands:
    """Binding tablets to seats, their reports, releasing a seat, and calling the arbiter."""

    # Defaults for games recorded (and snapshotted) before these existed; events always assign new lists.
    devices: list[dict[str, Any]] = []
    arbiter_call: dict[str, Any] | None = None

    # ---- binding ----------------------------------------------------------------------------
    def bind_device(self, seat: int, token_id: str, issued_by: str, meta: Meta) -> None:
        """Bind the device ``meta.device`` to ``seat`` under a new token (its id); a second live device on
        the seat is bound too, and the event says so."""
        self._open()
        seat = self._seat(seat)
        self.guard_rebinding(msg("game.what_tablet_binding"), seat)
        if not meta.device:
            raise RuleViolation(msg("game.tablet_stable_id_required"), code="device",
                                field="device")
        others = sorted({d["device"] for d in self.live_devices(seat) if d["device"] != meta.device})
        self._record(DeviceBound, meta, seat=seat, token_id=token_id, issued_by=issued_by, second=bool(others),
                     others=others)

    def note_revoked(self, token_id: str, reason: str, meta: Meta) -> bool:
        """Record that an official revoked a bound device's token; False (nothing recorded) when the token
        was never bound here, is already revoked, or the game is closed."""
        found = [d for d in self.devices if d["token_id"] == token_id and not d["revoked"]]
        if not found or self.phase == "closed":
            return False
        self._record(DeviceRevoked, meta, seat=found[0]["seat"], token_id=token_id, reason=reason)
        return True

    def release_seat(self, seat: int, reason: str, meta: Meta) -> list[str]:
        """An official releases a seat's tablet from game mode before the sheet is signed; returns the
        token ids the application must revoke with it."""
        self._open()
        seat = self._seat(seat)
        live = [d["token_id"] for d in self.live_devices(seat)]
        if not live:
            raise WrongPhase(msg("game.no_device_bound_seat", seat=seat, player=self.players[seat]),
                             field="seat")
        self._record(SeatReleased, meta, seat=seat, reason=reason, token_ids=live)
        return live

    def live_devices(self, seat: int | None = None) -> list[dict[str, Any]]:
        """Devices bound whose token is not revoked (on ``seat``, or on any)."""
        return [d for d in self.devices if not d["revoked"] and (seat is None or d["seat"] == seat)]

    def device_warnings(self) -> list[dict[str, Any]]:
        """One writer per seat: a warning for each seat held by more than one live device."""
        warnings = []
        for seat in range(len(self.players)):
            live = self.live_devices(seat)
            devices = list(dict.fromkeys(d["device"] for d in live))
            if len(devices) > 1:
                warnings.append({
                    "code": "second_device", "seat": seat, "devices": devices,
                    "token_ids": [d["token_id"] for d in live],
                    "message": f"{len(devices)} devices hold seat {seat} ({self.players[seat]}): one writer per "
                               "seat; an official revokes the one not in use",
                })
        return warnings

    # ---- the conformity log -------------------------------------------------------------------
    def report_device(self, seat: int, kind: str, meta: Meta, detail: str | None = None) -> None:
        """Record what a tablet reports about itself (focus lost or back, page left, reconnected)."""
        self._open()
        seat = self._seat(seat)
        if kind not in REPORT_KINDS:
            raise RuleViolation(msg("game.kind_must_one", report_kinds=', '.join(REPORT_KINDS)), code="report", field="kind")
        self._record(DeviceReported, meta, seat=seat, kind=kind, detail=detail)

    # ---- calling the arbiter ------------------------------------------------------------------
    def call_arbiter(self, seat: int, meta: Meta, reason: str | None = None) -> None:
        """A player calls the arbiter: recorded, and both clocks stop as for any consultation of the
        director (FILE 33.5) where the game keeps a chess clock, the profile stops it for that, and it
        is not stopped already."""
        self._open()
        seat = self._seat(seat)
        if self.arbiter_call is not None:
            raise WrongPhase(msg("game.arbiter_already_called_by", player=self.players[self.arbiter_call['seat']]), field="type")
        article = self.book.article("clock.stops")
        stops = (self.clock_stop is None and self.details["clock"]["timing"] == Timing.CHESS_CLOCK
                 and ClockStop.DIRECTOR_CALL in self.book.clock.stops)
        self._record(ArbiterCalled, meta, seat=seat, reason=reason, clock_stopped=stops, article=article)
        if stops:
            self.stop_clock(ClockStop.DIRECTOR_CALL.value, meta)

    def answer_call(self, meta: Meta, note: str | None = None, restart_clock: bool = True) -> None:
        """An official answers the open call; the clocks run again when the call stopped them (unless
        ``restart_clock`` is false, when the consultation goes on with the clocks stopped)."""
        self._open()
        call = self.arbiter_call
        if call is None:
            raise WrongPhase(msg("game.no_call_for_arbiter"), field="type")
        self._record(CallAnswered, meta, seat=call["seat"], note=note)
        stopped = self.clock_stop is not None and self.clock_stop["reason"] == ClockStop.DIRECTOR_CALL
        if restart_clock and call["clock_stopped"] and stopped:
            self.restart_clock(meta)
