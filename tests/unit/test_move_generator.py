"""The move generator against hand-worked positions and against a brute-force search from the rules.

Hand-worked: FILE 6 and 16 (first play over H8, doubled), FILE 10.1 (a blank scores 0, and may stand
for a digraph: FILE 10-11, FISC I.6), Molins 14 (the Catalan Q tile is QU). Then hundreds of random
positions in Spanish and Catalan: the generator's plays and scores equal those of
``tests/lexicon_reference.py``, which tries every placement the rules allow against the word list and
scores with ``evaluate_play``.
"""

import random
from pathlib import Path

import pytest

from domain.board import Board
from domain.lexicon import compile_lexicon
from domain.lexicon.generator import generate
from domain.tiles import BLANK, CATALAN, SPANISH, Tile, full_bag
from tests.lexicon_reference import reference_plays

DATA = Path(__file__).resolve().parents[1] / "data" / "lexicon"
LISTS = {"spanish": (SPANISH, "es_small.txt"), "catalan": (CATALAN, "ca_small.txt")}
_LEXICONS = {}


def lexicon(name):
    if name not in _LEXICONS:
        tileset, file = LISTS[name]
        _LEXICONS[name] = compile_lexicon(name, (DATA / file).read_text(encoding="utf-8").splitlines(), tileset)
    return _LEXICONS[name]


def word_of(play, board):
    return "".join(t.letter.lower() if t.blank else t.letter for t in play.word(board))


def test_first_play_zorro_everywhere_over_the_star_file_6_16():
    """Rack Z O RR O on an empty board: ZORRO (4 tiles) in each of 4 positions across H8 and 4 down it;
    Z10 + O1 + RR8 + O1 = 20, doubled by the star = 40; none of them reaches a double letter (H4, H12)."""
    board = Board()
    plays = lexicon("spanish").plays(board, ["Z", "O", "RR", "O"])
    assert sorted((p.coordinate.federation(), p.score) for p in plays) == sorted(
        [(f"H{c}", 40) for c in (5, 6, 7, 8)] + [(f"8{r}", 40) for r in "EFGH"]
    )
    assert {word_of(p, board) for p in plays} == {"Z" "O" "RR" "O"}


def test_a_blank_stands_for_a_digraph_unless_the_profile_says_no_file_10_11():
    """Rack ? A M A: LLAMA with the blank as LL scores (0 + 1 + 3 + 1) x 2 = 10 at H8, and AMA 10 too;
    with blank_as_digraph off, LLAMA cannot be played."""
    board = Board()
    plays = lexicon("spanish").plays(board, [BLANK, "A", "M", "A"])
    llama = [p for p in plays if word_of(p, board) == "llAMA" and p.coordinate.federation() == "H8"]
    assert len(llama) == 1 and llama[0].score == 10
    assert llama[0].placements[0].tile == Tile("LL", True)
    narrow = lexicon("spanish").plays(board, [BLANK, "A", "M", "A"], blank_as_digraph=False)
    assert not [p for p in narrow if word_of(p, board) == "llAMA"]
    assert {(word_of(p, board), p.score) for p in narrow} <= {(word_of(p, board), p.score) for p in plays}


def test_catalan_qu_tile_makes_quatre_molins_14():
    """Rack QU A T R E: QUATRE (5 tiles) from H4, the QU on the double letter H4 and the E on the star:
    QU 8x2 + A1 + T1 + R1 + E1 = 20, doubled = 40: the top play, across and down (8D); from H8 the E
    falls on the double letter H12: (8 + 1 + 1 + 1 + 1x2) x 2 = 26."""
    board = Board()
    plays = lexicon("catalan").plays(board, ["QU", "A", "T", "R", "E"])
    top = [(p.coordinate.federation(), word_of(p, board)) for p in plays if p.score == plays[0].score]
    assert plays[0].score == 40 and sorted(top) == [("8D", "QUATRE"), ("H4", "QUATRE")]
    tops = lexicon("catalan").tops(board, ["QU", "A", "T", "R", "E"])  # the master's candidates alone, in order
    assert [(p.score, p.coordinate.federation(), word_of(p, board)) for p in tops] == \
        [(40, "H4", "QUATRE"), (40, "8D", "QUATRE")]
    assert [p.score for p in plays if p.coordinate.federation() == "H8" and word_of(p, board) == "QUATRE"] == [26]


def test_plays_come_best_first_and_each_once():
    rnd = random.Random(3)
    board, bag = _position(rnd, "catalan", 4)
    plays = lexicon("catalan").plays(board, [bag.pop() for _ in range(7)])
    assert [p.score for p in plays] == sorted((p.score for p in plays), reverse=True)
    assert len({frozenset(p.placements) for p in plays}) == len(plays)


def _position(rnd, name, moves):
    """A board after up to ``moves`` random legal plays, and the rest of the bag, shuffled."""
    lex = lexicon(name)
    board, bag = Board(), full_bag(lex.tileset)
    rnd.shuffle(bag)
    for _ in range(moves):
        rack = [bag.pop() for _ in range(min(7, len(bag)))]
        plays = lex.plays(board, rack)
        if plays:
            play = rnd.choice(plays)
            board.place(play.placements)
            for p in play.placements:
                rack.remove(BLANK if p.tile.blank else p.tile.letter)
        bag.extend(rack)
        rnd.shuffle(bag)
    return board, bag


@pytest.mark.parametrize("name", ["spanish", "catalan"])
def test_same_plays_and_scores_as_brute_force_on_random_positions(name):
    """100 random positions per language (0-9 plays on the board; every third rack holds a blank, every
    fifth position forbids blank digraphs): the same set of plays, the same scores, and each score equal
    to the engine's score_play."""
    lex = lexicon(name)
    words = {tuple(lex.tileset.letters[t] for t in w) for w in lex.dawg}
    rnd = random.Random(f"generator-{name}")
    compared = 0
    for position in range(100):
        board, bag = _position(rnd, name, rnd.randrange(10))
        rack = [bag.pop() for _ in range(min(7, len(bag)))]
        if position % 3 == 0 and BLANK not in rack:
            rack[0] = BLANK
        digraphs = position % 5 != 0
        plays = generate(board, rack, lex.dawg, lex.tileset, blank_as_digraph=digraphs)
        found = {}
        for play in plays:
            key = frozenset(play.placements)
            assert key not in found, f"position {position}: {play} found twice"
            found[key] = play.score
            assert play.result(board, lex.tileset).score == play.score
        expected = reference_plays(board, rack, words, lex.tileset, blank_as_digraph=digraphs)
        assert found.keys() == expected.keys(), (position, rack, found.keys() ^ expected.keys())
        assert found == expected, position
        tops = generate(board, rack, lex.dawg, lex.tileset, blank_as_digraph=digraphs, tops_only=True)
        assert tops == [p for p in plays if p.score == plays[0].score], f"position {position}: the master's candidates"
        compared += len(found)
    assert compared > 2000  # the positions are not trivial
