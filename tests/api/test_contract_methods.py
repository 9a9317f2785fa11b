"""The refusals' table of methods by path (``service.api.common.errors.contract_paths``: 405's ``Allow``, OPTIONS,
and a templated route's 400 on a path the contract writes out) is read off the routes instead of building the whole
contract on a new app's first refusal (over a second each time): it must be the contract's own paths and methods."""

from __future__ import annotations

import json

from service.api.common.errors import contract_paths
from service.api.contract import SPEC
from tests.api.conftest import Api


def test_the_methods_by_path_read_off_the_routes_are_the_committed_contract_s(api: Api):
    committed = json.loads(SPEC.read_text(encoding="utf-8"))["paths"]
    assert contract_paths(api.client.app) == {path: {m.upper() for m in item} for path, item in committed.items()}
    assert list(contract_paths(api.client.app)) == list(committed), "in the contract's order"


def test_a_wrong_method_is_405_with_the_contract_s_methods_and_no_contract_is_built(api: Api):
    app = api.client.app
    app.openapi_schema = None
    answer = api.client.request("PATCH", "/v1/games/import")
    assert answer.status_code == 405 and answer.headers["allow"] == "OPTIONS, POST"
    assert app.openapi_schema is None, "the refusal did not build the contract"
