"""``planilla gcg verify``'s quick path (``service.gcg.quick``) against the full replay (``service.gcg.verify``).

The quick path only ever says "this file adds up": every score (FILE 12-19), running total, withdrawal
(FILE 38), pass and exchange (FILE 25, 26), end line (FILE 44; FISC I.8), rack, word and square checked as
the full replay checks them; at the first line it cannot vouch for, it hands the file to the full replay.
So a file it vouches for must be one the full replay finds nothing wrong with, with the same plays and tile
set; and the reports, hence ``--json``, are the same whichever path made them. Checked on every GCG file of
the corpus and of tests/data, and on thousands of copies altered one line at a time.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domain.tiles import get_tileset
from service.gcg.quick import check_file, quick_verify
from service.gcg.reader import parse_gcg
from service.gcg.tilesets import tileset_name
from service.gcg.verify import verify_file, verify_game

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT.parent / "shared" / "corpus" / "gcg").glob("*.gcg")) + sorted((ROOT / "tests" / "data").glob("*.gcg"))


def full(text: str, tiles: str | None = None, end_factor: int | None = None):
    game = parse_gcg(text)
    name = tiles or tileset_name(game)
    return name, verify_game(game, get_tileset(name), end_factor)


def agree(text: str, tiles: str | None = None, end_factor: int | None = None) -> bool:
    """Assert the quick path vouches only for files the full replay finds right; True when it vouched."""
    quick = quick_verify(text.encode("utf-8"), tiles, end_factor)
    if quick is None:
        return False
    name, replay = full(text, tiles, end_factor)
    assert replay.problems == [], text
    assert quick == (name, replay.plays)
    return True


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_file_gives_the_full_replays_report(path: Path):
    assert check_file(path).to_dict() == verify_file(path).to_dict()
    assert check_file(path, "spanish", 2).to_dict() == verify_file(path, "spanish", 2).to_dict()


def test_the_games_that_add_up_take_the_quick_path():
    vouched = [p.name for p in FILES if quick_verify(p.read_bytes()) is not None]
    clean = [p.name for p in FILES if not verify_file(p).problems]
    assert vouched == clean and len(vouched) >= 20


def alter(line: str, rng: random.Random) -> str:
    """One small change of a line: a digit, a letter, a case, a sign, a field dropped or doubled."""
    if not line:
        return rng.choice(["x", "#", ">"])
    i = rng.randrange(len(line))
    ch = line[i]
    choice = rng.randrange(6)
    if choice == 0 and ch.isdigit():
        return line[:i] + str((int(ch) + rng.randrange(1, 10)) % 10) + line[i + 1:]
    if choice == 1 and ch.isalpha():
        return line[:i] + (ch.lower() if ch.isupper() else ch.upper()) + line[i + 1:]
    if choice == 2:
        return line[:i] + rng.choice("AEIOSTRLNZQ?.-+()[]·") + line[i + 1:]
    if choice == 3:
        fields = line.split(" ")
        del fields[rng.randrange(len(fields))]
        return " ".join(fields)
    if choice == 4:
        fields = line.split(" ")
        j = rng.randrange(len(fields))
        return " ".join(fields[: j + 1] + fields[j:])
    return line[:i] + line[i + 1:]


def test_altered_files_are_vouched_for_only_when_the_full_replay_agrees():
    rng = random.Random(2026)
    vouched = refused = 0
    for path in FILES:
        lines = path.read_bytes().decode("utf-8", "replace").split("\n")
        for _ in range(60):
            changed = list(lines)
            k = rng.randrange(len(changed))
            if rng.random() < 0.15 and len(changed) > 2:  # lines swapped or dropped
                j = rng.randrange(len(changed))
                changed[k], changed[j] = changed[j], changed[k]
                if rng.random() < 0.5:
                    del changed[j]
            else:
                changed[k] = alter(changed[k], rng)
            if agree("\n".join(changed)):
                vouched += 1
            else:
                refused += 1
    assert vouched > 200 and refused > 500  # both paths were taken, many times


def test_overridden_tile_set_and_end_factor_are_those_of_the_full_replay():
    for path in FILES:
        text = path.read_bytes().decode("utf-8", "replace")
        for tiles in ("english", "spanish", "catalan"):
            for factor in (None, 0, 1, 2):
                agree(text, tiles, factor)
