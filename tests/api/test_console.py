"""``/docs`` works in a hall without internet (issue 13 item 14): every script, style and image is ours."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.api.conftest import Api, _api

#: Anything the page could load: attribute values, and every quoted path its inline script hands Swagger UI.
REFERENCE = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|["'](/[^"'\s]*)["']""")


@pytest.fixture(scope="module")
def memory_api() -> Iterator[Api]:
    yield from _api("memory")


def test_the_console_page_names_only_this_server_s_urls_and_each_answers(memory_api: Api):
    page = memory_api.client.get("/docs")
    assert page.status_code == 200 and "SwaggerUIBundle" in page.text
    assert not re.search(r"(https?:)?//", page.text), re.findall(r"(?:https?:)?//[^\s\"'<>]+", page.text)
    assert '"validatorUrl": null' in page.text  # Swagger UI would fetch a badge from its public validator
    found = [a or b for a, b in REFERENCE.findall(page.text)]
    assert {"/openapi.json", "/docs/assets/swagger-ui-bundle.js", "/docs/assets/swagger-ui.css",
            "/docs/assets/favicon-32x32.png", "/docs/oauth2-redirect"} <= set(found), found
    for url in found:
        assert url.startswith("/") and not url.startswith("//"), url
        answer = memory_api.client.get(url)
        assert answer.status_code == 200, (url, answer.status_code)
    script = memory_api.client.get("/docs/assets/swagger-ui-bundle.js")
    assert "javascript" in script.headers["content-type"] and len(script.content) > 100_000


def test_the_console_is_not_part_of_the_contract(memory_api: Api):
    paths = memory_api.client.get("/openapi.json").json()["paths"]
    assert not [p for p in paths if p.startswith("/docs")]
