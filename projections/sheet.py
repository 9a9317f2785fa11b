"""How a turn is written on the federation's paper sheet, per profile (its ``sheet`` group).

- the mark of a turn that is not a scoring play: ``P`` pass, ``I`` invalid, ``C-3`` exchange of
  three (FILE 5.3, FISE I.5); FISC I.9 and Molins write a dash for an exchange and a ``0`` for a
  pass or a withdrawn play; a turn lost without a move (FILE 28.2, Molins 27) is ``T``, its own
  mark and never a pass's (no rulebook has one: the sheet explains it in a legend);
- the main word as the player writes it: digraph tiles as one tile (Spanish ``[CH]``, Catalan
  ``L·L``, ``NY``; the QU tile as ``Q``, FISC I.6), a blank's letter marked: lower case where the
  rulebook only asks for it to be noted (FILE 10.2), in parentheses where FISC I.9 asks for
  parentheses or a circle.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from domain.notation import format_word, parse_word
from domain.profiles import get_profile
from domain.profiles.kinds import BlankMark
from domain.tiles import TileSet, get_tileset


@dataclass(frozen=True)
class SheetRules:
    """What a profile's sheet looks like, with the article behind it."""

    profile: str
    tileset: TileSet
    language: str
    pass_mark: str
    invalid_mark: str
    lost_mark: str
    lost_article: str
    exchange_mark: str
    blank_in_parentheses: bool
    scrabble_circled: bool
    article: str

    def mark(self, kind: str, count: int | None = None) -> str | None:
        """The federation mark of a turn (None for a scoring play)."""
        if kind == "pass":
            return self.pass_mark
        if kind == "lost":  # not a pass: the turn was taken from the player (FILE 28.2, Molins 27)
            return self.lost_mark
        if kind == "invalid":
            return self.invalid_mark
        if kind == "exchange":
            return self.exchange_mark.format(n=count if count is not None else "")
        return None

    def word(self, notation: str) -> str:
        """A recorded word (``domain.notation``, blanks in lower case) as the player writes it on the sheet."""
        if not self.blank_in_parentheses and not self.tileset.sheet_spelling:
            return notation  # the Spanish sheet writes words as the notation does
        return _written(self, notation)

    def _write(self, notation: str) -> str:
        tiles = [w.tile for w in parse_word(notation, self.tileset)]
        if not self.blank_in_parentheses:
            return format_word(tiles, self.tileset, sheet=True)
        parts = []
        for tile in tiles:
            letter = self.tileset.sheet_form(tile.letter)
            parts.append(f"({letter})" if tile.blank else letter)
        return "".join(parts)


@lru_cache(maxsize=65536)
def _written(rules: SheetRules, notation: str) -> str:
    return rules._write(notation)


@cache
def sheet_rules(profile_id: str) -> SheetRules:
    """The sheet rules of a profile."""
    profile = get_profile(profile_id)
    sheet = profile.sheet
    tileset = get_tileset(profile.tileset)
    return SheetRules(
        profile=profile.id,
        tileset=tileset,
        language=tileset.language,
        pass_mark=sheet.pass_mark,
        invalid_mark=sheet.invalid_mark,
        lost_mark=sheet.lost_mark,
        lost_article=profile.article("sheet.lost_mark"),
        exchange_mark=sheet.exchange_mark,
        blank_in_parentheses=sheet.blank_mark == BlankMark.PARENTHESES_OR_CIRCLE,
        scrabble_circled=sheet.scrabble_circled,
        article=profile.article("sheet"),
    )
