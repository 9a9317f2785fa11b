"""GCG, the interchange format of Quackle, macondo and Woogles: read and write (TILES.md "GCG essentials")."""

from service.gcg.model import (
    CHALLENGE_BONUS,
    END_PENALTY,
    END_POINTS,
    EXCHANGE,
    KINDS,
    PASS,
    PLAY,
    TIME_PENALTY,
    WITHDRAWN,
    Event,
    GcgGame,
    Pragma,
    SyntaxIssue,
)
from service.gcg.reader import GcgSyntaxError, decode, parse_event, parse_gcg, read_gcg
from service.gcg.tilesets import tileset_for_lexicon, tileset_name
from service.gcg.writer import format_event, save_gcg, write_gcg

__all__ = [
    "CHALLENGE_BONUS",
    "END_PENALTY",
    "END_POINTS",
    "EXCHANGE",
    "KINDS",
    "PASS",
    "PLAY",
    "TIME_PENALTY",
    "WITHDRAWN",
    "Event",
    "GcgGame",
    "GcgSyntaxError",
    "Pragma",
    "SyntaxIssue",
    "decode",
    "format_event",
    "parse_event",
    "parse_gcg",
    "read_gcg",
    "save_gcg",
    "tileset_for_lexicon",
    "tileset_name",
    "write_gcg",
]
