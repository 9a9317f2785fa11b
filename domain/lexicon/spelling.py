"""A word list's entries written as tiles: the profile's tile tokens, or the reason an entry is skipped.

Neither set has an accented tile (TILES.md), so an entry is put in Unicode NFC, upper-cased and
stripped of accents and diaeresis, except where the letter is a tile of its own (Spanish Ñ, Catalan
Ç). Then it is cut into tiles, longest first:

- Spanish: ``CH``, ``LL`` and ``RR`` are always the digraph tile (FILE 11: C + H never makes CH,
  two L tiles never make LL), so a word written with them can only be played with that tile;
- Catalan: ``L·L`` (also ``L.L`` and ``ŀL``) is the L·L tile, ``NY`` the NY tile, ``QU`` (and
  ``QÜ``) the QU tile, whose sheet spelling is ``Q`` (FISC I.6; Molins 14); a bare ``LL`` is two
  L tiles. There is no Y tile and no bare Q.

An entry that cannot be written with the set (a K, a W, a hyphen, an apostrophe, a Catalan Y
outside NY), a single tile, a word longer than the board, or a proper noun in a list written in
lower case, is skipped with its reason; the loader counts them.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import NamedTuple

from domain.move import SIZE
from domain.tiles import TileSet

#: Why an entry was left out of a lexicon (the keys of the skip counts).
NOT_A_WORD = "not a single word (space, hyphen, apostrophe, digit or other sign)"
NOT_IN_SET = "a letter the tile set does not have"
PROPER_NOUN = "capitalised in a lower-case list (a proper noun or an abbreviation)"
ONE_TILE = "a single tile (a word has two tiles or more)"
TOO_LONG = f"longer than the board ({SIZE} tiles)"
SKIP_REASONS = (NOT_A_WORD, NOT_IN_SET, PROPER_NOUN, ONE_TILE, TOO_LONG)

#: Letters whose diacritic makes a tile of their own: never folded (in the other language they are refused).
_KEPT = ("Ñ", "Ç")
#: Other spellings of Catalan middle-dot L found in word lists: the ligature, a full stop, other dots.
_DOTS = {"Ŀ": "L·", "\u2027": "·", "\u2219": "·", "\u22c5": "·"}
#: Tokens are written as one character each from here, so that a word is a ``str`` that sorts by tile order.
TOKEN_BASE = 0xE000


class Spelt(NamedTuple):
    """One entry read: its tiles as token numbers (None when skipped), or the reason it was skipped."""

    tokens: tuple[int, ...] | None
    reason: str | None = None


class Speller:
    """Reads word-list entries as tiles of one set; the tiles are numbered 0..n-1 in the set's order."""

    def __init__(self, tileset: TileSet) -> None:
        self.tileset = tileset
        self.letters: tuple[str, ...] = tileset.letters
        self.index: dict[str, int] = {letter: i for i, letter in enumerate(self.letters)}
        digraphs = sorted((t for t in self.letters if len(t) > 1), key=len, reverse=True)
        #: Digraphs replaced first (longest first), each by its token character.
        self.digraphs: tuple[tuple[str, str], ...] = tuple((d, chr(TOKEN_BASE + self.index[d])) for d in digraphs)
        fold: dict[int, str] = {}
        for code in range(0xC0, 0x250):  # Latin-1 and Latin Extended-A/B: accents and diaeresis off
            ch = chr(code)
            if ch in _KEPT or not ch.isalpha():
                continue
            base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
            if base != ch:
                fold[code] = base
        if tileset.language == "ca":
            fold.update({ord(k): v for k, v in _DOTS.items()})
        self.fold = fold
        self.singles = {ord(t): chr(TOKEN_BASE + i) for t, i in self.index.items() if len(t) == 1}
        self.top = chr(TOKEN_BASE + len(self.letters) - 1)

    def encode(self, entry: str, *, lower_case_list: bool = False) -> str:
        """The entry as token characters (one per tile), or one of ``SKIP_REASONS``.

        A result is a reason exactly when it is one of those strings: token characters are private-use
        code points, which no reason contains.
        """
        word = entry.strip()
        if not word or max(word) >= "\ue000":
            return NOT_A_WORD
        if lower_case_list and not word.islower():
            return PROPER_NOUN
        text = unicodedata.normalize("NFC", word).upper().translate(self.fold)
        if "L.L" in text:
            text = text.replace("L.L", "L·L")
        for digraph, token in self.digraphs:
            if digraph in text:
                text = text.replace(digraph, token)
        key = text.translate(self.singles)
        if min(key) < "\ue000" or max(key) > self.top:
            bad = next(ch for ch in key if not "\ue000" <= ch <= self.top)
            return NOT_IN_SET if bad.isalpha() else NOT_A_WORD
        if len(key) < 2:
            return ONE_TILE
        if len(key) > SIZE:
            return TOO_LONG
        return key

    def spell(self, entry: str, *, lower_case_list: bool = False) -> Spelt:
        """The entry as token numbers, or the reason it is skipped."""
        key = self.encode(entry, lower_case_list=lower_case_list)
        if key in SKIP_REASONS:
            return Spelt(None, key)
        return Spelt(tuple(ord(ch) - TOKEN_BASE for ch in key))

    def write(self, tokens) -> str:
        """Tiles back as text: ``[CH]`` for Spanish digraphs, Catalan digraphs bare (``QU``, ``L·L``)."""
        letters, bracketed = self.letters, self.tileset.bracketed
        return "".join(f"[{letters[t]}]" if letters[t] in bracketed else letters[t] for t in tokens)


@lru_cache(maxsize=None)
def speller(tileset: TileSet) -> Speller:
    """The speller of ``tileset`` (cached)."""
    return Speller(tileset)


def spell(entry: str, tileset: TileSet, *, lower_case_list: bool = False) -> Spelt:
    """Read one word-list entry as tiles of ``tileset``; see the module docstring for the rules."""
    return speller(tileset).spell(entry, lower_case_list=lower_case_list)


def is_lower_case_list(sample: list[str]) -> bool:
    """True when most entries are written in lower case, so a capital marks a proper noun or an abbreviation."""
    lower = sum(1 for w in sample if w.strip().islower())
    upper = sum(1 for w in sample if w.strip().isupper())
    return lower > upper
