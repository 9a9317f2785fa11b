"""Reading GCG text: encodings, line endings, pragmas, notes and every event kind (TILES.md "GCG essentials").

A line that cannot be read becomes a ``SyntaxIssue`` on the game; reading goes on with the next.
"""

from __future__ import annotations

from pathlib import Path

from service.gcg.lines import GcgSyntaxError, decode, event_fields
from service.gcg.model import Event, GcgGame, Pragma, SyntaxIssue

__all__ = ["GcgSyntaxError", "decode", "event_fields", "parse_event", "parse_gcg", "read_gcg"]


def read_gcg(path: str | Path) -> GcgGame:
    """Read a GCG file; raises ``OSError`` when it cannot be opened."""
    text, encoding = decode(Path(path).read_bytes())
    return parse_gcg(text, encoding)


def parse_gcg(text: str, encoding: str = "UTF-8") -> GcgGame:
    """Read GCG text (LF or CRLF) into a ``GcgGame``; ``#note`` lines attach to the event before them."""
    game = GcgGame(encoding=encoding)
    entries = game.entries
    last_event: Event | None = None
    note: list[str] | None = None  # lines of the note being read (continuation lines join it)
    note_owner: Event | None = None

    def flush() -> None:
        text = "\n".join(note).rstrip()  # type: ignore[arg-type]
        if note_owner is not None:
            note_owner.notes.append(text)
        else:
            entries.append(Pragma("note", text, note_line))

    note_line = 0
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        first = line[:1]
        if first != "#" and first != ">":
            if note is not None:
                note.append(line.rstrip())
            elif line.strip():
                game.issues.append(SyntaxIssue(number, line, "a line must start with '#' or '>'"))
            continue
        if note is not None:
            flush()
            note = None
        if first == ">":
            try:
                last_event = parse_event(line, number)
            except GcgSyntaxError as e:
                game.issues.append(SyntaxIssue(number, line, str(e)))
                continue
            entries.append(last_event)
            continue
        name, *rest = line[1:].split(None, 1) or [""]
        value = rest[0].strip() if rest else ""
        if name == "note":
            note, note_owner, note_line = [value], last_event, number
        elif name == "character-encoding":
            pass  # consumed by decode(); the writer declares its own
        elif not name:
            game.issues.append(SyntaxIssue(number, line, "'#' without a pragma name"))
        else:
            entries.append(Pragma(name, value, number))
    if note is not None:
        flush()
    return game


def parse_event(line: str, number: int = 0) -> Event:
    """Read one ``>nick: ...`` line; raises ``GcgSyntaxError`` saying what is wrong."""
    return Event(*event_fields(line), line=number)


