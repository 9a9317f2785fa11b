"""Whole duplicate games to their end, racks drawn from seeds and masters found by the move generator on the
small Spanish list: at every round the tiles are all accounted for (bag + rack + board = the full bag), the
rack completes the remainder and meets FISC II.3 / AJS 3.2.4, and the game ends for a cause of FISC II.6 /
AJS 3.2.7."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from domain.duplicate import Duplicate, racks
from domain.duplicate.slips import board_of
from domain.game.meta import Meta
from domain.lexicon import compile_lexicon
from domain.tiles import SPANISH, full_bag

LIST = Path(__file__).resolve().parents[1] / "data" / "lexicon" / "es_small.txt"
LEXICON = compile_lexicon("es-small", LIST.read_text(encoding="utf-8").splitlines(), SPANISH)
JUDGE = Meta("director:judge", None, "2026-03-01T10:00:00Z")


def tiles_of(d: Duplicate) -> Counter:
    board = Counter("?" if cell[1] else cell[0] for cell in d.board if cell)
    return Counter(d.bag) + Counter(d.rack) + board


@pytest.mark.parametrize("seed", ["s0", "s3", "s4", "Lleida"])
def test_a_whole_game_keeps_every_tile_and_every_rack_rule_to_its_end(seed: str):
    d = Duplicate.create("ajs-2012", ["A", "B"], JUDGE)
    while True:
        remainder = list(d.rack)
        pool = [*d.bag, *d.rack]
        if d.start_round(JUDGE, seed=seed):
            break
        r = d.current
        assert tiles_of(d) == Counter(full_bag(SPANISH))
        assert len(r["rack"]) == min(7, len(pool))
        assert r["rack"][:len(remainder)] == remainder or r["rejected"]  # the remainder first, unless sent back
        expected = 2 if r["round"] <= 15 and not racks.scarce(pool, SPANISH) else 1
        assert r["minimum"] == expected and racks.is_valid(r["rack"], expected, SPANISH)
        assert all(not racks.is_valid(back, expected, SPANISH) for back in r["rejected"])
        plays = LEXICON.plays(board_of(r["board"]), r["rack"])
        d.close_round(JUDGE)
        if not plays:
            d.end("no_play", "the generator finds no play", JUDGE)
            break
        tops = [d.master_text([[p.row, p.col, p.tile.letter, p.tile.blank] for p in play.placements],
                              play.horizontal) for play in plays if play.score == plays[0].score]
        master = d.choose_master(JUDGE, computed=tops, seed=f"{seed}-{r['round']}", lexicon="es-small")
        assert master["score"] == plays[0].score
        d.publish(JUDGE)
        assert tiles_of(d) == Counter(full_bag(SPANISH))
    assert d.ended["cause"] in ("no_play", "vowels_used", "consonants_used", "no_valid_rack")
    assert d.round_no > 1
