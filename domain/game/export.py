"""A game's history as a file anyone can check offline: one canonical JSON document per line.

The first line is a header (format, game, number of events, the last event's hash); each further
line is one event's chain record (``domain.game.chain.ChainRecord``), in version order. Every line
is canonical JSON (sorted keys, no spaces, UTF-8 as is) ending in a newline, so the file has
exactly one byte form: ``verify_export`` re-serialises each line and refuses any difference, then
recomputes every hash, link and signature head (``verify_chain``) and checks the header.

Why every single-byte change is found: a changed byte either breaks the line (not UTF-8, not
JSON, not canonical, a key missing or unknown, a newline gone or added) or leaves a canonical line
whose content differs, and every field of a record is inside its hash (``event_hash``), which the
next event and any signature name. Reordering, dropping or inserting events breaks the versions or
the links; cutting the end off disagrees with the header's count and head hash.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, NamedTuple

from domain.game.chain import ChainRecord, canonical, verify_chain
from domain.game.verdict import shown

FORMAT = "planilla-audit/1"
HEADER_KEYS = frozenset({"format", "game", "events", "head_hash"})
RECORD_KEYS = frozenset(ChainRecord._fields)


def export_bytes(records: Iterable[ChainRecord]) -> bytes:
    """The export of a whole history (oldest first): a header line, then one line per event."""
    records = list(records)
    if not records:
        raise ValueError("a history has at least its creation event")
    header = {"format": FORMAT, "game": records[0].game, "events": len(records), "head_hash": records[-1].hash}
    lines = [canonical(header)] + [canonical(r.to_dict()) for r in records]
    return ("\n".join(lines) + "\n").encode("utf-8")


class Finding(NamedTuple):
    """The verdict on one export: ``ok``, else the first bad place (``line``: 0 the header, k the k-th event)."""

    ok: bool
    readable: bool
    line: int | None
    version: int | None
    type: str | None
    reason: str
    game: str | None = None
    events: int = 0
    head_hash: str | None = None
    #: What a ``planilla-audit/2`` check found besides (each key signature checked, anything unsigned).
    notes: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.ok:
            return f"intact: game {shown(self.game)}, {self.events} events, head {shown(self.head_hash)}"
        if not self.readable:
            return f"not an export: {self.reason}"
        where = ("the header" if self.line == 0 else
                 f"event {shown(self.version)} ({shown(self.type)}), line {self.line + 1}" if self.version is not None else
                 f"line {self.line + 1}")
        return f"TAMPERED at {where}: {self.reason}"


def framed(data: bytes, form: str, header_keys: frozenset[str], last: str) -> tuple[list[bytes], dict[str, Any]] | Finding:
    """An export's lines (the trailing newline gone) and its header, read as format ``form``; or the Finding
    that says why not (``last``: what the last line holds, as the message names it)."""
    lines = data.split(b"\n")
    if len(lines) < 3 or not lines[0].startswith(b'{"'):
        return _unreadable(f"a {form} export is a header line then one line per event, each a JSON object")
    if lines[-1] != b"":
        return _bad(len(lines) - 1, None, None, f"the file does not end with a newline after the last {last}")
    lines = lines[:-1]
    header, problem = _line(lines[0], header_keys)
    if header is None:
        return _bad(0, None, None, f"the header line: {problem}")
    if header.get("format") != form:
        return _bad(0, None, None, f"the header names format {header.get('format')!r}, not {form}")
    return lines, header


def verify_export(data: bytes) -> Finding:
    """Check an export byte for byte and link by link; the first bad place, or ``ok``."""
    found = framed(data, FORMAT, HEADER_KEYS, "event")
    if isinstance(found, Finding):
        return found
    lines, header = found
    records: list[ChainRecord] = []
    for index, raw in enumerate(lines[1:], start=1):
        found, problem = _line(raw, RECORD_KEYS)
        if found is None:
            return _bad(index, _guess_version(records), None, problem)
        try:
            records.append(ChainRecord(**found))
        except TypeError as error:  # pragma: no cover - the keys were checked
            return _bad(index, _guess_version(records), None, str(error))
    broken = verify_chain(records)
    if broken is not None:
        return _bad(broken.index + 1, broken.version, records[broken.index].type, broken.reason)
    if header.get("game") != (records[0].game if records else None):
        return _bad(0, None, None, f"the header names game {shown(header.get('game'))}, the events "
                                   f"{shown(records[0].game) if records else 'none'}")
    if header.get("events") != len(records):
        return _bad(0, None, None, f"the header announces {shown(header.get('events'))} events, the file holds {len(records)}")
    if header.get("head_hash") != records[-1].hash:
        return _bad(0, None, None, "the header's head hash is not the last event's hash")
    return Finding(True, True, None, None, None, "intact", records[0].game, len(records), records[-1].hash)


def _line(raw: bytes, keys: frozenset[str]) -> tuple[dict[str, Any] | None, str]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return None, f"not UTF-8 at byte {error.start}"
    try:
        found = json.loads(text)
    except (ValueError, RecursionError) as error:
        return None, f"not JSON ({error})"
    if not isinstance(found, dict):
        return None, "not a JSON object"
    if set(found) != keys:
        extra, missing = sorted(set(found) - keys), sorted(keys - set(found))
        return None, f"fields differ from the format (unknown {extra}, missing {missing})"
    if canonical(found) != text:
        return None, "the line is not in canonical form: its bytes were changed"
    return found, ""


def _guess_version(records: list[ChainRecord]) -> int:
    """The version a line should hold: one after the last good record (1 for the first)."""
    return records[-1].version + 1 if records else 1


def _bad(line: int, version: int | None, kind: str | None, reason: str) -> Finding:
    return Finding(False, True, line, version, kind, reason)


def _unreadable(reason: str) -> Finding:
    return Finding(False, False, None, None, None, reason)
