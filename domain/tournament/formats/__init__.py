"""The tournament's files in the formats the ecosystem reads: tsh, AUPAIR, FIDE TRF16, CSV.

Every format writes a ``Sheet`` (``sheet.py``) and reads one back; ``write`` and ``read`` choose
by name. Where each layout comes from, and what is uncertain, is in docs/tournaments.md.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import msg
from domain.tournament.formats import tables, tou, trf, tsh
from domain.tournament.formats.sheet import (
    Entry, FormatError, Line, Note, Sheet, joined, player_id, results_of, sheet_of,
)

#: format name -> (writer, media type, file extension); a writer adds to its ``notes`` what it cuts or approximates
WRITERS: dict[str, tuple[Callable[[Sheet, list[Note] | None], str], str, str]] = {
    "tsh": (tsh.write_t, "text/plain", "t"),
    "tsh-json": (tsh.write_live, "application/json", "json"),
    "tou": (tou.write_tou, "text/plain", "TOU"),
    "trf": (trf.write_trf, "text/plain", "trf"),
    "csv-players": (tables.write_players, "text/csv", "csv"),
    "csv-results": (tables.write_results, "text/csv", "csv"),
    "ratings": (tables.write_ratings, "text/csv", "csv"),
}
FORMATS = tuple(WRITERS)
#: the formats a player list is imported from
PLAYER_FORMATS = ("csv", "trf")


def export(sheet: Sheet, fmt: str, division: str | None = None) -> tuple[str, list[Note]]:
    """The sheet in format ``fmt`` (one of ``FORMATS``): every division, or the one named (numbered from 1 within
    it), and what the file shortens or approximates (``Note``: a name cut, an id left out, a result tsh reads
    with another spread). tsh's ``.t`` holds one division: a sheet of several needs the division named."""
    if fmt not in WRITERS:
        raise FormatError(msg("tournament.format_one_not", formats=', '.join(FORMATS), fmt=fmt), field="format")
    notes: list[Note] = []
    text = WRITERS[fmt][0](sheet.division(division) if division is not None else sheet, notes)
    return text, notes


def write(sheet: Sheet, fmt: str, division: str | None = None) -> str:
    """The sheet in format ``fmt``, without the notes (``export`` gives them)."""
    return export(sheet, fmt, division)[0]


def read_players(text: str, fmt: str) -> list[Entry]:
    """A player list from a CSV (a header line, then a player a line) or a TRF16 file (its ``001`` lines)."""
    if fmt == "csv":
        return tables.read_players(text)
    if fmt == "trf":
        players = list(trf.read_trf(text).players)
        if not players:
            raise FormatError(msg("tournament.trf_file_lists_its"), field="001")
        return players
    raise FormatError(msg("tournament.player_list_read_from", player_formats=' or '.join(PLAYER_FORMATS), fmt=fmt), field="format")


__all__ = ["FORMATS", "PLAYER_FORMATS", "WRITERS", "Entry", "FormatError", "Line", "Note", "Sheet", "export", "joined",
           "player_id", "read_players", "results_of", "sheet_of", "tables", "tou", "trf", "tsh", "write"]
