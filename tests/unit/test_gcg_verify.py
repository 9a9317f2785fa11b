"""Replaying GCG games: what the verifier reports, line by line (FILE 12–19 scores, FILE 44 settlement)."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tiles import CATALAN, ENGLISH, SPANISH
from service.gcg.reader import parse_gcg, read_gcg
from service.gcg.verify import verify_file, verify_game

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
CORPUS = ROOT.parent / "shared" / "corpus" / "gcg"
CORPUS_FILES = sorted(CORPUS.glob("*.gcg")) if CORPUS.is_dir() else []
needs_corpus = pytest.mark.skipif(not CORPUS_FILES, reason=f"no corpus of real GCG games at {CORPUS}")
EDITED_IN_CORPUS = {"round7_table4.gcg"}


def problems(text, tileset=ENGLISH, **kw):
    return [(p.line, p.kind, p.recorded, p.expected) for p in verify_game(parse_gcg(text), tileset, **kw).problems]


@needs_corpus
@pytest.mark.parametrize("path", [p for p in CORPUS_FILES if p.name not in EDITED_IN_CORPUS], ids=lambda p: p.name)
def test_every_real_game_verifies(path):
    """Games recorded by Quackle, macondo, Woogles and others: every score, total and end line agrees."""
    report = verify_file(path)
    assert report.tiles == "english"
    assert report.problems == []
    assert report.plays > 0


@needs_corpus
def test_round7_table4_is_noah_vs_peter_with_evite_rescored():
    """round7_table4.gcg is noah_vs_peter.gcg with EVITE written 41, not 38, and Peter's totals carried on +3."""
    original, edited = read_gcg(CORPUS / "noah_vs_peter.gcg").events, read_gcg(CORPUS / "round7_table4.gcg").events
    changed = [(a, b) for a, b in zip(original, edited) if a != b]
    assert len(original) == len(edited)
    assert {b.nick for _, b in changed} == {"Peter_Armstrong"}
    assert [(a.word, a.score, b.score) for a, b in changed if a.score != b.score] == [("EVITE", 38, 41)]
    assert all(b.total - a.total == 3 for a, b in changed)
    report = verify_file(CORPUS / "round7_table4.gcg")
    assert [(p.line, p.kind, p.recorded, p.expected) for p in report.problems] == [(16, "score", 41, 38)]


@pytest.mark.parametrize(
    "name, tiles, plays",
    [("es_file_ana_berto.gcg", "spanish", 7), ("es_fise_carmen_diego.gcg", "spanish", 4), ("ca_disc_jordi_marta.gcg", "catalan", 7)],
)
def test_hand_scored_fixtures_agree_with_the_engine(name, tiles, plays):
    """Every score in our fixtures was worked out by hand in its #note; the engine agrees with each."""
    report = verify_file(DATA / name)
    assert (report.tiles, report.plays, report.problems) == (tiles, plays, [])


def test_the_hand_edited_fixture_is_caught_with_line_numbers():
    """es_file_ana_berto_edited.gcg: berto's first total written 31 (not 13), MES written 25 (not 23)."""
    report = verify_file(DATA / "es_file_ana_berto_edited.gcg")
    assert [(p.line, p.kind, p.recorded, p.expected) for p in report.problems] == [
        (12, "total", 31, 13),
        (14, "score", 25, 23),
        (14, "total", 57, 59),
    ]


def test_one_slip_in_a_running_total_is_one_problem():
    """The next line may go on from the written total or from the right one: neither is flagged again."""
    slip = ">a: AB 8G AB +8 8\n>b: XYZ - +0 0\n>a: XYZ - +0 9\n"
    assert problems(slip + ">a: XYZ - +0 8\n") == [(3, "total", 9, 8)]
    assert problems(slip + ">a: XYZ - +0 9\n") == [(3, "total", 9, 8)]
    assert problems(slip + ">a: XYZ - +0 7\n") == [(3, "total", 9, 8), (4, "total", 7, 9)]


@pytest.mark.parametrize(
    "play, code",
    [
        (">b: X 9H .X +9 9", "through_on_empty"),
        (">b: XY 8N OXY +9 9", "off_board"),
        (">b: E 8I E +2 2", "word_incomplete"),
        (">b: E 8G TE +2 2", "board_mismatch"),
        (">b: OX 3C OX +9 9", "not_connected"),
    ],
)
def test_a_play_the_placement_rules_refuse_is_a_shape_problem(play, code):
    """FILE 8–9: dots over empty squares, tiles off the board, a word not whole, a wrong letter, no contact."""
    report = verify_game(parse_gcg(">a: AT 8G AT +4 4\n" + play + "\n"), ENGLISH)
    shapes = [p for p in report.problems if p.kind == "shape"]
    assert len(shapes) == 1 and code in shapes[0].message and shapes[0].line == 2


def test_first_play_off_the_centre_is_a_shape_problem_scored_as_it_lies():
    """FILE 6, 20: the first play covers H8; accepted off it, it is not doubled (FILE 20.2)."""
    assert problems(">a: AT 8I AT +4 4\n") == [(1, "shape", "8I AT", None), (1, "score", 4, 2)]


def test_the_board_stays_in_sync_after_a_refused_play():
    """A refused play still leaves its new tiles on the board: XATS = X(8)+A+T+S = 11 needs the X kept."""
    text = ">a: AT 8G AT +4 4\n>b: XE 8F X.E +0 0\n>a: S 8F ...S +11 15\n"
    assert [p[1] for p in problems(text)] == ["shape"]


def test_withdrawn_phony_leaves_the_board_and_gives_back_its_score():
    """A play withdrawn with '--' comes off the board (FILE 38): the same square can be played again."""
    # OX on G9 (DL) and H9: OX 2+8 = 10, AO 1+2 = 3, TX 1+8 = 9: 22.
    text = ">a: AT 8G AT +4 4\n>b: OX 9G OX +22 22\n>b: OX -- -22 0\n>a: S 8G ..S +3 7\n>b: OX 9G OX +22 22\n"
    assert problems(text) == []
    wrong = text.replace("-- -22 0", "-- -20 2")
    assert problems(wrong)[0] == (3, "score", -20, -22)


def test_pass_and_exchange_score_nothing():
    """FILE 25–26: a pass or an exchange scores 0."""
    assert problems(">a: AT 8G AT +4 4\n>b: ABC - +2 2\n>b: ABC -AB +0 2\n") == [(2, "score", 2, 0)]


@pytest.mark.parametrize("tileset, bonus", [(ENGLISH, 8), (SPANISH, 4), (CATALAN, 4)])
def test_going_out_bonus_is_twice_the_rack_in_english_once_in_spanish_and_catalan(tileset, bonus):
    """The opponent's rack A(1)+B(3) = 4: ×2 in English, ×1 by FILE 44 and FISC I.8."""
    text = ">a: ABT 8G AT +4 4\n>b: AB - +0 0\n>a: (AB) +{} {}\n"
    assert problems(text.format(bonus, 4 + bonus), tileset) == []
    other = 12 - bonus
    assert problems(text.format(other, 4 + other), tileset) == [(3, "end", other, bonus)]


def test_end_factor_can_be_overridden():
    """--end-factor 1 reads an English file by the federations' rule."""
    text = ">a: ABT 8G AT +4 4\n>b: AB - +0 0\n>a: (AB) +4 8\n"
    assert problems(text, end_factor=1) == []
    assert problems(text) == [(3, "end", 4, 8)]


def test_own_rack_deducted_once_and_only_that_rack():
    """FILE 44: each player subtracts their own rack, ×1, whatever the going-out factor."""
    assert problems(">a: AT 8G AT +4 4\n>a: QZ (QZ) -20 -16\n") == []
    assert problems(">a: AT 8G AT +4 4\n>a: QZ (QZ) -40 -36\n") == [(2, "end", -40, -20)]
    assert problems(">a: AT 8G AT +4 4\n>a: QZ (Q) -10 -6\n") == [(2, "end", "Q", "QZ")]


def test_going_out_names_the_opponents_remaining_tiles():
    """The tiles in (…) are the opponent's last rack minus what they played since (or all the unseen tiles)."""
    text = ">a: ABT 8G AT +4 4\n>b: AX - +0 0\n>a: B 8G ..B +5 9\n>a: (AX) +18 27\n"
    assert problems(text) == []
    assert [p[:3] for p in problems(text.replace("(AX) +18 27", "(AQ) +22 31"))] == [(4, "end", "AQ")]


@pytest.mark.parametrize(
    "line", [">a: AB 8Z AB +4 4", ">a: AB 8H AK +4 4", ">a: A!B 8H AB +4 4", ">a: AB 8H A?B +4 4", ">a: AB (A!) +2 2"]
)
def test_unreadable_words_racks_and_squares_are_syntax_problems(line):
    """A square off the grid, a tile the set lacks (no K in Spanish), a bad rack: syntax, not a crash."""
    assert [p[1] for p in problems(line + "\n", SPANISH)][:1] == ["syntax"]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.text(min_size=0, max_size=3))
def test_a_damaged_file_never_crashes_the_verifier(at, junk):
    """Any splice of junk into a real record gives problems, never an exception."""
    text = (DATA / "ca_disc_jordi_marta.gcg").read_text(encoding="utf-8")
    at %= len(text)
    damaged = text[:at] + junk + text[at + len(junk) :]
    verify_game(parse_gcg(damaged), CATALAN)
