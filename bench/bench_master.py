"""The computed master through the HTTP API on Debian's Catalan list, and the server's memory after it.

Run: ``.venv/bin/python bench/bench_master.py`` (options: ``--masters 1000``, ``--list FILE``, ``--players 5``).

Needs Debian's ``wcatalan`` (``apt-get install wcatalan``: ``/usr/share/dict/catalan``); without it the
script says so and stops. It compiles the list once into a temporary data folder (``load_word_list``,
what ``planilla lexicon load`` does), starts ``planilla serve --data`` on it (``bench_http.Server``), and
plays duplicate games (FISC 2023, racks drawn by the service from a published seed, so every run plays the
same rounds) through the API: each round is started, closed with no slip, given its computed master
(``POST /v1/duplicates/{id}/rounds/{n}/master`` with ``computed`` and the lexicon's name: the only call
timed) and published; a new game starts when one ends, until ``--masters`` masters are done. Then:

1. the master's latency through the API, median and p95, against 15 ms and 60 ms;
2. the same masters in this process, the lexicon opened once (``Lexicon.plays`` on the same boards and
   racks, the same tie break left out): what the API adds;
3. the server's resident memory (VmRSS) before the first master, after the first, after every 200th and
   at the end, against 200 MB after 1,000 masters, with its peak (VmHWM).
No test asserts on timings; this script prints MISSED when a target is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_http import Server  # noqa: E402
from bench_scoring import machine  # noqa: E402

from domain.board import Board  # noqa: E402
from domain.notation import parse_word  # noqa: E402
from domain.tiles import CATALAN  # noqa: E402
from service.lexicon.library import load_word_list, open_lexicon  # noqa: E402

LIST = Path("/usr/share/dict/catalan")
NAME = "disc-wcatalan"
MEDIAN_TARGET_MS, P95_TARGET_MS, MEMORY_TARGET_MB = 15.0, 60.0, 200.0


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """A process's resident memory (``VmRSS``) or its peak (``VmHWM``), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(server: Server, masters: int, players: int) -> tuple[list[float], list[tuple[int, float]], list[tuple]]:
    """Play rounds until ``masters`` computed masters; their latencies (s), the memory along the way, and
    each master's position (board, rack) for the in-process comparison."""
    director = {"Authorization": f"Bearer {server.token}", "X-Device": "bench"}
    latencies: list[float] = []
    memory = [(0, rss_mb(server.proc.pid))]
    positions: list[tuple] = []
    game = 0
    with httpx.Client(base_url=server.url, headers=director, timeout=60) as client:
        def post(path: str, body: dict) -> dict:
            r = client.post(path, json=body)
            if r.status_code not in (200, 201):
                raise RuntimeError(f"{path}: {r.status_code} {r.text}")
            return r.json()

        while len(latencies) < masters:
            game += 1
            created = post("/v1/duplicates", {"profile": "fisc-2023", "players": [f"P{i}" for i in range(players)],
                                              "seed": f"bench-master-{game}"})
            base = f"/v1/duplicates/{created['id']}"
            round_no = 0
            while len(latencies) < masters:
                started = post(f"{base}/rounds", {})["result"]
                if started["ended"]:
                    break
                round_no = started["round"]
                post(f"{base}/rounds/{round_no}/close", {})
                view = client.get(base).json()
                positions.append((view["board"], view["rack"]))
                start = time.perf_counter()
                post(f"{base}/rounds/{round_no}/master", {"computed": True, "lexicon": NAME})
                latencies.append(time.perf_counter() - start)
                post(f"{base}/rounds/{round_no}/publish", {})
                if len(latencies) == 1 or len(latencies) % 200 == 0:
                    memory.append((len(latencies), rss_mb(server.proc.pid)))
    if memory[-1][0] != len(latencies):
        memory.append((len(latencies), rss_mb(server.proc.pid)))
    print(f"   {game} games played, {len(latencies)} masters")
    return latencies, memory, positions


def in_process(data: str, positions: list[tuple]) -> tuple[list[float], list[float]]:
    """The generator alone on the same positions, the lexicon opened once: the master's candidates only (the
    plays of the best score, ``Lexicon.tops``, what the API runs) and every play (``Lexicon.plays``), in turn."""
    lexicon = open_lexicon(NAME, data)
    tops, every = [], []
    for board, rack in positions:
        b = Board(t.tile for row in board for t in parse_word(row, CATALAN))  # the view's rows, '.' empty
        start = time.perf_counter()
        lexicon.tops(b, rack)
        tops.append(time.perf_counter() - start)
        start = time.perf_counter()
        lexicon.plays(b, rack)
        every.append(time.perf_counter() - start)
    return tops, every


def verdict(figure: float, target: float) -> str:
    return f"target {target:>6,.0f}  ratio target/figure {target / figure:5.2f}  {'ok' if figure <= target else 'MISSED'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--masters", type=int, default=1000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--list", type=Path, default=LIST)
    args = parser.parse_args()
    if not args.list.is_file():
        sys.exit(f"{args.list} is missing: apt-get install wcatalan (Debian's Catalan word list)")
    print(machine())
    with tempfile.TemporaryDirectory() as data:
        start = time.perf_counter()
        lexicon = load_word_list(NAME, args.list, CATALAN, data)
        print(f"list: {args.list} ({lexicon.entries:,} entries, {lexicon.words:,} words), compiled in "
              f"{time.perf_counter() - start:.1f} s\n")
        server = Server(data)
        try:
            latencies, memory, positions = run(server, args.masters, args.players)
            peak = rss_mb(server.proc.pid, "VmHWM")
        finally:
            server.stop()
        local = in_process(data, positions)
    ms = [t * 1000 for t in latencies]
    median, p95 = statistics.median(ms), percentile(ms, 0.95)
    print(f"1. computed master through the API, {len(ms)} masters (ms):")
    print(f"   median {median:8.1f}   {verdict(median, MEDIAN_TARGET_MS)}")
    print(f"   p95    {p95:8.1f}   {verdict(p95, P95_TARGET_MS)}")
    print(f"   first {ms[0]:.1f}, max {max(ms):.1f}")
    lm, em = ([t * 1000 for t in times] for times in local)
    print(f"2. the generator alone in this process, same positions: the best plays (what the API runs) median "
          f"{statistics.median(lm):.1f} ms, p95 {percentile(lm, 0.95):.1f} ms; the API adds "
          f"{median - statistics.median(lm):.1f} ms at the median; every play listed: median {statistics.median(em):.1f} ms, "
          f"p95 {percentile(em, 0.95):.1f} ms")
    print("3. the server's resident memory (MB) after n masters:")
    for n, mb in memory:
        print(f"   {n:>5}  {mb:7.1f}")
    print(f"   at the end {memory[-1][1]:.1f} MB   {verdict(memory[-1][1], MEMORY_TARGET_MB)}; peak {peak:.1f} MB")


if __name__ == "__main__":
    main()
