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

import re
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
_KEPT = {"Ñ": "\ue0f0", "Ç": "\ue0f1"}
#: Other spellings of Catalan middle-dot L found in word lists: the ligature, a full stop, other dots.
_DOTS = (("Ŀ", "L·"), ("\u2027", "·"), ("\u2219", "·"), ("\u22c5", "·"), ("L.L", "L·L"))
#: A digraph tile is written as one private-use character from here on (its token number added).
TOKEN_BASE = 0xE000
_COMBINING = re.compile("[\u0300-\u036f]+")


class Spelt(NamedTuple):
    """One entry read: its tiles as token numbers (None when skipped), or the reason it was skipped."""

    tokens: tuple[int, ...] | None
    reason: str | None = None


class Speller:
    """Reads word-list entries as tiles of one set; the tiles are numbered 0..n-1 in the set's order.

    An entry is first written as a *key*, one character per tile: a single-letter tile as its
    letter, a digraph tile as a private-use character (``chars`` maps each back to its number).
    """

    def __init__(self, tileset: TileSet) -> None:
        self.tileset = tileset
        self.letters: tuple[str, ...] = tileset.letters
        self.index: dict[str, int] = {letter: i for i, letter in enumerate(self.letters)}
        digraphs = sorted((t for t in self.letters if len(t) > 1), key=len, reverse=True)
        #: Digraphs replaced first (longest first), each by its private-use character.
        self.digraphs: tuple[tuple[str, str], ...] = tuple((d, chr(TOKEN_BASE + self.index[d])) for d in digraphs)
        #: Key character -> token number.
        self.chars: dict[str, int] = {t if len(t) == 1 else chr(TOKEN_BASE + i): i for t, i in self.index.items()}
        self.dots = _DOTS if tileset.language == "ca" else ()
        allowed = "".join(re.escape(ch) for ch in sorted(self.chars))
        self.bad = re.compile(f"[^{allowed}]").search

    def encode_all(self, entries: list[str], *, lower_case_list: bool = False) -> list[str]:
        """Each entry as a key (one character per tile), or one of ``SKIP_REASONS``.

        The text is folded and cut in one go: NFC, upper case, accents and diaeresis off (but Ñ and
        Ç kept), the digraphs replaced longest first. A key is never one of the reasons (a reason has
        spaces and lower case).
        """
        words = [e.strip() for e in entries]
        if any("\n" in w or "\r" in w for w in words) or any(
                max(w) >= "\ue000" for w in words if w):
            return [self.encode(w, lower_case_list=lower_case_list) for w in words]
        text = unicodedata.normalize("NFC", "\n".join(words)).upper()
        for kept, placeholder in _KEPT.items():
            text = text.replace(kept, placeholder)
        text = _COMBINING.sub("", unicodedata.normalize("NFD", text))
        for kept, placeholder in _KEPT.items():
            text = text.replace(placeholder, kept)
        for variant, canonical in self.dots:
            text = text.replace(variant, canonical)
        for digraph, char in self.digraphs:
            text = text.replace(digraph, char)
        keys = text.split("\n")
        if len(keys) != len(words):  # a character whose upper case broke the line: one by one
            return [self.encode(w, lower_case_list=lower_case_list) for w in words]
        bad, size = self.bad, SIZE
        out = []
        for word, key in zip(words, keys):
            if not word:
                out.append(NOT_A_WORD)
            elif lower_case_list and not word.islower():
                out.append(PROPER_NOUN)
            elif bad(key):
                out.append(NOT_IN_SET if bad(key).group().isalpha() else NOT_A_WORD)
            elif len(key) < 2:
                out.append(ONE_TILE)
            elif len(key) > size:
                out.append(TOO_LONG)
            else:
                out.append(key)
        return out

    def encode(self, entry: str, *, lower_case_list: bool = False) -> str:
        """One entry as a key, or the reason it is skipped (see ``encode_all``)."""
        word = entry.strip()
        if not word or "\n" in word or "\r" in word or max(word) >= "\ue000":
            return NOT_A_WORD
        return self.encode_all([word], lower_case_list=lower_case_list)[0]

    def spell(self, entry: str, *, lower_case_list: bool = False) -> Spelt:
        """The entry as token numbers, or the reason it is skipped."""
        key = self.encode(entry, lower_case_list=lower_case_list)
        if key in SKIP_REASONS:
            return Spelt(None, key)
        chars = self.chars
        return Spelt(tuple(chars[ch] for ch in key))

    def key(self, tokens) -> str:
        """Token numbers back as a key."""
        letters = self.letters
        return "".join(letters[t] if len(letters[t]) == 1 else chr(TOKEN_BASE + t) for t in tokens)

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
