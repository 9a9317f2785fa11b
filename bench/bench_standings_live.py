"""From a game's signature to the public standings showing it (issue 17's goal: <= 1 s).

Run: ``.venv/bin/python bench/bench_standings_live.py [--players 300] [--rounds 11] [--games 5] [--no-page]``.

A hall server (uvicorn in this process, a fresh SQLite data folder: ``tests/browser/hall.py``) holds a
Swiss open of ``--players`` players. Rounds 1..R-1 are drawn, published (each with its games and seat
tokens) and settled as no-shows through the service directly (fast: what matters is that their games
exist, since bringing results up to date reads every published game); round R is drafted and published
over HTTP. Then ``--games`` tables of round R are each played over HTTP with the seat tokens the round
issued (two plays, the director ends the game, FILE 44.5), and signed. From the 200 of the second
signature (which closes the game, FILE 43) the bench times:

1. **stream**: the ``standings`` event of ``GET /v1/tournaments/{id}/stream`` counting one more result
   (the service recorded the game in the tournament by itself: nobody read the standings);
2. **standings**: that event, then ``GET /standings?round=R`` answered with the game's result in it
   (what the page reads when told);
3. **page** (with Chromium, unless ``--no-page``): the hall screen ``/standings`` showing one more table
   finished.

It prints the median and the worst of each, and the worst's ratio to the goal (<= 1 is met). The client,
the server and Chromium share this machine's cores; no test asserts on timings.
"""

from __future__ import annotations

import argparse
import json
import platform
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from uuid import UUID

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from service.game.application import Actor  # noqa: E402
from tests.browser.hall import Hall  # noqa: E402
from tests.browser.tournament import HallTournament  # noqa: E402

GOAL = 1.0


def listen(url: str, path: str, token: str, into: "queue.Queue[tuple[float, dict[str, Any]]]") -> None:
    """Every ``standings`` event of the stream, with the moment it arrived."""
    with httpx.Client(base_url=url, timeout=None) as client, client.stream(
            "GET", path, headers={"Authorization": f"Bearer {token}"}) as r:
        fields: dict[str, str] = {}
        for line in r.iter_lines():
            if not line:
                if fields.get("event") == "standings":
                    into.put((time.perf_counter(), json.loads(fields["data"])))
                fields = {}
            elif not line.startswith(":"):
                key, _, value = line.partition(": ")
                fields[key] = value


def settle_earlier_rounds(hall: Hall, t: HallTournament, rounds: int) -> None:
    """Rounds 1..rounds: drafted and published with their games, every table then a no-show (through the service)."""
    tournaments = hall.server.config.app.state.tournaments
    by = Actor("director:bench")
    tid = UUID(t.id)
    for round_no in range(1, rounds + 1):
        tournaments.act(tid, by, lambda x, m, n=round_no: x.draft(n, m))
        published = tournaments.publish(tid, round_no, by)

        def absent(x: Any, m: Any, tables: list[dict[str, Any]] = published["tables"], n: int = round_no) -> None:
            for table in tables:
                if table["second"] is not None:
                    x.record_absence(n, table["table"], "forfeit", "bench: settled without playing", m)
        tournaments.act(tid, by, absent)


def figures(name: str, values: list[float]) -> None:
    if not values:
        print(f"{name}: no figure")
        return
    median, worst = statistics.median(values), max(values)
    verdict = "met" if worst <= GOAL else "MISSED"
    print(f"{name}: median {median * 1000:.0f} ms, worst {worst * 1000:.0f} ms over {len(values)}; goal "
          f"{GOAL * 1000:.0f} ms; worst/goal {worst / GOAL:.2f} ({verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=11, help="the round the games are played in (earlier ones settled)")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--no-page", action="store_true", help="without Chromium")
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, commit {commit}; "
          f"{args.players} players, games played in round {args.rounds}")
    rng = random.Random(2025)
    with tempfile.TemporaryDirectory() as folder:
        hall = Hall(Path(folder) / "data")
        try:
            run(hall, args, rng)
        finally:
            hall.stop()


def run(hall: Hall, args: argparse.Namespace, rng: random.Random) -> None:
    spectator = hall.games.issue_token("spectator", "hall-screen", "bench")[0]
    t = HallTournament(hall.http, hall.games, hall.director, rounds=max(args.rounds, 5))
    t.enter([(f"Jugador {i:03d}", rng.randint(1200, 2200)) for i in range(args.players)])
    start = time.perf_counter()
    settle_earlier_rounds(hall, t, args.rounds - 1)
    print(f"rounds 1-{args.rounds - 1} published and settled in {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    tables = [x for x in t.publish(args.rounds) if x["second"]]
    print(f"round {args.rounds} drafted and published over HTTP ({len(tables)} games): "
          f"{time.perf_counter() - start:.2f} s")

    events: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
    threading.Thread(target=listen, args=(hall.url, t.path + "/stream", spectator, events), daemon=True).start()
    _, now = events.get(timeout=30)
    page = None if args.no_page else open_page(hall, t, spectator)
    stream, standings, shown = [], [], []
    for k, table in enumerate(tables[:args.games + 1]):
        game = t.play(table, rng)
        while not events.empty():
            _, now = events.get()
        done = page.locator(".pairings tbody tr.done").count() if page else 0
        game.sign_last()
        signed = time.perf_counter()
        while True:
            at, now = events.get(timeout=30)
            if result_counted(table, hall, t, spectator, args.rounds):
                break
        read = time.perf_counter()
        if page is not None:
            page.wait_for_function(f"document.querySelectorAll('.pairings tbody tr.done').length > {done}", timeout=30_000)
        if k == 0:  # the watcher's first read of every game of the tournament: once per screen opened
            print(f"the first game after the screen opened (not counted): stream event {(at - signed) * 1000:.0f} ms")
            continue
        stream.append(at - signed)
        standings.append(read - signed)
        if page is not None:
            shown.append(time.perf_counter() - signed)
    figures("signature -> stream event", stream)
    figures("signature -> standings read with the result", standings)
    if page is not None:
        figures("signature -> hall screen page showing it", shown)
        page.context.browser.close()


def result_counted(table: dict[str, Any], hall: Hall, t: HallTournament, token: str,
                   round_no: int) -> bool:
    """The standings after round ``round_no`` hold this table's game as played."""
    r = hall.http.get(f"{t.path}/standings?round={round_no}", headers=t.headers(token))
    rows = {row["player"]: row for row in r.json()["rows"]}
    rounds = [x for x in rows[table["first"]]["rounds"] if x["round"] == round_no]
    return bool(rounds) and rounds[0]["kind"] == "played"


def open_page(hall: Hall, t: HallTournament, token: str) -> Any:
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM

    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(f"{hall.url}/standings?tournament={t.id}#token={token}")
    page.wait_for_selector(".pairings")
    page.wait_for_selector("#live.ok")
    return page


if __name__ == "__main__":
    main()
