"""The store fixture's writer's means (``make_store.py``): ``planilla serve`` on a fresh data folder as a subprocess,
an HTTP client for it, and a game played over HTTP by its two players and its director, seat codes, signatures and
the wait for a snapshot included. Like the script, it knows nothing of the project's modules: it speaks to the
service as any client would, and reads the SQLite file with the standard library.
"""

from __future__ import annotations

import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

SIZE = 15
ROWS = "ABCDEFGHIJKLMNO"
#: The game store's snapshot interval (``SNAPSHOT_EVERY`` in service/game_store.py).
SNAPSHOT_EVERY = 50


def planilla() -> str:
    """The ``planilla`` command of this interpreter's environment (else the one on PATH)."""
    beside = Path(sys.executable).parent / "planilla"
    found = str(beside) if beside.exists() else shutil.which("planilla")
    if not found:
        sys.exit("make_store: no 'planilla' command (pip install -e . first)")
    return found


# ---- the server ------------------------------------------------------------------------------
class Server:
    """``planilla serve`` on a fresh data folder, any free port; what it printed at start."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.log = open(data.parent / "serve.err", "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen([planilla(), "serve", "--data", str(data), "--port", "0", "--no-access-log",
                                      "--public-writer", "loop"],
                                     stdout=subprocess.PIPE, stderr=self.log, text=True, start_new_session=True)
        self.printed: list[str] = []
        self.url = self.director = self.fingerprint = None
        deadline = time.monotonic() + 60
        while self.url is None:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"planilla serve stopped: {self.printed} (see {self.log.name})")
            if time.monotonic() > deadline:
                raise SystemExit("planilla serve did not start")
            self.printed.append(line.rstrip("\n"))
            if line.startswith("pl_"):
                self.director = line.strip()
            elif m := re.match(r"Service key \(Ed25519\) fingerprint: ([0-9a-f ]+) \(", line):
                self.fingerprint = m.group(1).replace(" ", "")
            elif m := re.match(r"Planilla listening on (http://\S+)", line):
                self.url = m.group(1)
        if self.director is None:
            raise SystemExit(f"no director token printed on the first start: {self.printed}")
        with httpx.Client(base_url=self.url) as c:
            for _ in range(200):
                try:
                    if c.get("/health").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                time.sleep(0.05)

    def stop(self) -> None:
        """Ctrl-C, as a director stops it: the server writes what is queued and stops its children."""
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise SystemExit("planilla serve did not stop on SIGINT")
        self.log.close()


class Http:
    """One client; ``call`` checks the status and answers the JSON body."""

    def __init__(self, url: str) -> None:
        self.client = httpx.Client(base_url=url, timeout=30)

    def call(self, method: str, path: str, token: str | None, body: Any = None, expect: int = 200,
             device: str = "fixture-laptop", **headers: str) -> Any:
        sent = {"X-Device": device, **headers}
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        r = self.client.request(method, path, json=body, headers=sent)
        if r.status_code != expect:
            raise SystemExit(f"{method} {path} {body!r}: {r.status_code} (expected {expect}): {r.text}")
        return r if r.headers.get("content-type", "").split(";")[0] != "application/json" else r.json()

    def response(self, method: str, path: str, token: str | None, body: Any = None, **headers: str) -> httpx.Response:
        sent = {"X-Device": "fixture-laptop", **headers}
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        return self.client.request(method, path, json=body, headers=sent)


# ---- a game played over HTTP -----------------------------------------------------------------
class Game:
    """One game driven through ``/v1/games/{id}/commands``, its plays chosen from what the API shows."""

    def __init__(self, http: Http, director: str, players: list[str], events: Path | None = None,
                 **details: Any) -> None:
        self.http, self.director, self.events = http, director, events
        made = http.call("POST", "/v1/games", director, {"profile": "file-2024", "players": players, **details},
                         expect=201)
        self.id, self.version = made["id"], made["version"]
        self.tokens = [t["token"] for t in made["tokens"]]
        self.rng = random.Random(2025)

    @classmethod
    def seated(cls, http: Http, director: str, game_id: str, tokens: list[str]) -> "Game":
        """A game made by someone else (a published round), played with the seat tokens it was given."""
        game = cls.__new__(cls)
        game.http, game.director, game.events, game.rng = http, director, None, random.Random(2025)
        game.id, game.tokens, game.version = game_id, tokens, 0
        game.version = game.state()["version"]
        return game

    def send(self, token: str, type_: str, expect: int = 200, key: str | None = None, **fields: Any) -> Any:
        headers = {} if key is None else {"Idempotency-Key": key}
        answer = self.http.call("POST", f"/v1/games/{self.id}/commands", token,
                                {"type": type_, "expected_version": self.version, **fields}, expect=expect,
                                **headers)
        if expect == 200:
            self.moved_to(answer["version"])
        return answer

    def moved_to(self, version: int) -> None:
        """Keep the new version; when it crossed a multiple of ``SNAPSHOT_EVERY``, wait until the snapshot is
        stored before anything else is sent.

        The server stores a snapshot on a thread of its own after answering, from a shallow copy of the game
        in memory (``Snapshot.take``), and the next command changes some of the game's lists in place: a
        command sent at once can end up inside the snapshot taken before it (seen at a55cd82: the snapshot
        at 50 held the play recorded at 51). The fixture keeps a snapshot as a server would with a pause."""
        before, self.version = self.version, version
        if self.events is None or before // SNAPSHOT_EVERY == version // SNAPSHOT_EVERY:
            return
        deadline = time.monotonic() + 10
        while not snapshot_stored(self.events, self.id, before + 1, version):
            if time.monotonic() > deadline:
                raise SystemExit(f"no snapshot of {self.id} between versions {before + 1} and {version}")
            time.sleep(0.02)

    def state(self, token: str | None = None) -> dict[str, Any]:
        return self.http.call("GET", f"/v1/games/{self.id}", token or self.director)

    def start(self, key: str | None = None) -> dict[str, Any] | None:
        """Draw for the start (the first draw with ``key``: its answer is returned), then each seat draws."""
        first = None
        while self.state()["phase"] == "starting":
            answer = self.send(self.director, "draw_for_start", key=key)
            first, key = first or answer, None
        state = self.state()
        for k in range(len(self.tokens)):
            seat = (state["starter"] + k) % len(self.tokens)
            self.send(self.tokens[seat], "draw_tiles")
        return first

    def play_or_pass(self) -> bool:
        """The player on turn places a few tiles the opponent accepts (True), or passes when none fit."""
        state = self.state()
        seat = state["seat_on_turn"]
        rack = self.state(self.tokens[seat])["players"][seat]["rack"]
        for _ in range(400):
            found = self._play(state["cells"], rack)
            if found is None:
                continue
            r = self.http.response("POST", f"/v1/games/{self.id}/commands", self.tokens[seat],
                                   {"type": "place_tiles", "expected_version": self.version,
                                    "coordinates": found[0], "word": found[1]})
            if r.status_code == 422:  # a shape the rules refuse: try another
                continue
            if r.status_code != 200:
                raise SystemExit(f"place_tiles {found}: {r.status_code} {r.text}")
            self.moved_to(r.json()["version"])
            other = self.tokens[(seat + 1) % len(self.tokens)]
            if (self.state()["pending"] or {}).get("kind") == "centre_choice":
                self.send(other, "decide_off_centre", accept=True)
            if self.state()["phase"] == "playing" and self.state()["pending"]:
                self.send(other, "accept")
            return True
        self.send(self.tokens[seat], "pass_turn")
        return False

    def _play(self, cells: list[list[Any]], rack: list[str]) -> tuple[str, str] | None:
        """Coordinates and word of a small play whose shape the rules accept (no word list is asked)."""
        filled = {(r, c) for r in range(SIZE) for c in range(SIZE) if cells[r][c] is not None}
        rng = self.rng
        k = min(rng.choice((1, 2, 2, 3)), len(rack))
        if not filled:
            k = max(k, 2)
        if k == 0:
            return None
        horizontal = rng.random() < 0.5
        dr, dc = (0, 1) if horizontal else (1, 0)
        if not filled:
            r, c = 7, 7
        else:
            r0, c0 = rng.choice(sorted(filled))
            r, c = rng.choice(((r0 - 1, c0), (r0 + 1, c0), (r0, c0 - 1), (r0, c0 + 1)))
        back = rng.randint(0, k - 1)
        r, c = r - dr * back, c - dc * back
        tiles = rng.sample(rack, k)
        new: dict[tuple[int, int], str] = {}
        for t in tiles:
            while 0 <= r < SIZE and 0 <= c < SIZE and (r, c) in filled:
                r, c = r + dr, c + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                return None
            new[(r, c)] = f"[{rng.choice('AEOS').lower()}]" if t == "?" else f"[{t}]"
            r, c = r + dr, c + dc

        def on(p: tuple[int, int]) -> bool:
            return 0 <= p[0] < SIZE and 0 <= p[1] < SIZE and (p in filled or p in new)

        if k == 1:  # a lone tile's word runs where it has a neighbour
            (pr, pc), = new
            horizontal = on((pr, pc - 1)) or on((pr, pc + 1))
            dr, dc = (0, 1) if horizontal else (1, 0)
        touches = any(on((pr + a, pc + b)) and (pr + a, pc + b) in filled
                      for pr, pc in new for a, b in ((0, 1), (0, -1), (1, 0), (-1, 0)))
        if filled and not touches:
            return None
        if not filled and (7, 7) not in new:
            return None
        start = min(new)
        while on((start[0] - dr, start[1] - dc)):
            start = (start[0] - dr, start[1] - dc)
        word, p = [], start
        while on(p):
            word.append(new.get(p, "."))
            p = (p[0] + dr, p[1] + dc)
        if len(word) < 2:
            return None
        row, col = ROWS[start[0]], str(start[1] + 1)
        return (row + col if horizontal else col + row), "".join(word)

    def pass_to_the_end(self) -> None:
        while (state := self.state())["phase"] == "playing":
            self.send(self.tokens[state["seat_on_turn"]], "pass_turn")

    def sign(self) -> None:
        for seat, token in enumerate(self.tokens):
            self.send(token, "sign", signature=f"seat {seat}")


def snapshot_stored(events: Path, game_id: str, low: int, high: int) -> bool:
    """True when the events' file holds a snapshot of the game at a version from ``low`` to ``high``."""
    try:
        db = sqlite3.connect(f"file:{events}?mode=ro", uri=True, timeout=5)
        try:
            (n,) = db.execute("SELECT count(*) FROM stored_snapshots WHERE originator_id = ? AND originator_version "
                              "BETWEEN ? AND ?", (game_id.replace("-", ""), low, high)).fetchone()
        finally:
            db.close()
    except sqlite3.OperationalError:  # the table is not made yet, or the file is busy
        return False
    return n > 0
