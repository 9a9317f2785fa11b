"""Players' keys: a tablet registers a public key for its seat; the seat's signatures are made with it.

A tablet makes an ECDSA P-256 key pair when it binds (WebCrypto, the private key not extractable)
and registers the public key: ``KeyRegistered`` records which device, which seat, which key (its
SPKI, base64, and the SHA-256 fingerprint of those bytes), under which token and who issued the
seat's code. A new registration for a seat supersedes the one before (``replaces`` names it): from
then on only the newest key signs for the seat. A key whose device's token is revoked
(``DeviceRevoked``, ``SeatReleased``) signs nothing either.

What a key signs is ``signed_message``: the action, the game, the seat and the head hash of the
history the player saw (docs/reliability.md, "Players' keys": the wire format). The domain decides
which key may sign for a seat now and what the message is; checking the signature's mathematics is
the caller's ``Verify`` (``service.trust.keys``: the ``cryptography`` library), passed in, so the domain
imports nothing that is not pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.errors import msg
from domain.game.errors import RuleViolation
from domain.game.events import GameEvent
from domain.game.meta import Meta
from domain.game.verdict import player_act

#: ``verify(public_key_spki_base64, message, signature_base64) -> bool``: the mathematics of a signature.
Verify = Callable[[str, bytes, str], bool]
#: The first field of every signed message: which protocol, which version.
PROTOCOL = "planilla-key/1"
#: What each signing action is bound by (the rule the signature stands for). The action is the command's type.
ARTICLES = {"sign": "FILE 43", "accept": "FILE 37", "place_tiles": "FILE 32", "exchange_tiles": "FILE 25",
            "pass_turn": "FILE 26", "write_sheet_entry": "FILE 32"}
#: The player's own entries a key signs: the turn commands (required from the player's own token when the seat
#: has a key) and the lines of their own sheet (checked when sent, never required: docs/reliability.md).
ENTRIES = frozenset({"place_tiles", "exchange_tiles", "pass_turn", "write_sheet_entry"})
REQUIRED_FROM_PLAYER = frozenset({"place_tiles", "exchange_tiles", "pass_turn"})


class KeySignatureRefused(RuleViolation):
    """A player's key signature that is missing where required, or does not verify: nothing is recorded."""

    code = "key_signature"


class SeatKeyRefused(RuleViolation):
    """A player's act for a seat with a key sent with another token than the one its current key was registered
    under (a token a director minted, the game's creation token, a tablet superseded or revoked)."""

    code = "seat_key"


def signed_message(action: str, game_id: str, seat: int, head_hash: str) -> bytes:
    """The exact bytes a player's key signs: ``planilla-key/1|<action>|<game id>|<seat>|<head hash>``, UTF-8.

    ``action`` is ``sign`` (the sheet, FILE 43), ``accept`` (the opponent's play, FILE 37), or one of the
    player's own entries, named by its command: ``place_tiles`` (FILE 32), ``exchange_tiles`` (FILE 25),
    ``pass_turn`` (FILE 26), ``write_sheet_entry`` (a line of their own sheet, FILE 32); the game id
    is the lowercase UUID with dashes; the seat a decimal number; the head hash the 64 lowercase hex
    digits of the last event the player saw (the ``hash`` of event ``expected_version``).
    """
    return f"{PROTOCOL}|{action}|{game_id}|{seat}|{head_hash}".encode("utf-8")


@dataclass(frozen=True)
class KeyRegistered(GameEvent):
    """A tablet registered its public key for a seat (at binding, or later from the bound tablet).

    ``replaces`` is the fingerprint of the seat's key this one supersedes (None for the seat's first):
    a re-binding is visible on the record, and the old key signs nothing after it."""

    seat: int
    public_key: str  #: SPKI (DER), base64
    fingerprint: str  #: SHA-256 of the SPKI bytes, hex
    algorithm: str  #: "ECDSA-P256-SHA256"
    token_id: str
    issued_by: str
    replaces: str | None
    #: A replacement's voucher (``domain.game.replacement``): ``seat:<n>:<fingerprint>`` (the opponent's tablet) or
    #: ``official:<actor>:<fingerprint>`` (an enrolled official's key), its signature and the reason. None for a
    #: seat's first key, and absent from events recorded before replacements were countersigned.
    countersigned_by: str | None = None
    countersignature: str | None = None
    reason: str | None = None

    def assign(self, game: Any) -> None:
        earlier = [dict(k, current=False) if k["seat"] == self.seat else k for k in game.keys]
        voucher = self.__dict__.get("countersigned_by")
        game.keys = earlier + [{"seat": self.seat, "device": self.device, "fingerprint": self.fingerprint,
                                "public_key": self.public_key, "algorithm": self.algorithm,
                                "token_id": self.token_id, "issued_by": self.issued_by,
                                "registered_at": self.at, "replaces": self.replaces, "current": True,
                                "revoked": False, "countersigned_by": voucher,
                                "reason": self.__dict__.get("reason")}]
        if voucher is not None:
            game.key_proposals = [p for p in game.key_proposals if p["seat"] != self.seat]


def mark_keys_revoked(game: Any, token_ids: list[str]) -> None:
    """Keys registered under these tokens sign nothing from now on."""
    game.keys = [dict(k, revoked=True) if k["token_id"] in token_ids else k for k in game.keys]
    game.key_proposals = [p for p in game.key_proposals if p["token_id"] not in token_ids]  # a proposal dies with it


class KeyCommands:
    """Registering a seat's key, and checking a signature made with it."""

    keys: list[dict[str, Any]] = []  # games recorded (and snapshotted) before keys existed

    def register_key(self, seat: int, public_key: str, fingerprint: str, token_id: str, issued_by: str,
                     meta: Meta, algorithm: str = "ECDSA-P256-SHA256") -> None:
        """Record the tablet's public key for ``seat`` (already decoded and normalised to SPKI by the caller): the
        seat's first key is its key at once; a later one is only proposed until the opponent's tablet or an
        official confirms it, and none is taken once the game has ended (``domain.game.replacement``)."""
        self._open()
        seat = self._seat(seat)
        self.guard_rebinding(msg("game.what_key_registration"), seat)
        if not meta.device:
            raise RuleViolation(msg("game.tablet_stable_id_required_2"), code="device",
                                field="device")
        current = self.seat_key(seat)
        if any(k["fingerprint"] == fingerprint for k in self.keys):
            mine = current is not None and current["fingerprint"] == fingerprint
            which = (msg("game.which_already_seat_key", seat=seat) if mine else msg("game.which_registered_before"))
            raise RuleViolation(msg("game.this_key_tablet_makes", which=which),
                                code="public_key", field="public_key")
        if any(p["fingerprint"] == fingerprint for p in self.key_proposals):
            raise RuleViolation(msg("game.this_key_already_proposed"), code="public_key", field="public_key")
        last = self.last_key(seat)  # superseded even when its device was revoked: the record names it
        if last is not None:
            return self.propose_key(seat, public_key, fingerprint, token_id, issued_by, meta, algorithm,
                                    last["fingerprint"])
        self._record(KeyRegistered, meta, seat=seat, public_key=public_key, fingerprint=fingerprint,
                     algorithm=algorithm, token_id=token_id, issued_by=issued_by,
                     replaces=None if last is None else last["fingerprint"])

    def guard_hand(self, event_type: str, payload: dict[str, Any], meta: Meta) -> None:
        """A seat that has (or had) a key speaks only from the token its current key was registered under: a
        player's act (``domain.game.verdict.player_act``) recorded as ``player:N`` from any other token is refused
        (``SeatKeyRefused``). What an official does for the seat is an official entry, recorded as theirs. No
        token (``meta.token`` None: the service's own, or the application used directly) is not checked."""
        if meta.token is None or not meta.actor.startswith("player:") or not player_act(event_type, payload):
            return
        seat = int(meta.actor.split(":")[1])
        last = self.last_key(seat)
        if last is None or (not last["revoked"] and last["token_id"] == meta.token):
            return  # a paper seat (the verdict names it), or the tablet that holds the seat's key
        why = (msg("game.seat_key_revoked") if last["revoked"] else
               msg("game.seat_key_other_tablet", device=last["device"]))
        raise SeatKeyRefused(msg("game.seat_key", seat=seat, player=self.players[seat], why=why),
                             field="Authorization", article="FILE 43")

    def last_key(self, seat: int) -> dict[str, Any] | None:
        """The seat's newest registered key, revoked or not."""
        found = [k for k in self.keys if k["seat"] == seat and k["current"]]
        return found[-1] if found else None

    def seat_key(self, seat: int) -> dict[str, Any] | None:
        """The key that signs for ``seat`` now: its newest registration, if its token is not revoked."""
        last = self.last_key(seat)
        return last if last is not None and not last["revoked"] else None

    def check_key_signature(self, action: str, seat: int, seen_head: str, signature: str | None,
                            verify: Verify | None) -> dict[str, Any] | None:
        """The key signature to record with ``action`` by ``seat`` over ``seen_head``, refused if it does not hold.

        A seat with a key must sign with it; a seat without one may not send a key signature (there is
        nothing to check it against) and is recorded unsigned by key (None)."""
        article = ARTICLES[action]
        key = self.seat_key(seat)
        if signature is None:
            if key is None:
                return None
            raise KeySignatureRefused(
                msg("game.seat_has_registered_key", seat=seat, player=self.players[seat], key=key['fingerprint'][:16],
                    key2=key['device'], action=action, article=article), field="key_signature", article=article)
        if verify is None:
            raise KeySignatureRefused(msg("game.this_service_cannot_check"),
                                      field="key_signature", article=article)
        message = signed_message(action, str(self.id), seat, seen_head)
        if key is not None and holds(verify, key["public_key"], message, signature):
            return {"fingerprint": key["fingerprint"], "signature": signature, "seen_head": seen_head}
        raise KeySignatureRefused(self._why_not(action, seat, key, message, signature, verify),
                                  field="key_signature", article=article)

    def entry_key(self, action: str, seat: int, meta: Meta, key_signature: str | None, seen_head: str | None,
                  verify: Verify | None) -> dict[str, Any] | None:
        """The key signature of one of the player's own entries (``ENTRIES``), to keep in its event, or None.

        From the player's own token (``player:``), a turn command of a seat with a key must carry its
        signature (as ``accept``); a line of the player's own sheet may (it is checked when sent, never
        required: a tablet offline writes it after a command it cannot yet see answered). An official
        entering for the seat is recorded unsigned by key, unless they bring a signature, which is checked."""
        if key_signature is None and (action not in REQUIRED_FROM_PLAYER or not meta.actor.startswith("player:")):
            return None
        return self.check_key_signature(action, seat, seen_head or self.last_hash, key_signature, verify)

    def _why_not(self, action: str, seat: int, key: dict[str, Any] | None, message: bytes, signature: str,
                 verify: Verify) -> str:
        """Why a signature was refused, as precisely as the keys on record tell."""
        article = ARTICLES[action]
        for other in reversed(self.keys):
            if other is key or not holds(verify, other["public_key"], message, signature):
                continue
            if other["seat"] != seat:
                return (f"key_signature: made with seat {other['seat']}'s key ({self.players[other['seat']]}), not "
                        f"seat {seat}'s: a player signs only with their own tablet's key ({article})")
            if other["revoked"]:
                return (f"key_signature: made with a revoked device's key (device {other['device']}, "
                        f"{other['fingerprint'][:16]}…): it signs nothing after its token was revoked ({article})")
            return (f"key_signature: made with a superseded key (device {other['device']}, "
                    f"{other['fingerprint'][:16]}…): the seat was bound again and only its new key signs ({article})")
        proposal = self.key_proposal(seat)
        if proposal is not None and holds(verify, proposal["public_key"], message, signature):
            return (f"key_signature: made with seat {seat}'s new key ({proposal['fingerprint'][:16]}…), which signs "
                    "nothing until the opponent's tablet (or an official with an enrolled key) confirms the "
                    f"replacement ({article})")
        if key is None:
            return (f"key_signature: seat {seat} has no key that may sign now (none registered, or its device was "
                    f"revoked); send the {action} without a key signature, or register the tablet's key ({article})")
        return (f"key_signature: does not verify against seat {seat}'s registered key ({key['fingerprint'][:16]}…) "
                f"over the message for '{action}' at the head hash seen ({article})")


def holds(verify: Verify, public_key: str, message: bytes, signature: str) -> bool:
    """Whether ``signature`` over ``message`` verifies with ``public_key``; a malformed key or signature does not."""
    try:
        return bool(verify(public_key, message, signature))
    except (ValueError, TypeError):
        return False
