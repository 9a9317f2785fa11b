"""The tablets' use cases on a game: calling the arbiter and its answer, and the device's own reports.

A mixin of ``GamesApplication``, like ``service.game.arbiter``. A device report changes nothing another
command depends on, so it is recorded at the game's current version whatever version the tablet
last saw (``any_version``): a tablet coming back online never loses its log to a 409.
"""

from __future__ import annotations

from uuid import UUID

from domain.errors import msg
from domain.game import Game, Meta
from domain.game.errors import RuleViolation
from service.actor import Actor
from service.trust.keys import ALGORITHM, decode_public_key, verify_p256


def decoded_key(public_key: object) -> tuple[str, str]:
    """A tablet's public key as SPKI base64 and fingerprint; 422 ``public_key`` when it cannot be read."""
    try:
        return decode_public_key(public_key)
    except ValueError as err:
        said = err.args[0] if err.args else str(err)  # a Message keeps its key, to be said in the reader's language
        raise RuleViolation(msg("service.docs_reliability_md_players", err=said), code="public_key",
                            field="public_key") from None


class TabletCommands:
    """Use cases of a tablet at the table (see docs/game.md, docs/tablet-conformity.md)."""

    def call_arbiter(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                     reason: str | None = None) -> int:
        """A player calls the arbiter; both clocks stop as for consulting the director (FILE 33.5)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.call_arbiter(seat, m, reason))

    def answer_call(self, game_id: UUID, by: Actor, *, expected_version: int, note: str | None = None,
                    restart_clock: bool = True) -> int:
        """An official answers the open call; the clocks it stopped run again."""
        return self._command(game_id, expected_version, by,
                             lambda g, m: g.answer_call(m, note, restart_clock=restart_clock))

    def report_device(self, game_id: UUID, seat: int, kind: str, by: Actor, *, expected_version: int,
                      detail: str | None = None) -> int:
        """Record a tablet's report (focus lost or back, page left, reconnected) at the current version."""
        return self._command(game_id, expected_version, by, lambda g, m: g.report_device(seat, kind, m, detail),
                             any_version=True)

    def register_key(self, game_id: UUID, seat: int, public_key: object, by: Actor, *, expected_version: int) -> int:
        """The bound tablet registers (or replaces) its public key for its seat: ``KeyRegistered``, naming the
        device's token and who issued the seat's code. Only a device bound to the seat (``DeviceBound``,
        not revoked) may, with the token its binding gave it (a device's name is no credential): the key is the device's."""
        spki, fingerprint = decoded_key(public_key)

        def act(game: Game, meta: Meta) -> None:
            mine = [d for d in game.live_devices(game._seat(seat)) if d["device"] == meta.device
                    and (meta.token is None or d["token_id"] == meta.token)]  # the device's own token: a name is no key
            if not mine:
                raise RuleViolation(msg("service.not_tablet_bound_seat", device=meta.device, seat=seat), code="device",
                                    field="device")
            device = mine[-1]
            game.register_key(seat, spki, fingerprint, device["token_id"], device["issued_by"], meta,
                              algorithm=ALGORITHM)
        return self._command(game_id, expected_version, by, act)

    def confirm_key_replacement(self, game_id: UUID, seat: int, fingerprint: str, by: Actor, *, expected_version: int,
                                by_seat: int | None, countersignature: str | None = None,
                                reason: str | None = None) -> int:
        """A seat's proposed key made the seat's: countersigned by the opponent's tablet (``by_seat``) or confirmed
        by an official's enrolled key with a reason (``domain.game.replacement``)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.confirm_key_replacement(
            seat, fingerprint, m, by_seat=by_seat, countersignature=countersignature, reason=reason,
            verify=verify_p256))
