"""Re-binding rules: when a seat's key may be replaced, and who must vouch for the replacement.

- The first key of a seat is registered at binding (``KeyRegistered``, ``replaces`` None), as before.
- After ``GameEnded`` (only end racks, signatures and consents are left) no seat is bound or re-bound and no
  key is registered: a tablet that dies then is replaced by the arbiter entering the player's act, an
  official entry (``domain.game.official``), as on paper. A closed game never (FILE 43).
- During the game a new key for a seat that already had one is only *proposed* (``KeyReplacementProposed``):
  it signs nothing until the opponent's current tablet countersigns it (``replacement_message`` signed with
  that tablet's key: the opponent saw "Berta's tablet is being replaced" and confirmed) or an official
  with an enrolled key confirms it with a reason. The confirmation is the ``KeyRegistered`` that makes the
  key the seat's, naming the key it replaces, who countersigned (``countersigned_by``), the
  countersignature and the reason: a replacement is never silent.

Pure: the mathematics of a signature is the caller's ``Verify``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.errors import msg
from domain.game.errors import GameClosed, RuleViolation, WrongPhase
from domain.game.events import GameEvent
from domain.game.keys import KeyRegistered, Verify, holds
from domain.game.meta import Meta

PROTOCOL = "planilla-replace/1"
#: The article a replacement rule stands on: the sheet is the players' own, signed by them (FILE 43).
ARTICLE = "FILE 43"


class ReplacementRefused(RuleViolation):
    """A re-binding, a key registration or a confirmation the re-binding rules refuse: nothing is recorded."""

    code = "rebinding"


def replacement_message(game_id: str, seat: int, fingerprint: str) -> bytes:
    """What the opponent's tablet (or the official's key) signs to vouch for a seat's new key:
    ``planilla-replace/1|<game id>|<seat replaced>|<new key's fingerprint>``, UTF-8."""
    return f"{PROTOCOL}|{game_id}|{seat}|{fingerprint}".encode("utf-8")


def refuse_after_end(game: Any, what: str, seat: int) -> None:
    """No seat is bound, re-bound or given a key once the game has ended (``GameEnded``), nor when closed."""
    if game.phase == "closed":
        raise GameClosed(msg("game.game_closed_every_player_2", what=what, seat=seat),
                         article="FILE 43")
    if game.phase == "ended":
        raise ReplacementRefused(
            msg("game.game_has_ended_gameended", what=what, seat=seat, player=game.players[seat]),
            field="seat", article=ARTICLE)


@dataclass(frozen=True)
class KeyReplacementProposed(GameEvent):
    """A tablet bound to a seat that already had a key brought a new key: proposed, not yet the seat's.

    It signs nothing until the opponent's tablet or an enrolled official confirms it (``KeyRegistered``)."""

    seat: int
    public_key: str  #: SPKI (DER), base64
    fingerprint: str
    algorithm: str
    token_id: str
    issued_by: str
    replaces: str  #: the seat's key it would replace

    def assign(self, game: Any) -> None:
        others = [p for p in game.key_proposals if p["seat"] != self.seat]
        game.key_proposals = others + [{"seat": self.seat, "device": self.device, "public_key": self.public_key,
                                        "fingerprint": self.fingerprint, "algorithm": self.algorithm,
                                        "token_id": self.token_id, "issued_by": self.issued_by,
                                        "replaces": self.replaces, "proposed_at": self.at, "by": self.actor}]


class ReplacementCommands:
    """Proposing a seat's new key, and its confirmation by the opponent's tablet or an official."""

    key_proposals: list[dict[str, Any]] = []  # noqa: RUF012 - games stored before proposals existed; replaced

    def guard_rebinding(self, what: str, seat: int) -> None:
        """Refuse a binding, a key or a seat code for ``seat`` once the game has ended (``refuse_after_end``)."""
        refuse_after_end(self, what, seat)

    def key_proposal(self, seat: int) -> dict[str, Any] | None:
        """The seat's new key waiting for confirmation, if any."""
        return next((p for p in self.key_proposals if p["seat"] == seat), None)

    def propose_key(self, seat: int, public_key: str, fingerprint: str, token_id: str, issued_by: str, meta: Meta,
                    algorithm: str, replaces: str) -> None:
        """Record a seat's new key as proposed (``register_key`` does, when the seat had a key)."""
        self._record(KeyReplacementProposed, meta, seat=seat, public_key=public_key, fingerprint=fingerprint,
                     algorithm=algorithm, token_id=token_id, issued_by=issued_by, replaces=replaces)

    def confirm_key_replacement(self, seat: int, fingerprint: str, meta: Meta, *, by_seat: int | None,
                                countersignature: str | None, reason: str | None, verify: Verify | None) -> None:
        """The opponent's tablet (``by_seat``, its key's ``countersignature`` over ``replacement_message``) or an
        official (``meta.official``: an enrolled key and its signature over the same message, and a reason)
        makes the proposed key the seat's: ``KeyRegistered`` naming who countersigned."""
        refuse_after_end(self, msg("game.what_key_replacement"), seat)
        seat = self._seat(seat)
        proposal = self.key_proposal(seat)
        if proposal is None or proposal["fingerprint"] != fingerprint:
            waiting = (msg("game.waiting_no_new_key") if proposal is None
                       else msg("game.waiting_key_is", fingerprint=proposal['fingerprint'][:16]))
            raise WrongPhase(msg("game.for_seat_confirmation", waiting=waiting, seat=seat, article=ARTICLE), field="fingerprint",
                             article=ARTICLE)
        message = replacement_message(str(self.id), seat, fingerprint)
        if by_seat is not None:
            by = self._opponent_countersigns(seat, by_seat, message, countersignature, verify)
            why = (reason or "").strip() or "confirmed on the opponent's tablet"
        else:
            by, countersignature = self._official_countersigns(seat, message, meta, reason)
            why = str(reason).strip()
        self._record(KeyRegistered, meta, seat=seat, public_key=proposal["public_key"], fingerprint=fingerprint,
                     algorithm=proposal["algorithm"], token_id=proposal["token_id"], issued_by=proposal["issued_by"],
                     replaces=proposal["replaces"], countersigned_by=by, countersignature=countersignature,
                     reason=why)

    def _opponent_countersigns(self, seat: int, by_seat: int, message: bytes, signature: str | None,
                               verify: Verify | None) -> str:
        by_seat = self._seat(by_seat)
        if by_seat == seat:
            raise ReplacementRefused(msg("game.seat_new_key_confirmed", seat=seat, article=ARTICLE), field="seat", article=ARTICLE)
        key = self.seat_key(by_seat)
        if key is None:
            raise ReplacementRefused(msg("game.seat_has_no_tablet", by_seat=by_seat, player=self.players[by_seat],
                                         article=ARTICLE), field="countersignature", article=ARTICLE)
        if not (signature and verify is not None and holds(verify, key["public_key"], message, signature)):
            raise ReplacementRefused(
                msg("game.must_seat_current_tablet", by_seat=by_seat, key=key['fingerprint'][:16], protocol=PROTOCOL,
                    seat=seat, article=ARTICLE), field="countersignature",
                article=ARTICLE)
        return f"seat:{by_seat}:{key['fingerprint']}"

    def _official_countersigns(self, seat: int, message: bytes, meta: Meta, reason: str | None) -> tuple[str, str]:
        hand = meta.official
        if hand is None or hand.actor != meta.actor:
            raise ReplacementRefused(
                msg("game.official_confirms_seat_new", protocol=PROTOCOL, seat=seat, article=ARTICLE), field="official_signature", article=ARTICLE)
        if not str(reason or "").strip():
            raise ReplacementRefused(msg("game.official_replacing_seat_key", seat=seat, article=ARTICLE),
                                     field="reason", article=ARTICLE)
        if not holds(hand.verify, hand.public_key, message, hand.signature):
            raise ReplacementRefused(
                msg("game.does_not_verify_with_2", actor=hand.actor, fingerprint=hand.fingerprint[:16],
                    protocol=PROTOCOL, seat=seat, article=ARTICLE), field="official_signature",
                article=ARTICLE)
        return f"official:{hand.actor}:{hand.fingerprint}", hand.signature
