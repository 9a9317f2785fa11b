"""Enrolling officials' keys and resolving the key an official signs a command with.

A mixin of ``ServiceApplication`` over ``service.access.official_keys.OfficialKey``: who may enrol a key
(``enrol_official_key`` from the data folder; ``enrol_countersigned`` with an enrolled key's countersignature),
revoking one, and ``official_hand``: the enrolled key behind an official's ``official_key`` and
``official_signature`` on a command, checked to be theirs and not revoked (the signature's mathematics is the
domain's, ``domain.game.official``).

Which key vouches for which (a choice the issue left open, written in docs/reliability.md): a director's key
countersigns a new director's or arbiter's key; an arbiter's, an arbiter's; the tribunal's, the tribunal's. A
director never vouches for the tribunal, which reviews the directors' decisions (FILE 47).
"""

from __future__ import annotations

from eventsourcing.application import AggregateNotFoundError

from domain.errors import msg, word
from domain.game.errors import RuleViolation
from domain.game.official import KEY_ROLES, OfficialHand
from service.access.official_keys import DATA_FOLDER, OfficialKey, enrolment_message, official_key_id
from service.trust.keys import ALGORITHM, decode_public_key, verify_p256

ARTICLE = "FILE 47"
#: The roles each enrolled key's role may vouch for.
VOUCHES = {"director": ("director", "arbiter"), "arbiter": ("arbiter",), "tribunal": ("tribunal",)}


class KeyRefused(RuleViolation):
    """An official key's enrolment, or its use on a command, refused: nothing is recorded."""

    code = "official_key"


def _decoded(public_key: object) -> tuple[str, str]:
    try:
        return decode_public_key(public_key)
    except ValueError as err:
        said = err.args[0] if err.args else str(err)  # a Message keeps its key, to be said in the reader's language
        raise KeyRefused(msg("access.docs_reliability_md_official", err=said), field="public_key") from None


def _check_label(role: str, label: str) -> None:
    if role not in KEY_ROLES:
        raise KeyRefused(msg("access.official_key_enrolled_for", key_roles=', '.join(KEY_ROLES), role=role,
                             article=ARTICLE),
                         field="role", article=ARTICLE)
    if not label or not label.strip() or ":" in label or len(label) > 100:
        raise KeyRefused(msg("access.official_name_as_their"), field="label")


class OfficialKeys:
    """Officials' keys: enrolment, revocation, and the key behind a command's official signature."""

    def official_key(self, fingerprint: str) -> OfficialKey | None:
        """The enrolled key with this fingerprint (revoked or not), or None."""
        try:
            found = self.repository.get(official_key_id(str(fingerprint)))
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, OfficialKey) else None

    def _new_key(self, role: str, label: str, public_key: object) -> tuple[str, str]:
        _check_label(role, label)
        spki, fingerprint = _decoded(public_key)
        if self.official_key(fingerprint) is not None:
            raise KeyRefused(msg("access.this_key_already_enrolled"),
                             field="public_key")
        return spki, fingerprint

    def enrol_official_key(self, role: str, label: str, public_key: object, *, device: str | None = None) -> OfficialKey:
        """Enrol a key by the hand that holds the data folder (``planilla official enrol``): how the first is."""
        spki, fingerprint = self._new_key(role, label, public_key)
        key = OfficialKey.enrol(role, label, spki, fingerprint, ALGORITHM, self.clock(), enrolled_by=DATA_FOLDER,
                                device=device)
        self.save(key)
        return key

    def enrol_countersigned(self, role: str, label: str, public_key: object, countersigned_by: str,
                            countersignature: str, *, device: str | None = None) -> OfficialKey:
        """Enrol a key vouched for by an enrolled, unrevoked official's key (``VOUCHES``): its signature over
        ``enrolment_message`` of the new key, kept in the enrolment."""
        spki, fingerprint = self._new_key(role, label, public_key)
        voucher = self.official_key(countersigned_by)
        if voucher is None or voucher.revoked is not None:
            state = msg("access.state_not_enrolled" if voucher is None else "access.state_revoked")
            raise KeyRefused(msg("access.key_new_official_key", countersigned_by=str(countersigned_by)[:16],
                                 state=state, article=ARTICLE), field="countersigned_by",
                             article=ARTICLE)
        if role not in VOUCHES[voucher.role]:
            raise KeyRefused(msg("access.key_vouches_for_keys", role=word("role", voucher.role),
                                 vouches=' or '.join(VOUCHES[voucher.role]), role2=word("role", role),
                                 article=ARTICLE), field="countersigned_by", article=ARTICLE)
        if not verify_p256(voucher.public_key, enrolment_message(fingerprint, role, label), countersignature):
            raise KeyRefused(msg("access.does_not_verify_with", actor=voucher.actor, role=role, label=label,
                                 article=ARTICLE),
                             field="countersignature", article=ARTICLE)
        key = OfficialKey.enrol(role, label, spki, fingerprint, ALGORITHM, self.clock(), enrolled_by=voucher.actor,
                                device=device, countersigned_by=voucher.fingerprint, countersignature=countersignature)
        self.save(key)
        return key

    def revoke_official_key(self, fingerprint: str, reason: str, by: str) -> OfficialKey:
        """Revoke an enrolled key (LookupError when there is none)."""
        key = self.official_key(fingerprint)
        if key is None:
            raise LookupError(msg("api.no_official_key", fingerprint=fingerprint))
        key.revoke(reason, by, self.clock())
        self.save(key)
        return key

    def official_hand(self, actor: str, fingerprint: str, signature: str) -> OfficialHand:
        """The enrolled key an official's command is signed with, checked to be theirs (``actor``) and in force."""
        key = self.official_key(fingerprint)
        if key is None:
            raise KeyRefused(msg("access.no_official_key_enrolled", fingerprint=str(fingerprint)[:16],
                                 article=ARTICLE), field="official_key", article=ARTICLE)
        if key.revoked is not None:
            raise KeyRefused(msg("access.key_was_revoked_signs", actor=key.actor, fingerprint=key.fingerprint[:16],
                                 revoked=key.revoked['reason'], article=ARTICLE), field="official_key",
                             article=ARTICLE)
        if key.actor != actor:
            raise KeyRefused(msg("access.this_key_enrolled_for", actor=key.actor, actor2=actor, article=ARTICLE), field="official_key", article=ARTICLE)
        return OfficialHand(key.fingerprint, key.public_key, signature, actor, verify_p256)
