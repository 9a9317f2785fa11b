#!/usr/bin/env python3
"""Write an event store through the command line and HTTP only, and keep it as a fixture.

The fixture proves that a store written by one layout of the code still opens with a later one
(``tests/application/test_stored_topics.py``): every stored class keeps its topic. So this script
knows nothing of the project's modules: it runs ``planilla serve`` and ``planilla token create``
as subprocesses and speaks HTTP (httpx), and reads the SQLite file with the standard library.

    .venv/bin/python tests/data/stores/make_store.py [--out tests/data/stores/before-layout]

It starts ``planilla serve --data <fresh folder> --port 0`` and through HTTP writes: a game played
past its first snapshot (one every 50 events) to its end, signed by both players and so closed (the
service signs its head: a HeadSignature), a tablet bound to one of its seats with a seat code (a
second code left unused), a command sent with an ``Idempotency-Key`` (and sent again: the answer
replayed); a second game of the same round, ended by the director and signed; the round sealed
after the first game and sealed again after the second (RoundSeal sealed, then resealed); a
tournament with four players, round 1 drafted and published (its two games created), one of its
games signed and its result recorded; a duplicate game of one round, played to its end; an
event's broadcast delay set twice; tokens issued over HTTP and one with ``planilla token create``,
one revoked; the first start's bootstrap (the director token printed once). Then it stops the
server and copies ``events.sqlite3`` (the events and snapshots; the read models are not kept) and
``keys/`` (the service key) into ``--out``, beside ``manifest.json``: what was written, and every
aggregate's version as the stored events say it. The manifest holds the tokens in the clear (the store
keeps only their hashes): a test fixture's, never a hall's.

After the command that takes the long game past version 50 it waits until the snapshot is in the file
before sending the next one (``Game.moved_to`` says why). Run it only on the layout the fixture stands
for; ``topics.txt`` beside it is that layout's list of stored classes' topics.
The server, the HTTP client and the game played over it are in ``over_http.py`` beside it.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its neighbour, when run as a script

from over_http import SNAPSHOT_EVERY, Game, Http, Server, planilla  # noqa: E402

HERE = Path(__file__).resolve().parent
EVENT, ROUND = "Fixture Open", 1
BROADCAST_EVENT = "Fixture Final"
#: Turns played (a place and its acceptance and the bag's refill: three events each) before the players
#: pass the game to its end; the game then ends past version 50, its first snapshot, and before 100.
PLAYS = 18
IDEMPOTENCY_KEY = "fixture-first-draw"


# ---- what is written ---------------------------------------------------------------------------
def write_store(server: Server, http: Http) -> dict[str, Any]:
    director = server.director
    made: dict[str, Any] = {"bootstrap_director_printed": True}

    # Tokens: officials' tokens over HTTP; one more from the command line, beside the running server.
    tokens = {}
    for role in ("arbiter", "tribunal", "spectator"):
        issued = http.call("POST", "/v1/tokens", director, {"role": role, "label": f"fixture-{role}"}, expect=201)
        tokens[role] = {"id": issued["id"], "token": issued["token"], "role": role, "label": issued["label"]}
    cli = subprocess.run([planilla(), "token", "create", "--role", "arbiter", "--label", "fixture-cli",
                          "--data", str(server.data)], capture_output=True, text=True, check=True)
    cli_token = cli.stdout.strip()
    cli_id = re.search(r"token id ([0-9a-f-]{36})", cli.stderr)
    if cli_id is None:
        raise SystemExit(f"planilla token create printed no token id: {cli.stderr!r}")
    tokens["cli_arbiter"] = {"id": cli_id.group(1), "token": cli_token, "role": "arbiter", "label": "fixture-cli"}
    http.call("GET", "/v1/games", cli_token)  # the server accepts it
    revoked = http.call("POST", f"/v1/tokens/{tokens['spectator']['id']}/revoke", director,
                        {"reason": "fixture: a lost phone"})
    if not revoked.get("revoked"):
        raise SystemExit(f"the spectator token was not revoked: {revoked}")
    http.call("GET", "/v1/games", tokens["spectator"]["token"], expect=401)
    tokens["spectator"]["revoked"] = True
    if http.call("GET", f"/v1/tokens/{tokens['cli_arbiter']['id']}", director)["label"] != "fixture-cli":
        raise SystemExit("the command line's token is not the one the server reads")
    made["tokens"] = tokens
    made["director"] = {"token": director}

    # The long game: a seat bound by a code, an idempotent command, plays past the first snapshot, the end,
    # the signatures (the closing: the service's HeadSignature), the round sealed.
    game = Game(http, director, ["Ana", "Bea"], events=server.data / "events.sqlite3", event=EVENT, round=ROUND,
                table=1)
    codes = [http.call("POST", f"/v1/games/{game.id}/seats/{seat}/code", tokens["arbiter"]["token"], None,
                       expect=201)["code"] for seat in (0, 1)]
    bound = http.call("POST", "/v1/bind", None, {"code": codes[0], "device": "fixture-tablet-ana"})
    http.call("POST", "/v1/bind", None, {"code": codes[0], "device": "someone-else"}, expect=410)
    game.tokens[0] = bound["token"]  # Ana plays from her bound tablet from now on
    game.version = game.state()["version"]
    body = {"type": "draw_for_start", "expected_version": game.version}
    first = game.start(key=IDEMPOTENCY_KEY)
    again = http.response("POST", f"/v1/games/{game.id}/commands", director, body,
                          **{"Idempotency-Key": IDEMPOTENCY_KEY})
    if again.status_code != 200 or again.headers.get("Idempotent-Replayed") != "true" or again.json() != first:
        raise SystemExit(f"the idempotent command was not replayed: {again.status_code} {again.text}")
    plays = 0
    while plays < PLAYS and game.state()["phase"] == "playing":
        plays += game.play_or_pass()
    game.pass_to_the_end()
    ended = game.state()
    game.sign()
    closed = game.state()
    if closed["status"] != "closed" or game.version < 50 or game.version >= 100:
        raise SystemExit(f"the long game closed at version {game.version} ({closed['status']}): want 50-99")
    audit = http.call("GET", f"/v1/games/{game.id}/audit", tokens["tribunal"]["token"])
    if not audit["intact"]:
        raise SystemExit(f"the long game's chain is not intact: {audit}")
    events = http.call("GET", f"/v1/games/{game.id}/events", tokens["tribunal"]["token"])["events"]
    sealed = http.call("POST", "/v1/seals", director, {"event": EVENT, "round": ROUND}, expect=201)

    # A second game of the round, ended by the director and signed: the round is sealed again.
    second = Game(http, director, ["Carla", "Dani"], event=EVENT, round=ROUND, table=2)
    second.start()
    second.send(director, "end_game", cause="round_time", detail="fixture: round over")
    second.sign()
    resealed = http.call("POST", "/v1/seals", director, {"event": EVENT, "round": ROUND}, expect=201)
    if resealed["root"] == sealed["root"] or resealed["count"] != 2:
        raise SystemExit(f"the round was not sealed again over both games: {resealed}")
    made["games"] = {
        "long": {"id": game.id, "version": game.version, "event": EVENT, "round": ROUND, "table": 1,
                 "players": ["Ana", "Bea"], "plays": plays,
                 "ended_version": ended["version"], "status": closed["status"],
                 "scores": [p["score"] for p in closed["players"]],
                 "ending_cause": ended["ending"]["cause"], "head_hash": events[-1]["hash"],
                 "event_types": dict(sorted(Counter(e["type"] for e in events).items())),
                 "seat_codes": {"used": {"code": codes[0], "seat": 0, "device": "fixture-tablet-ana",
                                         "token_id": bound["token_id"], "bound_token": bound["token"]},
                                "unused": {"code": codes[1], "seat": 1}},
                 "idempotent": {"key": IDEMPOTENCY_KEY, "token": director, "body": body, "response": first}},
        "second": {"id": second.id, "version": second.version, "event": EVENT, "round": ROUND, "table": 2,
                   "status": second.state()["status"]},
    }
    made["seal"] = {"event": EVENT, "round": ROUND, "first_root": sealed["root"], "root": resealed["root"],
                    "count": resealed["count"], "sealed_at": resealed["sealed_at"],
                    "games": sorted(g["game"] for g in resealed["games"])}

    # A tournament: four players, round 1 drafted and published (its games made), one game signed and its
    # result recorded (the standings read brings the results up to date).
    tid = http.call("POST", "/v1/tournaments", director, {"name": "Fixture Obert", "rules": "fisc-2023",
                                                          "profile": "fisc-2023", "rounds": 5}, expect=201)["id"]
    for name, rating in (("Anna Puig", 1900), ("Biel Roca", 1850), ("Carla Vidal", 1800), ("Dani Mas", 1750)):
        http.call("POST", f"/v1/tournaments/{tid}/players", director, {"name": name, "rating": rating}, expect=201)
    http.call("POST", f"/v1/tournaments/{tid}/rounds/1/draft", director, {})
    published = http.call("POST", f"/v1/tournaments/{tid}/rounds/1/publish", director, {})["tables"]
    table = Game.seated(http, director, published[0]["game_id"], [seat["token"] for seat in published[0]["tokens"]])
    table.start()
    table.send(director, "end_game", cause="director", detail="fixture: result agreed")
    table.sign()
    standings = http.call("GET", f"/v1/tournaments/{tid}/standings", tokens["arbiter"]["token"])
    tournament = http.call("GET", f"/v1/tournaments/{tid}", director)
    made["tournament"] = {"id": tid, "name": "Fixture Obert", "players": 4, "published_round": 1,
                          "games": [t["game_id"] for t in published], "signed_game": table.id,
                          "points": sum(row["points"] for row in standings["rows"]),
                          "published_rounds": tournament["published_rounds"], "version": tournament["version"]}

    # A duplicate game of one round: the rack entered, three slips, «¡Tiempo!», the master, published, ended.
    dup = http.call("POST", "/v1/duplicates", director, {"profile": "ajs-2012", "players": ["Ana", "Berto", "Carmen"],
                                                         "draw": "judge", "rounds": 1}, expect=201)
    did, players = dup["id"], [t["token"] for t in dup["tokens"]]
    base = f"/v1/duplicates/{did}"
    http.call("POST", base + "/rounds", director, {"rack": ["C", "A", "S", "A", "?", "R", "O"]})
    for seat, (word, coords) in enumerate((("CASAs", "H4"), ("CARO", "H8"), ("CASA", "8H"))):
        http.call("POST", base + "/rounds/1/slips", players[seat], {"word": word, "coordinates": coords})
    http.call("POST", base + "/rounds/1/close", director, None)
    for word in ("CASAS", "CARO", "CASA"):
        http.call("POST", base + "/rulings", director, {"word": word, "valid": True})
    http.call("POST", base + "/rounds/1/master", director, {"seat": 0})
    http.call("POST", base + "/rounds/1/publish", director, {})
    ended_dup = http.call("POST", base + "/rounds", director, {})
    dup_state = http.call("GET", base, director)
    made["duplicate"] = {"id": did, "players": ["Ana", "Berto", "Carmen"], "rounds": 1,
                         "phase": ended_dup["phase"], "version": dup_state.get("version")}

    # The public broadcast's delay of an event, set and then changed.
    for seconds, reason in ((30, "fixture: the final is streamed"), (60, "fixture: a longer delay")):
        r = http.client.put("/v1/broadcast", json={"event": BROADCAST_EVENT, "delay_seconds": seconds, "reason": reason},
                            headers={"Authorization": f"Bearer {director}", "X-Device": "fixture-laptop"})
        if r.status_code != 200:
            raise SystemExit(f"PUT /v1/broadcast: {r.status_code} {r.text}")
    made["broadcast"] = {"event": BROADCAST_EVENT, "delay_seconds": 60, "settings": 2}

    key = http.call("GET", "/v1/keys", None)
    if not key["fingerprint"].startswith(server.fingerprint):
        raise SystemExit(f"GET /v1/keys {key} is not the key printed at start ({server.fingerprint})")
    made["service_key"] = {"algorithm": key["algorithm"], "public_key": key["public_key"],
                           "fingerprint": key["fingerprint"], "printed_at_start": server.fingerprint,
                           "file": "keys/service-ed25519.pem"}
    return made


# ---- the store as kept ---------------------------------------------------------------------------
def copy_store(data: Path, out: Path) -> dict[str, Any]:
    """Copy the events' file (a consistent copy, WAL folded in, vacuumed) and the service key; read it back."""
    src = data / "events.sqlite3"
    target = out / "events.sqlite3"
    with sqlite3.connect(src) as live, sqlite3.connect(target) as kept:
        live.backup(kept)
    with sqlite3.connect(target) as kept:
        kept.execute("PRAGMA journal_mode=DELETE")
    kept = sqlite3.connect(target)
    kept.execute("VACUUM")
    kept.close()
    if (data / "keys").is_dir():
        shutil.copytree(data / "keys", out / "keys")
    return read_store(target)


def read_store(path: Path) -> dict[str, Any]:
    """What the file holds, by SQL alone: its tables, each aggregate's version and topics, the topics stored."""
    db = sqlite3.connect(path)
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
    events_table = next(t for t in tables if t.endswith("events"))  # stored_events
    snapshots_table = next((t for t in tables if t.endswith("snapshots")), None)  # stored_snapshots
    rows = db.execute(f"SELECT originator_id, originator_version, topic, state FROM {events_table} "
                      "ORDER BY originator_id, originator_version").fetchall()
    aggregates: dict[str, dict[str, Any]] = {}
    topics: set[str] = set()
    for ident, version, topic, state in rows:
        ident = ident if isinstance(ident, str) else bytes(ident).hex()
        agg = aggregates.setdefault(ident, {"version": 0, "events": 0, "topics": []})
        agg["events"] += 1
        agg["version"] = max(agg["version"], version)
        if topic not in agg["topics"]:
            agg["topics"].append(topic)
        topics.add(topic)
        body = json.loads(bytes(state))
        if "originator_topic" in body:  # a Created event names its aggregate's class
            agg["class"] = body["originator_topic"]
            topics.add(body["originator_topic"])
    snapshots = []
    if snapshots_table is not None:
        for ident, version, topic, state in db.execute("SELECT originator_id, originator_version, topic, state FROM "
                                                       f"{snapshots_table} ORDER BY originator_id, originator_version"):
            body = json.loads(bytes(state))
            snapshots.append({"id": ident if isinstance(ident, str) else bytes(ident).hex(), "version": version,
                              "topic": topic, "class": body.get("topic")})
            topics.add(topic)
            if body.get("topic"):
                topics.add(body["topic"])
    db.close()
    return {"tables": tables, "events_table": events_table, "snapshots_table": snapshots_table,
            "stored_events": len(rows),
            "snapshots": snapshots, "aggregates": aggregates, "topics": sorted(topics)}


def hexed(ident: str) -> str:
    return ident.replace("-", "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(HERE / "before-layout"), help="where the fixture goes (replaced)")
    args = parser.parse_args()
    out = Path(args.out)
    work = Path(tempfile.mkdtemp(prefix="planilla-fixture-"))
    data = work / "data"
    server = Server(data)
    try:
        http = Http(server.url)
        made = write_store(server, http)
    finally:
        server.stop()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    stored = copy_store(data, out)

    # Every aggregate written, with its version as the store holds it, checked against what HTTP said.
    by_id = stored["aggregates"]
    long_game = made["games"]["long"]
    for key, version in ((long_game["id"], long_game["version"]),
                         (made["games"]["second"]["id"], made["games"]["second"]["version"])):
        if by_id[hexed(key)]["version"] != version:
            raise SystemExit(f"the store holds {key} at {by_id[hexed(key)]['version']}, HTTP said {version}")
    snaps = [s for s in stored["snapshots"] if s["id"] == hexed(long_game["id"])]
    if len(snaps) != 1 or not SNAPSHOT_EVERY <= snaps[0]["version"] < 2 * SNAPSHOT_EVERY:
        raise SystemExit(f"the long game's snapshots: {snaps}")
    long_game["snapshot_version"] = snaps[0]["version"]
    kinds = Counter(a.get("class", "?").rsplit(":", 1)[-1] for a in by_id.values())
    manifest = {
        "format": "planilla-store-fixture/1",
        "written_by": {"commit": git_head(), "script": "tests/data/stores/make_store.py",
                       "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
        "files": sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()) + ["manifest.json"],
        "store": {"events_table": stored["events_table"], "snapshots_table": stored["snapshots_table"],
                  "tables": stored["tables"],
                  "stored_events": stored["stored_events"], "snapshots": stored["snapshots"],
                  "aggregate_kinds": dict(sorted(kinds.items()))},
        **made,
        "aggregates": {i: {"version": a["version"], "events": a["events"], "class": a.get("class"),
                           "topics": a["topics"]} for i, a in sorted(by_id.items())},
        "stored_topics": stored["topics"],
        "printed_at_start": [line for line in server.printed if not line.startswith("pl_")],
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"{out}: {stored['stored_events']} events of {len(by_id)} aggregates, {len(stored['snapshots'])} "
          f"snapshot(s), {len(stored['topics'])} topics, {size:,} bytes")


def git_head() -> str | None:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=HERE, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


if __name__ == "__main__":
    main()
