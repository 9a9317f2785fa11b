"""A hall's closed games, seals and exports for the federation's tests, and pushes signed as a hall signs them.

The games are ``tests.reliability.test_signed_rewrite.closed_game``'s (keys on both tablets, a paper game, a
paper seat), recorded through the application on a SQLite data folder with the hall's service key.
"""

from __future__ import annotations

import json
import random
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from service.access.application import ServiceApplication
from service.federation.push import signed_headers
from service.settings import settings_env
from service.trust.keys import ServiceKey
from tests.reliability.test_signed_rewrite import DIRECTOR, NOON, closed_game  # noqa: F401
from tests.keys import Tablet

EVENT = "Open"


def sent_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def hall_app(data: Path) -> ServiceApplication:
    key, _ = ServiceKey.for_store(str(data))
    return ServiceApplication(settings_env(str(data)), clock=lambda: NOON, rng=random.Random(3), service_key=key)


def game_body(export: bytes) -> bytes:
    return json.dumps({"kind": "game", "export": export.decode("utf-8")}).encode("utf-8")


def seal_body(seal: dict[str, Any]) -> bytes:
    return json.dumps({"kind": "seal", "seal": seal}).encode("utf-8")


def signed(key: ServiceKey, body: bytes) -> dict[str, str]:
    """The headers as the archive reads them (lower-case names)."""
    return {k.lower(): v for k, v in signed_headers(key, body, sent_now()).items()}


#: The header of a tournament's ``ratings`` file (``domain.tournament.formats.tables.RATING_COLUMNS``).
RATINGS = "round,kind,number1,federation_id1,name1,rating1,score1,number2,federation_id2,name2,rating2,score2\n"


def row(player: str, name: str, fid: str, rank: int, points: float, spread: list, rounds: tuple = ()) -> dict:
    """A standings row as the hall pushes it (``service.federation.results.standings_of``), spread its one tie-break."""
    return {"rank": rank, "player": player, "name": name, "federation_id": fid, "club": "", "points": points,
            "tiebreaks": {"spread": {"value": sum(v for _, v in spread), "inputs": [list(s) for s in spread],
                                     "dropped": []}},
            "rounds": [{"round": r, "opponent": o, "kind": "played" if o else "bye", "points": p, "scored": s,
                        "conceded": c} for r, o, p, s, c in rounds]}


def results_body(event: str, tournament: str, rows: list, ratings: str = RATINGS) -> bytes:
    """A ``results`` push of one tournament: its ratings file and its standings after round 1 of 1."""
    document = {"event": event, "tournament": tournament, "attested": "by the hall, not logged",
                "files": {"ratings": {"text": ratings, "notes": []}},
                "standings": {"rounds": 1, "played": 1, "tiebreaks": ["spread"],
                              "tables": [{"division": None, "rows": rows}]}}
    return json.dumps({"kind": "results", "results": document}).encode()


def reopen_and_close(app: ServiceApplication, game: Any, tablets: list[Tablet]) -> None:
    """Both players ask, the director reopens (FILE 43), both sign again: the game closes at a later head."""
    from service.game.application import Actor

    v = app.get_game(game).version
    for seat, name in ((0, "Ana"), (1, "Bea")):
        v = app.consent_reopen(game, seat, "a score miswritten", Actor(f"player:{seat}:{name}", f"tablet-{seat}"),
                               expected_version=v)
    v = app.reopen(game, "both players asked (FILE 43)", DIRECTOR, expected_version=v)
    for seat, name in ((0, "Ana"), (1, "Bea")):
        sig = tablets[seat].sign("sign", game, seat, app.history(game)[-1].hash)
        v = app.sign(game, seat, f"seat {seat}", Actor(f"player:{seat}:{name}", f"tablet-{seat}"), expected_version=v,
                     key_signature=sig)
    assert app.get_game(game).phase == "closed"


@contextmanager
def witnesses(folder: Path, log_vkey: str, count: int = 1) -> Iterator[list[tuple[str, str]]]:
    """``count`` witnesses of the log, in this process (each its own key, state file and threaded HTTP server on
    a free port): their (URL, vkey). The witness as a process of its own is tests/cli/test_witness_process.py's."""
    import threading

    from service.federation.keys import NamedKey
    from service.federation.witness import Witness, WitnessState, make_server

    servers = []
    for n in range(count):
        witness = Witness(NamedKey.generate(f"witness.example/w{n + 1}"),
                          WitnessState(folder / f"witness-{n + 1}.json"), {log_vkey.split("+")[0]: [log_vkey]})
        server = make_server(witness, "127.0.0.1", 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append((server, f"http://127.0.0.1:{server.server_address[1]}", witness.key.witness_vkey()))
    try:
        yield [(url, vkey) for _, url, vkey in servers]
    finally:
        for server, _, _ in servers:
            server.shutdown()
            server.server_close()
