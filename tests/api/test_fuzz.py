"""Property-based fuzzing of the committed contract (schemathesis): no 5xx, no response outside its schema.

Bounded for CI: the contract's examples and a few dozen generated cases per operation, against the app in
process (ASGI), with a director's token (every operation is reachable) on an in-memory store. Schemathesis'
coverage phase is left to ``test_contract_all_phases`` (the same app and token, every operation, these checks
and four more): here its cases would be built at collection, by each of the suite's workers, for 13 s of CPU
each (issue 25).
"""

from __future__ import annotations

import random

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from uuid import UUID

from domain.duplicate import Duplicate
from domain.game import Game, Meta
from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.api.contract import SPEC
from service.api.schemas.duplicate import DUPLICATE_ID
from service.api.schemas.base import GAME_ID
from service.trust.keys import ServiceKey
from service.settings import settings_env

games = ServiceApplication(settings_env("memory"), rng=random.Random(1), service_key=ServiceKey.generate())
app = create_app(ServiceSettings(store="memory"), application=games)
DIRECTOR = games.issue_token("director", "fuzz", "test")[0]
# The game the contract's examples name exists, so the examples reach a real game (200, 409, 422, 423 answers).
_example = Game.create("file-2024", ["Ana García", "Berto Núñez"], Meta("director:fuzz", None, "2025-05-01T10:00:00Z"),
                       game_id=UUID(GAME_ID))
games.save(_example)
# So is the duplicate game they name, with round 1 in play (slips, rulings and the judge's desk reach the rules).
_duplicate = Duplicate.create("ajs-2012", ["Ana", "Berto", "Carmen"], Meta("director:fuzz", None, "2025-05-01T10:00:00Z"),
                              duplicate_id=UUID(DUPLICATE_ID))
_duplicate.start_round(Meta("director:fuzz", None, "2025-05-01T10:00:00Z"), rack=["C", "A", "S", "A", "?", "R", "O"])
games.save(_duplicate)
schema = schemathesis.openapi.from_path(SPEC)
schema.app = app
schema.config.phases.coverage.enabled = False
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


# The streams never end by themselves (each has its own live test: test_stream, test_duplicate_stream,
# test_public_board, test_tournament_stream, test_tables_stream).
STREAMS = ["/v1/games/{game_id}/stream", "/v1/duplicates/{duplicate_id}/stream", "/v1/tournaments/{tournament_id}/stream",
           "/v1/public/games/{game_id}/stream", "/v1/public/wall/stream", "/v1/tables/stream"]


@schema.exclude(path=STREAMS).parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_input_gets_a_5xx_or_a_response_outside_the_contract(case):
    case.call_and_validate(headers={"Authorization": f"Bearer {DIRECTOR}"}, checks=CHECKS)
