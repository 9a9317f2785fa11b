"""The committed contract: ``openapi/openapi.json`` is what the app serves, every body has an example."""

from __future__ import annotations

import json
from typing import Any

from service.api.contract import SPEC, current, render
from tests.api.conftest import Api

METHODS = ("get", "post", "put", "patch", "delete")


def test_the_committed_contract_is_the_app_s():
    """Regenerate with ``.venv/bin/python -m service.api.contract`` after changing a route or schema."""
    assert SPEC.read_text(encoding="utf-8") == render(current())


def test_the_app_serves_the_committed_contract_and_its_docs(api: Api):
    served = api.client.get("/openapi.json").json()
    assert served == json.loads(SPEC.read_text(encoding="utf-8"))
    docs = api.client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()


def resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


NO_TOKEN = {"GET /health", "POST /v1/bind", "GET /v1/seat-codes/{code}/qr.svg", "GET /v1/keys",
            # the live public board: the spectator's view, delayed, for hall screens (docs/public-board.md)
            "GET /v1/public/games/{game_id}", "GET /v1/public/wall", "GET /v1/public/games/{game_id}/stream",
            "GET /v1/public/wall/stream"}


def has_example(spec: dict[str, Any], media: dict[str, Any]) -> bool:
    if "example" in media or "examples" in media:
        return True
    schema = resolve(spec, media.get("schema", {}))
    if "examples" in schema or "example" in schema:
        return True
    members = schema.get("oneOf") or schema.get("anyOf") or []
    return bool(members) and all(has_example(spec, {"schema": m}) for m in members)


def operations(spec: dict[str, Any]):
    for path, item in spec["paths"].items():
        for method in METHODS:
            if method in item:
                yield f"{method.upper()} {path}", item[method]


def test_every_request_and_response_body_has_a_schema_and_an_example():
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    missing = []
    for name, op in operations(spec):
        bodies = [("request", op["requestBody"]["content"])] if "requestBody" in op else []
        bodies += [(status, r["content"]) for status, r in op["responses"].items() if "content" in r]
        for where, content in bodies:
            for media_type, media in content.items():
                if "schema" not in media or not has_example(spec, media):
                    missing.append(f"{name} {where} {media_type}")
    assert not missing, missing


def test_operation_ids_are_stable_and_errors_documented():
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    ids = [op["operationId"] for _, op in operations(spec)]
    assert len(ids) == len(set(ids)) and all("-" in i for i in ids)
    for name, op in operations(spec):
        assert "422" not in op["responses"] or "HTTPValidationError" not in json.dumps(op["responses"]["422"]), name
        if name in NO_TOKEN:  # the seat code is the credential of the binding routes (docs/tablet-conformity.md);
            # the service key is public: its fingerprint is printed on every sheet (docs/reliability.md)
            assert "security" not in op, name
        else:
            assert {"400", "401", "403"} <= set(op["responses"]), name
    assert "HTTPValidationError" not in spec["components"]["schemas"]
