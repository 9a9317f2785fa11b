"""Writing a ``GcgGame`` back to GCG text: UTF-8, declared on the first line, one event per line."""

from __future__ import annotations

from pathlib import Path

from service.gcg.model import (
    CHALLENGE_BONUS,
    END_PENALTY,
    END_POINTS,
    EXCHANGE,
    PASS,
    PLAY,
    TIME_PENALTY,
    WITHDRAWN,
    Event,
    GcgGame,
    Pragma,
)


def format_event(event: Event) -> str:
    """One event as its ``>nick:`` line."""
    kind = event.kind
    score = f"{event.score:+d}"
    if kind == PLAY:
        move = f"{event.position} {event.word}"
    elif kind == WITHDRAWN:
        move = "--"
    elif kind == PASS:
        move = "-"
    elif kind == EXCHANGE:
        move = f"-{event.tiles}"
    elif kind == CHALLENGE_BONUS:
        move = "(challenge)"
    elif kind == TIME_PENALTY:
        move = "(time)"
    elif kind in (END_POINTS, END_PENALTY):
        move = f"({event.tiles})"
        if kind == END_PENALTY:
            score = f"-{abs(event.score)}"  # keeps "-0", which tells a deduction from a bonus
    else:
        raise ValueError(f"unknown event kind {kind!r}")
    rack = f"{event.rack} " if event.rack else ""
    return f">{event.nick}: {rack}{move} {score} {event.total}"


def format_pragma(pragma: Pragma) -> str:
    """One pragma as its ``#name value`` line."""
    return f"#{pragma.name} {pragma.value}" if pragma.value else f"#{pragma.name}"


def write_gcg(game: GcgGame) -> str:
    """The whole game as GCG text (LF line ends, ending with a newline)."""
    lines = ["#character-encoding UTF-8"]
    for entry in game.entries:
        if isinstance(entry, Pragma):
            lines.append(format_pragma(entry))
            continue
        lines.append(format_event(entry))
        lines.extend(format_pragma(Pragma("note", note)) for note in entry.notes)
    return "\n".join(lines) + "\n"


def save_gcg(game: GcgGame, path: str | Path) -> None:
    """Write the game to ``path`` as UTF-8."""
    Path(path).write_text(write_gcg(game), encoding="utf-8")
