"""Tile sets as data: letters, counts, values, vowels and the starting-draw order (TILES.md).

A tile is one letter *or one digraph*: Spanish CH, LL, RR and Catalan L·L, NY, QU are single
tiles (FILE 11, FISC I.6). `?` is the blank in a rack; on the board a blank shows the letter it
stands for with ``blank=True`` and scores 0 (FILE 10.1).
"""

from __future__ import annotations

from typing import NamedTuple

from domain.errors import msg
from domain.records import Record

BLANK = "?"
VOWELS = frozenset("AEIOU")


class Tile(NamedTuple):
    """A tile as placed: the letter it shows, and whether it is a blank standing for that letter."""

    letter: str
    blank: bool = False


class TileSet(Record):
    """One federation's set: ``distribution`` lists (letter, count, points) in alphabetical order, blank first.

    Immutable, compared, hashed and shown by its fields, as a frozen dataclass would be (a ``Record``: see
    ``domain.records`` for why not a dataclass).
    """

    __slots__ = ("name", "language", "distribution", "bare_digraphs", "lookalike_pairs", "aliases",
                 "sheet_spelling", "bracketed", "missing_notes", "counts", "points", "order", "_hash")
    #: The fields compared, hashed and shown (``counts``, ``points`` and ``order`` are made from them).
    FIELDS = __slots__[:9]

    name: str
    language: str
    distribution: tuple[tuple[str, int, int], ...]
    #: Multi-character tiles read bare, longest match first (Catalan L·L, NY, QU).
    bare_digraphs: tuple[str, ...]
    #: Bare pairs that read as two tiles but look like a digraph tile (Spanish CH, LL, RR: FILE 11).
    lookalike_pairs: tuple[str, ...]
    #: Other spellings of a tile: old Spanish files use 1, 2, 3; Catalan sheets write QU as Q.
    aliases: tuple[tuple[str, str], ...]
    #: How a tile is written on the federation's paper sheet where it differs (Catalan QU is "Q").
    sheet_spelling: tuple[tuple[str, str], ...]
    #: Tiles written in brackets in GCG text (Spanish digraphs: ``[CH]``).
    bracketed: tuple[str, ...]
    #: Letters that do not exist in this set, with the reason given in an error (Catalan Y).
    missing_notes: tuple[tuple[str, str], ...]
    counts: dict[str, int]
    points: dict[str, int]
    order: dict[str, int]

    def __init__(self, name: str, language: str, distribution: tuple[tuple[str, int, int], ...], *,
                 bare_digraphs: tuple[str, ...] = (), lookalike_pairs: tuple[str, ...] = (),
                 aliases: tuple[tuple[str, str], ...] = (), sheet_spelling: tuple[tuple[str, str], ...] = (),
                 bracketed: tuple[str, ...] = (), missing_notes: tuple[tuple[str, str], ...] = ()) -> None:
        values = (name, language, distribution, bare_digraphs, lookalike_pairs, aliases, sheet_spelling,
                  bracketed, missing_notes, {t: n for t, n, _ in distribution}, {t: p for t, _, p in distribution},
                  {t: i for i, (t, _, _) in enumerate(distribution)})
        for field_name, value in zip(self.__slots__, values):
            object.__setattr__(self, field_name, value)
        object.__setattr__(self, "_hash", hash(self._key()))  # asked at every cached parse: kept

    def __setattr__(self, field_name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {field_name!r}: a TileSet is immutable")

    def __delattr__(self, field_name: str) -> None:
        raise AttributeError(f"cannot delete field {field_name!r}: a TileSet is immutable")

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple:  # copied or pickled, the same set
        return (_rebuilt, (self._key(),))

    @property
    def letters(self) -> tuple[str, ...]:
        """Every tile but the blank, in alphabetical order."""
        return tuple(t for t, _, _ in self.distribution if t != BLANK)

    @property
    def vowels(self) -> frozenset[str]:
        """The vowel tiles (A E I O U); the blank is neither vowel nor consonant."""
        return VOWELS & set(self.letters)

    @property
    def consonants(self) -> frozenset[str]:
        """Every letter tile that is not a vowel."""
        return frozenset(self.letters) - VOWELS

    @property
    def total_tiles(self) -> int:
        """How many tiles the bag holds at the start (100 for every set here)."""
        return sum(self.counts.values())

    @property
    def total_points(self) -> int:
        """The face value of all tiles together (Spanish 192, Catalan 189, English 187)."""
        return sum(n * p for _, n, p in self.distribution)

    def value(self, tile: Tile) -> int:
        """Points a placed tile scores before premiums: 0 for a blank (FILE 10.1)."""
        return 0 if tile.blank else self.points[tile.letter]

    def rack_value(self, rack: list[str] | tuple[str, ...] | str) -> int:
        """Face value of rack letters (``?`` counts 0), for end-of-game settlement."""
        items = list(rack) if not isinstance(rack, str) else list(rack)
        return sum(self.points[t] for t in items)

    def draw_rank(self, letter: str) -> int:
        """Position in the starting-draw order: the blank beats A, then alphabetical (FILE 4.3)."""
        return self.order[letter]

    def sheet_form(self, letter: str) -> str:
        """The tile as written on the federation's paper sheet (Catalan QU as ``Q``: FISC I.6)."""
        return dict(self.sheet_spelling).get(letter, letter)


def _rebuilt(key: tuple) -> TileSet:
    name, language, distribution, *rest = key
    return TileSet(name, language, distribution, **dict(zip(TileSet.FIELDS[3:], rest)))


def _dist(spec: str) -> tuple[tuple[str, int, int], ...]:
    out = []
    for item in spec.split():
        letter, rest = item.rsplit("=", 1)
        count, points = rest.split("/")
        out.append((letter, int(count), int(points)))
    return tuple(out)


SPANISH = TileSet(
    name="spanish",
    language="es",
    distribution=_dist(
        "?=2/0 A=12/1 B=2/3 C=4/3 CH=1/5 D=5/2 E=12/1 F=1/4 G=2/2 H=2/4 I=6/1 J=1/8 L=4/1 LL=1/8"
        " M=2/3 N=5/1 Ñ=1/8 O=9/1 P=2/3 Q=1/5 R=5/1 RR=1/8 S=6/1 T=4/1 U=5/1 V=1/4 X=1/8 Y=1/4 Z=1/10"
    ),
    lookalike_pairs=("CH", "LL", "RR"),
    aliases=(("1", "CH"), ("2", "LL"), ("3", "RR")),
    bracketed=("CH", "LL", "RR"),
)

CATALAN = TileSet(
    name="catalan",
    language="ca",
    distribution=_dist(
        "?=2/0 A=12/1 B=2/3 C=3/2 Ç=1/10 D=3/2 E=13/1 F=1/4 G=2/3 H=1/8 I=8/1 J=1/8 L=4/1 L·L=1/10"
        " M=3/2 N=6/1 NY=1/10 O=5/1 P=2/3 QU=1/8 R=8/1 S=8/1 T=5/1 U=4/1 V=1/4 X=1/10 Z=1/8"
    ),
    bare_digraphs=("L·L", "NY", "QU"),
    aliases=(("Q", "QU"),),
    sheet_spelling=(("QU", "Q"),),
    missing_notes=(("Y", "the Catalan set has no Y tile; NY is a single tile (FISC I.6)"),),
)

ENGLISH = TileSet(
    name="english",
    language="en",
    distribution=_dist(
        "?=2/0 A=9/1 B=2/3 C=2/3 D=4/2 E=12/1 F=2/4 G=3/2 H=2/4 I=9/1 J=1/8 K=1/5 L=4/1 M=2/3"
        " N=6/1 O=8/1 P=2/3 Q=1/10 R=6/1 S=4/1 T=6/1 U=4/1 V=2/4 W=2/4 X=1/8 Y=2/4 Z=1/10"
    ),
)

TILESETS: dict[str, TileSet] = {t.name: t for t in (SPANISH, CATALAN, ENGLISH)}


def get_tileset(name: str) -> TileSet:
    """The tile set called ``name`` (spanish, catalan, english)."""
    try:
        return TILESETS[name]
    except KeyError:
        from domain.errors import DomainError

        raise DomainError(
            msg("notation.unknown_tile_set_expected", name=name, tilesets=', '.join(TILESETS)),
            code="unknown_tileset",
            field="tiles",
        ) from None


def full_bag(tileset: TileSet) -> list[str]:
    """Every tile of a fresh bag, blanks as ``?``, in alphabetical order."""
    return [t for t, n, _ in tileset.distribution for _ in range(n)]
