"""Words and racks in text: every notation TILES.md lists, read and written.

Reading (``parse_word``):
- uppercase is a tile, lowercase a blank standing for it (``caSA``);
- Spanish digraph tiles in brackets ``[CH] [LL] [RR]`` (blank ``[ch]``) or as ``1 2 3`` in older files;
  a bare ``LL`` is two L tiles (GCG), or, with ``strict_lookalikes``, an error: FILE 11 says two
  L tiles never make LL, so on a tablet the player must say which was meant;
- Catalan digraph tiles bare or bracketed (``L·L``, ``NY``, ``QU``), longest match first, and ``Q``
  for the QU tile as on the federation's sheets (FISC I.6);
- tiles already on the board as ``.``, or wrapped in parentheses, or simply repeated.

Text is normalised first (``normalise``): Unicode NFC, so a decomposed ``Ñ`` (N and a combining tilde,
as macOS text gives it) is the one ``Ñ``; and the Catalan ``L·L`` as people paste it: the one-character
``Ŀl``/``ĿL`` (``ŀl`` for a blank), or another dot between the Ls (``L•L``, ``L∙L``, ``L⋅L``, ``L‧L``).
``L.L`` is ``L·L`` in a single tile (``read_tile``); in a word the ``.`` is a tile already on the board,
and ``dot_reading`` gives the ``L·L`` reading for the caller to try where the board leaves no doubt.

One tile (a rack's item: ``tiles``, ``drawn``, ``returned``, ``shown``, ``sample``, a blank's letter) is
read by ``read_tile`` in the same notation as a word's tile, brackets or not: ``CH`` or ``[CH]``,
``L·L`` or ``[L·L]``, ``1`` for CH; ``?`` is a blank.

Every error names the position (0-based character offset) in the string.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple, Sequence

from domain.errors import NotationError, msg
from domain.tiles import BLANK, Tile, TileSet


#: Dots people put between the two Ls of L·L instead of U+00B7 (NFC already turns U+0387 into U+00B7).
OTHER_DOTS = "\u2022\u2219\u22c5\u2027\u30fb"
_ODD = re.compile(f"[Ŀŀ{OTHER_DOTS}]")
_DOTTED = re.compile(f"([Ll])[{OTHER_DOTS}]([Ll])")
_FULL_STOP = re.compile(r"(?:(L)\.(L))|(?:(l)\.(l))")
#: Every tile of every set, for reading a tile where the set is not known yet (a command's shape).
ALL_TILES: frozenset[str] = frozenset()  # filled below, once the sets are imported


def normalise(text: str) -> str:
    """NFC, and the Catalan L·L's pasted spellings (``Ŀl``, ``ŀl``, other middle dots) as ``L·L``/``l·l``."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
        if _ODD.search(text):
            text = re.sub("Ŀ[Ll]", "L·L", text)
            text = text.replace("ŀl", "l·l")
            text = _DOTTED.sub(r"\1·\2", text)
    return text


def dot_reading(text: str, tileset: TileSet) -> str | None:
    """The word read with ``L.L`` as the L·L tile (in a set that has it), or None when nothing changes.

    In a word ``.`` marks a tile already on the board, so ``COL.LEGA`` reads L, a tile on the board, L;
    a caller that knows the board tries this reading when that square is empty (FISC I.6).
    """
    if "L·L" not in tileset.counts or "." not in text:
        return None
    changed = _FULL_STOP.sub(lambda m: "L·L" if m.group(1) else "l·l", text)
    return changed if changed != text else None


class WordTile(NamedTuple):
    """One square of a written word: the tile (None for ``.``), and whether it was marked as on the board."""

    tile: Tile | None
    marked: bool


class _Grammar(NamedTuple):
    pattern: re.Pattern[str]
    singles: dict[str, Tile]  # token text -> tile (bare letters, aliases, bare digraphs)
    bracketed: dict[str, Tile]  # bracket content -> tile


@lru_cache(maxsize=None)
def _grammar(tileset: TileSet) -> _Grammar:
    singles: dict[str, Tile] = {}
    for letter in tileset.letters:
        if len(letter) == 1 or letter in tileset.bare_digraphs:
            singles[letter] = Tile(letter, False)
            singles[letter.lower()] = Tile(letter, True)
    for alias, letter in tileset.aliases:
        singles.setdefault(alias, Tile(letter, False))
        if alias.lower() != alias:
            singles.setdefault(alias.lower(), Tile(letter, True))
    bracketed = {}
    for letter in tileset.letters:
        bracketed[letter] = Tile(letter, False)
        bracketed[letter.lower()] = Tile(letter, True)
    multi = sorted((t for t in singles if len(t) > 1), key=len, reverse=True)
    alternatives = [r"\[[^\[\]]*\]?"] + [re.escape(t) for t in multi] + [r"."]
    return _Grammar(re.compile("|".join(alternatives), re.S), singles, bracketed)


def parse_word(text: str, tileset: TileSet, *, strict_lookalikes: bool = False) -> tuple[WordTile, ...]:
    """Read a written word into squares; see the module docstring for the notations accepted."""
    text = normalise(text)
    if not text:
        raise NotationError(msg("notation.word_empty"), code="empty_word", field="word", position=0)
    grammar = _grammar(tileset)
    singles = grammar.singles
    out: list[WordTile] = []
    marked = False
    paren_at = -1
    for m in grammar.pattern.finditer(text):
        tok = m.group()
        pos = m.start()
        tile = singles.get(tok)
        if tile is not None:
            out.append(WordTile(tile, marked))
            continue
        if tok == ".":
            if marked:
                raise NotationError(
                    msg("notation.position_inside_parentheses", pos=pos), code="bad_through", field="word", position=pos
                )
            out.append(WordTile(None, True))
        elif tok == "(":
            if marked:
                raise NotationError(
                    msg("notation.position_nested", pos=pos), code="unbalanced_parenthesis", field="word", position=pos
                )
            marked, paren_at = True, pos
        elif tok == ")":
            if not marked or paren_at == pos - 1:
                raise NotationError(
                    msg("notation.position_without_tile_inside", pos=pos),
                    code="unbalanced_parenthesis",
                    field="word",
                    position=pos,
                )
            marked = False
        elif tok.startswith("["):
            out.append(WordTile(_bracket(tok, pos, tileset, grammar), marked))
        else:
            raise _unknown(tok, pos, tileset)
    if marked:
        raise NotationError(
            msg("notation.position_never_closed", paren_at=paren_at), code="unbalanced_parenthesis", field="word", position=paren_at
        )
    if strict_lookalikes and tileset.lookalike_pairs:
        _check_lookalikes(text, tileset)
    if not out:
        raise NotationError(msg("notation.word_has_no_tiles"), code="empty_word", field="word", position=0)
    return tuple(out)


def _bracket(tok: str, pos: int, tileset: TileSet, grammar: _Grammar) -> Tile:
    if not tok.endswith("]") or len(tok) < 3:
        raise NotationError(
            msg("notation.position_bracket_not_closed", pos=pos, tok=tok),
            code="bad_bracket",
            field="word",
            position=pos,
        )
    inner = tok[1:-1]
    tile = grammar.bracketed.get(inner)
    if tile is None:
        kind = msg("notation.kind_mixed_case" if inner.upper() in grammar.bracketed else "notation.kind_not_in_set")
        raise NotationError(
            msg("notation.position_tiles", pos=pos, inner=inner, kind=kind, name=tileset.name,
                letters=' '.join(tileset.letters)),
            code="unknown_tile",
            field="word",
            position=pos,
        )
    return tile


def _unknown(tok: str, pos: int, tileset: TileSet) -> NotationError:
    note = dict(tileset.missing_notes).get(tok.upper())
    if tok.isspace():
        why = msg("notation.why_white_space")
    elif note:
        why = note
    elif tok == BLANK:
        why = msg("notation.why_undesignated_blank")
    elif tok in "Ŀŀ" and "L·L" in tileset.counts:
        why = msg("notation.why_l_alone", tok=tok)
    else:
        why = msg("notation.why_not_in_set", tok=tok, name=tileset.name)
    return NotationError(msg("notation.unknown_tile_position", pos=pos, why=why), code="unknown_tile", field="word", position=pos)


def _check_lookalikes(text: str, tileset: TileSet) -> None:
    # Strip bracketed tiles so "[LL]" itself is not flagged; keep offsets for the message.
    masked = re.sub(r"\[[^\[\]]*\]", lambda m: "_" * len(m.group()), text)
    for pair in tileset.lookalike_pairs:
        for variant in (pair, pair.lower()):
            at = masked.find(variant)
            if at >= 0:
                raise NotationError(
                    msg("notation.position_reads_as_two", at=at, variant=variant, pair=pair),
                    code="ambiguous_digraph",
                    article="FILE 11",
                    field="word",
                    position=at,
                )


def format_tile(tile: Tile, tileset: TileSet, *, sheet: bool = False) -> str:
    """One tile in text: brackets for Spanish digraphs, lowercase for a blank, ``Q`` for QU on a Catalan sheet."""
    letter = tileset.sheet_form(tile.letter) if sheet else tile.letter
    text = letter.lower() if tile.blank else letter
    if letter in tileset.bracketed:
        return f"[{text}]"
    return text


def format_word(tiles: Sequence[Tile | None], tileset: TileSet, *, sheet: bool = False) -> str:
    """Write a word back: None squares (tiles already on the board, in GCG) as ``.``.

    Two single tiles that would read as a digraph (Spanish R + R) are bracketed, ``[R][R]``, so
    the text reads back the same even where a bare pair is refused as ambiguous (FILE 11).
    """
    parts = ["." if t is None else format_tile(t, tileset, sheet=sheet) for t in tiles]
    pairs = tileset.lookalike_pairs
    if pairs:
        for i in range(len(parts) - 1):
            joined = parts[i].strip("[]") + parts[i + 1].strip("[]")
            if (joined in pairs or joined.upper() in pairs and joined.islower()) and len(joined) == 2:
                parts[i], parts[i + 1] = f"[{parts[i].strip('[]')}]", f"[{parts[i + 1].strip('[]')}]"
    return "".join(parts)


def parse_rack(text: str, tileset: TileSet) -> tuple[str, ...]:
    """Read a rack (uppercase tiles, ``?`` for a blank) into tile letters; blanks stay ``?``.

    A rack has no tiles on the board, so ``L.L`` there can only be the L·L tile (in a set that has it)."""
    text = normalise(text)
    if "." in text and "L·L" in tileset.counts:
        text = _FULL_STOP.sub(lambda m: "L·L" if m.group(1) else "l·l", text)
    grammar = _grammar(tileset)
    out: list[str] = []
    for m in grammar.pattern.finditer(text):
        tok, pos = m.group(), m.start()
        if tok == BLANK:
            out.append(BLANK)
            continue
        tile = grammar.singles.get(tok)
        if tok.startswith("["):
            tile = _bracket(tok, pos, tileset, grammar)
        if tile is None:
            raise _unknown(tok, pos, tileset)
        if tile.blank:
            raise NotationError(
                msg("notation.position_rack_writes_blank", pos=pos),
                code="unknown_tile",
                field="rack",
                position=pos,
            )
        out.append(tile.letter)
    return tuple(out)


def format_rack(letters: Sequence[str], tileset: TileSet) -> str:
    """Write rack letters (``?`` for blanks) as text, digraphs bracketed where the set brackets them."""
    return "".join(BLANK if t == BLANK else format_tile(Tile(t), tileset) for t in letters)


def tile_pattern() -> str:
    """The spellings ``read_tile`` takes without a tile set, as one regular expression (ECMA-262 and Python read it
    alike): a tile of any set or an alias (``1 2 3``), bare or in brackets, ``L·L`` with any of its dots or as
    ``Ŀl``, a decomposed ``Ñ`` or ``Ç``, ``?``; ASCII spaces around it. The contract states it on a tile item."""
    dots = re.escape("·." + OTHER_DOTS)
    tiles = sorted({t for t in (*ALL_TILES, *ALIASES) if t != "L·L"}, key=lambda t: (-len(t), t))
    one = "|".join([f"L[{dots}]L", "Ŀ[Ll]", "N\u0303", "C\u0327", *(re.escape(t) for t in tiles)])
    space = "[ \\t\\n\\r\\f\\v]*"
    return f"^{space}(?:\\?|(?:{one})|\\[(?:{one})\\]){space}$"


def read_tile(text: str, tileset: TileSet | None = None, *, field: str = "tiles") -> str:
    """One tile as a rack holds it (``CH``, ``L·L``, ``?``), from any spelling a word's tile may have.

    ``CH`` or ``[CH]``, ``L·L``, ``[L·L]``, ``L.L`` or ``Ŀl``, ``1`` for CH (old Spanish files), ``Q`` for
    the Catalan QU tile (FISC I.6, with ``tileset``), ``?`` for a blank. Without ``tileset`` every set's
    tiles are accepted (the set is checked later). A lower-case tile is refused (in a rack a blank is
    ``?``), and so is anything that is not one tile; the message says how a tile is written.
    """
    raw = text
    text = normalise(text.strip())
    if text == BLANK:
        return BLANK
    inner = text[1:-1] if len(text) > 2 and text[0] == "[" and text[-1] == "]" else text
    inner = _FULL_STOP.sub(lambda m: "L·L" if m.group(1) else "l·l", inner)
    known = ALL_TILES if tileset is None else frozenset(tileset.letters)
    aliases = dict(ALIASES if tileset is None else tileset.aliases)
    tile = aliases.get(inner, inner)
    if tile in known:
        return tile
    where = "" if tileset is None else f" of the {tileset.name} set"
    if tile.upper() in known or aliases.get(tile.upper()) in known:
        meant = aliases.get(tile.upper(), tile.upper())
        why = (f"{raw!r} is in lower case: a rack's tile is written in upper case ({meant}), and a blank as '?' "
               "(lower case marks a blank only on the board, in a word)")
    elif tileset is not None and tileset.missing_notes and dict(tileset.missing_notes).get(tile):
        why = f"{raw!r}: {dict(tileset.missing_notes)[tile]}"
    else:
        letters = " ".join(sorted(known, key=lambda t: (len(t), t))) if tileset is not None else \
            "A, Ñ, CH or [CH], LL or [LL], RR or [RR], L·L or [L·L], NY, QU, Ç"
        why = (f"{raw!r} is not one tile{where}: an item holds one tile, written as on a rack or in a word, "
               f"brackets or not ({letters}; ? for a blank)")
    raise NotationError(why, code="unknown_tile", field=field)


def tile_message(text: str, tileset: TileSet) -> str:
    """Why ``text`` is not a rack's tile of ``tileset``, naming the tile meant where there is one (Catalan
    ``Q`` is the QU tile in a word; a rack item says ``QU``)."""
    try:
        meant = read_tile(text, tileset)
    except NotationError as err:
        return err.message
    return f"{text!r} is not a tile of the {tileset.name} set as a rack writes it: the tile meant is {meant}"


def _all_tiles() -> tuple[frozenset[str], dict[str, str]]:
    from domain.tiles import TILESETS

    tiles = frozenset(t for ts in TILESETS.values() for t in ts.letters)
    aliases = {a: t for ts in TILESETS.values() for a, t in ts.aliases if a not in tiles}
    return tiles, aliases


ALL_TILES, ALIASES = _all_tiles()
