"""The verdict on a game's hands: whose keys signed it, which were replaced, which player's acts an official entered.

``hands(records)`` reads an intact history (``planilla-audit/1`` or ``/2``: the facts are in the chain) and
answers one of:

- ``signed``: signed throughout by the keys bound at the start (every seat registered a key, none replaced,
  no player's act entered by an official);
- ``replaced``: signed, with N key replacements: each a ``KeyRegistered`` after the seat's first (its
  ``replaces``), named with the event, the seat, who issued the seat's code (``issued_by``), who countersigned
  when the event records it, and when in the game (before the first turn, during play after n turns, after
  the game ended, after it closed);
- ``official``: signed, with official entries (and no replacement): each an event of a player's act
  (``PLAYER_ACTS``: a play, an acceptance, an exchange, a pass, an end rack, a sheet line, a signature…; not
  an acceptance that follows from a ruling or a draw, nor a withdrawal, which is a ruling's)
  recorded with an official's actor (``director:``, ``arbiter:``), named with the event, the official and
  the official's key (the payload's ``official_key``, when recorded);
- ``late``: signed, with N keys registered late (and no replacement nor official entry): a seat's first key
  registered after the first turn (its code issued by an official during play), its acts before it on paper;
- ``partly``: some seat registered a key and some did not (that seat is on paper);
- ``unsigned``: no seat registered a key (paper), or a ``planilla-audit/1`` file (no signature is checked).

Each replacement, official entry and seat on paper is a named warning (``Named``): the text report prints
one indented line for each, the JSON report lists them. ``shown(value)`` is how every value taken from a
file is printed in the text report (see its docstring): one file's report is always one line plus its
indented notes, whatever the file holds.
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple

#: Officials' actors: an event of a player's act recorded with one of these is an official entry.
OFFICIALS = ("director:", "arbiter:")
#: The events of a player's act (what the player does at the board or on the sheet), by the act's name.
PLAYER_ACTS = {"TilesPlaced": "play", "PlayAccepted": "acceptance", "OffCentreAccepted": "off-centre acceptance",
               "PlayChallenged": "challenge", "ExchangeAnnounced": "exchange announcement", "TilesExchanged": "exchange", "TurnPassed": "pass", "EndRackDeclared": "end rack",
               "SheetEntryWritten": "sheet line", "SheetSigned": "signature", "ReopenConsented": "consent to reopen",
               "RulingDisputed": "dispute of a ruling", "RulingAppealed": "appeal"}
TURNS = frozenset({"TilesPlaced", "TilesExchanged", "TurnPassed"})
#: An acceptance that is no one's act but the consequence of another event: a challenge ruled valid (the
#: official's ruling), or the tiles drawn after the play (FISC I.10: the draw accepts it).
CONSEQUENT_ACCEPTANCE = ("challenge ruled valid", "tiles drawn")


def player_act(kind: Any, payload: dict[str, Any]) -> bool:
    """Whether an event records a player's own act (``PLAYER_ACTS``; an acceptance only when written or pressed,
    not when it follows from a ruling or a draw)."""
    if not isinstance(kind, str) or kind not in PLAYER_ACTS:
        return False
    how = payload.get("how")
    return not (kind == "PlayAccepted" and isinstance(how, str) and how.startswith(CONSEQUENT_ACCEPTANCE))

#: Characters never printed as they are (``shown``): C0 and C1 controls and DEL, the line and paragraph
#: separators, the invisible and bidirectional formatting marks, a byte-order mark and lone surrogates.
#: Everything that can end a line (``str.splitlines``) or make text read other than it is stored.
_ESCAPED = (frozenset(range(0x00, 0x20)) | frozenset(range(0x7F, 0xA0)) | {0xAD, 0x061C, 0x180E, 0x2028, 0x2029, 0xFEFF}
            | frozenset(range(0x200B, 0x2010)) | frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2060, 0x2070))
            | frozenset(range(0xD800, 0xE000)) | frozenset(range(0xFFF9, 0xFFFC)))
_NAMED = {0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r"}


def _escape(text: str, backslash: bool) -> str:
    out = []
    for c in text:
        o = ord(c)
        if o == 0x5C:
            out.append("\\\\" if backslash else c)
        elif o in _NAMED:
            out.append(_NAMED[o])
        elif o in _ESCAPED:
            out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}")
        else:
            out.append(c)
    return "".join(out)


def escaped(text: str) -> str:
    """``text`` with every character of ``_ESCAPED`` written as ``\\n``, ``\\t``, ``\\r``, ``\\xNN`` or ``\\uNNNN``
    (a backslash stays as it is): what keeps each line of a report one line, whatever a message holds."""
    return _escape(text, False)


def shown(value: Any) -> str:
    """A value from a file as the text report prints it: ``str()`` of it (``None``, ``True``, ``3``, as Python
    prints them), every backslash doubled and every character of ``_ESCAPED`` escaped (``\\n``, ``\\u2028``…),
    so that no value can end a line, start another file's verdict or hide as invisible text. The JSON
    report keeps values as they are."""
    return _escape(str(value), True)


class Named(NamedTuple):
    """A named warning of the verdict: ``kind`` (``key_replacement``, ``late_key``, ``official_entry``, ``seat_on_paper``,
    ``reopened_after_receipt``), the event (version, 0 for none), and what the text report says of it."""

    kind: str
    event: int
    text: str
    details: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "event": self.event, "text": self.text, **self.details}


class Hands(NamedTuple):
    """The verdict on a game's hands (the module's docstring)."""

    kind: str
    headline: str
    warnings: tuple[Named, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "headline": self.headline, "warnings": [w.to_dict() for w in self.warnings]}


def _payload(rec: Any) -> dict[str, Any]:
    payload = rec.payload if hasattr(rec, "payload") else rec.get("payload")
    return payload if isinstance(payload, dict) else {}


def _field(rec: Any, name: str) -> Any:
    return getattr(rec, name) if hasattr(rec, name) else rec.get(name)


def _seat_of(kind: str, payload: dict[str, Any]) -> Any:
    """The seat whose act the event records (the accepting seat of an acceptance when its key names it)."""
    if kind == "SheetEntryWritten":
        return payload.get("sheet")
    if kind == "PlayChallenged":
        return payload.get("challenger")
    if kind == "PlayAccepted":
        key = payload.get("key")
        if isinstance(key, dict) and "seat" in key:
            return key.get("seat")
        placer = payload.get("seat")
        return 1 - placer if type(placer) is int and placer in (0, 1) else None
    return payload.get("seat")


def _countersigned(payload: dict[str, Any]) -> Any:
    """Who countersigned a replacement, where the event records it (``countersigned_by``, or a
    ``countersignature`` object's ``by``, ``seat`` or ``fingerprint``); None when nothing is recorded."""
    if payload.get("countersigned_by") is not None:
        return payload["countersigned_by"]
    counter = payload.get("countersignature")
    if isinstance(counter, dict):
        for name in ("by", "actor", "seat", "fingerprint"):
            if counter.get(name) is not None:
                return f"seat {counter[name]}" if name == "seat" else counter[name]
    return counter


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def hands(records: Iterable[Any], signatures_checked: bool = True) -> Hands:
    """The verdict on an intact history's hands (records as ``ChainRecord`` or dicts; the module's docstring).

    ``signatures_checked`` False (a ``planilla-audit/1`` file): the verdict is ``unsigned`` whatever keys the
    chain names, and the replacements and official entries it records are still named."""
    records = list(records)
    players = _payload(records[0]).get("players") if records else None
    seats = list(range(len(players))) if isinstance(players, list) else []
    keyed: list[Any] = []  # the seats with a key, compared with == (a seat is whatever JSON the file holds)
    warnings: list[Named] = []
    turns, ended, closed = 0, None, None
    proposed: list[tuple[Any, Any, Any]] = []  # (seat, fingerprint, device) of each key proposed, not yet the seat's
    for rec in records:
        kind, version, actor = _field(rec, "type"), _field(rec, "version"), _field(rec, "actor")
        payload = _payload(rec)
        if kind == "KeyReplacementProposed":
            proposed.append((payload.get("seat"), payload.get("fingerprint"), _field(rec, "device")))
        when = ("after the game closed (event {})".format(shown(closed)) if closed is not None else
                "after the game ended (event {})".format(shown(ended)) if ended is not None else
                f"during play, after {_plural(turns, 'turn')}" if turns else "before the first turn")
        if kind == "KeyRegistered":
            seat = payload.get("seat")
            if any(k == seat for k in keyed) or payload.get("replaces") is not None:
                counter = _countersigned(payload)
                # the new tablet's device: the proposal's when one was confirmed (the confirming event is the
                # opponent's or the official's), else the registration's own
                device = next((d for s, f, d in reversed(proposed) if s == seat and f == payload.get("fingerprint")),
                              _field(rec, "device"))
                details = {"seat": seat, "device": device, "fingerprint": payload.get("fingerprint"),
                           "replaces": payload.get("replaces"), "issued_by": payload.get("issued_by"),
                           "recorded_by": actor, "countersigned_by": counter, "reason": payload.get("reason"),
                           "when": when}
                text = (f"key replacement at event {shown(version)}: seat {shown(seat)}'s key "
                        f"{shown(str(payload.get('replaces'))[:16])}… replaced by {shown(str(payload.get('fingerprint'))[:16])}… "
                        f"(device {shown(device)}), its code issued by {shown(payload.get('issued_by'))}, "
                        + ("no countersignature recorded" if counter is None else f"countersigned by {shown(counter)}")
                        + ("" if payload.get("reason") is None else f", reason: {shown(payload.get('reason'))}")
                        + f", {when}")
                warnings.append(Named("key_replacement", version if isinstance(version, int) else 0, text, details))
            elif turns or ended is not None or closed is not None:  # a seat's first key, once play began
                details = {"seat": seat, "device": _field(rec, "device"), "fingerprint": payload.get("fingerprint"),
                           "issued_by": payload.get("issued_by"), "when": when}
                text = (f"key registered late at event {shown(version)}: seat {shown(seat)}'s first key "
                        f"{shown(str(payload.get('fingerprint'))[:16])}… (device {shown(_field(rec, 'device'))}), its "
                        f"code issued by {shown(payload.get('issued_by'))}, {when}: the seat's acts before it are "
                        "signed on paper only")
                warnings.append(Named("late_key", version if isinstance(version, int) else 0, text, details))
            if not any(k == seat for k in keyed):
                keyed.append(seat)
        elif player_act(kind, payload) and isinstance(actor, str) and actor.startswith(OFFICIALS):
            seat, key = _seat_of(kind, payload), payload.get("official_key")
            details = {"type": kind, "act": PLAYER_ACTS[kind], "seat": seat, "official": actor,
                       "device": _field(rec, "device"), "official_key": key, "when": when}
            text = (f"official entry at event {shown(version)}: seat {shown(seat)}'s {PLAYER_ACTS[kind]} "
                    f"({shown(kind)}) recorded by {shown(actor)} (device {shown(_field(rec, 'device'))}), "
                    + ("no official key recorded" if key is None else f"official key {shown(str(key)[:16])}…")
                    + f", {when}")
            warnings.append(Named("official_entry", version if isinstance(version, int) else 0, text, details))
        if isinstance(kind, str) and kind in TURNS:
            turns += 1
        elif kind == "GameEnded":
            ended = version
        elif kind == "GameClosed":
            closed = version
        elif kind == "GameReopened":
            closed, ended = None, version
    paper = [s for s in seats if not any(k == s for k in keyed)]
    replaced = sum(w.kind == "key_replacement" for w in warnings)
    official = sum(w.kind == "official_entry" for w in warnings)
    late = sum(w.kind == "late_key" for w in warnings)
    if keyed and paper and signatures_checked:
        for seat in paper:
            warnings.append(Named("seat_on_paper", 0, f"seat on paper: seat {seat} registered no key, its acts "
                                                        "are signed on paper only", {"seat": seat}))
    extra = " and ".join(part for part in (_plural(replaced, "key replacement") if replaced else "",
                                           (f"{official} official entr{'y' if official == 1 else 'ies'}"
                                            if official else ""),
                                           f"{_plural(late, 'key')} registered late" if late else "") if part)
    if not signatures_checked:
        kind = "unsigned"
        headline = "unsigned: planilla-audit/1 carries no checked signature (export with --format 2)"
    elif not keyed:
        kind, headline = "unsigned", "unsigned (paper): no tablet registered a key"
    elif paper:
        kind = "partly"
        headline = (f"partly signed: {'seats' if len(paper) > 1 else 'seat'} {', '.join(map(str, paper))} on paper"
                    + (f", with {extra}" if extra else ""))
    elif extra:
        kind, headline = ("replaced" if replaced else "official" if official else "late"), f"signed, with {extra}"
    else:
        kind, headline = "signed", "signed throughout by the keys bound at the start"
    if not signatures_checked and extra:
        headline += f"; the chain records {extra}"
    return Hands(kind, headline, tuple(warnings))
