"""Lexicons and the move generator: word lists spelt in tiles, a DAWG, every legal play for a rack.

- ``spelling``: a word list's entries as the tile set's tokens, or why an entry is skipped;
- ``dawg``: the compiled graph and its binary form;
- ``lexicon``: a named, compiled list (``Lexicon``, ``compile_lexicon``);
- ``generator``: every legal play, scored, best first (``generate``, ``Play``).

Pure: the files are read and written by ``service/lexicon/library.py``.
"""

from domain.lexicon.dawg import Dawg, LexiconFormatError
from domain.lexicon.generator import Play, generate
from domain.lexicon.lexicon import Lexicon, compile_lexicon
from domain.lexicon.spelling import SKIP_REASONS, Speller, Spelt, spell, speller

__all__ = ["Dawg", "Lexicon", "LexiconFormatError", "Play", "SKIP_REASONS", "Speller", "Spelt", "compile_lexicon",
           "generate", "spell", "speller"]
