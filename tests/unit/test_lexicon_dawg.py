"""The compiled lexicon: every word in and nothing else, minimal, and the same after bytes and back."""

import random
from pathlib import Path

import pytest

from domain.lexicon import Lexicon, LexiconFormatError, compile_lexicon
from domain.lexicon.dawg import build
from domain.lexicon.spelling import NOT_IN_SET, PROPER_NOUN, SKIP_REASONS, speller
from domain.tiles import CATALAN, SPANISH

DATA = Path(__file__).resolve().parents[1] / "data" / "lexicon"


CHARS = {chr(0x41 + t): t for t in range(32)}  # token t written as the character A + t


def keys(words):
    return sorted({"".join(chr(0x41 + t) for t in w) for w in words})


def test_holds_exactly_the_words_given():
    """Random words over 5 tokens: every word in, every other string of up to 5 tokens out."""
    rnd = random.Random(7)
    words = {tuple(rnd.randrange(5) for _ in range(rnd.randrange(2, 6))) for _ in range(300)}
    dawg = build(keys(words), CHARS)
    assert set(dawg) == words
    assert dawg.words == len(words)
    for _ in range(2000):
        probe = tuple(rnd.randrange(5) for _ in range(rnd.randrange(1, 6)))
        assert (probe in dawg) == (probe in words)


def test_shared_suffixes_share_nodes():
    """cantar, contar, pintar, cantas, contas, pintas: 8 states, where a trie needs 22."""
    sp = speller(SPANISH)
    words = [sp.spell(w).tokens for w in ("cantar", "contar", "pintar", "cantas", "contas", "pintas")]
    dawg = build(keys(words), CHARS)
    assert set(dawg) == set(words)
    # the root, after C, after P; after CA, CO and PI (one state: NTAR and NTAS follow each);
    # after N, after T, after A; the final state after R or S
    assert dawg.nodes == 8


def test_refuses_unsorted_input():
    with pytest.raises(ValueError):
        build(["BC", "AB"], CHARS)


def test_compiled_list_counts_what_it_skipped_and_round_trips_through_bytes():
    """The hand-made Spanish list: kilo, kiwi, web, karate, walkman lack tiles; Madrid, España, ONU are
    capitalised; y, o, a are one tile; bien-estar is not a word; repeats are counted once."""
    lines = (DATA / "es_small.txt").read_text(encoding="utf-8").splitlines()
    lexicon = compile_lexicon("es-small", lines, SPANISH, source="es_small.txt")
    skipped = dict(lexicon.skipped)
    assert skipped[NOT_IN_SET] == 5
    assert skipped[PROPER_NOUN] == 3
    assert set(skipped) <= set(SKIP_REASONS)
    entries = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert lexicon.entries == len(entries)
    assert lexicon.entries == lexicon.words + lexicon.duplicates + sum(skipped.values())
    assert "chorro" not in lexicon and "zorro" in lexicon and "ZORRO" in lexicon
    assert lexicon.has_tiles(["CH", "I", "C", "O"]) and not lexicon.has_tiles(["C", "H", "I", "C", "O"])
    again = Lexicon.from_bytes(lexicon.to_bytes())
    assert again == lexicon and set(again.dawg) == set(lexicon.dawg)
    assert again.advisory


def test_catalan_list_reads_its_digraphs():
    lines = (DATA / "ca_small.txt").read_text(encoding="utf-8").splitlines()
    lexicon = compile_lexicon("ca-small", lines, CATALAN)
    assert "col·lecció" in lexicon and "COL.LECCIO" in lexicon
    assert lexicon.has_tiles(["QU", "A", "D", "R", "E"])
    assert lexicon.has_tiles(["A", "NY"])
    assert "yoga" not in lexicon and "Barcelona" not in lexicon


def test_damaged_bytes_are_refused():
    lexicon = compile_lexicon("x", ["casa", "cosa"], SPANISH)
    data = lexicon.to_bytes()
    with pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(data[:-3])
    with pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(b"not a lexicon" + data)
