"""A federation's ten-year archive written straight into its PostgreSQL store with COPY (issue 29, "Scale and
speed": "A generator in bench/ writes that archive (with PostgreSQL's COPY)").

``generate(db, games)`` writes ``games`` games as a national federation plays them: events of 40 players over
10 rounds (200 games each) in 20 halls over ten years (2016-2025), players drawn from a pool of 3,000 with
federation ids (one seat in ten an entry without one, never merged). Each game is a hash chain of 62 events
(its creation with event, round and table, the starting draw, 58 plays alternating seats with placements and
scores, the settlement with the final scores, the closing): 400,000 games are the issue's 25 million events.
The exports are ``planilla-audit/1`` (the chain verifies; no players' keys are generated, so the verdict is
"unsigned"), made here, not copied. Each round is sealed (a real Merkle root over its games' heads, signed by
its hall's Ed25519 key) and appended to the public log in batches of 1,000; each event has its hall, its
enrolment, and one results push with the standings as a hall pushes them (points, spread with its inputs,
every round) indexed in ``entries`` and each player's own row in ``own_rows``. Not generated: nonces (one row per push), alarms, refusals, duplicates.
"""

from __future__ import annotations

import hashlib
import json
import random
from datetime import date, timedelta
from typing import Any
from uuid import UUID

PLAYERS, ROUNDS, HALLS, POOL = 40, 10, 20, 3_000
PLAYS = 58  # with creation, draw, settlement and closing: 62 events a game
AT = "T10:00:00.000Z"


def _canonical(document: Any) -> str:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _chain(game: str, kinds_payloads: list[tuple[str, dict[str, Any]]], day: str) -> tuple[bytes, str]:
    """The game's planilla-audit/1 export and its head (domain.game.chain's hashes and domain.game.export's
    layout, inlined: 25 million events are hashed here)."""
    previous, lines = "0" * 64, []
    for version, (kind, payload) in enumerate(kinds_payloads, start=1):
        actor = "director:bench" if version == 1 else f"player:{version % 2}"
        record = {"game": game, "type": kind, "version": version, "previous_hash": previous, "actor": actor,
                  "device": None if version == 1 else f"tablet-{version % 2}", "at": day + AT}
        hashed = _canonical({**record, "payload": payload})
        digest = hashlib.sha256(hashed.encode()).hexdigest()
        cut = hashed.index(',"payload":')  # the line is the same document with its hash (keys sorted: before it)
        lines.append(f'{hashed[:cut]},"hash":"{digest}"{hashed[cut:]}')
        previous = digest
    header = _canonical({"format": "planilla-audit/1", "game": game, "events": len(lines), "head_hash": previous})
    return ("\n".join([header, *lines]) + "\n").encode(), previous


def _game(rng: random.Random, game: str, event: str, round_: int, table: int, names: list[str], day: str
          ) -> tuple[bytes, str, list[int]]:
    events: list[tuple[str, dict[str, Any]]] = [
        ("Created", {"profile": "fisc-2023", "players": names, "details": {"event": event, "round": round_,
                                                                          "table": table}}),
        ("StartingTilesDrawn", {"racks": [["?"] * 7, ["?"] * 7]})]
    scores = [0, 0]
    for n in range(PLAYS):
        seat, points = n % 2, rng.randrange(0, 40)
        scores[seat] += points
        events.append(("TilesPlaced", {"seat": seat, "placements": [[7, 3 + i, "ABCDE"[i], False] for i in range(3)],
                                       "words": ["ABC"], "score": points, "total": scores[seat]}))
    events.append(("GameSettled", {"settlement": {"players": [{"final_score": s} for s in scores],
                                                  "winner": 0 if scores[0] > scores[1] else 1}}))
    events.append(("GameClosed", {}))
    export, head = _chain(game, events, day)
    return export, head, scores


def _seal(key: Any, event: str, round_: int, games: list[tuple[str, str]], day: str) -> dict[str, Any]:
    from domain.seal.merkle import leaf_hash, proof, root
    from domain.seal.records import seal_message

    leaves = [leaf_hash(event, round_, g, PLAYS + 4, h) for g, h in games]
    top, at = root(leaves), day + AT
    return {"format": "planilla-seal/1", "event": event, "round": round_, "count": len(leaves), "root": top,
            "sealed_at": at, "service_key": key.public_key, "fingerprint": key.fingerprint,
            "signature": key.sign(seal_message(event, round_, len(leaves), top, at)),
            "games": [{"game": g, "version": PLAYS + 4, "head_hash": h, "leaf": leaf, "proof": proof(leaves, i)}
                      for i, ((g, h), leaf) in enumerate(zip(games, leaves))]}


def _standings(seats: list[tuple[str, str, str]], rounds: list[list[tuple[int, int, int, int]]]) -> dict[str, Any]:
    """The standings a hall pushes (service.federation.results.standings_of's shape): points and spread, each
    with its inputs, and every round."""
    rows = [{"player": p, "name": name, "federation_id": fid, "club": "", "points": 0.0, "spread": [], "rounds": []}
            for p, name, fid in seats]
    for number, played in enumerate(rounds, start=1):
        for a, b, sa, sb in played:
            for me, other, mine, theirs in ((a, b, sa, sb), (b, a, sb, sa)):
                won = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                rows[me]["points"] += won
                rows[me]["spread"].append([rows[other]["name"], mine - theirs])
                rows[me]["rounds"].append({"round": number, "opponent": rows[other]["name"], "kind": "played",
                                           "points": won, "scored": mine, "conceded": theirs})
    rows.sort(key=lambda r: (-r["points"], -sum(v for _, v in r["spread"])))
    table = [{"rank": i + 1, **{k: r[k] for k in ("player", "name", "federation_id", "club", "points", "rounds")},
              "tiebreaks": {"spread": {"value": sum(v for _, v in r["spread"]), "inputs": r["spread"], "dropped": []}}}
             for i, r in enumerate(rows)]
    return {"rounds": ROUNDS, "played": ROUNDS, "tiebreaks": ["spread"], "tables": [{"division": None, "rows": table}]}


def generate(archive: Any, games: int, seed: int = 29) -> dict[str, Any]:
    """Write ``games`` games (rounded up to whole events) with their seals, events, halls and results into the
    archive's PostgreSQL store by COPY; what was written (games, events, seals, players' ids, a sample)."""
    from domain.tlog.entries import seal_entry
    from service.federation.queries import entries, folded, own_row
    from service.trust.keys import ServiceKey

    rng = random.Random(seed)
    db = archive.db
    keys = [ServiceKey.generate() for _ in range(HALLS)]
    db.many("INSERT INTO halls (fingerprint, name, service_key, enrolled_at, enrolled_by) VALUES (?, ?, ?, ?, ?)",
            [(k.fingerprint, f"Casal {n + 1}", k.public_key, "2016-01-01T00:00:00Z", "officer:bench")
             for n, k in enumerate(keys)])
    pool = [(f"FISC-{n:05d}", f"Jugador{n} Cognom{n % 97}") for n in range(POOL)]
    count = -(-games // (PLAYERS // 2 * ROUNDS))
    written = {"games": 0, "events": 0, "seals": 0, "ids": [], "who": set(), "event_keys": []}
    for e in range(count):
        hall, key = keys[e % HALLS].fingerprint, keys[e % HALLS]
        starts = date(2016, 1, 9) + timedelta(days=e * 3650 // count)
        day, name = starts.isoformat(), f"Open {starts.year} n{e}"
        chosen = rng.sample(pool, PLAYERS)
        seats = [(f"p{i}", n, fid) if i % 10 else (f"p{i}", f"Convidat {e}-{i}", "") for i, (fid, n) in
                 enumerate(chosen)]
        rounds, game_rows, seals = [], [], []
        for round_ in range(1, ROUNDS + 1):
            order = list(range(PLAYERS))
            rng.shuffle(order)
            played, sealed = [], []
            for table in range(PLAYERS // 2):
                a, b = order[2 * table], order[2 * table + 1]
                game = str(UUID(int=rng.getrandbits(128), version=4))
                export, head, scores = _game(rng, game, name, round_, table + 1, [seats[a][1], seats[b][1]], day)
                game_rows.append((game, hall, name, str(round_), PLAYS + 4, head, "planilla-audit/1",
                                  '{"kind": "unsigned"}', "current", export, day + AT))
                played.append((a, b, *scores))
                sealed.append((game, head))
                written["ids"].append(game)
            rounds.append(played)
            seals.append(_seal(key, name, round_, sealed, day))
        with db.conn.cursor() as cursor:
            with cursor.copy("COPY games (game, hall, event, round_name, events, head_hash, format, verdict, "
                             "standing, export, received_at) FROM STDIN") as copy:
                for row in game_rows:
                    copy.write_row(row)
        indexes = archive.log.append([seal_entry(s) for s in seals])
        with db.conn.cursor() as cursor:
            with cursor.copy("COPY seals (hall, event, round_name, root, count, sealed_at, seal, log_index, "
                             "received_at) FROM STDIN") as copy:
                for seal, index in zip(seals, indexes):
                    copy.write_row((hall, name, str(seal["round"]), seal["root"], seal["count"], seal["sealed_at"],
                                    json.dumps(seal), index, day + AT))
        ends = (starts + timedelta(days=1)).isoformat()
        db.execute("INSERT INTO events (name, starts, ends, hall, enrolled_by) VALUES (?, ?, ?, ?, ?)",
                   (name, day, ends, hall, "officer:bench"))
        document = {"event": name, "tournament": f"t{e}", "attested": "by the hall, not logged", "files": {},
                    "standings": _standings(seats, rounds)}
        text = json.dumps(document, ensure_ascii=False, sort_keys=True)
        ident = db.one("INSERT INTO results (hall, event, digest, document, attestation, received_at) VALUES "
                       "(?, ?, ?, ?, ?, ?) RETURNING id", (hall, name, hashlib.sha256(text.encode()).hexdigest(), text,
                                                          '{"logged": false}', day + AT))[0]
        with db.conn.cursor() as cursor:
            with cursor.copy("COPY entries (results_id, hall, event, tournament, who, name, folded, federation_id) "
                             "FROM STDIN") as copy:
                for p, person, fid in seats:
                    who = f"id:{fid}" if fid else f"entry:{ident}:{p}"
                    written["who"].add(who)
                    copy.write_row((ident, hall, name, f"t{e}", who, person, folded(f"{person} {fid}"), fid))
            with cursor.copy("COPY own_rows (results_id, hall, event, tournament, who, name, federation_id, own_row) "
                             "FROM STDIN") as copy:  # as index_entries writes them
                for who, row, division in entries({"id": ident, "document": document}):
                    copy.write_row((ident, hall, name, f"t{e}", who, row["name"], row["federation_id"],
                                    own_row(row, division)))
        written["games"] += len(game_rows)
        written["events"] += len(game_rows) * (PLAYS + 4)
        written["seals"] += len(seals)
        written["event_keys"].append((hall, name))
    db.execute("ANALYZE")
    return written
