"""The move generator and the lexicon on a big word list: compile, load, and every play for duplicate racks.

Run: ``.venv/bin/python bench/bench_generator.py [--list /usr/share/dict/catalan] [--games 6]``.
The list is Debian's ``wcatalan`` (612,509 Catalan forms, GPL-2+: ``apt-get install wcatalan``); the
script says so and stops when it is absent. Nothing in the test suite needs it. It measures, on one
core, in one run:

1. compiling the list (read, spell in tiles, build the DAWG, write it into a data folder:
   ``service.lexicon.library.load_word_list``, what ``planilla lexicon load`` does); target <= 20 s;
2. loading it back from the data folder (``open_lexicon``), best and median of 5; target <= 1 s;
3. the full list of plays (``Lexicon.plays``: every legal play, scored, sorted) for each rack of
   seeded duplicate games: each round completes the previous rack from the bag with the FISC II.3
   rack rule (at least two vowels and two consonants through round 15, one of each from 16, a
   blank counting as either), the top play is placed, and the game ends when no valid rack can be
   drawn or no play remains. Target p95 <= 250 ms, goal median <= 50 ms.
Each figure is printed with its target and the ratio target/figure (above 1: met); no test asserts
on timings.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from domain.board import Board
from domain.tiles import BLANK, CATALAN, VOWELS, full_bag
from service.lexicon.library import load_word_list, open_lexicon

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_LIST = Path("/usr/share/dict/catalan")
COMPILE_TARGET, LOAD_TARGET, P95_TARGET, MEDIAN_GOAL = 20.0, 1.0, 0.250, 0.050


def machine() -> str:
    """Platform, CPUs, Python and the commit measured."""
    try:
        commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return (f"machine: {platform.platform()}, {os.cpu_count()} CPUs, {platform.processor() or platform.machine()}\n"
            f"python: {sys.version.split()[0]} ({platform.python_implementation()})\ncommit: {commit}")


def valid(rack: list[str], round_no: int) -> bool:
    """FISC II.3 / AJS 3.2.4: two vowels and two consonants through round 15, one of each after; blanks are either."""
    need = 2 if round_no <= 15 else 1
    blanks = rack.count(BLANK)
    vowels = sum(1 for t in rack if t in VOWELS)
    consonants = len(rack) - blanks - vowels
    short = max(0, need - vowels) + max(0, need - consonants)
    return short <= blanks


def draw(rng: random.Random, bag: list[str], kept: list[str], round_no: int) -> list[str] | None:
    """Complete ``kept`` to seven from the bag, returning invalid draws and drawing again (at most 100 tries)."""
    for _ in range(100):
        rng.shuffle(bag)
        take = min(7 - len(kept), len(bag))
        rack = kept + bag[:take]
        if valid(rack, round_no):
            del bag[:take]
            return rack
        if len(bag) <= take:  # nothing else could come out: FISC II.6, the game ends
            return None
    return None


def duplicate_games(lexicon, games: int, seed: int) -> tuple[list[float], list[int]]:
    """Seconds and number of plays for each rack of ``games`` seeded duplicate games."""
    times, counts = [], []
    for game in range(games):
        rng = random.Random(f"{seed}-{game}")
        board, bag, kept = Board(), full_bag(CATALAN), []
        for round_no in range(1, 40):
            rack = draw(rng, bag, kept, round_no)
            if rack is None:
                break
            started = time.perf_counter()
            plays = lexicon.plays(board, rack)
            times.append(time.perf_counter() - started)
            counts.append(len(plays))
            if not plays:
                break
            top = plays[0]
            board.place(top.placements)
            kept = list(rack)
            for p in top.placements:
                kept.remove(BLANK if p.tile.blank else p.tile.letter)
    return times, counts


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1), nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def line(label: str, seconds: float, target: float) -> str:
    """A time with its target and the ratio target/time."""
    verdict = "ok" if seconds <= target else "MISSED"
    return f"{label:<46} {seconds * 1000:>9,.1f} ms  target {target * 1000:>7,.0f} ms  ratio {target / seconds:6.2f}  {verdict}"


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--list", type=Path, default=DEFAULT_LIST, help="the word list (default: wcatalan's)")
    parser.add_argument("--games", type=int, default=6, help="seeded duplicate games to play (default 6)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if not args.list.is_file():
        print(f"skipped: {args.list} is missing; install Debian's wcatalan (apt-get install wcatalan) "
              "or give --list FILE (a Catalan word list)")
        return
    print(machine())
    with tempfile.TemporaryDirectory() as data:
        started = time.perf_counter()
        lexicon = load_word_list("bench", args.list, CATALAN, data)
        compiled = time.perf_counter() - started
        size = (Path(data) / "lexicons" / "bench.lexicon").stat().st_size
        print(f"list: {args.list} ({lexicon.entries:,} entries, {lexicon.words:,} words in Catalan tiles, "
              f"{sum(n for _, n in lexicon.skipped):,} skipped); graph {lexicon.dawg.nodes:,} nodes, "
              f"{len(lexicon.dawg.edges):,} edges, {size / 1e6:.1f} MB on disk\n")
        loads = []
        for _ in range(5):
            started = time.perf_counter()
            loaded = open_lexicon("bench", data)
            loads.append(time.perf_counter() - started)
        assert loaded.dawg == lexicon.dawg, "the loaded lexicon differs from the compiled one"
    times, counts = duplicate_games(loaded, args.games, args.seed)
    print(line("1. compile (read, spell, build, write)", compiled, COMPILE_TARGET))
    print(line("2. load from the data folder (median of 5)", statistics.median(loads), LOAD_TARGET))
    print(line("   load from the data folder (best of 5)", min(loads), LOAD_TARGET))
    print(f"\n3. every play for a duplicate rack: {len(times)} racks from {args.games} games, "
          f"{statistics.median(counts):,.0f} plays each (median), {max(counts):,} at most")
    print(line("   p95", percentile(times, 0.95), P95_TARGET))
    print(line("   median (goal)", statistics.median(times), MEDIAN_GOAL))
    print(f"   {'max':<43} {max(times) * 1000:>9,.1f} ms")


if __name__ == "__main__":
    main()
