"""Many tablets playing at once through the HTTP API, next to a no-op endpoint of the same app.

Run: ``.venv/bin/python bench/bench_http.py`` (options: ``--seconds``, ``--levels``, ``--stores``, ``--rounds``,
``--paced-seconds``: 30 shows the rare stalls behind a paced p99.9).

The server is ``planilla serve --no-access-log`` in its own process on 127.0.0.1 (a fresh SQLite
data folder, then a throwaway PostgreSQL database at 127.0.0.1:5432, skipped when unreachable);
this process is the load generator (asyncio, one keep-alive connection per tablet). Each *tablet* is a closed loop: it creates a
game (not timed), then sends that game's commands one after another, each as soon as the last
one answered, timing every command, and starts another game when one is over.

The commands are whole 60-turn games worked out beforehand by the bot of
tests/application/script.py on an in-memory store, then sent to the server with a ``replay`` bag
(every tile given), so no play has to be searched for during the run: plays, acceptances, draws,
challenges and rulings, exchanges, passes, the end and both signatures, as the bot played them
(``bench/scripted_games.py``; the server in its own process: ``bench/planilla_server.py``).

Baselines under the same load and client: ``GET /v1/noop`` (a sync route in the thread pool: like a
command, it leaves the event loop for a thread) and ``GET /v1/noop-async`` (on the event loop);
neither is in the contract. Goals at 64 tablets (issue 25): commands/s >= 85% of the sync no-op's
requests/s on SQLite and >= 70% on PostgreSQL, the closed-loop p99 <= 1.2x the no-op's own, and the paced p99
<= 30 ms. After the closed loop, the 64 tablets play again at a pace (``--think-ms``, a
random pause of 100 ms on average after each answer), once the read models have caught up with the
closed loop's backlog (``/health`` lag 0; the wait is printed), then ask the sync no-op at the same pace (its p99 is
what this machine and client give a request that waits for nothing: beside the goal's 30 ms, the commands' paced p99
is printed as a ratio to it): latency below saturation, which a closed loop with no pause cannot show (there, by Little's law, latency is the number of tablets over the
throughput). "srv cpu" counts the server and its projector process; "loop ms" is the CPU of the server's
event loop (its main thread) per answer, which a machine busy with other work moves much less than the
rates: the loop is what a command and a no-op compete for.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))  # its neighbours, when another bench loads this file

from planilla_server import Server, postgres_database  # noqa: E402
from scripted_games import scripted_game  # noqa: E402

#: Issue 25's goals: commands/s as a share of the sync no-op's, by store; the closed-loop p99 within this factor
#: of the no-op's own; the paced p99.
RATIO_GOAL = {"sqlite": 0.85, "postgres": 0.70, "memory": 0.85}
P99_FACTOR, PACED_P99_MS = 1.2, 30.0
#: A paced tablet's mean pause between commands: a command every ~0.1 s from each of 64 tablets is
#: hundreds of times a real game's pace (a few commands a minute per table), and well below saturation.
THINK_MS = 100.0


# ---- the load -----------------------------------------------------------------------------------
@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    games: int = 0


class Connection:
    """One tablet's keep-alive HTTP/1.1 connection: a minimal client, so the load generator costs little CPU
    (httpx's pool, at 64 concurrent requests, cost more than the server it was measuring)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str], body: Any = None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}", f"Content-Length: {len(data)}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        if body is not None:
            lines.append("Content-Type: application/json")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def connection(server: Server) -> Connection:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    return Connection(host, int(port))


def pacer(think: float):
    """An awaitable pause of a random length of mean ``think`` seconds (exponential, seeded), or none when ``think``
    is 0: a person's pause between an answer and the next request, the same for the commands and the no-op."""
    pauses = random.Random(7)

    async def pause() -> None:
        if think:
            await asyncio.sleep(pauses.expovariate(1 / think))
    return pause


async def run_commands(server: Server, scripts: list[list[Any]], tablets: int, seconds: float,
                       think: float = 0.0) -> Tally:
    """Tablets in a closed loop; with ``think`` (seconds), each waits a random pause of that mean
    (exponential) after every answer before its next command, as a person at a board would, and one before its
    first game too: the 64 tablets do not create their games in the same millisecond (a herd that is the closed
    loop's, not a steady pace's: its first commands were the paced run's whole p99; bench/README.md)."""
    tally = Tally()
    pause = pacer(think)
    director = {"Authorization": f"Bearer {server.token}", "X-Device": "bench"}
    end = time.perf_counter() + seconds

    async def tablet(index: int) -> None:
        conn, turn = connection(server), index
        await pause()
        try:
            while time.perf_counter() < end:
                script = scripts[turn % len(scripts)]
                turn += len(scripts)
                status, raw = await conn.request("POST", "/v1/games", director, {
                    "profile": "file-2024", "players": ["Ana", "Bea"], "bag_mode": "replay", "table": index + 1})
                created = json.loads(raw)
                game, version = created["id"], 1
                tokens: dict[Any, dict[str, str]] = {
                    t["seat"]: {"Authorization": f"Bearer {t['token']}", "X-Device": f"tablet-{index}"}
                    for t in created["tokens"]}
                tokens["director"] = director
                path = f"/v1/games/{game}/commands"
                for sender, body in script:
                    if time.perf_counter() >= end:
                        return
                    start = time.perf_counter()
                    status, raw = await conn.request("POST", path, tokens[sender], {**body, "expected_version": version})
                    took = time.perf_counter() - start
                    if status != 200:
                        tally.errors += 1
                        break
                    version = json.loads(raw)["version"]
                    tally.latencies.append(took)
                    await pause()
                tally.games += 1
        finally:
            conn.close()

    await asyncio.gather(*(tablet(i) for i in range(tablets)))
    return tally


async def run_noop(server: Server, path: str, tablets: int, seconds: float, think: float = 0.0) -> Tally:
    """Tablets asking ``path`` in a closed loop; with ``think``, paced as ``run_commands`` paces them."""
    tally = Tally()
    pause = pacer(think)
    end = time.perf_counter() + seconds

    async def tablet() -> None:
        conn = connection(server)
        await pause()
        try:
            while time.perf_counter() < end:
                start = time.perf_counter()
                status, _ = await conn.request("GET", path, {"X-Device": "bench"})
                tally.latencies.append(time.perf_counter() - start)
                if status != 200:
                    tally.errors += 1
                await pause()
        finally:
            conn.close()

    await asyncio.gather(*(tablet() for _ in range(tablets)))
    return tally


def summary(tally: Tally, seconds: float) -> dict[str, float]:
    lat = sorted(tally.latencies) or [float("nan")]
    pick = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    return {"rate": len(tally.latencies) / seconds, "p50": pick(0.50), "p99": pick(0.99), "p999": pick(0.999),
            "over_100ms": sum(1 for x in lat if x > 0.1), "n": len(tally.latencies), "errors": tally.errors}


def measure(server: Server, scripts: list[list[Any]], levels: list[int], seconds: float,
            think: float, rounds: int = 1, paced_seconds: float | None = None) -> list[dict[str, Any]]:
    """Each level's three measures, ``rounds`` times in turn (pooled: on a machine shared with other work, a busy
    minute then falls on both sides), then the paced run."""
    rows = []
    asyncio.run(run_commands(server, scripts, 4, 1.0))  # warm up: caches, connections, thread pool
    for tablets in levels:
        row: dict[str, Any] = {"tablets": tablets}
        jobs = {"noop": lambda: run_noop(server, "/v1/noop", tablets, seconds),
                "commands": lambda: run_commands(server, scripts, tablets, seconds),
                "noop_async": lambda: run_noop(server, "/v1/noop-async", tablets, seconds)}
        pooled = {name: Tally() for name in jobs}
        cpu = dict.fromkeys(jobs, 0.0)
        loop = dict.fromkeys(jobs, 0.0)
        row["rounds"] = []
        for _ in range(rounds):
            own = {}
            for name, job in jobs.items():
                before, loop_before = server.cpu_seconds(), server.loop_cpu_seconds()
                tally = asyncio.run(job())
                cpu[name] += server.cpu_seconds() - before
                loop[name] += server.loop_cpu_seconds() - loop_before
                pooled[name].latencies += tally.latencies
                pooled[name].errors += tally.errors
                own[name] = summary(tally, seconds)
            row["rounds"].append((own["commands"]["rate"] / own["noop"]["rate"] if own["noop"]["rate"] else float("nan"),
                                  own["commands"]["p99"] / own["noop"]["p99"]))
        for name in jobs:
            row[name] = summary(pooled[name], seconds * rounds)
            row[name]["server_cpu"] = cpu[name] / (seconds * rounds)
            row[name]["loop_ms"] = loop[name] / max(row[name]["n"], 1) * 1000
        rows.append(row)
    if think:  # the top level again, at a pace: latency below saturation, once the projector has caught up
        settled = server.settle()
        cpu = server.cpu_seconds()
        paced_for = paced_seconds or seconds
        paced = summary(asyncio.run(run_commands(server, scripts, levels[-1], paced_for, think)), paced_for)
        paced["server_cpu"] = (server.cpu_seconds() - cpu) / paced_for
        paced["settled_s"] = settled
        rows[-1]["paced"] = paced
        # the same pace asking the sync no-op: what this machine and client give a request that waits for nothing
        rows[-1]["paced_noop"] = summary(asyncio.run(run_noop(server, "/v1/noop", levels[-1], paced_for, think)),
                                         paced_for)
    return rows


# ---- stores and report --------------------------------------------------------------------------
def report(store: str, rows: list[dict[str, Any]]) -> None:
    print(f"\n{store}: commands/s and latency (ms) by concurrent tablets; baselines on the same client")
    print(f"{'tablets':>7} | {'commands/s':>10} {'p50':>6} {'p99':>6} {'srv cpu':>7} | {'noop/s':>7} {'p50':>6} "
          f"{'p99':>6} {'srv cpu':>7} | {'async/s':>7} {'p99':>6} | {'ratio':>5} | errors")
    for row in rows:
        c, n, a = row["commands"], row["noop"], row["noop_async"]
        ratio = c["rate"] / n["rate"] if n["rate"] else float("nan")
        print(f"{row['tablets']:>7} | {c['rate']:>10.0f} {c['p50']:>6.1f} {c['p99']:>6.1f} {c['server_cpu']:>7.2f} | "
              f"{n['rate']:>7.0f} {n['p50']:>6.1f} {n['p99']:>6.1f} {n['server_cpu']:>7.2f} | {a['rate']:>7.0f} {a['p99']:>6.1f} | "
              f"{ratio:>5.2f} | {c['errors']}")
    top = rows[-1]
    c, n = top["commands"], top["noop"]
    ratio, goal = c["rate"] / n["rate"], RATIO_GOAL.get(store, 0.85)
    p99_ratio = c["p99"] / n["p99"]
    print(f"at {top['tablets']} tablets, closed loop: {ratio:.0%} of the sync no-op's throughput (goal >= {goal:.0%}: "
          f"{'met' if ratio >= goal else 'MISSED'}); p99 {c['p99']:.1f} ms, {p99_ratio:.2f}x the sync no-op's own "
          f"{n['p99']:.1f} ms (goal <= {P99_FACTOR:g}x: {'met' if p99_ratio <= P99_FACTOR else 'MISSED'}); "
          f"{c['rate'] / top['noop_async']['rate']:.0%} of the async no-op's")
    if len(top.get("rounds", ())) > 1:  # the same code, round by round: how far one round's figures move here
        print("  round by round: share " + ", ".join(f"{share:.0%}" for share, _ in top["rounds"])
              + "; p99 / the no-op's " + ", ".join(f"{p99:.2f}" for _, p99 in top["rounds"]))
    print(f"  the event loop's CPU per answer: command {c['loop_ms']:.3f} ms, sync no-op {n['loop_ms']:.3f} ms "
          f"(no-op/command {n['loop_ms'] / c['loop_ms']:.0%}), async no-op {top['noop_async']['loop_ms']:.3f} ms")
    print(f"  Little's law: {top['tablets']} requests always in flight at {c['rate']:.0f}/s wait "
          f"{top['tablets'] / c['rate'] * 1000:.0f} ms on average")
    paced = top.get("paced")
    if paced:
        print(f"at {top['tablets']} tablets pausing {top.get('think_ms', THINK_MS):.0f} ms on average between commands: "
              f"{paced['rate']:.0f} commands/s ({paced['rate'] / c['rate']:.0%} of capacity), p50 "
              f"{paced['p50']:.1f} ms, p99 {paced['p99']:.1f} ms (goal <= {PACED_P99_MS:.0f}: "
              f"{'met' if paced['p99'] <= PACED_P99_MS else 'MISSED'}), p99.9 {paced['p999']:.1f} ms, "
              f"{paced['over_100ms']} of {paced['n']} over 100 ms, server CPU {paced['server_cpu']:.2f}, "
              f"errors {paced['errors']} (after {paced.get('settled_s', 0):.1f} s waiting for the read models' lag 0)")
    noop = top.get("paced_noop")
    if paced and noop:
        beyond = noop["p99"] > PACED_P99_MS
        print(f"  the sync no-op at the same pace: p50 {noop['p50']:.1f} ms, p99 {noop['p99']:.1f} ms, p99.9 "
              f"{noop['p999']:.1f} ms: the commands' paced p99 is {paced['p99'] / noop['p99']:.2f}x the no-op's"
              + (f" (the no-op's own p99 is over {PACED_P99_MS:.0f} ms: this machine and client cannot show the goal)"
                 if beyond else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="Seconds per measure (default 6).")
    parser.add_argument("--levels", default="1,16,64", help="Concurrent tablets (default 1,16,64).")
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--games", type=int, default=6, help="Distinct scripted games (default 6).")
    parser.add_argument("--rounds", type=int, default=1,
                        help="Times each level's measures run in turn, pooled (default 1).")
    parser.add_argument("--paced-seconds", type=float, default=None,
                        help="Seconds of the paced run (default: --seconds; 30 shows the rare stalls a p99.9 needs).")
    parser.add_argument("--think-ms", type=float, default=THINK_MS,
                        help=f"Mean pause of a paced tablet, ms (default {THINK_MS:g}; 0: no paced run).")
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"commit {commit.stdout.strip() or '?'}; {args.seconds:g} s per measure, {args.rounds} round(s); "
          f"load average {os.getloadavg()[0]:.1f}")
    scripts = [scripted_game(seed) for seed in range(1, args.games + 1)]
    print(f"{len(scripts)} scripted games, {statistics.mean(len(s) for s in scripts):.0f} commands each")
    for store in args.stores.split(","):
        cleanup = None
        if store == "sqlite":
            target = tempfile.mkdtemp(prefix="planilla-bench-")
        elif store == "memory":  # the ceiling without a database (not a supported deployment)
            target = "memory"
        else:
            found = postgres_database()
            if found is None:
                continue
            target, cleanup = found
        server = Server(target)
        try:
            rows = measure(server, scripts, levels, args.seconds, args.think_ms / 1000, args.rounds, args.paced_seconds)
            rows[-1]["think_ms"] = args.think_ms
            peak = server.peak_memory_mb()
        finally:
            server.stop()
            if cleanup:
                cleanup()
        report(store, rows)
        print(f"server peak resident memory: {peak:.0f} MB; load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
