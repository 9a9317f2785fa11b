"""Tournament pairing and standings for a 300-player, 11-round open (issue 17's goals).

Run: ``.venv/bin/python bench/bench_tournament.py``. It plays a whole Swiss open through the
Tournament aggregate (no store: the domain's own cost), with seeded results, once under each rules
(AJS: Swiss by score groups' halves; FISC: the nearest-ranked opponent), and prints per round:

1. drafting the round's pairing from the events before it (standings, history, the Swiss search);
   goal <= 1 s;
2. the standings after one more result is recorded (the table a public screen reads);
   goal <= 100 ms.
The figures are the median and the worst over the rounds, and their ratio to the goal (<= 1 is met).
No test asserts on timings.
"""

from __future__ import annotations

import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.game.meta import Meta  # noqa: E402
from domain.tournament.aggregate import Tournament  # noqa: E402

PLAYERS, ROUNDS = 300, 11
PAIRING_GOAL, STANDINGS_GOAL = 1.0, 0.100
META = Meta("director:bench", None, "2025-05-01T09:00:00.000Z")


def main() -> None:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, commit {commit}")
    for rules in ("ajs-2012", "fisc-2023"):
        run(rules)


def run(rules: str) -> None:
    rng = random.Random(2025)
    t = Tournament.create("Open", rules, rules, ROUNDS, META)
    for i in range(PLAYERS):
        t.register(f"Player {i:03d}", META, rating=rng.randint(1200, 2200))
    pairing, standing = [], []
    for round_no in range(1, ROUNDS + 1):
        start = time.perf_counter()
        tables = t.draft(round_no, META)
        pairing.append(time.perf_counter() - start)
        t.publish(round_no, {p.table: f"g{round_no}-{p.table}" for p in tables if p.second}, META)
        played = [p for p in tables if p.second]
        for p in played[:-1]:
            t.record_game(f"g{round_no}-{p.table}", 40, [rng.randint(300, 500), rng.randint(300, 500)], [0, 0], META)
        last = played[-1]
        t.record_game(f"g{round_no}-{last.table}", 40, [400, 380], [1, 0], META)
        start = time.perf_counter()
        t.standings()
        standing.append(time.perf_counter() - start)
    for name, figures, goal in (("pairing a round", pairing, PAIRING_GOAL),
                                ("standings after a result", standing, STANDINGS_GOAL)):
        median, worst = statistics.median(figures), max(figures)
        verdict = "met" if worst <= goal else "MISSED"
        print(f"{rules}: {name}: median {median * 1000:.1f} ms, worst {worst * 1000:.1f} ms; goal {goal * 1000:.0f} ms; "
              f"worst/goal {worst / goal:.2f} ({verdict})")


if __name__ == "__main__":
    main()
