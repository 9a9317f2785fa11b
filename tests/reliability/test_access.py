"""Access: every refused write leaves no trace, and hidden tiles never reach those who may not see them.

The permission matrix (``tests/api/test_permissions.py``) checks each role's status on each
endpoint. Here, on SQLite and PostgreSQL: each bad credential tries every kind of write, and the
game's stored history, its version and the idempotency records are unchanged afterwards; and
every read path (state, replay, events, stream, GCG, export) is searched for the rack tiles a
spectator and the opponent may not see.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from service.access.idempotency import record_id
from tests.api.conftest import Api, Table


def _history(api: Api, table: Table) -> list[str]:
    return [e["hash"] for e in api.get(f"/v1/games/{table.id}/events", api.tokens["director"]).json()["events"]]


def _bad_senders(api: Api, table: Table, elsewhere: Table) -> dict[str, dict[str, str]]:
    """Headers of every caller who may not write to ``table``: no or malformed credentials, unknown and revoked
    tokens (a director's, and a player's of this very game, revoked over HTTP), another game's player, a
    spectator and the tribunal (who read only)."""
    from service.access.tokens import token_id

    director = api.tokens["director"]
    revoked_director, revoked_id = api.games.issue_token("director", "lost tablet", "test")
    api.games.revoke_token(revoked_id, "lost", "test")
    revoked_player = api.games.issue_token("player", "old tablet", "test", game_id=UUID(table.id), seat=1)[0]
    r = api.post(f"/v1/tokens/{token_id(revoked_player)}/revoke", director, {"reason": "tablet replaced"})
    assert r.status_code == 200, r.text
    spectator = api.games.issue_token("spectator", "booth", "test", game_id=UUID(table.id))[0]
    return {
        "no token": {},
        "an empty bearer": {"Authorization": "Bearer "},
        "not a bearer token": {"Authorization": f"Basic {director}"},
        "a wrong token": {"Authorization": "Bearer pl_" + "x" * 43},
        "a token cut short": {"Authorization": f"Bearer {director[:-1]}"},
        "a 5,000-character token": {"Authorization": "Bearer pl_" + "A" * 5000},
        "a revoked director's token": {"Authorization": f"Bearer {revoked_director}"},
        "a revoked player's token": {"Authorization": f"Bearer {revoked_player}"},
        "another game's player": {"Authorization": f"Bearer {elsewhere.players[0]}"},
        "a spectator": {"Authorization": f"Bearer {spectator}"},
        "the tribunal (reads only)": {"Authorization": f"Bearer {api.tokens['tribunal']}"},
    }


def test_refused_writes_record_nothing_on_every_store(api_on: Api):
    """Eleven bad credentials each sending a pass, an ending and a clock reading with an Idempotency-Key, and a
    player passing for the opponent: 401/403, no idempotency record, history and version unchanged; refused
    game creations leave the directors' index as it was."""
    api = api_on
    table, elsewhere = api.table(), api.table()
    table.start()
    bad = _bad_senders(api, table, elsewhere)
    turn = table.state()["seat_on_turn"]
    other = 1 - turn
    writes: list[dict[str, Any]] = [
        {"type": "pass_turn", "seat": turn},
        {"type": "end_game", "cause": "director"},
        {"type": "record_clock", "seat": turn, "remaining": 10},
    ]
    before, version = _history(api, table), table.version
    for who, headers in bad.items():
        for i, body in enumerate(writes):
            key = f"refused-{who}-{i}"
            r = api.client.post(f"/v1/games/{table.id}/commands", json={**body, "expected_version": version},
                                headers={"X-Device": "test", "Idempotency-Key": key, **headers})
            assert r.status_code in (401, 403), (who, body, r.status_code, r.text)
            assert api.games.answered(record_id(UUID(table.id), key)) is None, (who, "an idempotency record was kept")
    # A player acting for the opponent where the rules do not let them: refused before the rules, too.
    r = api.post(f"/v1/games/{table.id}/commands", table.players[other],
                 {"type": "pass_turn", "seat": turn, "expected_version": version})
    assert r.status_code == 403 and r.json()["field"] == "seat"
    assert _history(api, table) == before
    assert api.get(f"/v1/games/{table.id}", api.tokens["director"]).json()["version"] == version
    # Reading is not writing either: a refused token creating a game or a token leaves the index as it was.
    index = api.index()
    for headers in bad.values():
        r = api.client.post("/v1/games", json={"profile": "file-2024", "players": ["X", "Y"]},
                            headers={"X-Device": "test", **headers})
        assert r.status_code in (401, 403)
    assert api.index() == index


def _rack_tiles(api: Api, table: Table) -> dict[int, list[str]]:
    state = api.get(f"/v1/games/{table.id}", api.tokens["tribunal"]).json()
    return {p["seat"]: p["rack"] for p in state["players"]}


def test_hidden_tiles_reach_no_one_who_may_not_see_them_on_any_read_path(api: Api):
    """The spectator and player 0 get no tile of a rack they may not see from the state, any replay frame,
    the events (withheld and listed in ``redacted``), the GCG export or the stream; the export is 403."""
    table = api.table()
    table.start()
    table.play_turns(4)
    racks = _rack_tiles(api, table)
    assert all(racks.values())
    spectator = api.games.issue_token("spectator", "booth", "test", game_id=UUID(table.id))[0]
    viewers = {"spectator": (spectator, None), "player 0": (table.players[0], 0)}
    version = table.version
    for name, (token, own) in viewers.items():
        state = api.get(f"/v1/games/{table.id}", token).json()
        for p in state["players"]:
            assert (p["rack"] is not None) == (p["seat"] == own), (name, p)
        for at in range(1, version + 1):
            frame = api.get(f"/v1/games/{table.id}/state?at={at}", token).json()
            for p in frame["racks"]:
                if p["seat"] != own:
                    assert p["known"] is None, (name, at, p)
        events = api.get(f"/v1/games/{table.id}/events", token).json()["events"]
        for e in events:
            if e["type"] in ("TilesDrawn", "TilesExchanged") and e["payload"].get("seat") != own:
                assert all(e["payload"].get(f) is None for f in e.get("redacted", [])) and e.get("redacted"), (name, e)
        full = api.get(f"/v1/games/{table.id}/gcg", api.tokens["tribunal"]).text.splitlines()
        seen_gcg = api.get(f"/v1/games/{table.id}/gcg", token).text.splitlines()
        assert len(full) == len(seen_gcg)
        for whole, shown in zip(full, seen_gcg):
            if whole.startswith(">"):
                seat = 0 if whole.startswith(">Ana:") else 1
                rack = whole.split()[1]
                assert (shown.split()[1] == rack) == (seat == own), (name, whole, shown)
        assert api.get(f"/v1/games/{table.id}/export", token).status_code == 403, name
        with api.client.stream("GET", f"/v1/games/{table.id}/stream", headers={**api.headers(token),
                                                                              "Last-Event-ID": "0"}) as stream:
            seen = 0
            for raw in stream.iter_lines():
                if raw.startswith("data:"):
                    event = json.loads(raw[5:])
                    seen += 1
                    if event["type"] in ("TilesDrawn", "TilesExchanged") and event["payload"].get("seat") != own:
                        assert event.get("redacted"), (name, event)
                    if seen == version:
                        break


# ---- every refused write, store-wide -----------------------------------------------------------
def command_examples() -> dict[str, dict[str, Any]]:
    """One schema-valid body per command type: the example each command model documents in the contract."""
    import typing

    from service.api.commands.dispatch import COMMANDS, Command

    models = typing.get_args(typing.get_args(Command)[0])
    examples = {m.model_config["json_schema_extra"]["examples"][0]["type"]: dict(m.model_config["json_schema_extra"]
                                                                                ["examples"][0]) for m in models}
    assert set(examples) == set(COMMANDS), "every command type has an example"
    return examples


def test_every_command_a_token_may_not_send_is_refused_and_the_store_does_not_grow(api_on: Api):
    """Every one of the 37 command types, sent with an Idempotency-Key by each token that may not send it
    (a player for the opponent's seat, a player sending an officials' command, and the eleven callers of
    ``_bad_senders``), is 401/403 and the store's whole notification log (games, tokens, idempotency records:
    every aggregate) does not grow."""
    from service.api.commands.dispatch import COMMANDS

    api = api_on
    table, elsewhere = api.table(), api.table()
    table.start()
    senders = _bad_senders(api, table, elsewhere)
    player = table.players[0]  # seat 0
    version, before = table.version, _history(api, table)
    logged = api.games.recorder.max_notification_id()
    refused = 0
    for kind, example in command_examples().items():
        body = {**example, "expected_version": version}
        row = COMMANDS[kind]
        attempts = [(who, headers, body) for who, headers in senders.items()]
        as_player = {"Authorization": f"Bearer {player}"}
        if row.who == "officials":
            attempts.append(("a player, an officials' command", as_player, body))
        elif row.who == "seat":
            attempts.append(("a player for the opponent's seat", as_player, {**body, row.seat_field: 1}))
        for who, headers, sent in attempts:
            key = f"{kind}-{who}"
            r = api.client.post(f"/v1/games/{table.id}/commands", json=sent,
                                headers={"X-Device": "test", "Idempotency-Key": key, **headers})
            assert r.status_code in (401, 403), (kind, who, r.status_code, r.text)
            if who.startswith("a player"):
                assert r.status_code == 403 and r.json()["field"] == ("type" if row.who == "officials"
                                                                      else row.seat_field), (kind, r.text)
            assert api.games.answered(record_id(UUID(table.id), key)) is None, (kind, who)
            refused += 1
    assert refused > 37 * len(senders)
    assert api.games.recorder.max_notification_id() == logged, "a refused command stored something"
    assert _history(api, table) == before and table.state()["version"] == version


def test_refused_token_and_game_writes_store_nothing_and_change_nothing(api_on: Api):
    """Creating a game, importing one, issuing a token and revoking one, each by every token that may not:
    401/403, the notification log does not grow, and the token someone tried to revoke still works."""
    from service.access.tokens import token_id

    api = api_on
    table = api.table()
    spectator = api.games.issue_token("spectator", "booth", "test", game_id=UUID(table.id))[0]
    bound_director = api.games.issue_token("director", "table 2", "test", game_id=UUID(table.id))[0]
    target = table.players[1]
    not_allowed = [None, "pl_" + "x" * 43, table.players[0], spectator, api.tokens["tribunal"],
                   api.tokens["arbiter"], bound_director]
    gcg = "#player1 ana Ana\n#player2 bea Bea\n>ana: ABCDEIO 8G CABE +14 14\n"
    logged = api.games.recorder.max_notification_id()
    for token in not_allowed:
        for path, body in [("/v1/games", {"profile": "file-2024", "players": ["X", "Y"]}),
                           ("/v1/games/import", {"profile": "file-2024", "gcg": gcg}),
                           ("/v1/tokens", {"role": "director", "label": "mine now"}),
                           (f"/v1/tokens/{token_id(target)}/revoke", {"reason": "spite"})]:
            r = api.post(path, token, body)
            assert r.status_code in (401, 403), (path, token, r.status_code, r.text)
    assert api.games.recorder.max_notification_id() == logged, "a refused write stored something"
    assert api.get(f"/v1/games/{table.id}", target).status_code == 200, "the player's token still works"


# ---- hidden tiles: non-interference -------------------------------------------------------------
PREFIX = 40  # commands of the scripted game: draws, plays, two exchanges, a withdrawn play


Script = list[tuple[Any, dict[str, Any]]]


def _hidden_variant(script: Script, seat: int, spare: str) -> Script:
    """The script with one tile that ``seat`` draws and then never plays nor exchanges swapped for ``spare``:
    every public fact is the same, only that seat's hidden rack differs."""
    used = "".join(c.get("word", "") + "".join(c["tiles"] if c["type"] == "exchange_tiles" else "")
                   for s, c in script if s == seat and c["type"] in ("place_tiles", "exchange_tiles")).upper()
    for i, (sender, command) in enumerate(script):
        if sender == seat and command["type"] == "draw_tiles":
            tiles = list(command["tiles"])
            kept = [t for t in tiles if len(t) == 1 and t not in used and t != spare]
            if kept:
                tiles[tiles.index(kept[0])] = spare
                return [*script[:i], (seat, {**command, "tiles": tiles}), *script[i + 1:]]
    raise AssertionError(f"seat {seat} keeps no tile it drew")


def _play_script(api: Api, script: Script) -> tuple[str, dict[Any, str]] | None:
    """A replay-bag game sent command by command; its id and tokens, or None if a command was refused."""
    created = api.post("/v1/games", api.tokens["director"], {"profile": "file-2024", "players": ["Ana", "Bea"],
                                                             "bag_mode": "replay"}).json()
    tokens: dict[Any, str] = {t["seat"]: t["token"] for t in created["tokens"]}
    tokens["director"] = api.tokens["director"]
    tokens["spectator"] = api.games.issue_token("spectator", "booth", "test", game_id=UUID(created["id"]))[0]
    version = created["version"]
    for sender, command in script:
        r = api.post(f"/v1/games/{created['id']}/commands", tokens[sender], {**command, "expected_version": version})
        if r.status_code != 200:
            return None
        version = r.json()["version"]
    return created["id"], tokens


def _everything_seen(api: Api, game: str, token: str) -> dict[str, str]:
    """Every read path of one game as one token sees it, the game's id and event hashes (which cover the
    hidden tiles, so they must differ) replaced by their places."""
    version = api.get(f"/v1/games/{game}", api.tokens["director"]).json()["version"]
    paths = ["", "/events", "/events?after=7", "/audit", "/gcg", "/scoresheet", "/scoresheet?format=txt",
             "/scoresheet?format=html", "/status", "/settlement", "/export"]
    paths += [f"/state?at={n}" for n in range(1, version + 1)]
    seen = {}
    for path in paths:
        r = api.get(f"/v1/games/{game}{path}", token)
        seen[path] = f"{r.status_code} {r.text}"
    lines = []
    with api.client.stream("GET", f"/v1/games/{game}/stream",
                           headers={**api.headers(token), "Last-Event-ID": "0"}) as stream:
        for raw in stream.iter_lines():
            lines.append(raw)
            if raw.startswith("id:") and int(raw[3:]) == version:
                break
    seen["/stream"] = "\n".join(lines)
    hashes = [e["hash"] for e in api.get(f"/v1/games/{game}/events", api.tokens["director"]).json()["events"]]
    assert len(set(hashes)) == len(hashes) == version
    for path, text in seen.items():
        for n, digest in enumerate(hashes, 1):
            text = text.replace(digest, f"<hash {n}>")
        seen[path] = text.replace(game, "<game>")
    return seen


def test_what_a_spectator_or_the_opponent_sees_does_not_depend_on_the_hidden_tiles(api: Api):
    """Non-interference: three games identical in every public fact (the same 40 commands: draws, plays, two
    exchanges, a challenged play withdrawn) but for one tile kept hidden on one rack. Every read path (state,
    history, history after N, audit, GCG, scoresheet in three formats, status, settlement, export, the replay
    frame after every event, the live stream) answers a spectator, and the player who may not see that rack,
    byte for byte the same in the games, once ids and hashes are put in their places; the rack's owner and the
    director do see the difference (so the games differ where it is allowed)."""
    from tests.reliability.live import scripted_game

    script = scripted_game(1)[:PREFIX]
    assert {c["type"] for _, c in script} >= {"exchange_tiles", "challenge", "rule_challenge"}
    base = _play_script(api, script)
    assert base is not None
    for hidden in (0, 1):
        variant = None
        for spare in "AEOI":  # a letter the bag still has a copy of
            variant = _play_script(api, _hidden_variant(script, hidden, spare))
            if variant is not None:
                break
        assert variant is not None, "no variant of the hidden rack could be played"
        other = 1 - hidden
        for viewer in ("spectator", other, hidden, "director"):
            ours = _everything_seen(api, base[0], base[1][viewer])
            theirs = _everything_seen(api, variant[0], variant[1][viewer])
            if viewer in ("spectator", other):
                for path in ours:
                    assert ours[path] == theirs[path], (f"seat {hidden}'s hidden tile reaches {viewer} "
                                                        f"through {path}")
            else:
                differ = {p for p in ours if ours[p] != theirs[p]}
                assert {"", "/events", "/gcg", f"/state?at={PREFIX}"} <= differ, (viewer, differ)
