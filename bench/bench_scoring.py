"""Scoring speed from real positions, and ``planilla gcg verify`` over a thousand files.

Run: ``.venv/bin/python bench/bench_scoring.py``. It measures, in one run (the machine is noisy, so
figures are compared as ratios within the run):

1. plays resolved, validated and scored per second on one core (``domain.scoring.evaluate_play``),
   from the position before every play of the corpus games (../shared/corpus/gcg) and of
   tests/data; target 50,000 plays/s;
2. ``planilla gcg verify`` over 1,000 files in one call (copies of those games in a temporary
   folder), wall time with start-up, through a subprocess; target 1,000 games/s;
3. a deliberately plain scorer (a dict board, premiums looked up by name, no validation) replaying
   the same games next to the engine, in this process, in CPU time, taking turns: the ratio
   engine/plain, target 1 (at least as fast), goal 2 (issue 18);
4. side by side, start-up included: ``planilla gcg verify`` and ``bench/plain_scorer.py`` (the same
   plain scorer as a stand-alone script that reads the GCG files itself) over the same 1,000 files,
   taking turns, 5 calls each; the ratio of their speeds by the children's CPU time and by wall
   time, target 1, goal 2. Before 2. and 4. the package's modules are compiled to bytecode (``compileall``, as
   ``pip install`` does for a wheel): an editable install compiles nothing, and where ``PYTHONDONTWRITEBYTECODE``
   is set (this workplace's machines) every call would compile ``verify``'s modules again, about 40 ms of a
   300 ms call, which no installed copy pays.
No test asserts on timings; this script prints MISSED when a target is missed.
"""

from __future__ import annotations

import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from domain.board import Board
from domain.errors import DomainError
from domain.move import Coordinate
from domain.notation import parse_word
from domain.scoring import evaluate_play
from domain.tiles import get_tileset
from service.gcg.tilesets import tileset_name
from service.gcg.reader import read_gcg
from service.gcg.model import PLAY, WITHDRAWN
from service.gcg.verify import Replay

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT.parent / "shared" / "corpus" / "gcg", ROOT / "tests" / "data"]
PLAYS_TARGET, GAMES_TARGET, ISSUE_BASELINE = 50_000, 1_000, 1_500
RATIO_TARGET, RATIO_GOAL = 1.0, 2.0  # issue 18: the engine at least as fast as a plain scorer; goal twice
FILES = 1_000


def machine() -> str:
    """Platform, CPUs, Python and the commit measured."""
    try:
        commit = subprocess.run(
            ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return (
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, {platform.processor() or platform.machine()}\n"
        f"python: {sys.version.split()[0]} ({platform.python_implementation()})\ncommit: {commit}"
    )


def load_games() -> tuple[list[Path], list[tuple[object, list[tuple]]]]:
    """Every readable game, and for each its tile set and its plays and withdrawals, already parsed."""
    paths = [p for folder in SOURCES if folder.is_dir() for p in sorted(folder.glob("*.gcg"))]
    games = []
    for path in paths:
        game = read_gcg(path)
        tileset = get_tileset(tileset_name(game))
        ops = []
        for event in game.events:
            if event.kind == PLAY:
                try:
                    ops.append(("play", Coordinate.parse_gcg(event.position), parse_word(event.word, tileset)))
                except DomainError:
                    break
            elif event.kind == WITHDRAWN:
                ops.append(("withdraw",))
        games.append((tileset, ops))
    return paths, games


def positions(games) -> list[tuple]:
    """(board before, coordinate, word, tile set) for every play the engine accepts."""
    out = []
    for tileset, ops in games:
        board, last = Board(), ()
        for op in ops:
            if op[0] == "withdraw":
                board.remove(last)
                continue
            try:
                result = evaluate_play(board, op[1], op[2], tileset)
            except DomainError:
                break
            out.append((board.copy(), op[1], op[2], tileset))
            board.place(result.placements)
            last = result.placements
    return out


def plays_per_second(items: list[tuple], seconds: float = 2.0) -> float:
    """How many evaluate_play calls a second, cycling over the positions for about ``seconds``."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for board, coord, word, tileset in items:
            evaluate_play(board, coord, word, tileset)
        done += len(items)
    return done / (time.perf_counter() - start)


# --- the plain baseline: a dict board, premiums by square name, written as simply as possible ---
PREMIUM_SPEC = {
    "TW": "A1 H1 O1 A8 O8 A15 H15 O15",
    "DW": "B2 N2 C3 M3 D4 L4 E5 K5 H8 E11 K11 D12 L12 C13 M13 B14 N14",
    "TL": "F2 J2 B6 F6 J6 N6 B10 F10 J10 N10 F14 J14",
    "DL": "D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 C9 G9 I9 M9 A12 H12 O12 G13 I13 D15 L15",
}
PREMIUMS = {
    (int(name[1:]) - 1, "ABCDEFGHIJKLMNO".index(name[0])): kind
    for kind, names in PREMIUM_SPEC.items()
    for name in names.split()
}


def plain_word_score(board, new, square, step, points):
    """Score the word through ``square`` along ``step``; 0 when it is a single letter."""
    r, c = square
    while (r - step[0], c - step[1]) in board or (r - step[0], c - step[1]) in new:
        r, c = r - step[0], c - step[1]
    total, multiplier, length = 0, 1, 0
    while (r, c) in board or (r, c) in new:
        letter, blank = board[(r, c)] if (r, c) in board else new[(r, c)]
        value = 0 if blank else points[letter]
        if (r, c) in new:
            kind = PREMIUMS.get((r, c))
            if kind == "DL":
                value *= 2
            elif kind == "TL":
                value *= 3
            elif kind == "DW":
                multiplier *= 2
            elif kind == "TW":
                multiplier *= 3
        total += value
        length += 1
        r, c = r + step[0], c + step[1]
    return total * multiplier if length > 1 else 0


def plain_play(board, coord, word, points):
    """Put a written word on a dict board and return (score, new squares)."""
    step = (0, 1) if coord.horizontal else (1, 0)
    new = {}
    for i, (tile, _) in enumerate(word):
        square = (coord.row + step[0] * i, coord.col + step[1] * i)
        if square not in board:
            new[square] = (tile.letter, tile.blank)
    first = next(iter(new))
    score = plain_word_score(board, new, first, step, points)
    for square in new:
        score += plain_word_score(board, new, square, (step[1], step[0]), points)
    if len(new) == 7:
        score += 50
    board.update(new)
    return score, new


def replay_engine(games) -> int:
    """Replay every game with the engine; the sum of all scores (to compare with the baseline)."""
    total = 0
    for tileset, ops in games:
        board, last = Board(), ()
        for op in ops:
            if op[0] == "withdraw":
                board.remove(last)
                continue
            result = evaluate_play(board, op[1], op[2], tileset)
            board.place(result.placements)
            last, total = result.placements, total + result.score
    return total


def replay_plain(games) -> int:
    """Replay every game with the plain scorer; the sum of all scores."""
    total = 0
    for tileset, ops in games:
        board, last, points = {}, {}, tileset.points
        for op in ops:
            if op[0] == "withdraw":
                for square in last:
                    del board[square]
                continue
            score, last = plain_play(board, op[1], op[2], points)
            total += score
    return total


def games_per_second(replay, games, seconds: float = 2.0) -> float:
    """Whole games replayed a second by ``replay``."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        replay(games)
        done += len(games)
    return done / (time.perf_counter() - start)


def cpu_games_per_second(replays: dict, games, rounds: int = 15) -> dict[str, float]:
    """Games a second of this process's CPU time for each scorer, taking turns round by round.

    CPU time, not wall time, and turns rather than one block each, so that other work on a shared
    machine weighs the same on both: the best round of each is kept.
    """
    best = {name: float("inf") for name in replays}
    for _ in range(rounds):
        for name, replay in replays.items():
            start = time.process_time()
            for _ in range(5):
                replay(games)
            best[name] = min(best[name], (time.process_time() - start) / 5)
    return {name: len(games) / seconds for name, seconds in best.items()}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_games_per_second(paths: list[Path], runs: int = 5) -> dict[str, dict[str, float]]:
    """``planilla gcg verify`` and the plain script over FILES copies, one call each, taking turns.

    Returns, for each, games/s by the median and the best wall time, and by the median CPU time of
    the child process (start-up included in all three).
    """
    import compileall

    for package in ("domain", "service", "projections"):
        compileall.compile_dir(ROOT / package, quiet=1)
    script = Path(sys.executable).with_name("planilla")
    verify = [str(script)] if script.exists() else [sys.executable, "-m", "service.cli"]
    commands = {"verify": verify + ["gcg", "verify"], "plain": [sys.executable, str(ROOT / "bench" / "plain_scorer.py")]}
    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for i in range(FILES):
            name = f"g{i:04d}.gcg"
            shutil.copy(paths[i % len(paths)], Path(tmp) / name)
            names.append(name)
        wall: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, command in commands.items():
                start, start_cpu = time.perf_counter(), _children_cpu()
                subprocess.run(command + names, cwd=tmp, capture_output=True, check=False)
                wall[name].append(time.perf_counter() - start)
                cpu[name].append(_children_cpu() - start_cpu)
    return {
        name: {"median": FILES / statistics.median(wall[name]), "best": FILES / min(wall[name]),
               "cpu": FILES / statistics.median(cpu[name])}
        for name in commands
    }


def line(label: str, figure: float, target: float, unit: str) -> str:
    """A figure with its target and the ratio figure/target."""
    verdict = "ok" if figure >= target else "MISSED"
    return f"{label:<44} {figure:>10,.0f} {unit:<8} target {target:>7,} {unit:<8} ratio {figure / target:5.2f}  {verdict}"


def main() -> None:
    """Measure and print."""
    print(machine())
    paths, games = load_games()
    items = positions(games)
    print(f"data: {len(paths)} games, {len(items)} plays ({', '.join(str(s) for s in SOURCES if s.is_dir())})\n")
    engine_sum, plain_sum = replay_engine(games), replay_plain(games)
    assert engine_sum == plain_sum, f"the scorers disagree: engine {engine_sum}, plain {plain_sum}"
    print(line("1. plays resolved+validated+scored, 1 core", plays_per_second(items), PLAYS_TARGET, "plays/s"))
    cli = cli_games_per_second(paths)
    median, best = cli["verify"]["median"], cli["verify"]["best"]
    print(line(f"2. planilla gcg verify, {FILES} files (median)", median, GAMES_TARGET, "games/s"))
    print(line(f"   planilla gcg verify, {FILES} files (best)", best, GAMES_TARGET, "games/s"))
    rates = cpu_games_per_second({"engine": replay_engine, "plain": replay_plain}, games)
    engine, plain = rates["engine"], rates["plain"]
    print(f"\n3. replaying the same games (parsed, scoring only), both scorers agree on {engine_sum:,} points;")
    print("   games a second of CPU time, the best of 15 turns each:")
    print(f"   engine (resolve+validate+score) {engine:>10,.0f} games/s")
    print(f"   plain dict-board scorer          {plain:>10,.0f} games/s (no validation)")
    print(ratio("   ratio engine/plain", engine / plain))
    print(f"\n4. side by side over the same {FILES} files, start-up included, 5 calls each taking turns:")
    for name, label in (("verify", "planilla gcg verify"), ("plain", "bench/plain_scorer.py")):
        c = cli[name]
        print(f"   {label:<22} wall {c['median']:>7,.0f} games/s (best {c['best']:,.0f}); CPU {c['cpu']:>7,.0f} games/s")
    print(ratio("   ratio verify/plain, CPU", cli["verify"]["cpu"] / cli["plain"]["cpu"]))
    print(ratio("   ratio verify/plain, wall", median / cli["plain"]["median"]))
    print(f"   planilla gcg verify (median) / the issue's plain {ISSUE_BASELINE:,} games/s: {median / ISSUE_BASELINE:.2f}")


def ratio(label: str, value: float) -> str:
    """A speed ratio against issue 18's target (1: at least as fast) and goal (2)."""
    verdict = "goal met" if value >= RATIO_GOAL else "target met" if value >= RATIO_TARGET else "MISSED"
    return f"{label:<33}{value:10.2f}  target {RATIO_TARGET:.0f}, goal {RATIO_GOAL:.0f}  {verdict}"


if __name__ == "__main__":
    main()
