"""A loaded lexicon: a named word list, compiled for one tile set, with what was skipped and why.

Planilla bundles no official list (FILE's and FISC's are proprietary: RULES.md "Lexicons"); an
organiser loads one (``docs/lexicon.md``). ``official`` records the organiser's word that the list
is the federation's own; a verdict from any other list is advisory, and says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from domain.board import Board
from domain.lexicon import dawg as graph
from domain.lexicon.generator import Play, generate
from domain.lexicon.spelling import SKIP_REASONS, is_lower_case_list, speller
from domain.tiles import TileSet, get_tileset


@dataclass(frozen=True)
class Lexicon:
    """A compiled word list: its name, tile set, graph, source and the entries it left out."""

    name: str
    tileset: TileSet
    dawg: graph.Dawg = field(repr=False)
    source: str = ""
    sha256: str = ""
    entries: int = 0  #: lines read that held an entry
    duplicates: int = 0  #: entries that spelt a word already in (``canción`` and ``cancion``)
    skipped: tuple[tuple[str, int], ...] = ()  #: (reason, count) for each of ``SKIP_REASONS`` that occurred
    official: bool = False

    @property
    def words(self) -> int:
        """How many distinct words (as tiles) the lexicon holds."""
        return self.dawg.words

    @property
    def advisory(self) -> bool:
        """True unless the organiser declared the list the federation's official one."""
        return not self.official

    def __contains__(self, word: str) -> bool:
        """Whether a written word (``casa``, ``col·lecció``, ``[CH]ICO``) spells a word of the list."""
        tokens = speller(self.tileset).spell(word.replace("[", "").replace("]", "")).tokens
        return tokens is not None and tokens in self.dawg

    def has_tiles(self, letters: Sequence[str]) -> bool:
        """Whether tile letters (``('CH', 'I', 'C', 'O')``) make a word of the list."""
        index = speller(self.tileset).index
        try:
            return tuple(index[t] for t in letters) in self.dawg
        except KeyError:
            return False

    def plays(self, board: Board, rack: Sequence[str], *, blank_as_digraph: bool = True) -> list[Play]:
        """Every legal play of ``rack`` on ``board``, best first (``generator.generate``)."""
        return generate(board, rack, self.dawg, self.tileset, blank_as_digraph=blank_as_digraph)

    def tops(self, board: Board, rack: Sequence[str], *, blank_as_digraph: bool = True) -> list[Play]:
        """The plays of the best score only, in the order ``plays`` lists them (the master's candidates)."""
        return generate(board, rack, self.dawg, self.tileset, blank_as_digraph=blank_as_digraph, tops_only=True)

    def header(self) -> dict:
        """What is stored beside the graph."""
        return {
            "name": self.name, "tileset": self.tileset.name, "source": self.source, "sha256": self.sha256,
            "entries": self.entries, "duplicates": self.duplicates, "skipped": dict(self.skipped),
            "official": self.official,
        }

    def to_bytes(self) -> bytes:
        """The compiled form kept in the data folder."""
        return graph.to_bytes(self.dawg, self.header())

    @classmethod
    def from_bytes(cls, data: bytes) -> "Lexicon":
        """A lexicon back from ``to_bytes``."""
        dawg, head = graph.from_bytes(data)
        return cls(head["name"], get_tileset(head["tileset"]), dawg, head["source"], head["sha256"],
                   head["entries"], head["duplicates"], tuple(head["skipped"].items()), head["official"])


def compile_lexicon(name: str, entries: Iterable[str], tileset: TileSet, *, source: str = "", sha256: str = "",
                    official: bool = False) -> Lexicon:
    """Spell every entry as tiles (``spelling``), drop repeats, and build the graph.

    Blank lines and lines starting with ``#`` are not entries. When most entries are in lower case,
    a capitalised one is taken for a proper noun or an abbreviation and skipped.
    """
    lines = [e.strip() for e in entries]
    lines = [e for e in lines if e and not e.startswith("#")]
    lower = is_lower_case_list(lines[:: max(1, len(lines) // 5000)])
    spelling = speller(tileset)
    encoded = spelling.encode_all(lines, lower_case_list=lower)
    keys = set(encoded)
    skipped: dict[str, int] = {}
    for reason in SKIP_REASONS:
        if reason in keys:
            keys.discard(reason)
            skipped[reason] = encoded.count(reason)
    kept = len(lines) - sum(skipped.values())
    dawg = graph.build(sorted(keys), spelling.chars)
    ordered = tuple((reason, skipped[reason]) for reason in SKIP_REASONS if reason in skipped)
    return Lexicon(name, tileset, dawg, source, sha256, len(lines), kept - len(keys), ordered, official)
