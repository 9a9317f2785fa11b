"""The permission matrix: every role against every endpoint, the expected status from one table.

The world each row is tried in (a game, another elsewhere, a token per role, the tournament, duplicate and hall
each endpoint needs) and how each endpoint is called: ``tests/api/permission_world.py``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from tests.api.conftest import Api, _api
from tests.api.permission_world import CALLS, ROLES, World

def row(ok: int, allowed: set[str]) -> dict[str, int]:
    """``ok`` for the roles allowed, 401 without a valid token, 403 for everyone else."""
    return {r: ok if r in allowed else 401 if r in ("none", "revoked") else 403 for r in ROLES}


READERS = {"player", "arbiter", "director", "tribunal", "spectator"}
EVERYONE = set(ROLES)
EXPECTED: dict[str, dict[str, int]] = {
    "create game": row(201, {"director"}),
    "import game": row(201, {"director"}),
    "read game": row(200, READERS),
    "command: draw_for_start (players)": row(200, {"player", "arbiter", "director"}),
    "command: give_starter (officials)": row(200, {"arbiter", "director"}),
    "command: pass_turn for the other seat": row(200, {"arbiter", "director"}),
    # a player for their own seat, an official as one: the rules then decide (FILE 41.1 players, else the arbiter)
    "command: rule_challenge (either)": row(422, {"player", "arbiter", "director"}),
    # only the player's own token: what the player themself asks for (FILE 43)
    "command: consent_reopen (own)": row(422, {"player"}),
    "events": row(200, READERS),
    "audit": row(200, READERS),
    "receipt": row(409, READERS),  # issue 26: a reader of the game, once it is closed (the matrix's is not: 409)
    "history export": row(200, {"arbiter", "director", "tribunal"}),  # every rack's tiles: not for players
    "gcg export": row(200, READERS),
    "stream": row(200, READERS),
    "create token": row(201, {"director"}),
    "read token": row(200, {"director"}),
    "revoke token": row(200, {"director"}),
    "health": {r: 200 for r in ROLES},
    "index": row(200, {"arbiter", "director", "tribunal"}),
    "hall tables": row(200, {"arbiter", "director", "tribunal"}),
    "hall stream": row(200, {"arbiter", "director", "tribunal"}),  # the same read, live (tests/api/test_tables_stream.py)
    "scoresheet": row(200, READERS),
    "settlement": row(404, READERS),  # the game has not ended: no settlement yet, once past the permission
    "status": row(200, READERS),
    "state at": row(200, READERS),
    # tournaments: directors write, any valid token reads (nothing in them is hidden)
    "create tournament": row(201, {"director"}),
    "read tournament": row(200, EVERYONE - {"none", "revoked"}),
    "list lexicons": row(200, EVERYONE - {"none", "revoked"}),  # names and digests only: nothing secret
    "register player": row(201, {"director"}),
    "withdraw player": row(200, {"director"}),
    "change tournament setting": row(200, {"director"}),
    "draft round": row(200, {"director"}),
    "publish round": row(200, {"director"}),
    "check hand pairing": row(200, {"director"}),  # a pairing being made by hand: the director's desk
    "read round": row(200, EVERYONE - {"none", "revoked"}),
    "record absence": row(200, {"director"}),
    "standings": row(200, EVERYONE - {"none", "revoked"}),
    "standings stream": row(200, EVERYONE - {"none", "revoked"}),
    "pairing check": row(200, EVERYONE - {"none", "revoked"}),
    "import players": row(201, {"director"}),
    "close tournament": row(200, {"director"}),
    "tournament export": row(200, EVERYONE - {"none", "revoked"}),
    # duplicates: the director creates; the judge (arbiter, director) runs the desk; a player sends their own
    # slip and reads their own sheet; every token on the game reads it (tokens here are the duplicate's own)
    "create duplicate": row(201, {"director"}),
    "read duplicate": row(200, READERS),
    "start duplicate round": row(200, {"arbiter", "director"}),
    "submit slip": row(200, {"player", "arbiter", "director"}),
    "close duplicate round": row(200, {"arbiter", "director"}),
    "rule word": row(200, {"arbiter", "director"}),
    "choose master": row(200, {"arbiter", "director"}),
    "publish duplicate round": row(200, {"arbiter", "director"}),
    "correct slip": row(200, {"arbiter", "director"}),
    "sanction": row(200, {"arbiter", "director"}),
    "end duplicate": row(200, {"arbiter", "director"}),
    "read duplicate round": row(200, READERS),
    "duplicate ranking": row(200, READERS),
    "duplicate sheet": row(200, READERS),
    "duplicate results csv": row(200, READERS),
    "duplicate events": row(200, READERS),
    "print duplicate sheet": row(200, READERS),
    "print duplicate round": row(200, READERS),
    "print master moves": row(200, READERS),
    "print duplicate ranking": row(200, READERS),
    "duplicate stream": row(200, READERS),
    "issue seat code": row(201, {"arbiter", "director"}),
    "seat code qr": {r: 200 for r in ROLES},  # the seat code is the credential: no token is asked for
    "bind": {r: 200 for r in ROLES},
    # issue 15: a round's seats at once, for officials with a token for every game; a tablet replaced mid-game
    "round seat codes": row(201, {"arbiter", "director"}),
    "replace tablet": row(200, {"arbiter", "director"}),
    "round scoresheets": row(200, {"arbiter", "director", "tribunal"}),
    "round time": row(200, {"arbiter", "director"}),  # the round's time on every game: officials who write
    # issue 16: the service's public key is printed on every sheet; a round's seal is made to be published
    "service key": {r: 200 for r in ROLES},
    "seal round": row(201, {"director"}),  # a director for the whole hall (one bound to a game may not)
    # issue 26: an official's token sends a countersigned key (the countersignature authorises it, not the token)
    "enrol official key": row(201, {"arbiter", "director", "director_elsewhere", "tribunal"}),
    "read official key": row(200, {"arbiter", "director", "director_elsewhere", "tribunal"}),
    "revoke official key": row(200, {"director"}),
    "read seal": row(200, EVERYONE - {"none", "revoked"}),
    "round results sheet": row(200, EVERYONE - {"none", "revoked"}),  # posted in the hall, as the seal
    "hall outbox": row(200, {"arbiter", "director"}),  # issue 29: what waits for the federation, for the hall's officials
    # issue 15: the live public board is the spectator's view, delayed, and asks for no token; its delay is
    # read by the officials with a token for every game and set by the director
    "public table": {r: 200 for r in ROLES},
    "public wall": {r: 200 for r in ROLES},
    "public table stream": {r: 200 for r in ROLES},
    "public wall stream": {r: 200 for r in ROLES},
    "read broadcast delay": row(200, {"arbiter", "director", "tribunal"}),
    "set broadcast delay": row(200, {"director"}),
}


# A player's pass_turn for the other seat is refused before the rules are asked; an official's reaches
# the rules, which refuse it (the game has not started): 422, i.e. past the permission check.
PAST_PERMISSION = {("command: pass_turn for the other seat", "arbiter"): 422,
                   ("command: pass_turn for the other seat", "director"): 422}


# What only reads: any role's call leaves the world as it found it, so these share one world (below).
READS = {"read game", "events", "audit", "receipt", "history export", "gcg export", "stream", "read token",
         "health", "index", "hall tables", "hall stream", "scoresheet", "settlement", "status", "state at",
         "read tournament", "read round", "standings", "standings stream", "pairing check", "tournament export",
         "read duplicate", "read duplicate round", "duplicate ranking", "duplicate sheet", "duplicate results csv",
         "duplicate events", "print duplicate sheet", "print duplicate round", "print master moves",
         "print duplicate ranking", "duplicate stream", "seat code qr", "round scoresheets", "service key",
         "read official key", "read seal", "round results sheet", "public table", "public wall",
         "public table stream", "public wall stream", "read broadcast delay"}


def needs_fresh_world(endpoint: str, expected: int) -> bool:
    """A write that gets past the permission check changes the world: it gets one of its own. A refusal
    (401, 403) and a read change nothing, so they share one world per store (an app and its games, its
    tournaments and duplicates are built once, not 1,700 times)."""
    return endpoint not in READS and expected not in (401, 403)


class SharedWorlds:
    """One app and one World per store, made when first asked for, closed at the end of the module."""

    def __init__(self, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> None:
        self.request, self.tmp, self.found = request, tmp_path_factory, {}
        self.stack = contextlib.ExitStack()

    def __call__(self, store: str) -> World:
        if store not in self.found:
            target = (self.request.getfixturevalue("postgres_url") if store == "postgres"
                      else str(self.tmp.mktemp("matrix") / "data"))
            self.found[store] = World(self.stack.enter_context(contextlib.contextmanager(_api)(target)))
        return self.found[store]


@pytest.fixture(scope="module")
def shared_world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedWorlds]:
    worlds = SharedWorlds(request, tmp_path_factory)
    with worlds.stack:
        yield worlds


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", list(EXPECTED))
@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_every_role_against_every_endpoint(shared_world: SharedWorlds, request: pytest.FixtureRequest, store: str,
                                           endpoint: str, role: str):
    expected = PAST_PERMISSION.get((endpoint, role), EXPECTED[endpoint][role])
    if not needs_fresh_world(endpoint, expected):
        world = shared_world(store)
        assert CALLS[endpoint](world, world.tokens[role]) == expected
        return
    target = request.getfixturevalue("postgres_url") if store == "postgres" else str(request.getfixturevalue(
        "tmp_path") / "data")
    for api in _api(target):
        world = World(api)
        assert CALLS[endpoint](world, world.tokens[role]) == expected


def test_the_shared_world_is_only_for_what_cannot_change_it():
    """The reads are endpoints of the matrix; a write past the permission check has a world of its own, a
    refusal or a read shares one."""
    assert READS <= set(EXPECTED)
    fresh = {(e, r) for e in EXPECTED for r in ROLES if needs_fresh_world(e, PAST_PERMISSION.get((e, r),
                                                                                                 EXPECTED[e][r]))}
    assert ("create game", "director") in fresh and ("bind", "none") in fresh and ("health", "none") not in fresh
    assert ("create game", "player") not in fresh and ("read game", "player") not in fresh


def test_the_matrix_covers_every_route_of_the_contract(api: Api):
    spec = api.client.get("/openapi.json").json()
    operations = sum(len(methods) for methods in spec["paths"].values())
    # commands appear five times in the matrix (one per kind of sender), everything else once
    assert sum(1 for name in EXPECTED if name.startswith("command:")) == 5
    assert operations == len(EXPECTED) - 4
