"""The live public board's fan-out: 64 tablets play while N viewers hold the wall's stream open.

Run: ``.venv/bin/python bench/bench_public_board.py`` (options: ``--viewers 2000``, ``--tablets 64``,
``--seconds 30``, ``--pairs 2``, ``--warmup 10``, ``--think 2.0``, ``--delay 2``, ``--viewer-processes 2``,
``--viewer-priority low|normal``, ``--public-writer process|loop``, ``--store DIR|URL``).

The server is ``planilla serve --no-access-log`` in its own process on 127.0.0.1 (a fresh SQLite data
folder unless ``--store`` names another; ``--public-writer`` passed on), its open-files
limit raised to the hard limit (each viewer is a socket). The director sets the event's broadcast delay
(``PUT /v1/broadcast``). The tablets (this process, bench_http's minimal keep-alive client) play the scripted
games of ``bench/bench_http.py`` at a pace: after each answer a random pause of mean ``--think`` seconds. After a
warm-up (not counted), ``--pairs`` pairs of runs alternate, each run with its own round of 64 new games:
without viewers, then with ``--viewers`` raw SSE clients in ``--viewer-processes`` other processes
(``bench/board_viewers.py``) holding
``/v1/public/wall/stream`` of that round (every table, so every event goes to every viewer), opened before the
round's first game. The viewers' processes run at nice 19 (they stand for devices elsewhere; ``normal`` lets
them compete).

Each viewer counts every frame and checks that the stream's ids run on without a gap (the viewers connect
before the round's games exist, so every frame they get is a live one, numbered on from the first: a frame
missing is a gap; a viewer dropped as too slow is counted); one viewer in ``--sample`` also reads each frame's
``recorded_at`` and takes the delivery latency after the delay: arrival minus (recorded_at + delay). At the end
of each run every viewer must have the last message of the round (the channel's last id, read by one more
viewer opened after the run).

Printed, each with its goal and ratio: delivery latency p50/p99 after the delay (goal p99 <= 500 ms); viewers
with every frame (goal: all); the RSS of the server and its children before and with the viewers, and per
connection; commands/s and command p99 pooled over the runs without and with viewers (goals: commands/s with
viewers within 20 %, the command p99 with viewers <= 15 ms: issue 25, which replaced the p99's 1.2x ratio), and
the p99 ratio pair by pair. The machine is shared and has 2 cores, on which the viewers'
processes run too.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
#: The viewers' processes' script.
VIEWERS = Path(__file__).with_name("board_viewers.py")

from board_viewers import raise_files_limit  # noqa: E402

EVENT = "Bench Final"
P99_GOAL_MS, SLOWDOWN_GOAL = 500.0, 0.20
#: Issue 25: the command p99 with the viewers, absolute (replaces the 1.2x ratio, which two thousand clients on the
#: same two cores cannot show).
COMMAND_P99_GOAL_MS = 15.0


def load_bench_http() -> Any:
    spec = importlib.util.spec_from_file_location("bench_http", ROOT / "bench" / "bench_http.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_http"] = module
    spec.loader.exec_module(module)
    return module


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# ---- the tablets ----------------------------------------------------------------------------------
async def send(conn: Any, method: str, path: str, headers: dict[str, str], body: Any = None) -> tuple[int, bytes]:
    """One request on the tablet's keep-alive connection, opened again when the server closed it while the
    tablet was idle (its keep-alive timeout is shorter than a long pause)."""
    try:
        return await conn.request(method, path, headers, body)
    except (IndexError, ConnectionError, asyncio.IncompleteReadError):
        conn.close()
        conn.reader = conn.writer = None
        return await conn.request(method, path, headers, body)


async def play(http: Any, server: Any, scripts: list[list[Any]], tablets: int, seconds: float, think: float,
               round: int) -> dict[str, Any]:
    latencies: list[float] = []
    errors = 0
    pauses = random.Random(round)
    director = {"Authorization": f"Bearer {server.token}", "X-Device": "bench"}
    games: list[str] = []

    async def tablet(index: int) -> None:
        nonlocal errors
        conn = http.connection(server)
        try:
            status, raw = await send(conn, "POST", "/v1/games", director, {
                "profile": "file-2024", "players": ["Ana", "Bea"], "bag_mode": "replay", "event": EVENT,
                "round": round, "table": index + 1})
            created = json.loads(raw)
            games.append(created["id"])
            version = 1
            tokens = {t["seat"]: {"Authorization": f"Bearer {t['token']}", "X-Device": f"tablet-{index}"}
                      for t in created["tokens"]}
            tokens["director"] = director
            path = f"/v1/games/{created['id']}/commands"
            await asyncio.sleep(pauses.uniform(0, think))  # the tablets do not all start in the same instant
            for sender, body in scripts[index % len(scripts)]:
                if time.perf_counter() >= end:
                    return
                start = time.perf_counter()
                status, raw = await send(conn, "POST", path, tokens[sender], {**body, "expected_version": version})
                took = time.perf_counter() - start
                if status != 200:
                    errors += 1
                    return
                version = json.loads(raw)["version"]
                latencies.append(took)
                await asyncio.sleep(pauses.expovariate(1 / think))
        finally:
            conn.close()

    end = time.perf_counter() + seconds
    began = time.perf_counter()
    await asyncio.gather(*(tablet(i) for i in range(tablets)))
    took = time.perf_counter() - began
    return {"commands": len(latencies), "per_second": len(latencies) / took, "errors": errors, "seconds": took,
            "latencies": latencies,
            "p50_ms": statistics.median(latencies) * 1000 if latencies else float("nan"),
            "p99_ms": percentile(latencies, 99) * 1000}


def last_id(url: str, path: str) -> int | None:
    """The channel's last message id, as a newcomer is told it (the id of the tables it is sent first)."""
    import httpx

    with httpx.stream("GET", url + path, timeout=10) as r:
        for line in r.iter_lines():
            if line.startswith("id: "):
                return int(line[4:])
    return None


def ratio(figure: float, goal: float, lower_is_better: bool) -> str:
    value = figure / goal
    ok = value <= 1 if lower_is_better else value >= 1
    return f"{value:.2f} {'ok' if ok else 'MISSED'}"


def family_rss_mb(server: Any) -> float:
    """The resident memory of the server and its children (its projector and its public streams' writer)."""
    total = 0.0
    for pid, _, _ in server.family():
        try:
            total += rss_mb(pid)
        except OSError:
            continue
    return total


def family_cpu(server: Any) -> dict[str, float]:
    """CPU seconds so far of the server (``server``) and of each child, named by what it runs (``projector``,
    ``writer``: the public streams' writer process)."""
    found: dict[str, float] = {}
    for pid, fields, argv in server.family():
        name = ("server" if pid == server.proc.pid else "writer" if b"service.api.streams.writer" in argv
                else "projector" if b"follow" in argv else "other")
        found[name] = found.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def open_viewers(server: Any, path: str, args: argparse.Namespace) -> list[subprocess.Popen]:
    """``--viewers`` streams of ``path`` in ``--viewer-processes`` processes, every one open before this returns."""
    share = [args.viewers // args.viewer_processes + (i < args.viewers % args.viewer_processes)
             for i in range(args.viewer_processes)]
    children = [subprocess.Popen(
        [sys.executable, str(VIEWERS), server.url, path, str(count), "--sample", str(args.sample),
         "--delay", str(args.delay)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        preexec_fn=PRIORITY[args.viewer_priority]) for count in share]
    opened = time.perf_counter()
    for child in children:
        line = child.stdout.readline()
        if line.strip() != "connected":
            raise RuntimeError(f"a viewers' process failed: {line!r}")
    print(f"  {args.viewers} viewers connected in {time.perf_counter() - opened:.1f} s", flush=True)
    return children


def close_viewers(children: list[subprocess.Popen]) -> list[dict[str, Any]]:
    reports = []
    for child in children:
        child.stdin.write("\n")
        child.stdin.flush()
        reports.append(json.loads(child.stdout.readline()))
        child.wait(30)
    return reports


PRIORITY = {
    "low": lambda: os.nice(19),
    "normal": None,
}


def percentile(values: list[float], k: int) -> float:
    return statistics.quantiles(values, n=100)[k - 1] if len(values) > 100 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--viewers", type=int, default=2000)
    parser.add_argument("--viewer-processes", type=int, default=2)
    parser.add_argument("--viewer-priority", choices=("low", "normal"), default="low", help=(
        "the viewers' processes' CPU priority: low (nice 19: they stand for devices elsewhere) or normal"))
    parser.add_argument("--tablets", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pairs", type=int, default=2, help="runs without and with viewers, alternating")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play first, not counted")
    parser.add_argument("--think", type=float, default=2.0, help="mean pause after each answer, seconds")
    parser.add_argument("--delay", type=int, default=2, help="the event's broadcast delay, seconds")
    parser.add_argument("--sample", type=int, default=10, help="one viewer in this many times each frame")
    parser.add_argument("--store", default=None, help="a data folder or database URL (default: a fresh folder)")
    parser.add_argument("--public-writer", choices=("process", "loop"), default="process",
                        help="planilla serve --public-writer: the writer process (default) or the server's own loop")
    args = parser.parse_args()
    limit = raise_files_limit()
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass

    http = load_bench_http()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    print(f"{platform.platform()} · {os.cpu_count()} CPUs · Python {platform.python_version()} · commit "
          f"{commit.stdout.strip()} · open files limit {limit} · load average {os.getloadavg()[0]:.1f}")
    print(f"{args.tablets} tablets (think {args.think} s), {args.viewers} viewers in {args.viewer_processes} "
          f"processes ({args.viewer_priority} priority), public writer: {args.public_writer}, delay {args.delay} s; "
          f"{args.warmup:g} s warm-up, then {args.pairs} "
          f"pairs of {args.seconds:g} s runs without / with viewers")
    scripts = [http.scripted_game(seed) for seed in range(8)]
    runs: dict[str, list[dict[str, Any]]] = {"without": [], "with": []}
    reports: list[dict[str, Any]] = []
    finals: list[int | None] = []
    rss: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        server = http.Server(args.store or str(Path(folder) / "data"), ("--public-writer", args.public_writer))
        try:
            import httpx

            httpx.put(f"{server.url}/v1/broadcast", headers={"Authorization": f"Bearer {server.token}"}, json={
                "event": EVENT, "delay_seconds": args.delay, "reason": "bench"}).raise_for_status()
            round = 1
            if args.warmup > 0:
                asyncio.run(play(http, server, scripts, args.tablets, args.warmup, args.think, round))
                round += 1
            for pair in range(args.pairs):
                for kind in ("without", "with"):
                    round += 1
                    path = f"/v1/public/wall/stream?event={EVENT.replace(' ', '%20')}&round={round}"
                    time.sleep(args.delay + 1)  # the last run's frames are out
                    before = family_rss_mb(server)
                    children = open_viewers(server, path, args) if kind == "with" else []
                    during = family_rss_mb(server)
                    cpu, parts = server.cpu_seconds(), family_cpu(server)
                    run = asyncio.run(play(http, server, scripts, args.tablets, args.seconds, args.think, round))
                    run["cpu"] = (server.cpu_seconds() - cpu) / run["seconds"]
                    run["parts"] = {k: (v - parts.get(k, 0.0)) / run["seconds"]
                                    for k, v in family_cpu(server).items()}
                    runs[kind].append(run)
                    shares = ", ".join(f"{k} {v:.2f}" for k, v in sorted(run["parts"].items()))
                    print(f"  pair {pair + 1} {kind:7} viewers: {run['commands']} commands, {run['per_second']:.1f}/s, "
                          f"p50 {run['p50_ms']:.1f} ms, p99 {run['p99_ms']:.1f} ms, {run['errors']} errors, "
                          f"CPU (cores) {shares}; load average {os.getloadavg()[0]:.1f}", flush=True)
                    if children:
                        rss.append((before, during))
                        time.sleep(args.delay + 1.0)  # the last frames' delay, and a tick
                        finals.append(last_id(server.url, path))
                        reports.append({"final": finals[-1], "reports": close_viewers(children)})
            rss_peak = server.peak_memory_mb()
        finally:
            server.stop()
    report(args, runs, reports, rss, rss_peak)


def report(args: argparse.Namespace, runs: dict[str, list[dict[str, Any]]], reports: list[dict[str, Any]],
           rss: list[tuple[float, float]], rss_peak: float) -> None:
    lasts_ok, expected, gaps, closed, frames = 0, 0, 0, 0, []
    latencies: list[float] = []
    for run in reports:
        for r in run["reports"]:
            lasts_ok += sum(1 for x in r["last"] if x == run["final"])
            expected += len(r["last"])
            gaps += r["gaps"]
            closed += r["closed"]
            frames += r["frames"]
            latencies += r["latencies"]
    latencies.sort()
    print()
    print(f"{'':44} {'figure':>14} {'goal':>10} {'ratio':>12}")
    if latencies:
        p50, p99 = percentile(latencies, 50) * 1000, percentile(latencies, 99) * 1000
        p90 = statistics.quantiles(latencies, n=10)[8] * 1000
        within = sum(1 for x in latencies if x <= P99_GOAL_MS / 1000) / len(latencies)
        print(f"{'delivery after the delay, p50 / p90 (ms)':44} {p50:7.0f} / {p90:4.0f}   "
              f"({within:.1%} within {P99_GOAL_MS:.0f} ms, max {latencies[-1] * 1000:.0f} ms)")
        print(f"{'delivery after the delay, p99 (ms)':44} {p99:14.0f} {P99_GOAL_MS:10.0f} "
              f"{ratio(p99, P99_GOAL_MS, True):>12}   ({len(latencies)} frames timed)")
    print(f"{'viewers with every frame to the last':44} {lasts_ok:14d} {expected:10d} "
          f"{ratio(lasts_ok, max(expected, 1), False):>12}   (over {len(reports)} runs; gaps {gaps}, dropped {closed})")
    if frames:
        print(f"{'frames received per viewer (median)':44} {statistics.median(frames):14.0f}")
    if rss:
        before, during = rss[0]
        per = (during - before) * 1024 / max(args.viewers, 1)
        print(f"{'server + children RSS without / with (MB)':44} {before:7.0f} / {during:4.0f}   "
              f"server's own peak {rss_peak:.0f}")
        print(f"{'memory per connection (KB)':44} {per:14.1f}")
    pooled = {}
    for kind in ("without", "with"):
        latencies_kind = sorted(x for run in runs[kind] for x in run["latencies"])
        seconds = sum(run["seconds"] for run in runs[kind])
        pooled[kind] = {"per_second": len(latencies_kind) / seconds if seconds else float("nan"),
                        "p50": percentile(latencies_kind, 50) * 1000, "p99": percentile(latencies_kind, 99) * 1000,
                        "n": len(latencies_kind), "errors": sum(run["errors"] for run in runs[kind]),
                        "cpu": statistics.mean(run["cpu"] for run in runs[kind]) if runs[kind] else float("nan")}
        run = pooled[kind]
        print(f"{'commands/s ' + kind + ' viewers (pooled)':44} {run['per_second']:14.1f}   p50 {run['p50']:.1f} ms, "
              f"p99 {run['p99']:.1f} ms over {run['n']} commands, {run['errors']} errors; server CPU "
              f"{run['cpu']:.2f} core")
    slow = pooled["with"]["per_second"] / pooled["without"]["per_second"]
    print(f"{'commands/s with / without':44} {slow:14.2f} {1 - SLOWDOWN_GOAL:10.2f} "
          f"{ratio(slow, 1 - SLOWDOWN_GOAL, False):>12}")
    with_p99 = pooled["with"]["p99"]
    print(f"{'command p99 with viewers (ms)':44} {with_p99:14.1f} {COMMAND_P99_GOAL_MS:10.0f} "
          f"{ratio(with_p99, COMMAND_P99_GOAL_MS, True):>12}")
    grow = with_p99 / pooled["without"]["p99"]
    print(f"{'command p99 with / without (was a goal: 1.2)':44} {grow:14.2f}")
    pairs = [w["p99_ms"] / o["p99_ms"] for o, w in zip(runs["without"], runs["with"])]
    print(f"{'  the same, pair by pair':44} {' / '.join(f'{x:.2f}' for x in pairs):>14}")


if __name__ == "__main__":
    main()
